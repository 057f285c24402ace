"""Plain text → a RediSearch query that treats every character as text.

RediSearch gives meaning to `-` (negation), `|`, `@field:`, quotes, `*`, `%`, parentheses and
more; a UUID or a hyphenated word sent as-is silently changes the query or fails to parse.
RediSearch's indexer splits content on punctuation and whitespace, so the query does the same:
it keeps word tokens only and ORs them, which matches what the index stored and can never
contain syntax.
"""

from __future__ import annotations

import re
from typing import Final

#: Letter/digit runs, joined by inner underscores ("snake_case"): RediSearch keeps `_` inside
#: words, and a lone or edge underscore is a query syntax error (found by a hypothesis test).
_WORD: Final = re.compile(r"[^\W_]+(?:_+[^\W_]+)*")
#: Most distinct terms one query sends; the rest of a very long text adds little.
MAX_TERMS: Final = 64


def plain_terms(text: str) -> list[str]:
    """The distinct word tokens of `text`, lower-cased, in order, at most MAX_TERMS."""
    seen: dict[str, None] = {}
    for token in _WORD.findall(text.lower()):
        seen.setdefault(token, None)
        if len(seen) == MAX_TERMS:
            break
    return list(seen)


def plain_text_query(text: str) -> str | None:
    """An OR of the distinct word tokens of `text`, or None when it has none."""
    return " | ".join(plain_terms(text)) or None

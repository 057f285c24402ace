"""Plain text → the words a SurrealDB full-text query is given (ADR 0003, ADR 0008).

The text travels as a bound parameter, so nothing in it can become SurrealQL; what is left to
decide is which words to match. The index's analyzer splits content on whitespace and
punctuation (`_` included), so the query keeps exactly the letter-and-digit runs of the text,
lower-cased and deduplicated: `world-wide` asks for `world` and `wide`, a UUID for its five
groups. The `@0,OR@` match then ranks memories by how many of them they hold (BM25).
"""

from __future__ import annotations

import re
from typing import Final

_WORD: Final = re.compile(r"[^\W_]+")
#: Most distinct words one query sends; the rest of a very long text adds little.
MAX_TERMS: Final = 64


def plain_words(text: str) -> str | None:
    """The distinct words of `text` separated by spaces, or None when it has none."""
    seen: dict[str, None] = {}
    for token in _WORD.findall(text.lower()):
        seen.setdefault(token, None)
        if len(seen) == MAX_TERMS:
            break
    return " ".join(seen) or None

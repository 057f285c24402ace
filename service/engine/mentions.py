"""Whether a text names a subject, and the text with the name taken out (docs/adr/0018).

A text names a subject when its normalised form (`service.engine.text.normalise`, the one that
makes entity keys) holds the subject's key as a run of whole words: "Zoe Smith's flat" and
"ZOE  SMITH," name `zoe smith`, "Zoey Smithers" does not. Redaction replaces each such run of
the original text (or of its NFKC form, for compatibility spellings such as ligatures); where
the spelling still defeats the match (a folding only the normalisation's casefold makes, such
as ß → ss), the whole text gives way to the placeholder, so a redacted text never names the
subject.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from service.engine.text import normalise


def mentions(text: str | None, key: str) -> bool:
    """Whether `text` names the subject whose normalised name is `key` (non-empty)."""
    return bool(text) and f" {key} " in f" {normalise(text or '')} "


@lru_cache(maxsize=64)
def _pattern(key: str) -> re.Pattern[str]:
    """The key's words, in order, apart only by what normalisation turns into spaces."""
    words = [re.escape(w) for w in key.split()]
    return re.compile(r"(?<!\w)" + r"[\W]+".join(words) + r"(?!\w)", re.IGNORECASE)


def redact(text: str, key: str, placeholder: str) -> str:
    """`text` with every run naming the subject replaced by `placeholder`."""
    if not mentions(text, key):
        return text
    for candidate in (text, unicodedata.normalize("NFKC", text)):
        redacted = _pattern(key).sub(placeholder, candidate)
        if not mentions(redacted, key):
            return redacted
    return placeholder

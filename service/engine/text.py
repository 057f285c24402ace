"""The one text normalisation of the engine: what makes two names or values the same.

Fact keys (subject, predicate, object), entity ids, the entities a memory shares with another
(connectivity, consolidation, explain) and the entity filter of search all compare names through
`normalise`, so "Acme, Inc." is the same entity as "acme inc" wherever it is looked up.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final

_PUNCTUATION: Final = re.compile(r"[^\w\s]")


def normalise(text: str) -> str:
    """Lowercase, punctuation removed, whitespace collapsed (Unicode-aware, NFKC first)."""
    folded = unicodedata.normalize("NFKC", text).casefold()
    return " ".join(_PUNCTUATION.sub(" ", folded).split())

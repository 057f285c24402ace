"""What a recall query says before any leg runs: its intent (current or historical) and the
proper names it mentions (the graph leg's anchors). Pure: text in, values out."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Final

#: Words that ask for an earlier value whatever else the query says ("my previous status").
_PAST: Final = re.compile(
    r"\b(used to|previous|previously|formerly|initially|originally|at first|no longer|"
    r"anymore|any more)\b",
    re.IGNORECASE,
)
#: Adverbs that ask about now whatever else the query says: "what company is Rachel, an old
#: colleague from my previous company, currently working at?" is about now.
_NOW_ADVERB: Final = re.compile(
    r"\b(currently|now|nowadays|these days|at the moment|at present)\b",
    re.IGNORECASE,
)
#: Words that ask for the value now; they outweigh the weaker past markers below and words
#: like "old" ("where do I currently keep my old sneakers?" is about now).
_NOW: Final = re.compile(
    r"\b(current|most recent|most recently|latest|still)\b",
    re.IGNORECASE,
)
#: Past markers a current marker outweighs.
_HISTORICAL: Final = re.compile(
    # "in the past few weeks" is a recent window, not the past
    r"\b(before|earlier|in the past(?! (?:few|couple|several|\d+|two|three) )|back then|"
    r"at the time|first)\b",
    re.IGNORECASE,
)
_NAME: Final = re.compile(r"\b[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*")
_QUESTION_WORDS: Final = frozenset(
    "what when where who whom whose which why how did does do is are was were will would can "
    "could should has have had the a an in on at i my me we our you your he she they it".split()
)


class Intent(StrEnum):
    CURRENT = "current"
    HISTORICAL = "historical"
    AUDIT = "audit"


def detect_intent(query: str) -> Intent:
    """Current when the query asks about now with an adverb ("currently", "now"); historical
    when it asks for an earlier value ("previous", "used to", "initially"), or says "before"
    or "earlier" without asking about now; else current."""
    if _NOW_ADVERB.search(query):
        return Intent.CURRENT
    if _PAST.search(query):
        return Intent.HISTORICAL
    if _NOW.search(query):
        return Intent.CURRENT
    return Intent.HISTORICAL if _HISTORICAL.search(query) else Intent.CURRENT


def query_names(query: str) -> list[str]:
    """Proper-name spans of the query (capitalised words, question words left out)."""
    names: dict[str, None] = {}
    for match in _NAME.finditer(query):
        words = [w for w in match.group(0).split() if w.lower() not in _QUESTION_WORDS]
        if words:
            names.setdefault(" ".join(words), None)
            for word in words:
                names.setdefault(word, None)
    return list(names)

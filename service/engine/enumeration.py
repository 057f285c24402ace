"""Whether a recall query asks for a set or a count — "which cities has John been to?", "how
many times…", "what activities…", "list…", "the total…" — rather than one value. Its members
are told once each, in passing, by the person it names, so recall ranks that person's own
statements first (`service.engine.ranker.focus`). Pure: text in, a verdict out; no tagger, a
few word rules written on LoCoMo's and LongMemEval's wordings (tests/unit/test_enumeration.py):
they take 166 of LoCoMo's 282 multi-hop questions and 75 of its 841 single-hop ones, and 79 of
LongMemEval-S's 133 multi-session ones.

Decisions:
- A plural noun asked for ("what video games does Nate play?", "what are Joanna's hobbies?",
  "what kinds of art…") is a set; a singular one ("what kind of art…", "which city…") is not.
- A choice of one among several is not a set: "which one did I buy first?", a plural
  question with a superlative or an ordinal ("which trips were the longest?").
- A count is a set ("how many turtles does Nate have?"), a duration is not ("how many days
  did it take…", "how many weeks ago…"), unless summed ("how many hours in total…").
- A count or value asked about now ("how many eggs do we currently have?") is a knowledge
  update, not a set: the newest statement answers it.
- "Both X and Y" asks for what the two sets share, so it needs each set: a set question.
- A comparison of two values ("how much more…", "the difference…") is not (two values, each
  a single statement).
"""

from __future__ import annotations

import re
from typing import Final

#: Asks for a sum, a count or a list whatever else the query says.
_AGGREGATE: Final = re.compile(
    r"\b(in total|total|altogether|combined|on average|average|sum of|"
    r"list(?:ed)? (?:all|the|every|some)|^list|name (?:all|every)|all (?:the|of)|"
    r"how many times|how often have|order of the)\b",
    re.IGNORECASE,
)
#: "How many" and the word after it.
_COUNT: Final = re.compile(r"\bhow many\s+([\w-]+)", re.IGNORECASE)
#: A count of these is a duration or an age, not a set.
_DURATIONS: Final = frozenset(
    "second seconds minute minutes hour hours day days week weeks month months year years "
    "decade decades".split()
)
#: "Both X and Y".
_BOTH: Final = re.compile(r"\bboth\b", re.IGNORECASE)
_AND: Final = re.compile(r"\band\b", re.IGNORECASE)
#: "What are / were …" asks for several; "what is / was …" for one.
_WHAT_ARE: Final = re.compile(r"\b(?:what|which) (?:are|were)\b", re.IGNORECASE)
_WORD: Final = re.compile(r"[\w'’/-]+")
#: Verbs that follow the asked-for words: "what video games *does* Nate play?".
_AUXILIARIES: Final = frozenset(
    "does do did has have had are were is was can could would will should might may must "
    "doesn't don't didn't hasn't haven't hadn't aren't weren't isn't wasn't can't couldn't "
    "wouldn't won't shouldn't".split()
)
#: Subjects: the asked-for words end before them.
_SUBJECTS: Final = frozenset("i you he she we they it".split())
#: Words that start an object: an -s word before one is a verb ("what makes *his*…").
_OBJECTS: Final = frozenset(
    "the a an his her my me him them their our your its this that these those us".split()
)
#: Prepositions: the asked-for words end at one ("what events *for* veterans…").
_PREPOSITIONS: Final = frozenset(
    "to in on at for from with about of by during after before over into".split()
)
#: "What kind of…": the asked-for word follows ("what kinds of…" asks for several kinds).
_KIND_OF: Final = re.compile(r"\b(?:kind|type|sort) of\b", re.IGNORECASE)
#: Irregular plurals and plural-only words.
_PLURALS: Final = frozenset(
    "people children men women feet teeth mice geese police clothes belongings goods".split()
)
#: Singular words ending in s.
_NOT_PLURAL: Final = frozenset(
    "news series species lens bus gas plus status bonus campus virus chaos yes always "
    "perhaps various previous famous".split()
)
#: A choice of one: "which one", "which of", an ordinal, a superlative.
_ONE: Final = re.compile(
    r"\b(which one|which of|what one|first|second|third|last time|"
    r"the last(?!\s+(?:few|couple|several|\d+|two|three|four|five|six|day|week|month|year)\b)|"
    r"most recent(?:ly)?|favou?rite|best|worst|\w{3,}est)\b",
    re.IGNORECASE,
)
#: Words ending in "est" that are not superlatives.
_NOT_SUPERLATIVE: Final = frozenset(
    "interest honest forest guest request quest contest harvest protest suggest invest "
    "manifest digest modest arrest".split()
)
#: Asks about the value now: the newest statement answers it, not a set.
_NOW: Final = re.compile(
    r"\b(currently|right now|now|nowadays|these days|at the moment|at present|still)\b",
    re.IGNORECASE,
)


def _plural(word: str) -> bool:
    w = word.lower().removesuffix("'s").removesuffix("’s")
    if w in _PLURALS:
        return True
    if w in _NOT_PLURAL or len(w) < 4:
        return False
    return w.endswith("s") and not w.endswith(("ss", "us", "is"))


def _asks_plural(query: str) -> bool:
    """It asks "what are…", or the words after "what"/"which" (and "kind of") name a plural
    ("what video games does…", "what events for veterans…", "what attributes describe…") —
    an -s word before an object is a verb ("what makes John…", "what causes his…")."""
    if _WHAT_ARE.search(query):
        return True
    words = _WORD.findall(_KIND_OF.sub("", query))
    for n, word in enumerate(words):
        if word.lower() not in ("what", "which"):
            continue
        span = words[n + 1 : n + 6]
        for m, part in enumerate(span):
            bare = part.lower()
            if bare in _AUXILIARIES or bare in _SUBJECTS or bare in _PREPOSITIONS:
                break
            if bare in _OBJECTS:
                break
            after = span[m + 1] if m + 1 < len(span) else ""
            if after.lower() in _OBJECTS or after[:1].isupper():
                continue
            # A name ending in s ("James") is not a plural.
            if part[:1].islower() and any(_plural(p) for p in re.split(r"[/-]", part)):
                return True
    return False


def _one_of(query: str) -> bool:
    """A choice of one: "which one", "which of", an ordinal or a superlative."""
    return any(m.group(1).lower() not in _NOT_SUPERLATIVE for m in _ONE.finditer(query))


def is_enumeration(query: str) -> bool:
    """Whether the query asks for a set or a count (the module's decisions)."""
    if _NOW.search(query):
        return False
    if _AGGREGATE.search(query) or (_BOTH.search(query) and _AND.search(query)):
        return True
    count = _COUNT.search(query)
    if count is not None:
        return count.group(1).lower() not in _DURATIONS
    return _asks_plural(query) and not _one_of(query)

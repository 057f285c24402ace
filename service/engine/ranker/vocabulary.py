"""Recall's legs and switchable ranking terms: the domain's names for them, which the API
registers as its `Leg` and `SwitchableTerm` enums (values are these members' names)."""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class Leg(StrEnum):
    """A way recall finds candidates; the legs' ranks are fused (docs/design.md §7)."""

    VECTOR = "vector"
    FULLTEXT = "fulltext"
    FACT_VECTOR = "fact_vector"
    FACT_FULLTEXT = "fact_fulltext"
    GRAPH = "graph"
    CATEGORY = "category"
    NEIGHBOURS = "neighbours"
    WINDOW = "window"
    #: The memories of the time window the query names ("last week": `engine.temporal`).
    TEMPORAL = "temporal"


class Term(StrEnum):
    """A ranking term a request can switch off, for ablations and diagnosis (relevance always
    counts)."""

    DECAY = "decay"
    VALIDITY = "validity"
    SURVIVAL = "survival"
    CO_RETRIEVAL = "co_retrieval"
    FLOOR = "floor"
    INJECTION = "injection"
    UPDATES = "updates"
    RESTATED = "restated"
    OWN_WORDS = "own_words"
    #: A question asking for a set or a count about a person it names (`engine.enumeration`)
    #: ranks that person's own statements above what others said (`ranker.focus`).
    FOCUS = "focus"


#: Every leg and every term, in declaration order (a request's defaults: all on).
LEGS: Final = tuple(Leg)
TERMS: Final = tuple(Term)

"""What the ranker reads and what it answers: the request as ranking sees it, the gathered
candidates and their relations, a candidate being ranked, and a recall hit."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from schema import Category, Memory, MemoryEdge, MemoryFacets, MemoryStatus
from schema.facts import Fact
from service.engine.enumeration import is_enumeration
from service.engine.query import Intent, query_names
from service.engine.ranker.vocabulary import TERMS, Leg, Term

#: Session rings: for a memory, the turns one step away in its session, then two, ….
Rings = Mapping[str, Sequence[Sequence[str]]]


@dataclass(frozen=True, slots=True)
class Ranking:
    """A recall request as the ranker reads it: the intent and instant resolved."""

    query: str
    k: int
    intent: Intent
    #: The instant recall answers for.
    at: datetime
    #: The ranking terms switched on (plain strings are accepted: `Term` is a `StrEnum`).
    terms: frozenset[str] = frozenset(TERMS)
    #: Only memories with these statuses / categories.
    statuses: frozenset[MemoryStatus] | None = None
    categories: frozenset[Category] | None = None
    #: The `focus` term for every question naming someone, not only set questions
    #: (`EngineSettings.recall_focus_named`).
    focus_named: bool = False

    def admits(self, memory: MemoryFacets) -> bool:
        """Whether the request admits the memory: created by the instant, of the statuses and
        categories asked for."""
        if memory.created_at > self.at:
            return False
        if self.statuses is not None and memory.status not in self.statuses:
            return False
        return self.categories is None or memory.category in self.categories

    @property
    def enumerates(self) -> bool:
        """Whether the query asks for a set or a count and the `focus` term is on: recall
        reads who said each candidate and ranks the named person's own statements first."""
        if Term.FOCUS not in self.terms:
            return False
        return is_enumeration(self.query) or (self.focus_named and bool(query_names(self.query)))

    @property
    def prefers_updates(self) -> bool:
        """Whether an update ranks against what it updated (the `updates` term, for current
        or historical intent)."""
        return Term.UPDATES in self.terms and self.intent in (Intent.CURRENT, Intent.HISTORICAL)


@dataclass(frozen=True, slots=True)
class Gathered:
    """What the legs found: the best candidates by fused rank, each leg's ranked ids (in the
    order fusion sums them), and what was read of every memory the ranker may rank."""

    #: The candidates, best fused first (cut to the few the ranker weighs).
    order: Sequence[str]
    legs: Mapping[Leg, Sequence[str]]
    #: Facets of the candidates and of their SUPERSEDES neighbours.
    facets: Mapping[str, MemoryFacets]
    #: Cosine to the query, of the same memories.
    similarity: Mapping[str, float]
    #: The facts each candidate asserts (for its survival term).
    facts: Mapping[str, Sequence[Fact]] = field(default_factory=dict)
    #: Who said each candidate (the name its text starts with), read for a question asking
    #: for a set or a count only (`Ranking.enumerates`; the `focus` term).
    speakers: Mapping[str, str | None] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Relations:
    """The edges the ranking reads: the meaningful edges (and SUPERSEDES) among the candidates
    and their SUPERSEDES neighbours, each candidate's SUPERSEDES neighbours, and the session
    rings around each memory an update may demote (`stale.demotable`)."""

    edges: Sequence[MemoryEdge] = ()
    superseding: Mapping[str, Sequence[str]] = field(default_factory=dict)
    rings: Rings = field(default_factory=dict)


@dataclass
class Candidate:
    """A candidate being ranked: a `RecallHit` but for its memory, of which only the facets
    ranking uses are read until it is chosen."""

    memory: MemoryFacets
    fused: float
    similarity: float
    #: 1-based rank of the memory in each leg that returned it.
    legs: dict[Leg, int]
    #: Each ranking term's value (1.0 = neutral).
    terms: dict[str, float]
    score: float = 0.0
    injected: bool = False
    backfilled: bool = False
    updated: bool = False
    updated_by: str | None = None


@dataclass
class RecallHit:
    memory: Memory
    score: float
    fused: float
    similarity: float
    #: The memory's activation at the recall's instant, from every presentation it kept.
    activation: float
    #: 1-based rank of the memory in each leg that returned it.
    legs: dict[Leg, int] = field(default_factory=dict)
    #: Each ranking term's value (1.0 = neutral).
    terms: dict[str, float] = field(default_factory=dict)
    injected: bool = False
    #: Kept below the similarity floor only to fill the result to k/2.
    backfilled: bool = False
    #: What it says was updated since: a later candidate updates it (SUPERSEDES), or, for
    #: current intent, it is a turn around such a memory demoted with it.
    updated: bool = False
    #: The candidate that updates it, where one does (the first, oldest, of several).
    updated_by: str | None = None

    @property
    def superseded_by(self) -> str | None:
        return self.memory.superseded_by

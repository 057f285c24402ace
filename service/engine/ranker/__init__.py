"""Recall's ranker (docs/design.md §7): pure — the use case gathers the legs and reads, this
decides the order.

`rank` takes what the legs found (`Gathered`) and the edges among it (`Relations`):

1. candidates: each admitted memory of the fused order, with its legs' ranks, its fused
   relevance and its survival (its facts closed: `superseded_factor`; all retracted, for
   current intent: masked);
2. scores (`scores`): relevance × decay × validity × survival × co-retrieval;
3. updates (`stale`): a memory a later one updates ranks below it (the mirror for historical
   intent), its session turns with it; a detected update reorders within the top k only;
4. for a question asking for a set or a count about a person it names (`focus`): what
   another speaker said keeps `recall_focus_factor` of its score;
5. selection (`selection`): the top k above the similarity floor, backfilled, core and pinned
   memories injected.

`answer` then makes the chosen candidates, read whole, the hits — each with its activation at
the recall's instant — and makes the last moves that weigh what each says (`statements`).
`demotable` names the memories whose session rings `rank` reads in `Relations.rings`.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from schema import EdgeType, Memory
from service.engine.query import Intent
from service.engine.ranker.focus import focus_on_speakers
from service.engine.ranker.model import (
    Candidate,
    Gathered,
    Ranking,
    RecallHit,
    Relations,
    Rings,
)
from service.engine.ranker.scores import score
from service.engine.ranker.selection import select
from service.engine.ranker.stale import in_reach, rank_updates, stale_ends
from service.engine.ranker.statements import own_words_above_replies, restatements_first
from service.engine.ranker.vocabulary import LEGS, TERMS, Leg, Term
from service.engine.ranking import fact_survival, fused_scores
from service.engine.retention import activation
from service.engine.settings import EngineSettings

__all__ = [
    "LEGS",
    "TERMS",
    "Candidate",
    "Gathered",
    "Leg",
    "Ranking",
    "RecallHit",
    "Relations",
    "Rings",
    "Term",
    "activation_at",
    "answer",
    "candidates",
    "demotable",
    "rank",
]


def activation_at(memory: Memory, at: datetime, s: EngineSettings) -> float:
    """The memory's activation at `at`, from every presentation it kept (what a hit shows
    beside its score)."""
    return activation([memory.created_at, *memory.reactivation_timestamps], at, s).value


def candidates(gathered: Gathered, ranking: Ranking, s: EngineSettings) -> list[Candidate]:
    """The memories of the fused order the request admits, in that order, each with its legs'
    ranks, fused relevance, similarity and survival; a memory asserting only retracted facts
    is left out for current intent, an amended one (`superseded_by`) keeps `superseded_factor`."""
    fused = fused_scores(gathered.legs, s.recall_rrf_k, s.recall_leg_weights)
    found: list[Candidate] = []
    for memory_id in gathered.order:
        memory = gathered.facets.get(memory_id)
        if memory is None or not ranking.admits(memory):
            continue
        facts = gathered.facts.get(memory_id, [])
        survival = fact_survival(facts, ranking.intent, ranking.at, s)
        if survival is None:  # asserted only retracted facts: not current any more
            continue
        if memory.superseded_by is not None and ranking.intent is Intent.CURRENT:
            survival *= s.superseded_factor
        found.append(
            Candidate(
                memory=memory,
                fused=fused.get(memory_id, 0.0),
                similarity=gathered.similarity.get(memory_id, 0.0),
                legs={
                    leg: ids.index(memory_id) + 1
                    for leg, ids in gathered.legs.items()
                    if memory_id in ids
                },
                terms={"survival": survival},
            )
        )
    return found


def demotable(
    gathered: Gathered, relations: Relations, ranking: Ranking, s: EngineSettings
) -> list[str]:
    """The memories an update may rank below another (`stale.stale_ends`): `rank` reads the
    session rings around each of them, and only of them, in `relations.rings`."""
    if not (ranking.prefers_updates and gathered.order):
        return []
    found = candidates(gathered, ranking, s)
    brought, updates = in_reach(found, gathered, relations, ranking)
    listed = [c.memory.id for c in (*found, *brought)]
    return stale_ends(updates, listed, earlier=ranking.intent is Intent.HISTORICAL)


def rank(
    gathered: Gathered, relations: Relations, ranking: Ranking, s: EngineSettings
) -> list[Candidate]:
    """The candidates recall answers with, best first, each with its score and every term
    behind it (at most k, and no more than the candidates)."""
    found = candidates(gathered, ranking, s)
    listed = set(gathered.order)
    # Adjacency in a session is not evidence of shared meaning.
    meaningful = [
        e
        for e in relations.edges
        if e.type is not EdgeType.TEMPORAL_SEQUENCE and e.source in listed and e.target in listed
    ]
    if ranking.prefers_updates and gathered.order:
        brought, updates = in_reach(found, gathered, relations, ranking)
        found += brought
        score(found, meaningful, ranking, s)
        rank_updates(
            found,
            updates,
            ranking,
            s.recall_updated_factor,
            relations.rings,
            s.recall_sink_depth,
        )
    else:
        score(found, meaningful, ranking, s)
    if ranking.enumerates:
        focus_on_speakers(found, gathered.speakers, ranking.query, s.recall_focus_factor)
    return select(found, ranking, s.recall_min_similarity)


def answer(
    chosen: Sequence[Candidate],
    memories: Sequence[Memory | None],
    ranking: Ranking,
    s: EngineSettings,
) -> list[RecallHit]:
    """The chosen candidates as hits, each with its memory read whole (`memories`, aligned
    with `chosen`; one deleted since its facets were read, None, is left out) and its
    activation at the recall's instant; then each later restatement of a hit above it
    (current intent) and the asker's own words above a reply about them."""
    hits = [
        RecallHit(
            memory=memory,
            score=c.score,
            fused=c.fused,
            similarity=c.similarity,
            activation=activation_at(memory, ranking.at, s),
            legs=c.legs,
            terms=c.terms,
            injected=c.injected,
            backfilled=c.backfilled,
            updated=c.updated,
            updated_by=c.updated_by,
        )
        for c, memory in zip(chosen, memories, strict=True)
        if memory is not None
    ]
    if Term.RESTATED in ranking.terms and ranking.intent is Intent.CURRENT and len(hits) > 1:
        hits = restatements_first(ranking.query, hits, s)
    if Term.OWN_WORDS in ranking.terms and len(hits) > 1:
        hits = own_words_above_replies(ranking.query, hits, s)
    return hits

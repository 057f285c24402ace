"""Recall's ranker (`service.engine.ranker`) on candidates built in memory: the invariants the
contract suite pins against every database, here without one — an update ranks above what it
updates for current intent and below it for historical intent; a memory nobody updated keeps
its score and a stable fact keeps its place against chatter sharing one word; never more than k
hits, and a detected update never pushes a hit out of the top k; the same input ranks the same,
whatever the order its edges and neighbours were read in."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from schema import EdgeCreator, EdgeType, Memory, MemoryEdge, MemoryFacets, MemoryStatus
from service.engine import ranker
from service.engine.query import Intent
from service.engine.ranker import Candidate, Gathered, Leg, Ranking, Relations, Term
from service.engine.ranker.stale import prefer_updates, sink_within_k
from service.engine.settings import EngineSettings
from tests.factories import T0, edge, memories, memory

S = EngineSettings()
AT = T0 + timedelta(days=400)


def ranking(k: int = 10, intent: Intent = Intent.CURRENT, **fields: object) -> Ranking:
    return Ranking(query="what is it", k=k, intent=intent, at=AT, **fields)  # type: ignore[arg-type]


def gathered(made: list[Memory], legs: dict[Leg, list[str]], similarity: float = 0.9) -> Gathered:
    """The memories as the legs found them: `legs` rank them, all are read, all similar."""
    order = list(dict.fromkeys(i for ids in legs.values() for i in ids))
    return Gathered(
        order=order,
        legs=legs,
        facets={m.id: MemoryFacets.of(m) for m in made},
        similarity={m.id: similarity for m in made},
    )


def supersedes(update: Memory, stale: Memory, creator: EdgeCreator) -> MemoryEdge:
    return edge(update, stale, EdgeType.SUPERSEDES, created_by=creator)


def neighbours(edges: list[MemoryEdge]) -> dict[str, list[str]]:
    """Each memory's SUPERSEDES neighbours, either way (what `adjacent` reads)."""
    found: dict[str, list[str]] = {}
    for e in edges:
        found.setdefault(e.source, []).append(e.target)
        found.setdefault(e.target, []).append(e.source)
    return found


def order_of(chosen: list[Candidate]) -> list[str]:
    return [c.memory.id for c in chosen]


CREATORS = st.sampled_from([EdgeCreator.DETECTOR, EdgeCreator.WRITER])


@settings(max_examples=60, deadline=None)
@given(
    others=st.integers(min_value=0, max_value=8),
    stale_place=st.integers(min_value=0, max_value=8),
    update_place=st.integers(min_value=0, max_value=9),
    creator=CREATORS,
)
def test_the_update_ranks_above_what_it_updates_and_below_it_for_historical_intent(
    others: int, stale_place: int, update_place: int, creator: EdgeCreator
) -> None:
    """Wherever relevance placed the stale memory and its update (the update not found at all
    when `update_place` is past the others: brought in as a neighbour), current intent ranks
    the update above the stale one, historical intent the stale one above the update."""
    made = memories(others + 2)
    stale, update, rest = made[0], made[-1], made[1:-1]
    found = [m.id for m in rest]
    found.insert(min(stale_place, len(found)), stale.id)
    if update_place <= len(found):
        found.insert(update_place, update.id)
    updates = [supersedes(update, stale, creator)]
    relations = Relations(edges=updates, superseding=neighbours(updates))
    for intent, first, second in (
        (Intent.CURRENT, update, stale),
        (Intent.HISTORICAL, stale, update),
    ):
        chosen = order_of(
            ranker.rank(gathered(made, {Leg.VECTOR: found}), relations, ranking(intent=intent), S)
        )
        assert first.id in chosen and second.id in chosen
        assert chosen.index(first.id) < chosen.index(second.id), intent


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=3, max_value=12),
    links=st.lists(
        st.tuples(st.integers(0, 11), st.integers(0, 11), CREATORS), min_size=1, max_size=6
    ),
    intent=st.sampled_from([Intent.CURRENT, Intent.HISTORICAL]),
)
def test_a_memory_nobody_updated_keeps_its_score(
    n: int, links: list[tuple[int, int, EdgeCreator]], intent: Intent
) -> None:
    """A memory on neither side of an update (and not in a demoted one's session) keeps the
    score relevance, decay and the other terms gave it: updates elsewhere never demote a
    stable fact (no blanket recency boost)."""
    made = memories(n)
    updates = [
        supersedes(made[max(a, b) % n], made[min(a, b) % n], creator)
        for a, b, creator in links
        if a % n != b % n
    ]
    legs = {Leg.VECTOR: [m.id for m in made]}
    every = ranking(k=n, intent=intent)  # every candidate chosen: each score is compared
    plain = ranker.rank(gathered(made, legs), Relations(), every, S)
    ranked = ranker.rank(
        gathered(made, legs), Relations(edges=updates, superseding=neighbours(updates)), every, S
    )
    assert len(plain) == len(ranked) == n
    sides = {e.source for e in updates} | {e.target for e in updates}
    before = {c.memory.id: c.score for c in plain}
    for hit in ranked:
        if hit.memory.id not in sides:
            assert hit.score == before[hit.memory.id]
            assert hit.terms["updates"] == 1.0


def test_a_stable_fact_keeps_its_place_against_chatter_sharing_one_word() -> None:
    """ "My sister's baby was born", a year after "I was born in Lisbon", shares the query's one
    word and nothing else: it is no restatement, and the birthplace stays first."""
    born = memory("user: I was born in Lisbon, in the old town near the river.", seed=1)
    baby = memory(
        "user: Big family news today: my sister's baby was born last week in Porto, a healthy "
        "girl, and everyone is thrilled and tired.",
        seed=2,
        created_at=T0 + timedelta(days=360),
        source_session="recent",
    )
    legs = {Leg.VECTOR: [born.id, baby.id], Leg.FULLTEXT: [born.id, baby.id]}
    asked = replace(ranking(), query="Where was I born?")
    chosen = ranker.rank(gathered([born, baby], legs), Relations(), asked, S)
    hits = ranker.answer(chosen, [born, baby], asked, S)
    assert [h.memory.id for h in hits] == [born.id, baby.id]
    assert hits[1].terms["restated"] == 1.0


@settings(max_examples=80, deadline=None)
@given(
    n=st.integers(min_value=1, max_value=30),
    k=st.integers(min_value=1, max_value=12),
    seed=st.integers(min_value=0, max_value=2**16),
    floor=st.booleans(),
)
def test_never_more_than_k_hits(n: int, k: int, seed: int, floor: bool) -> None:
    """At most k hits (and no more than the candidates), whatever the floor, the backfill and
    the injected core and pinned memories do; each one a candidate, listed once."""
    rng = random.Random(seed)
    made = [
        m.model_copy(
            update={
                "pinned": rng.random() < 0.3,
                "status": MemoryStatus.CORE if rng.random() < 0.3 else MemoryStatus.TAGGED,
            }
        )
        for m in memories(n)
    ]
    ids = [m.id for m in made]
    legs = {Leg.VECTOR: rng.sample(ids, n), Leg.FULLTEXT: rng.sample(ids, rng.randint(0, n))}
    data = replace(gathered(made, legs), similarity={i: rng.random() for i in ids})
    terms = frozenset(Term) if floor else frozenset(Term) - {Term.FLOOR}
    chosen = order_of(ranker.rank(data, Relations(), ranking(k=k, terms=terms), S))
    assert len(chosen) <= min(k, n)
    assert len(set(chosen)) == len(chosen) and set(chosen) <= set(ids)


def candidates(scores: list[float]) -> list[Candidate]:
    return [
        Candidate(
            memory=MemoryFacets.of(m), fused=score, similarity=0.5, legs={}, terms={}, score=score
        )
        for m, score in zip(memories(len(scores)), scores, strict=True)
    ]


def top(ranked: list[Candidate], k: int) -> list[str]:
    return order_of(sorted(ranked, key=lambda c: (-c.score, -c.fused, c.memory.id))[:k])


@settings(max_examples=120, deadline=None)
@given(
    scores=st.lists(
        st.integers(min_value=1, max_value=10_000), min_size=2, max_size=20, unique=True
    ),
    k=st.integers(min_value=1, max_value=20),
    links=st.lists(st.tuples(st.integers(0, 19), st.integers(0, 19)), max_size=8),
)
def test_a_detected_update_reorders_within_the_top_k_and_never_out_of_it(
    scores: list[int], k: int, links: list[tuple[int, int]]
) -> None:
    """A detected update only reorders: the stale values it passed sink within the top k,
    below what stays, and no candidate leaves the top k for it (issue 51)."""
    ranked = candidates([s / 10_000 for s in scores])
    n = len(ranked)
    detected = [
        edge(ranked[a % n].memory.id, ranked[b % n].memory.id, EdgeType.SUPERSEDES).model_copy(
            update={"created_by": EdgeCreator.DETECTOR}
        )
        for a, b in links
        if a % n != b % n
    ]
    before = top(ranked, k)
    sink_within_k(ranked, detected, k)
    after = top(ranked, k)
    assert set(after) == set(before)
    stale = {e.target for e in detected if e.source in before and e.target in before}
    staying = [i for i in after if i not in stale]
    assert staying == [i for i in before if i not in stale]
    if staying:
        assert after[: len(staying)] == staying


@settings(max_examples=80, deadline=None)
@given(
    scores=st.lists(st.integers(min_value=1, max_value=10_000), min_size=2, max_size=12),
    links=st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11)), min_size=1, max_size=6),
)
def test_a_detected_update_demotes_nothing(scores: list[int], links: list[tuple[int, int]]) -> None:
    """A detected update is evidence too weak to remove anything: no candidate loses score,
    and each update that was below what it updates is placed above it."""
    ranked = candidates([s / 10_000 for s in scores])
    n = len(ranked)
    detected = [
        edge(ranked[a % n].memory.id, ranked[b % n].memory.id, EdgeType.SUPERSEDES).model_copy(
            update={"created_by": EdgeCreator.DETECTOR}
        )
        for a, b in links
        if a % n != b % n
    ]
    before = {c.memory.id: c.score for c in ranked}
    assert prefer_updates(ranked, detected, S.recall_updated_factor) == {}
    assert all(c.score >= before[c.memory.id] for c in ranked)


@settings(max_examples=60, deadline=None)
@given(
    n=st.integers(min_value=2, max_value=12),
    links=st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11), CREATORS), max_size=6),
    co=st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11)), max_size=6),
    intent=st.sampled_from([Intent.CURRENT, Intent.HISTORICAL, Intent.AUDIT]),
    seed=st.integers(min_value=0, max_value=2**16),
)
def test_the_same_input_ranks_the_same_whatever_order_it_was_read_in(
    n: int,
    links: list[tuple[int, int, EdgeCreator]],
    co: list[tuple[int, int]],
    intent: Intent,
    seed: int,
) -> None:
    """Deterministic: the same candidates, edges and neighbours give the same hits, scores and
    terms, in whatever order the edges, the neighbour lists and the facets were read."""
    rng = random.Random(seed)
    made = memories(n)
    pairs = {(max(a, b) % n, min(a, b) % n): c for a, b, c in links if a % n != b % n}
    updates = [supersedes(made[a], made[b], c) for (a, b), c in pairs.items()]
    related = {tuple(sorted((a % n, b % n))) for a, b in co if a % n != b % n}
    supportive = [edge(made[a], made[b], EdgeType.RELATED_TO) for a, b in related]
    ids = [m.id for m in made]
    legs = {Leg.VECTOR: rng.sample(ids, n), Leg.GRAPH: rng.sample(ids, rng.randint(1, n))}
    # The last memory is found by no leg: only an update's neighbour brings it in.
    legs = {leg: [i for i in found if i != ids[-1]] or ids[:1] for leg, found in legs.items()}
    data = gathered(made, legs)
    edges = [*updates, *supportive]
    relations = Relations(edges=edges, superseding=neighbours(updates))
    asked = ranking(k=rng.randint(1, n), intent=intent)

    def ranked(data: Gathered, relations: Relations) -> list[tuple[str, float, dict[str, float]]]:
        chosen = ranker.rank(data, relations, asked, S)
        return [(c.memory.id, c.score, dict(c.terms)) for c in chosen]

    first = ranked(data, relations)
    assert ranked(data, relations) == first
    shuffled = Relations(
        edges=rng.sample(edges, len(edges)),
        superseding={m: rng.sample(list(v), len(v)) for m, v in relations.superseding.items()},
    )
    facets = list(data.facets.items())
    rng.shuffle(facets)
    assert ranked(replace(data, facets=dict(facets)), shuffled) == first

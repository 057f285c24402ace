"""Memories round-trip through every backend exactly: batch upsert and aligned batch get,
byte-for-byte content, deletion with incident edges, recency pages."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from graph_backends import Backend, ReactivationWrites
from schema import (
    Category,
    EdgeCreator,
    EdgeType,
    InvalidInput,
    MemoryStatus,
    Tenant,
    Visibility,
    new_memory_id,
)
from tests.factories import T0, edge, memories, memory

HOSTILE = [
    "MATCH (n) DETACH DELETE n // '; DROP GRAPH",
    "CALL db.idx.fulltext.queryNodes('Memory', '*') YIELD node RETURN node",
    '-foo | @content:{bar} ~baz* %fuzzy% (a|b) "quoted" `tick` \\backslash',
    "emoji 🎉👩‍👩‍👧 and CJK 记忆 and RTL שלום",
    "123e4567-e89b-12d3-a456-426614174000 / path/to:thing \t tab\nnewline\r\n",
    "$param {{template}} ${x} \u200b zero-width",
    "x" * 100_000,
    "🎉" * 25_000,
]


async def test_get_is_aligned_with_input_ids(repository: Backend, tenant: Tenant) -> None:
    """A batch get returns one result per requested id, in order, None where missing."""
    stored = memories(5)
    await repository.upsert_memories(tenant, stored)
    missing = new_memory_id()
    ids = [stored[3].id, missing, stored[0].id, stored[3].id]
    got = await repository.get_memories(tenant, ids)
    assert [m.id if m else None for m in got] == [stored[3].id, None, stored[0].id, stored[3].id]


async def test_every_field_round_trips(repository: Backend, tenant: Tenant) -> None:
    """What is stored is returned: every property, timestamps to the microsecond."""
    original = memory(
        "Alice moved to Berlin",
        summary="move",
        entities=("Alice", "Berlin"),
        category=Category.LOGISTICAL_CONTEXT,
        category_weights={Category.LOGISTICAL_CONTEXT: 0.75, Category.OTHER: 0.25},
        status=MemoryStatus.EPISODIC,
        pinned=True,
        visibility=Visibility.ORG,
        created_at=T0 + timedelta(microseconds=123457),
        last_accessed_at=T0 + timedelta(days=1),
        reactivation_timestamps=(T0 + timedelta(hours=1), T0 + timedelta(hours=2)),
        reactivation_count=2,
        cascade_count=1,
        stability=1.19,
        score=0.42,
        event_time=T0 + timedelta(days=3),
        source_session="session-7",
        superseded_by=new_memory_id(),
        metadata={"dia_id": "D1:3", "weird key: ä": "v"},
    )
    await repository.upsert_memories(tenant, [original])
    (plain,) = await repository.get_memories(tenant, [original.id])
    (full,) = await repository.get_memories(tenant, [original.id], with_embeddings=True)
    assert plain == original.model_copy(update={"embedding": None})
    assert full is not None and full.embedding is not None
    assert full.embedding == pytest.approx(original.embedding, abs=1e-6)


@pytest.mark.parametrize("content", HOSTILE, ids=range(len(HOSTILE)))
async def test_hostile_content_is_kept_byte_for_byte(
    repository: Backend, tenant: Tenant, content: str
) -> None:
    """Cypher, RediSearch syntax, emoji and 100 KB of text are data, never syntax."""
    stored = memory(content)
    await repository.upsert_memories(tenant, [stored])
    (got,) = await repository.get_memories(tenant, [stored.id])
    assert got is not None
    assert got.content.encode("utf-8") == content.encode("utf-8")
    assert (await repository.stats(tenant)).memories == 1


async def test_upsert_replaces_all_properties(repository: Backend, tenant: Tenant) -> None:
    """Upserting an id again replaces the memory; removed optional fields are gone."""
    first = memory("v1", summary="old summary", metadata={"a": "1"})
    await repository.upsert_memories(tenant, [first])
    second = first.model_copy(update={"content": "v2", "summary": None, "metadata": {}})
    await repository.upsert_memories(tenant, [second])
    (got,) = await repository.get_memories(tenant, [first.id])
    assert got is not None
    assert (got.content, got.summary, dict(got.metadata)) == ("v2", None, {})
    assert (await repository.stats(tenant)).memories == 1


async def test_wrong_embedding_dimension_writes_nothing(
    repository: Backend, tenant: Tenant
) -> None:
    good = memory("good")
    bad = memory("bad").model_copy(update={"embedding": (1.0, 0.0)})
    with pytest.raises(InvalidInput, match="dimensions"):
        await repository.upsert_memories(tenant, [good, bad])
    assert await repository.get_memories(tenant, [good.id, bad.id]) == [None, None]


async def test_delete_removes_memory_and_incident_edges(
    repository: Backend, tenant: Tenant
) -> None:
    a, b, c = memories(3)
    await repository.upsert_memories(tenant, [a, b, c])
    await repository.link(tenant, [edge(a, b, EdgeType.CAUSED_BY), edge(b, c, EdgeType.SUPPORTS)])
    assert await repository.delete_memories(tenant, [b.id, new_memory_id()]) == [True, False]
    assert await repository.get_memories(tenant, [b.id]) == [None]
    stats = await repository.stats(tenant)
    assert stats.memories == 2
    assert sum(stats.edges.values()) == 0
    assert sorted(await repository.orphans(tenant)) == sorted([a.id, c.id])


async def test_recent_memories_pages_newest_first(repository: Backend, tenant: Tenant) -> None:
    """Keyset pages cover every memory once, newest first, ties broken by id."""
    stored = memories(7)
    same_instant = [memory(f"tie {i}", created_at=T0 + timedelta(seconds=3)) for i in range(3)]
    await repository.upsert_memories(tenant, stored + same_instant)
    seen = []
    after = None
    while True:
        page = await repository.recent_memories(tenant, limit=4, after=after)
        if not page:
            break
        seen.extend(page)
        after = (page[-1].created_at, page[-1].id)
    assert len(seen) == 10 and len({m.id for m in seen}) == 10
    keys = [(m.created_at, m.id) for m in seen]
    assert keys == sorted(keys, reverse=True)


@pytest.mark.parametrize("limit", [1, 3, 7, 50])
async def test_recent_memories_page_across_gaps_bursts_and_the_future(
    repository: Backend, tenant: Tenant, limit: int
) -> None:
    """Every memory once, newest first, whatever the spacing of the instants: a burst of one
    instant (an import dated per batch) larger than a page, memories minutes and years apart,
    one dated ahead of now and one at the epoch (FalkorDB reads windows of instants, sized
    from the pages before, back to the epoch)."""
    now = datetime.now(UTC)
    stored = [
        memory("ahead", created_at=now + timedelta(days=400)),
        *(memory(f"burst {i}", created_at=now - timedelta(days=3)) for i in range(9)),
        *(memory(f"minutes {i}", created_at=now - timedelta(days=4, minutes=i)) for i in range(5)),
        *(memory(f"years {i}", created_at=now - timedelta(days=365 * (i + 1))) for i in range(4)),
        memory("epoch", created_at=datetime(1970, 1, 1, tzinfo=UTC)),
    ]
    await repository.upsert_memories(tenant, stored)
    for _ in range(2):  # a second walk starts from what the first learned
        seen = []
        after = None
        while page := await repository.recent_memories(tenant, limit=limit, after=after):
            assert len(page) <= limit
            seen.extend(page)
            after = (page[-1].created_at, page[-1].id)
        expected = sorted(stored, key=lambda m: (m.created_at, m.id), reverse=True)
        assert [m.id for m in seen] == [m.id for m in expected]


async def test_malformed_ids_are_rejected(repository: Backend, tenant: Tenant) -> None:
    with pytest.raises(InvalidInput, match="not a UUID"):
        await repository.get_memories(tenant, ["not-a-uuid"])
    with pytest.raises(InvalidInput, match="not a UUID"):
        await repository.delete_memories(tenant, ["1' OR 1=1"])


async def test_record_cascade_counts_in_place_and_revives_only_the_named_dormant(
    repository: Backend, tenant: Tenant
) -> None:
    """Reached memories count the cascades that reached them and keep every other property;
    only a dormant one named in `revive` changes status; a missing id is ignored; a second
    call counts again; more ids than one batch holds are all written."""
    dormant, kept, active, plain = memories(4)
    dormant = dormant.model_copy(update={"status": MemoryStatus.DORMANT, "cascade_count": 2})
    kept = kept.model_copy(update={"status": MemoryStatus.DORMANT})
    active = active.model_copy(update={"status": MemoryStatus.SEMANTIC, "pinned": True})
    crowd = memories(520)
    await repository.upsert_memories(tenant, [dormant, kept, active, plain, *crowd])
    at = T0 + timedelta(days=3)
    missing = new_memory_id()
    reached = [dormant.id, kept.id, active.id, plain.id, missing, *(m.id for m in crowd)]
    times = {m: 1 for m in reached} | {kept.id: 3, crowd[-1].id: 2}
    revived = await repository.record_cascade(
        tenant, times, at, revive=[dormant.id, active.id, missing]
    )
    assert revived == [dormant.id]
    got = {m.id: m for m in await repository.get_memories(tenant, reached) if m}
    assert missing not in got and len(got) == 524
    assert got[dormant.id].status is MemoryStatus.EPISODIC
    assert got[kept.id].status is MemoryStatus.DORMANT
    assert got[active.id].status is MemoryStatus.SEMANTIC and got[active.id].pinned
    assert [got[m.id].cascade_count for m in (dormant, kept, active, plain)] == [3, 3, 1, 1]
    assert [got[m.id].cascade_count for m in crowd] == [1] * 519 + [2]
    assert all(m.last_reactivated_at == at for m in got.values())
    assert got[plain.id].model_copy(
        update={"cascade_count": 0, "last_reactivated_at": None}
    ) == plain.model_copy(update={"embedding": None})
    assert await repository.record_cascade(tenant, {plain.id: 1}, at, revive=[plain.id]) == []
    (again,) = await repository.get_memories(tenant, [plain.id])
    assert again is not None and again.cascade_count == 2
    with pytest.raises(InvalidInput, match="at least 1"):
        await repository.record_cascade(tenant, {plain.id: 0}, at)


@pytest.mark.parametrize("crowd_size", [3, 520])
async def test_write_reactivations_has_the_effect_of_its_three_writes(
    repository: Backend, tenant: Tenant, crowd_size: int
) -> None:
    """A reactivation batch's writes in one call leave the store as update_memories,
    validate_auto_links and record_cascade do: the direct properties written, the hits'
    machine-made links (only those) validated and counted, the cascade counted and stamped,
    only the named dormant revived, missing ids ignored; with empty parts too. 520 reached
    memories are more than one query's batch (FalkorDB writes them as the three writes)."""
    hit, other, dormant, plain = memories(4)
    dormant = dormant.model_copy(update={"status": MemoryStatus.DORMANT, "cascade_count": 2})
    crowd = memories(crowd_size)
    await repository.upsert_memories(tenant, [hit, other, dormant, plain, *crowd])
    old, at = T0 - timedelta(days=200), T0 + timedelta(days=3)
    await repository.link(
        tenant,
        [
            edge(
                hit, other, EdgeType.RELATED_TO, created_by=EdgeCreator.AUTO, last_validated_at=old
            ),
            edge(
                plain, hit, EdgeType.RELATED_TO, created_by=EdgeCreator.AUTO, last_validated_at=old
            ),
            edge(
                hit, dormant, EdgeType.SUPPORTS, created_by=EdgeCreator.AUTO, last_validated_at=old
            ),
            edge(
                other,
                plain,
                EdgeType.RELATED_TO,
                created_by=EdgeCreator.AUTO,
                last_validated_at=old,
            ),
        ],
    )
    presented = hit.model_copy(
        update={"reactivation_count": 4, "stability": 2.5, "last_accessed_at": at}
    )
    missing = new_memory_id()
    reached = {dormant.id: 1, plain.id: 2, missing: 1} | {m.id: 1 for m in crowd}
    validated, revived = await repository.write_reactivations(
        tenant,
        ReactivationWrites(
            direct=[presented],
            fields=("reactivation_count", "stability", "last_accessed_at"),
            validate_links_of=[hit.id, missing],
            reached=reached,
            at=at,
            revive=[dormant.id, plain.id, missing],
        ),
    )
    assert (validated, revived) == (2, [dormant.id])
    got = {m.id: m for m in await repository.get_memories(tenant, [*reached, hit.id]) if m}
    assert got[hit.id] == presented.model_copy(update={"embedding": None})
    assert got[dormant.id].status is MemoryStatus.EPISODIC
    assert got[plain.id].status is hit.status
    assert [got[i].cascade_count for i in (dormant.id, plain.id)] == [3, 2]
    assert all(got[m.id].cascade_count == 1 for m in crowd)
    assert all(got[i].last_reactivated_at == at for i in reached if i != missing)
    assert await repository.stale_auto_links(tenant, T0) == {other.id: 1, plain.id: 1}
    assert await repository.write_reactivations(
        tenant, ReactivationWrites(direct=[], fields=(), validate_links_of=[], reached={}, at=at)
    ) == (0, [])


async def test_last_in_sessions_is_the_newest_turn_of_each(
    repository: Backend, tenant: Tenant
) -> None:
    """What a new turn follows: the newest memory of its session, the greatest id among
    turns stored at the same instant; sessions without memories are left out."""
    early = [
        memory(f"turn {i}", source_session="a", created_at=T0 + timedelta(minutes=i))
        for i in range(30)
    ]
    tied = [memory(f"tie {i}", source_session="b", created_at=T0) for i in range(3)]
    await repository.upsert_memories(tenant, [*reversed(early), *tied, memory("no session")])
    last = await repository.last_in_sessions(tenant, {"a", "b", "none"})
    assert last == {"a": early[-1].id, "b": max(m.id for m in tied)}


async def test_session_neighbours_order_turns_by_instant_then_id(
    repository: Backend, tenant: Tenant
) -> None:
    """What a new turn sits between in its session: the turns just before and just after its
    (created_at, id), ids breaking a tie of instants only; other sessions' turns, whatever
    their ids, are not its neighbours."""
    before = memory("before", source_session="s", created_at=T0 - timedelta(minutes=1))
    after = memory("after", source_session="s", created_at=T0 + timedelta(minutes=1))
    tied = sorted(
        (memory(f"tie {i}", source_session="s", created_at=T0) for i in range(4)),
        key=lambda m: m.id,
    )
    crowd = [memory(f"other {i}", source_session="t", created_at=T0) for i in range(20)]
    await repository.upsert_memories(tenant, [before, after, *tied, *crowd])
    turns = [
        ("s", T0, tied[1].id),  # within the tie
        ("s", T0, tied[0].id),  # first of the tie
        ("s", T0, tied[-1].id),  # last of the tie
        ("s", T0 - timedelta(hours=1), "x"),  # before all
        ("s", T0 + timedelta(hours=1), "0"),  # after all
        ("none", T0, tied[0].id),  # a session without turns
    ]
    found = await repository.session_neighbours(tenant, turns)
    ids = [(p and p[0], n and n[0]) for p, n in found]
    assert ids == [
        (tied[0].id, tied[2].id),
        (before.id, tied[1].id),
        (tied[-2].id, after.id),
        (None, before.id),
        (after.id, None),
        (None, None),
    ]


async def test_memories_mentioning_leaves_out_a_name_past_the_cap(
    repository: Backend, tenant: Tenant
) -> None:
    """A name more memories name than `max_mentions` (a hub) seeds nothing, whatever its case;
    names at or under the cap still find theirs, newest first; without a cap every name does."""
    hub = [
        memory(f"Alice note {i}", entities=("Alice",), created_at=T0 + timedelta(minutes=i))
        for i in range(6)
    ]
    rare = [
        memory("Bob and Alice", entities=("bob", "ALICE"), created_at=T0 + timedelta(hours=1)),
        memory("Bob alone", entities=("Bob",), created_at=T0 + timedelta(hours=2)),
    ]
    await repository.upsert_memories(tenant, [*hub, *rare])
    store = repository
    newest_first = [rare[1].id, rare[0].id]
    assert await store.memories_mentioning(tenant, ["Bob", "alice"], 20, 5) == newest_first
    assert await store.memories_mentioning(tenant, ["alice"], 20, 7) == [
        rare[0].id, *reversed([m.id for m in hub])
    ]  # fmt: skip
    assert await store.memories_mentioning(tenant, ["Alice"], 20, 6) == []
    assert len(await store.memories_mentioning(tenant, ["alice", "bob"], 20)) == 8
    with pytest.raises(InvalidInput):
        await store.memories_mentioning(tenant, ["bob"], 20, 0)

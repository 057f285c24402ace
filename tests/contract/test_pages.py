"""Every list reads to its end a page at a time: pages read one after another show each item
exactly once, in the list's order (a total order, ties broken by id), however many items
there are and while others are written — on every backend, paged by the database."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import timedelta
from typing import Any, TypeVar

import pytest

from graph_backends import Backend
from schema import Direction, EdgeType, MemoryStatus, Subgraph, Tenant
from schema.facts import Fact, FactPosition, FactWriter
from service.usecases.facts import FactService
from tests.engine_support import Clock
from tests.factories import T0, edge, memories, memory

pytestmark = pytest.mark.fact_layer

Item = TypeVar("Item")


async def read_all(
    page: Callable[[Any], Awaitable[list[Item]]], position: Callable[[Item], Any]
) -> list[Item]:
    """Every item of a list, a page at a time, each page resuming after the last one's
    position; stops at the first empty page (and fails rather than loop forever)."""
    seen: list[Item] = []
    after = None
    for _ in range(1_000):
        got = await page(after)
        if not got:
            return seen
        seen.extend(got)
        after = position(got[-1])
    raise AssertionError("the pages never ended")


def newest_first(facts: list[Fact]) -> list[str]:
    """The ids in the facts' order: newest start first, then newest recorded, then id."""
    ordered = sorted(facts, key=lambda f: f.id)
    ordered.sort(key=lambda f: (f.started_at, f.recorded_at), reverse=True)
    return [f.id for f in ordered]


async def write_likes(svc: FactService, tenant: Tenant, clock: Clock, n: int) -> list[str]:
    """`n` facts "Alice likes item i" (multi-valued: all stay active), written 1,000 at a time
    with the clock a second on between batches, so a batch's facts tie on both times."""
    ids: list[str] = []
    for start in range(0, n, 1_000):
        batch = [
            {"subject": "Alice", "predicate": "likes", "object": f"item {i}"}
            for i in range(start, min(n, start + 1_000))
        ]
        result = await svc.apply_facts(tenant, batch, FactWriter.API)
        assert result.inserted == len(batch), result
        ids += [r.fact_id for r in result.results if r.fact_id is not None]
        clock.advance(seconds=1)
    return ids


async def test_more_facts_than_one_page_read_to_the_end(
    repository: Backend, tenant: Tenant
) -> None:
    """2,500 facts read 1,000 at a time: every fact once, newest first with ties broken by id,
    with a subject (its index) and without (the whole tenant) alike."""
    clock = Clock()
    svc = FactService(repository, clock)
    written = await write_likes(svc, tenant, clock, 2_500)
    stored = [f for f in await svc.repository.get_facts(tenant, written) if f is not None]
    for subject in ("Alice", None):

        async def page(after: FactPosition | None, subject: str | None = subject) -> list[Fact]:
            return await svc.facts(tenant, subject=subject, limit=1_000, after=after)

        seen = await read_all(page, FactPosition.of)
        assert len(seen) == 2_500
        assert [f.id for f in seen] == newest_first(stored)


async def test_fact_pages_skip_nothing_while_facts_are_written(
    repository: Backend, tenant: Tenant
) -> None:
    """Facts written between two page reads (newer ones, and one valid long before) neither
    push an earlier fact into a second appearance nor hide one not yet read."""
    clock = Clock()
    svc = FactService(repository, clock)
    written = set(await write_likes(svc, tenant, clock, 60))
    seen: list[Fact] = []
    after = None
    for turn in range(100):
        page = await svc.facts(tenant, subject="Alice", limit=7, after=after)
        if not page:
            break
        seen.extend(page)
        after = FactPosition.of(page[-1])
        late = {"subject": "Alice", "predicate": "likes", "object": f"late {turn}"}
        old = late | {"object": f"old {turn}", "valid_from": T0 - timedelta(days=365 + turn)}
        await svc.apply_facts(tenant, [late, old], FactWriter.API)
        clock.advance(seconds=1)
    ids = [f.id for f in seen]
    assert len(ids) == len(set(ids))
    assert written <= set(ids)
    assert ids == newest_first(seen)


async def test_slot_and_entity_histories_read_oldest_first_to_the_end(
    repository: Backend, tenant: Tenant
) -> None:
    """A slot's history and an entity's facts, 5 at a time: every version once, oldest first."""
    clock = Clock()
    svc = FactService(repository, clock)
    ids = []
    for i in range(23):
        moved = {"subject": "Bob", "predicate": "lives in", "object": f"City {i}"}
        result = await svc.apply_facts(tenant, [moved], FactWriter.API)
        ids += [r.fact_id for r in result.results if r.fact_id is not None]
        clock.advance(hours=1 + i % 3)
    stored = [f for f in await svc.repository.get_facts(tenant, ids) if f is not None]
    assert len(stored) == 23
    expected = [f.id for f in sorted(stored, key=lambda f: (f.started_at, f.recorded_at, f.id))]

    async def history(after: FactPosition | None) -> list[Fact]:
        return await svc.slot_history(tenant, "Bob", "lives in", limit=5, after=after)

    assert [f.id for f in await read_all(history, FactPosition.of)] == expected
    assert [f.id for f in await svc.entity_history(tenant, "Bob")] == expected


async def test_memories_of_a_status_read_to_the_end(repository: Backend, tenant: Tenant) -> None:
    """Core memories, 4 at a time: each once, newest first, ties on created_at broken by id;
    memories of other statuses never appear."""
    stored = [m.model_copy(update={"status": MemoryStatus.CORE}) for m in memories(9)]
    tied = [
        memory(f"tie {i}", created_at=T0 + timedelta(seconds=4), status=MemoryStatus.CORE)
        for i in range(5)
    ]
    others = [m.model_copy(update={"status": MemoryStatus.ACTIVE}) for m in memories(3)]
    await repository.upsert_memories(tenant, stored + tied + others)

    async def page(after: Any) -> list[Any]:
        return await repository.memories_with_status(
            tenant, [MemoryStatus.CORE], limit=4, after=after
        )

    seen = await read_all(page, lambda m: (m.created_at, m.id))
    keys = [(m.created_at, m.id) for m in seen]
    assert len(keys) == 14 and len(set(keys)) == 14
    assert keys == sorted(((m.created_at, m.id) for m in stored + tied), reverse=True)


async def test_a_traversal_reads_to_the_end(repository: Backend, tenant: Tenant) -> None:
    """A hub with 12 spokes of 3 leaves each (and edges among spokes), 7 memories a page: each
    reached memory once, in the order (hop, id); every edge among them once over all pages,
    none twice; the last page says no more follow."""
    hub, *rest = memories(1 + 12 + 36)
    spokes, leaves = rest[:12], rest[12:]
    links = [edge(hub, s, EdgeType.RELATED_TO) for s in spokes]
    links += [
        edge(s, leaves[3 * i + j], EdgeType.SUPPORTS)
        for i, s in enumerate(spokes)
        for j in range(3)
    ]
    links += [edge(spokes[i], spokes[i + 1], EdgeType.CAUSED_BY) for i in range(11)]
    await repository.upsert_memories(tenant, [hub, *spokes, *leaves])
    await repository.link(tenant, links)
    pages: list[Subgraph] = []
    after = None
    while True:
        sub = await repository.traverse(
            tenant,
            hub.id,
            depth=2,
            edge_types=[],
            direction=Direction.BOTH,
            max_nodes=7,
            after=after,
        )
        pages.append(sub)
        if not sub.has_more:
            break
        after = (sub.hops[-1], sub.nodes[-1].id)
    assert [len(p.nodes) for p in pages] == [7] * 7
    order = [(h, m.id) for p in pages for h, m in zip(p.hops, p.nodes, strict=True)]
    hops = {hub.id: 0} | {s.id: 1 for s in spokes} | {leaf.id: 2 for leaf in leaves}
    assert order == sorted((h, m) for m, h in hops.items())
    seen = [(e.source, e.target, e.type) for p in pages for e in p.edges]
    assert len(seen) == len(set(seen))
    assert set(seen) == {(e.source, e.target, e.type) for e in links}

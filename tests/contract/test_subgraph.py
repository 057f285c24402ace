"""The explorer's bounded subgraph on a real engine: seeds by ids, by a query's recall hits or
by an entity; breadth-first over the chosen edge types up to `depth`; the first `first`
memories (seeds first) with every edge among them and none to a memory left out; `total`
counts everything reached, so a cap is honest; reads only; bad requests are typed errors."""

from __future__ import annotations

import pytest

from graph_backends import GraphRepository
from schema import EdgeType, InvalidInput, NotFound, Tenant, new_memory_id
from service.usecases.memories import LinkRequest
from service.usecases.subgraph import (
    MAX_FIRST,
    BoundedSubgraph,
    SubgraphRequest,
    SubgraphService,
)
from tests.contract.test_recall import World

FOLLOWED = frozenset({EdgeType.CAUSED_BY, EdgeType.SUPPORTS})
TOPICS = (
    "The web-2 deploy failed because its disk was full",
    "Unrotated nginx logs filled the disk on web-2",
    "Log rotation was switched off during the database migration",
    "The migration runbook skipped the logrotate step entirely",
    "Quarterly budget review moved to the second Thursday",
)


class Explorer(World):
    @property
    def service(self) -> SubgraphService:
        return SubgraphService(self.memories, self.store, self.recall_service())

    async def subgraph(self, **request: object) -> BoundedSubgraph:
        request.setdefault("edge_types", FOLLOWED)
        return await self.service.subgraph(self.tenant, SubgraphRequest(**request))  # type: ignore[arg-type]

    async def link(self, *links: tuple[str, str, EdgeType]) -> None:
        await self.memories.link(self.tenant, [LinkRequest(s, t, e) for s, t, e in links])

    async def chain(self) -> list[str]:
        """deploy ← disk ← rotation ← runbook (CAUSED_BY), and an unlinked budget note."""
        ids = [await self.put(t, entities=["web-2"] if i < 2 else []) for i, t in enumerate(TOPICS)]
        await self.link(
            (ids[0], ids[1], EdgeType.CAUSED_BY),
            (ids[1], ids[2], EdgeType.CAUSED_BY),
            (ids[2], ids[3], EdgeType.CAUSED_BY),
        )
        return ids


@pytest.fixture
async def world(repository: GraphRepository, tenant: Tenant) -> Explorer:
    return Explorer(repository, tenant)


def node_ids(found: BoundedSubgraph) -> list[str]:
    return [m.id for m in found.nodes]


def edge_ends(found: BoundedSubgraph) -> set[tuple[str, str]]:
    return {(e.source, e.target) for e in found.edges}


async def test_ids_reach_their_hops_and_the_edges_among_them(world: Explorer) -> None:
    ids = await world.chain()
    one = await world.subgraph(ids=(ids[1],), depth=1)
    assert node_ids(one)[0] == ids[1]
    assert set(node_ids(one)) == {ids[0], ids[1], ids[2]}
    assert edge_ends(one) == {(ids[0], ids[1]), (ids[1], ids[2])}
    assert (one.total, one.truncated, one.total_exact) == (3, False, True)
    assert one.seeds == (ids[1],)

    whole = await world.subgraph(ids=(ids[0],), depth=3)
    assert set(node_ids(whole)) == set(ids[:4])
    assert len(whole.edges) == 3 and whole.total == 4

    alone = await world.subgraph(ids=(ids[4],), depth=3)
    assert node_ids(alone) == [ids[4]] and alone.edges == () and alone.total == 1

    seeds_only = await world.subgraph(ids=(ids[0], ids[3]), depth=0)
    assert node_ids(seeds_only) == [ids[0], ids[3]] and seeds_only.edges == ()


async def test_a_cap_keeps_the_seeds_drops_edges_to_left_out_memories_and_counts_them(
    world: Explorer,
) -> None:
    hub = await world.put("The central incident report for the outage")
    leaves = [await world.put(f"Witness statement number {i} about the outage") for i in range(12)]
    await world.link(*[(leaf, hub, EdgeType.SUPPORTS) for leaf in leaves])

    capped = await world.subgraph(ids=(hub,), depth=1, first=5)
    shown = node_ids(capped)
    assert shown[0] == hub and len(shown) == 5
    assert capped.total == 13 and capped.truncated and capped.total_exact
    assert all(s in shown and t in shown for s, t in edge_ends(capped))
    assert len(capped.edges) == 4

    full = await world.subgraph(ids=(hub,), depth=1, first=MAX_FIRST)
    assert full.total == 13 and not full.truncated and len(full.edges) == 12


async def test_edge_types_choose_what_is_followed(world: Explorer) -> None:
    ids = await world.chain()
    await world.link((ids[4], ids[0], EdgeType.SUPPORTS))
    causal = await world.subgraph(
        ids=(ids[0],), depth=5, edge_types=frozenset({EdgeType.CAUSED_BY})
    )
    assert set(node_ids(causal)) == set(ids[:4])
    both = await world.subgraph(ids=(ids[0],), depth=5)
    assert set(node_ids(both)) == set(ids)
    assert (ids[4], ids[0]) in edge_ends(both)


async def test_an_entity_seeds_with_the_memories_mentioning_it(world: Explorer) -> None:
    ids = await world.chain()
    found = await world.subgraph(entity="WEB-2", depth=0)
    assert set(found.seeds) == {ids[0], ids[1]}
    assert set(node_ids(found)) == {ids[0], ids[1]} and edge_ends(found) == {(ids[0], ids[1])}
    wider = await world.subgraph(entity="web-2", depth=1)
    assert set(node_ids(wider)) == set(ids[:3]) and wider.total == 3
    nobody = await world.subgraph(entity="nobody-at-all", depth=2)
    assert nobody.nodes == () and nobody.total == 0 and not nobody.truncated


async def test_a_query_seeds_with_its_recall_hits_and_reactivates_nothing(
    world: Explorer,
) -> None:
    ids = await world.chain()
    (before,) = await world.memories.get(world.tenant, [ids[2]])
    found = await world.subgraph(query="log rotation switched off migration", k=1, depth=1)
    assert found.seeds == (ids[2],)
    assert node_ids(found)[0] == ids[2]
    assert set(node_ids(found)) == {ids[1], ids[2], ids[3]}
    (after,) = await world.memories.get(world.tenant, [ids[2]])
    assert before is not None and after is not None
    assert after.last_accessed_at == before.last_accessed_at
    assert after.reactivation_count == before.reactivation_count


async def test_an_empty_tenant_reads_as_empty(world: Explorer) -> None:
    found = await world.subgraph(entity="web-2", depth=2)
    assert (found.nodes, found.edges, found.total) == ((), (), 0)
    with pytest.raises(NotFound):
        await world.subgraph(ids=(new_memory_id(),))


@pytest.mark.parametrize(
    ("request_", "names"),
    [
        ({}, "ids"),
        ({"ids": ("x",), "entity": "web-2"}, "ids"),
        ({"entity": "web-2", "depth": 9}, "depth"),
        ({"entity": "web-2", "first": 0}, "first"),
        ({"entity": "web-2", "first": MAX_FIRST + 1}, "first"),
        ({"entity": "  "}, "entity"),
        ({"query": "disk", "k": 0}, "hits"),
        ({"ids": ()}, "ids"),
    ],
)
async def test_bad_requests_are_invalid_input_naming_the_argument(
    world: Explorer, request_: dict[str, object], names: str
) -> None:
    await world.put("One memory so that the tenant exists")
    with pytest.raises(InvalidInput) as raised:
        await world.subgraph(**request_)
    assert raised.value.field == names


async def test_a_missing_id_is_not_found(world: Explorer) -> None:
    ids = await world.chain()
    ghost = new_memory_id()
    with pytest.raises(NotFound):
        await world.subgraph(ids=(ids[0], ghost))

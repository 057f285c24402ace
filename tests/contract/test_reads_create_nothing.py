"""A tenant exists from its first write, and only then: reads of every kind of a tenant that
was never written answer empty (or `NotFound`) and leave no trace in the database (FalkorDB no
graph key, Neo4j no node or relationship with its tenant property, SurrealDB no database)."""

from __future__ import annotations

import pytest

from graph_backends import Backend
from schema import Direction, NotFound, Tenant
from service.engine.settings import EngineSettings
from service.usecases.analytics import AnalyticsService
from service.usecases.core_preferences import (
    CorePreferences,
    CorePreferencesService,
)
from service.usecases.explain import ExplainService
from service.usecases.facts import FactService
from service.usecases.memories import MemoryService, StoreRequest
from service.usecases.recall import RecallRequest, RecallService
from service.usecases.subgraph import SubgraphRequest, SubgraphService
from tests.conftest import new_tenant
from tests.engine_support import Clock, HashEmbedder, maintenance

pytestmark = pytest.mark.fact_layer

MISSING_ID = "00000000-0000-4000-8000-000000000000"


async def traces(repository: Backend, tenant: Tenant) -> list[str]:
    """What the engine itself holds of the tenant, asked under the seam (not through the
    repository's own answer to the same question)."""
    from graph_backends.falkordb.repository import FalkorRepository
    from graph_backends.neo4j.repository import Neo4jRepository
    from graph_backends.surrealdb.repository import SurrealRepository

    if isinstance(repository, FalkorRepository):
        from redis.asyncio.cluster import RedisCluster

        connection = repository._db.connection
        if isinstance(connection, RedisCluster):  # every master lists its own slots' graphs
            replies = await connection.execute_command(
                "GRAPH.LIST", target_nodes=connection.get_primaries()
            )
            graphs = [str(g) for listed in replies.values() for g in listed]
        else:
            graphs = [str(g) for g in await connection.execute_command("GRAPH.LIST")]
        found = [f"graph {g}" for g in graphs if g == tenant.key]
        if await connection.exists(tenant.key):
            found.append(f"key {tenant.key}")
        return found
    if isinstance(repository, Neo4jRepository):
        async with repository._driver.session(database=repository._database) as session:
            result = await session.run(
                "MATCH (n) WHERE n.tenant = $t RETURN 'node ' + labels(n)[0] AS found "
                "UNION ALL MATCH ()-[r]->() WHERE r.tenant = $t RETURN 'edge ' + type(r) AS found",
                t=tenant.key,
            )
            return [record["found"] async for record in result]
    if isinstance(repository, SurrealRepository):
        (root,) = await repository._client.run("INFO FOR ROOT", {})
        if tenant.org not in root.value["namespaces"]:
            return []
        _, namespace = await repository._client.run("USE NS $ns; INFO FOR NS", {"ns": tenant.org})
        return [f"database {d}" for d in namespace.value["databases"] if d == tenant.project]
    raise AssertionError(f"no trace check for {repository.backend_name}")


class Services:
    """The use cases a request reaches, over one repository, as `compose` wires them."""

    def __init__(self, repository: Backend) -> None:
        self.clock = Clock()
        embedder = HashEmbedder()
        self.memories = MemoryService(repository, embedder, self.clock, EngineSettings())
        self.facts = FactService(repository, self.clock, embedder=embedder)
        self.recall = RecallService(repository, embedder, self.clock)
        self.explain = ExplainService(self.memories, self.recall)
        self.core = CorePreferencesService(self.memories)
        self.analytics = AnalyticsService(repository, self.clock, EngineSettings())
        self.subgraph = SubgraphService(self.memories, repository, self.recall)


async def test_reads_of_a_tenant_never_written_create_nothing(
    repository: Backend,
) -> None:
    await reads_of_a_tenant_never_written_create_nothing(repository)


async def reads_of_a_tenant_never_written_create_nothing(repository: Backend) -> None:
    """Every read of a tenant never written, then its first write (also run on a Neo4j
    database that never held any tenant: `tests/backends/neo4j/test_neo4j_fresh_database.py`)."""
    ghost = new_tenant()
    uses = Services(repository)
    memories = uses.memories
    try:
        stats = await memories.stats(ghost)
        assert (stats.memories, sum(stats.edges.values()), stats.kappa_max) == (0, 0, 0)
        assert await memories.recent(ghost, limit=10) == []
        assert await memories.get(ghost, [MISSING_ID]) == [None]
        assert await memories.degrees(ghost, [MISSING_ID]) == [None]
        recalled = await uses.recall.recall(ghost, RecallRequest(query="where is the offsite"))
        assert list(recalled.hits) == []
        read_only = RecallRequest(query="offsite", read_only=True)
        assert list((await uses.recall.recall(ghost, read_only)).hits) == []
        assert await uses.facts.facts(ghost) == []
        assert await uses.facts.facts(ghost, subject="carol", predicate="lives in") == []
        assert await uses.facts.slot_history(ghost, "carol", "lives in") == []
        assert await uses.facts.entity(ghost, "carol") is None
        assert await uses.facts.entity_history(ghost, "carol") == []
        await uses.facts.functional_predicates(ghost)  # the built-in ones
        assert await uses.core.list_core(ghost) == []
        assert await uses.core.candidates(ghost) == []
        assert await uses.core.get_preferences(ghost) == CorePreferences()
        analytics = await uses.analytics.report(ghost)
        assert (analytics.causal.memories, analytics.churn.facts) == (0, 0)
        assert await repository.edge_page(ghost, []) == []
        assert await repository.tombstone_page(ghost) == []
        assert await repository.holds_facts(ghost) is False
        assert await repository.component_sizes(ghost) in (None, [])
        assert await uses.facts.asserted(ghost, [MISSING_ID]) == [[]]
        for seeds in (SubgraphRequest(entity="carol", depth=2), SubgraphRequest(query="offsite")):
            drawn = await uses.subgraph.subgraph(ghost, seeds)
            assert (drawn.nodes, drawn.total) == ((), 0)
        for missing in (
            memories.traverse(ghost, MISSING_ID, depth=2, direction=Direction.BOTH),
            uses.explain.explain(ghost, MISSING_ID),
            uses.explain.explain(ghost, MISSING_ID, "offsite"),
            memories.supersession_chain(ghost, MISSING_ID),
            memories.amend(ghost, MISSING_ID, "corrected"),
            uses.analytics.why_path(ghost, MISSING_ID, MISSING_ID),
            uses.subgraph.subgraph(ghost, SubgraphRequest(ids=(MISSING_ID,))),
        ):
            with pytest.raises(NotFound):
                await missing
        assert (await memories.delete(ghost, [MISSING_ID])).deleted == ()
        report = await maintenance(memories).maintain(ghost, dry_run=True)
        assert report.memories == 0
        assert await traces(repository, ghost) == []
        assert ghost not in await repository.list_tenants()

        # The first write creates it.
        await memories.store(ghost, StoreRequest(content="the offsite is in march"))
        assert await traces(repository, ghost) != []
        assert (await memories.stats(ghost)).memories == 1
    finally:
        await repository.drop_tenant(ghost)

"""Schema creation is explicit and idempotent, and every named query is valid Cypher for each
Cypher backend that runs it: EXPLAIN-checked against the real engine, in that backend's dialect,
with the parameters the repository really sends."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest

from cypher import QueryName, load
from graph_backends import FalkorConfig, GraphRepository, open_backend
from schema import EdgeType, Tenant
from tests.conftest import BACKENDS, DIMENSION, backend_config, new_tenant

#: The selected backends that speak Cypher, and the dialect each loads its queries in.
#: (SurrealDB speaks SurrealQL; its queries are checked with that backend.)
DIALECTS = {"falkordb-embedded": "falkordb", "falkordb-server": "falkordb", "neo4j": "neo4j"}
CYPHER_BACKENDS = tuple(b for b in BACKENDS if b in DIALECTS)

_DDL = frozenset(
    {
        QueryName.CREATE_MEMORY_ID_INDEX,
        QueryName.CREATE_MEMORY_CREATED_AT_INDEX,
        QueryName.CREATE_MEMORY_VECTOR_INDEX,
        QueryName.CREATE_MEMORY_FULLTEXT_INDEX,
        QueryName.CREATE_MEMORY_VECTOR_ID_INDEX,
        QueryName.CREATE_TOMBSTONE_ID_INDEX,
        QueryName.CREATE_CONFIG_KEY_INDEX,
    }
)
#: Per dialect, the queries not EXPLAIN-checked here, and why.
NOT_CHECKED: dict[str, frozenset[QueryName]] = {
    # FalkorDB answers EXPLAIN of index DDL with no plan; the DDL runs for real in
    # ensure_schema, which every contract test exercises through its fixture. It keeps a graph
    # per tenant, so it never runs the queries of tenancy by property.
    "falkordb": _DDL
    | {QueryName.REGISTER_TENANT, QueryName.LIST_TENANTS, QueryName.DROP_TENANT_BATCH},
    # Neo4j plans every query, DDL included.
    "neo4j": frozenset(),
}


async def test_ensure_schema_is_idempotent(repository: GraphRepository) -> None:
    tenant = new_tenant()
    try:
        assert not await repository.schema_ready(tenant)
        await repository.ensure_schema(tenant)
        await repository.ensure_schema(tenant)
        assert await repository.schema_ready(tenant)
    finally:
        await repository.drop_tenant(tenant)


def sample_params(name: QueryName, dialect: str, tenant: Tenant) -> dict[str, object]:
    """Parameters shaped exactly like the ones the repository sends for `name`."""
    values: dict[str, object] = {
        "ids": ["00000000-0000-4000-8000-000000000001"],
        "rows": [
            {
                "props": {"id": "00000000-0000-4000-8000-000000000001", "content": "x"},
                "embedding": [0.5] * DIMENSION,
            }
        ],
        "edges": [
            {
                "source": "a",
                "target": "b",
                "type": "CAUSED_BY",
                "weight": 1.0,
                "reason": None,
                "created_by": "writer",
                "created_at": 0,
                "last_validated_at": None,
            }
        ],
        "frontier": ["a"],
        "types": ["CAUSED_BY"],
        "direction": "both",
        "causal": ["CAUSED_BY"],
        "supportive": ["CAUSED_BY"],
        "k": 3,
        "vector": [0.5] * DIMENSION,
        "query": "hello",
        "limit": 5,
        "before": None,
        "before_id": None,
        "dimension": DIMENSION,
        "ef_runtime": 100,
        "stale_before": 0,
        "statuses": ["active"],
        "id": "a",
        "key": "k",
        "value": "{}",
        "now": 0,
        "tenant": tenant.key,
        "tenant_term": "t0123456789abcdef",
        "batch": 100,
    }
    if name is QueryName.UPDATE_MEMORIES:
        values["rows"] = [{"id": "a", "props": {"status": "active", "summary": None}}]
    if name is QueryName.WRITE_TOMBSTONES:
        values["rows"] = [{"id": "a", "superseded_by": "b", "content_hash": "h", "deleted_at": 0}]
    if name is QueryName.FULLTEXT_SEARCH and dialect == "neo4j":
        values["query"] = '+tenant_term:"t0123456789abcdef"^0 +content:("hello")'
    return {p: values[p] for p in load(name, dialect).params}


@dataclass(frozen=True)
class CypherBackend:
    name: str
    dialect: str
    repository: GraphRepository
    tenant: Tenant

    async def explain(self, text: str, params: dict[str, object]) -> str:
        """The engine's plan for the query (the test reaches under the seam on purpose)."""
        if self.dialect == "falkordb":
            from graph_backends.falkordb import FalkorRepository

            assert isinstance(self.repository, FalkorRepository)
            graph = self.repository._db.select_graph(self.tenant.key)
            return str(await graph.explain(text, params))
        from graph_backends.neo4j import Neo4jRepository

        assert isinstance(self.repository, Neo4jRepository)
        async with self.repository._driver.session(database=self.repository._database) as s:
            summary = await (await s.run(f"EXPLAIN {text}", params)).consume()
        return str(summary.plan or "")


@pytest.fixture(scope="session")
async def cypher_backend(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[CypherBackend]:
    """Its own connection to one Cypher backend, with one tenant's schema ensured."""
    name: str = request.param
    config = (
        # A second embedded FalkorDB may not share the first one's data directory.
        FalkorConfig(data_dir=tmp_path_factory.mktemp("explain"), vector_dimension=DIMENSION)
        if name == "falkordb-embedded"
        else backend_config(request, name)
    )
    async with open_backend(config) as repository:
        tenant = new_tenant()
        await repository.ensure_schema(tenant)
        try:
            yield CypherBackend(name, DIALECTS[name], repository, tenant)
        finally:
            await repository.drop_tenant(tenant)


CASES = [
    pytest.param(backend, name, id=f"{backend}-{name}")
    for backend in CYPHER_BACKENDS
    for name in QueryName
    if name not in NOT_CHECKED[DIALECTS[backend]]
]

# Defined only when a Cypher backend is selected (RETENTIA_BACKEND=surrealdb selects none), so
# no selection ever reports it skipped.
if CASES:

    @pytest.mark.parametrize(("cypher_backend", "name"), CASES, indirect=["cypher_backend"])
    async def test_every_query_explains(cypher_backend: CypherBackend, name: QueryName) -> None:
        """The engine parses and plans each query, in the backend's dialect, with its real
        parameters."""
        query = load(name, cypher_backend.dialect)
        templates = {"edge_type": EdgeType.CAUSED_BY} if query.templates else {}
        params = query.bind(sample_params(name, cypher_backend.dialect, cypher_backend.tenant))
        plan = await cypher_backend.explain(query.render(**templates), params)
        assert plan.strip()

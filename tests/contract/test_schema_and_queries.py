"""Schema creation is explicit and idempotent, and every named query is valid Cypher for the
backend (EXPLAIN-checked against the real engine)."""

from __future__ import annotations

import pytest

from cypher import QueryName, load
from graph_backends import GraphRepository
from schema import EdgeType, Tenant
from tests.conftest import new_tenant

# FalkorDB answers EXPLAIN of index DDL with no plan; these run for real in ensure_schema,
# which every contract test exercises through its fixture.
NOT_EXPLAINABLE = {
    QueryName.CREATE_MEMORY_ID_INDEX,
    QueryName.CREATE_MEMORY_CREATED_AT_INDEX,
    QueryName.CREATE_MEMORY_VECTOR_INDEX,
    QueryName.CREATE_MEMORY_FULLTEXT_INDEX,
    QueryName.CREATE_MEMORY_VECTOR_ID_INDEX,
    QueryName.CREATE_TOMBSTONE_ID_INDEX,
    QueryName.CREATE_CONFIG_KEY_INDEX,
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


def _sample_params(name: QueryName) -> dict[str, object]:
    values: dict[str, object] = {
        "ids": ["00000000-0000-4000-8000-000000000001"],
        "rows": [
            {
                "props": {"id": "00000000-0000-4000-8000-000000000001", "content": "x"},
                "embedding": [0.0] * 384,
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
        "vector": [0.0] * 384,
        "query": "hello",
        "limit": 5,
        "before": None,
        "before_id": None,
        "dimension": 384,
        "ef_runtime": 100,
        "stale_before": 0,
        "statuses": ["active"],
        "id": "a",
        "key": "k",
        "value": "{}",
        "now": 0,
    }
    if name is QueryName.UPDATE_MEMORIES:
        values["rows"] = [{"id": "a", "props": {"status": "active", "summary": None}}]
    if name is QueryName.WRITE_TOMBSTONES:
        values["rows"] = [{"id": "a", "superseded_by": "b", "content_hash": "h", "deleted_at": 0}]
    return {p: values[p] for p in load(name, "falkordb").params}


@pytest.mark.parametrize("name", sorted(set(QueryName) - NOT_EXPLAINABLE))
async def test_every_query_explains(
    repository: GraphRepository, tenant: Tenant, name: QueryName
) -> None:
    """The engine parses and plans each query with its real parameters."""
    from graph_backends.falkordb import DIALECT, FalkorRepository

    assert isinstance(repository, FalkorRepository)
    query = load(name, DIALECT)
    templates = {"edge_type": EdgeType.CAUSED_BY} if query.templates else {}
    graph = repository._db.select_graph(tenant.key)  # the test reaches under the seam on purpose
    plan = await graph.explain(query.render(**templates), query.bind(_sample_params(name)))
    assert str(plan).strip()

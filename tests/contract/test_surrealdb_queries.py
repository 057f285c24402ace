"""Every SurrealQL query is accepted by the real engine: each runs with realistic parameters on
a tenant holding memories, vectors, edges, tombstones and configuration, as one step of a
transaction that is then cancelled — so parsing, planning and execution all happen, and
nothing is written (checked afterwards).

The SurrealDB embedded engine runs here whatever RETENTIA_BACKEND selects: it needs no server.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest

from graph_backends import SurrealConfig, open_backend
from graph_backends._surreal_client import Outcome
from graph_backends.surrealdb import SurrealRepository
from graph_backends.surrealql import QueryName, load
from schema import EdgeCreator, EdgeType, Tenant, Tombstone, new_memory_id
from tests.conftest import DIMENSION, new_tenant
from tests.factories import T0, edge, memories, unit_vector

SURREAL = SurrealConfig(url="mem://", vector_dimension=DIMENSION)


@pytest.fixture(scope="module")
async def surreal() -> AsyncIterator[SurrealRepository]:
    async with open_backend(SURREAL) as repository:
        assert isinstance(repository, SurrealRepository)
        yield repository


@pytest.fixture(scope="module")
async def seeded(surreal: SurrealRepository) -> AsyncIterator[tuple[Tenant, list[str]]]:
    tenant = new_tenant()
    await surreal.ensure_schema(tenant)
    stored = memories(6)
    await surreal.upsert_memories(tenant, stored)
    a, b, c, d, *_ = stored
    await surreal.link(
        tenant,
        [
            edge(a, b, EdgeType.CAUSED_BY, reason="why"),
            edge(b, c, EdgeType.RELATED_TO, created_by=EdgeCreator.AUTO),
            edge(c, d, EdgeType.CONTRADICTS),
        ],
    )
    await surreal.write_tombstones(
        tenant,
        [Tombstone(id=new_memory_id(), superseded_by=None, content_hash="h", deleted_at=T0)],
    )
    await surreal.put_config(tenant, "core_preferences", "{}")
    try:
        yield tenant, [m.id for m in stored]
    finally:
        await surreal.drop_tenant(tenant)


def _params(name: QueryName, tenant: Tenant, ids: list[str]) -> dict[str, Any]:
    a, b = ids[0], ids[1]
    values: dict[str, Any] = {
        "ids": [a, b, new_memory_id()],
        "rows": [
            {
                "id": a,
                "props": {"content": "replaced", "created_at": 0, "status": "active"},
                "embedding": list(unit_vector(99)),
            }
        ],
        "edges": [
            {
                "source": a,
                "target": b,
                "type": "SUPPORTS",
                "weight": 0.5,
                "reason": None,
                "created_by": "writer",
                "created_at": 0,
                "last_validated_at": None,
            }
        ],
        "frontier": [a],
        "types": ["CAUSED_BY", "SUPPORTS"],
        "direction": "both",
        "causal": ["CAUSED_BY", "SUPPORTS", "DERIVED_FROM"],
        "supportive": ["CAUSED_BY", "SUPPORTS", "DERIVED_FROM", "RELATED_TO"],
        "vector": list(unit_vector(0)),
        "query": "memory number",
        "k": 3,
        "limit": 5,
        "before": None,
        "before_id": None,
        "stale_before": 10**18,
        "statuses": ["active"],
        "id": b,
        "key": "core_preferences",
        "value": "{}",
        "now": 1,
        "database": tenant.project,
    }
    if name is QueryName.UPDATE_MEMORIES:
        values["rows"] = [{"id": a, "props": {"status": "episodic", "summary": None}}]
    if name is QueryName.WRITE_TOMBSTONES:
        values["rows"] = [{"id": a, "superseded_by": b, "content_hash": "h", "deleted_at": 0}]
    if name is QueryName.UNLINK_MEMORIES:
        values["edges"] = [{"source": a, "target": b, "type": "CAUSED_BY"}]
    return {p: values[p] for p in load(name).params}


_TEMPLATES: dict[QueryName, dict[str, int]] = {
    QueryName.VECTOR_SEARCH: {"k": 3, "ef": 100},
    QueryName.DEFINE_SCHEMA: {"dimension": DIMENSION},
}


def _accepted(outcome: Outcome) -> bool:
    """OK, or only undone by the cancellation (SurrealDB reports every statement of a cancelled
    transaction that way); a real failure keeps its own kind."""
    return outcome.ok or (outcome.kind == "Query" and outcome.detail == "Cancelled")


async def _snapshot(surreal: SurrealRepository, tenant: Tenant, ids: list[str]) -> object:
    return (
        await surreal.stats(tenant),
        await surreal.get_memories(tenant, ids, with_embeddings=True),
        await surreal.incident_edges(tenant, ids[1]),
        await surreal.get_config(tenant, "core_preferences"),
        await surreal.list_tenants(),
    )


@pytest.mark.parametrize("name", list(QueryName))
async def test_every_query_runs_and_cancels(
    surreal: SurrealRepository, seeded: tuple[Tenant, list[str]], name: QueryName
) -> None:
    tenant, ids = seeded
    query = load(name)
    before = await _snapshot(surreal, tenant, ids)
    text = "\n".join(
        [
            "USE NS $tenant_ns DB $tenant_db;",
            "BEGIN TRANSACTION;",
            f"LET $step_0 = {{\n{query.render(**_TEMPLATES.get(name, {}))}\n}};",
            "$step_0;",
            "CANCEL TRANSACTION;",
        ]
    )
    variables = {"tenant_ns": tenant.org, "tenant_db": tenant.project}
    variables.update(query.bind(_params(name, tenant, ids)))
    # Reaches under the seam on purpose: the repository never cancels a transaction.
    outcomes = await surreal._client.run(text, variables)
    assert len(outcomes) == 5
    refused = [(o.kind, o.detail, o.value) for o in outcomes if not _accepted(o)]
    assert refused == []
    assert await _snapshot(surreal, tenant, ids) == before, "the cancelled step wrote something"

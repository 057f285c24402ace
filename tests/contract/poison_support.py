"""Raw writes of what an earlier version could store — an instant outside the datetime range —
through each backend's own client, past every check of today's write paths."""

from __future__ import annotations

from typing import Literal

from graph_backends import GraphRepository
from graph_backends.falkordb.repository import FalkorRepository
from graph_backends.neo4j.repository import Neo4jRepository
from graph_backends.surrealdb.repository import SurrealRepository
from schema import Tenant

Kind = Literal["memory", "fact"]
#: The property names the tests poison: fixed here, never from input.
_PROPERTIES = frozenset({"event_time", "invalid_at"})
_LABELS = {"memory": "Memory", "fact": "Fact"}


async def store_raw_instant(
    repository: GraphRepository, tenant: Tenant, kind: Kind, node_id: str, prop: str, value: int
) -> None:
    """Set `prop` of the memory or fact `node_id` to the epoch-microsecond `value`, verbatim."""
    assert prop in _PROPERTIES, prop
    label = _LABELS[kind]
    if isinstance(repository, FalkorRepository):
        await repository._send(
            tenant, f"MATCH (n:{label} {{id: '{node_id}'}}) SET n.{prop} = {value}", read_only=False
        )
    elif isinstance(repository, Neo4jRepository):
        # One database for every tenant, told apart by the `tenant` property (ADR 0007).
        async with repository._driver.session(database=repository._database) as session:
            await session.run(
                f"MATCH (n:{label} {{id: $id, tenant: $tenant}}) SET n.{prop} = $value",
                {"id": node_id, "tenant": tenant.key, "value": value},
            )
    elif isinstance(repository, SurrealRepository):
        outcomes = await repository._client.run(
            f"USE NS $ns DB $db; UPDATE type::record('{kind}', $id) SET {prop} = $value;",
            {"ns": tenant.org, "db": tenant.project, "id": node_id, "value": value},
        )
        assert all(o.ok for o in outcomes), outcomes
    else:
        raise AssertionError(f"no raw write for {type(repository).__name__}")

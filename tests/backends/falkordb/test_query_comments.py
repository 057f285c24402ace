"""Queries reach the engine without their comment lines.

A `//` line inside a `CALL { }` subquery, followed by two MATCH clauses, crashed FalkorDB
4.16.3 (SIGSEGV in `AST_Validate_Query`; docs/measured-facts.md): one query took the server
down, and every tenant on it. The query files carry their documentation as comments, so
`Query.render` leaves those lines out of the text it hands the backends."""

from __future__ import annotations

from pathlib import Path

from cypher import QueryName, parse
from graph_backends import FalkorConfig, open_backend
from graph_backends.falkordb import wire
from graph_backends.falkordb.repository import FalkorRepository
from schema import EdgeType, MemoryEdge
from tests.conftest import DIMENSION, new_tenant
from tests.factories import T0, memory

COMMENTED = """// A query commented as the query files are.
// params: id
CALL {
  // The memory and its neighbours: a comment here crashed FalkorDB 4.16.3.
  MATCH (s:Memory {id: $id})
  MATCH (s)-[e]-(n:Memory)
  RETURN count(n) AS neighbours
}
RETURN neighbours
"""


def test_a_rendered_query_holds_no_comment_line() -> None:
    query = parse(QueryName.PING, None, COMMENTED)
    assert query.params == {"id"}
    rendered = query.render()
    assert "//" not in rendered
    assert "MATCH (s)-[e]-(n:Memory)" in rendered


async def test_a_comment_inside_a_subquery_does_not_crash_falkordb(tmp_path: Path) -> None:
    """Fails on the old `render` with the server gone (the connection refused)."""
    tenant = new_tenant()
    a, b = memory("first", created_at=T0), memory("second", created_at=T0)
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, FalkorRepository)
        await repo.ensure_schema(tenant)
        await repo.upsert_memories(tenant, [a, b])
        await repo.link(
            tenant,
            [MemoryEdge(source=a.id, target=b.id, type=EdgeType.SUPPORTS, created_at=T0)],
        )
        query = parse(QueryName.PING, None, COMMENTED)
        text = wire.query_text(query.render(), query.bind({"id": a.id}))
        reply = await repo._db.connection.execute_command(
            "GRAPH.RO_QUERY", tenant.key, text, "--compact"
        )
        assert wire.rows(reply) == [{"neighbours": 1}]
        # The server still answers.
        assert [m and m.id for m in await repo.get_memories(tenant, [b.id])] == [b.id]

"""A Graphiti knowledge graph read out of the database Graphiti writes to, as the document
`converters.graphiti` converts: its episodes, entities, entity edges (RELATES_TO) and the
entities each episode mentions. FalkorDB (`redis://host:port/GRAPH`, `falkordb://…`; Graphiti's
default graph is `default_db`) or Neo4j (`bolt://user:password@host:port/DATABASE`,
`neo4j://…`). Read-only: only MATCH queries are sent."""

from __future__ import annotations

from typing import Any, Final
from urllib.parse import unquote, urlsplit

from schema import InvalidInput

QUERIES: Final[dict[str, str]] = {
    "episodes": "MATCH (e:Episodic) RETURN e.uuid AS uuid, e.name AS name, "
    "e.group_id AS group_id, e.content AS content, e.source AS source, "
    "e.source_description AS source_description, e.valid_at AS valid_at, "
    "e.created_at AS created_at ORDER BY e.valid_at, e.uuid",
    "entities": "MATCH (n:Entity) RETURN n.uuid AS uuid, n.name AS name, "
    "labels(n) AS labels, n.summary AS summary, n.group_id AS group_id, "
    "n.created_at AS created_at ORDER BY n.name, n.uuid",
    "relations": "MATCH (a:Entity)-[r:RELATES_TO]->(b:Entity) RETURN r.uuid AS uuid, "
    "r.name AS name, r.fact AS fact, a.name AS source, b.name AS target, "
    "r.valid_at AS valid_at, r.invalid_at AS invalid_at, r.expired_at AS expired_at, "
    "r.created_at AS created_at, r.episodes AS episodes, r.group_id AS group_id "
    "ORDER BY r.created_at, r.uuid",
    "mentions": "MATCH (e:Episodic)-[:MENTIONS]->(n:Entity) "
    "RETURN e.uuid AS episode, n.name AS entity ORDER BY e.uuid, n.name",
}


def is_graph_url(text: str) -> bool:
    return urlsplit(text).scheme in ("redis", "rediss", "falkordb", "bolt", "neo4j", "neo4j+s")


def _plain(value: Any) -> Any:
    """A database value as JSON: instants as ISO 8601 text (Neo4j returns its own types)."""
    if hasattr(value, "iso_format"):
        return value.iso_format()
    if hasattr(value, "isoformat"):
        return value.isoformat()
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


async def read_graphiti(url: str) -> dict[str, list[dict[str, Any]]]:
    parts = urlsplit(url)
    name = unquote(parts.path.lstrip("/")) or None
    if parts.scheme in ("redis", "rediss", "falkordb"):
        return await _read_falkordb(parts.hostname or "127.0.0.1", parts.port or 6379, name, parts)
    if parts.scheme in ("bolt", "neo4j", "neo4j+s"):
        return await _read_neo4j(url, name)
    raise InvalidInput("file", f"{url!r} is not a FalkorDB or Neo4j URL")


async def _read_falkordb(
    host: str, port: int, graph: str | None, parts: Any
) -> dict[str, list[dict[str, Any]]]:
    from falkordb.asyncio import FalkorDB

    db = FalkorDB(host=host, port=port, username=parts.username, password=parts.password)
    try:
        name = graph or "default_db"
        if name not in await db.list_graphs():
            raise InvalidInput("file", f"FalkorDB at {host}:{port} has no graph {name!r}")
        selected = db.select_graph(name)
        found: dict[str, list[dict[str, Any]]] = {}
        for key, query in QUERIES.items():
            result = await selected.ro_query(query)
            columns = [c[1] if isinstance(c, list | tuple) else c for c in result.header]
            found[key] = [
                {str(c): _plain(v) for c, v in zip(columns, row, strict=True)}
                for row in result.result_set
            ]
        return found
    finally:
        await db.aclose()


async def _read_neo4j(url: str, database: str | None) -> dict[str, list[dict[str, Any]]]:
    from neo4j import AsyncGraphDatabase

    parts = urlsplit(url)
    auth = (unquote(parts.username), unquote(parts.password or "")) if parts.username else None
    address = f"{parts.scheme}://{parts.hostname}:{parts.port or 7687}"
    async with AsyncGraphDatabase.driver(address, auth=auth) as driver:
        found: dict[str, list[dict[str, Any]]] = {}
        for key, query in QUERIES.items():
            records, _, _ = await driver.execute_query(query, database_=database, routing_="r")
            found[key] = [{k: _plain(r[k]) for k in r.keys()} for r in records]
        return found

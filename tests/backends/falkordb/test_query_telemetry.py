"""FalkorDB's query telemetry keeps no memory content (docs/adr/0018).

With `CMD_INFO` on — FalkorDB's default, so any server a user points Retentia at — FalkorDB
copies the text and parameters of every query it ran on a graph into a stream in the keyspace,
`telemetry{<graph>}`, every 0.25–3 s. The stream is saved, rewritten into the server's files and
replicated like any key: the erase test found an erased name, a phrase and a fact object in the
snapshot the embedded server wrote as it stopped, out of a stream flushed after the erase had
rewritten the files. Retentia keeps a string under that name on every server (FalkorDB streams
into nothing else), and the embedded server records no query at all."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from redis.asyncio import Redis

from graph_backends import FalkorConfig, open_backend
from graph_backends.falkordb.repository import (
    TELEMETRY_PLACEHOLDER,
    FalkorRepository,
    telemetry_key,
)
from schema import Tenant
from tests.conftest import DIMENSION, new_tenant
from tests.factories import memory

SECRET = "Oriel Fenwick-Saltmarsh lives above the ropewalk"
#: FalkorDB streams the queries it recorded at least this often (its recurring task backs off
#: to 3 s while idle), and more.
STREAM_INTERVAL_S = 3.5


async def everything_under(connection: Redis, tenant: Tenant) -> str:
    """The content of every key of the server named after the tenant but its graph, as text."""
    found: list[Any] = []
    async for key in connection.scan_iter(match=f"*{tenant.key}*"):
        kind = await connection.type(key)
        kind = kind.decode() if isinstance(kind, bytes) else kind
        if kind == "string":
            found.append(await connection.get(key))
        elif kind == "stream":
            found.append(await connection.xrange(key))
        elif kind != "graphdata":
            found.append((key, kind))
    return repr(found).lower()


async def test_a_servers_query_telemetry_holds_no_memory_content(falkordb_url: str) -> None:
    """On a server with FalkorDB's defaults (the suite's URL server), what was stored and
    searched for does not reach the keyspace outside the graph."""
    tenant = new_tenant()
    async with open_backend(FalkorConfig(url=falkordb_url, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, FalkorRepository)
        connection = repo._db.connection
        cmd_info = await connection.execute_command("GRAPH.CONFIG", "GET", "CMD_INFO")
        assert cmd_info[1] in (1, True, b"1"), f"the URL server records no queries: {cmd_info}"
        await repo.ensure_schema(tenant)
        try:
            await repo.upsert_memories(tenant, [memory(SECRET)])
            assert await repo.fulltext_search(tenant, "ropewalk Fenwick", 5)
            await asyncio.sleep(STREAM_INTERVAL_S)

            assert await connection.get(telemetry_key(tenant)) == TELEMETRY_PLACEHOLDER
            assert "ropewalk" not in await everything_under(connection, tenant)
        finally:
            await repo.drop_tenant(tenant)


async def test_a_stream_left_from_before_is_replaced_and_a_drop_removes_the_key(
    falkordb_url: str,
) -> None:
    """A telemetry stream FalkorDB filled before this version (or while the placeholder was
    gone) is replaced when the tenant's schema is ensured; dropping the tenant leaves no key."""
    tenant = new_tenant()
    async with open_backend(FalkorConfig(url=falkordb_url, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, FalkorRepository)
        connection = repo._db.connection
        await connection.xadd(telemetry_key(tenant), {"Query": SECRET})
        await repo.ensure_schema(tenant)
        assert "ropewalk" not in await everything_under(connection, tenant)

        await repo.drop_tenant(tenant)
        assert [k async for k in connection.scan_iter(match=f"*{tenant.key}*")] == []


async def test_the_embedded_server_records_no_query(tmp_path: Path) -> None:
    """Nothing recorded, nothing kept in memory either (each graph's buffer holds 0 queries)."""
    tenant = new_tenant()
    config = FalkorConfig(data_dir=tmp_path / "falkordb", vector_dimension=DIMENSION)
    async with open_backend(config) as repo:
        assert isinstance(repo, FalkorRepository)
        connection = repo._db.connection
        settings = {
            name: (await connection.execute_command("GRAPH.CONFIG", "GET", name))[1]
            for name in ("CMD_INFO", "MAX_INFO_QUERIES")
        }
        assert settings == {"CMD_INFO": 0, "MAX_INFO_QUERIES": 0}
        await repo.ensure_schema(tenant)
        await repo.upsert_memories(tenant, [memory(SECRET)])
        assert "ropewalk" not in await everything_under(connection, tenant)

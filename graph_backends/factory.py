"""`open_backend(config)`: the one way the service gets a repository."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from graph_backends.config import BackendConfig, FalkorConfig, Neo4jConfig, SurrealConfig
from graph_backends.protocol import FactStore


@asynccontextmanager
async def open_backend(config: BackendConfig) -> AsyncIterator[FactStore]:
    """Connect (starting an embedded database if configured) and close on exit. Creates no
    schema: call `ensure_schema(tenant)` explicitly."""
    if isinstance(config, FalkorConfig):
        async with _open_falkordb(config) as repository:
            yield repository
    elif isinstance(config, Neo4jConfig):
        from graph_backends.neo4j.repository import open_neo4j

        async with open_neo4j(config) as repository:
            yield repository
    elif isinstance(config, SurrealConfig):
        from graph_backends.surrealdb.repository import open_surrealdb

        async with open_surrealdb(config) as repository:
            yield repository
    else:  # pragma: no cover - exhaustive over BackendConfig
        raise TypeError(f"unknown backend configuration {config!r}")


@asynccontextmanager
async def _open_falkordb(config: FalkorConfig) -> AsyncIterator[FactStore]:
    from falkordb.asyncio import FalkorDB
    from redis.asyncio import BlockingConnectionPool

    from graph_backends.falkordb.embedded import EmbeddedFalkorDB
    from graph_backends.falkordb.repository import FalkorRepository

    embedded = None
    url = config.url
    if url is None:
        embedded = EmbeddedFalkorDB(
            config.data_dir,
            appendfsync=config.appendfsync,
            startup_timeout_s=config.startup_timeout_s,
            hz=config.server_hz,
            query_threads=config.server_query_threads,
        )
        url = await embedded.start(share_running=config.share_running)
    try:
        pool = BlockingConnectionPool.from_url(
            url,
            max_connections=config.max_connections,
            decode_responses=True,
            timeout=30,
            socket_timeout=config.socket_timeout_s,
        )
        repository = FalkorRepository(
            FalkorDB(connection_pool=pool),
            vector_dimension=config.vector_dimension,
            ef_runtime=config.ef_runtime,
        )
        try:
            await repository.ping()
            yield repository
        finally:
            await repository.aclose()
            await pool.aclose()
    finally:
        if embedded is not None:
            await embedded.stop()

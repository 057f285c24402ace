"""`open_backend(config)`: the one way the service gets a repository."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from graph_backends.config import BackendConfig, FalkorConfig, Neo4jConfig, SurrealConfig
from graph_backends.protocol import Backend


@asynccontextmanager
async def open_backend(config: BackendConfig) -> AsyncIterator[Backend]:
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


def probe_backend(config: BackendConfig) -> None:
    """Raise the `BackendUnavailable` that opening `config` is certain to meet, now and without
    connecting: an embedded FalkorDB data directory another Retentia process owns (and that
    `share_running` does not share). For entry points to call before slow start-up work (an
    embedding model takes ~15 s to load); anything else is found out when `open_backend` runs."""
    if isinstance(config, FalkorConfig) and config.url is None:
        from graph_backends.falkordb.embedded import EmbeddedFalkorDB

        embedded = EmbeddedFalkorDB(config.data_dir)
        embedded.probe(share_running=config.share_running)


@asynccontextmanager
async def _open_falkordb(config: FalkorConfig) -> AsyncIterator[Backend]:
    from falkordb.asyncio import FalkorDB
    from redis.asyncio import BlockingConnectionPool

    from graph_backends.falkordb.embedded import EmbeddedFalkorDB, RestartPolicy
    from graph_backends.falkordb.repository import FalkorRepository
    from graph_backends.falkordb.supervised_pool import SupervisedConnectionPool

    if config.cluster:
        async with _open_falkordb_cluster(config) as repository:
            yield repository
        return
    embedded = None
    url = config.url
    if url is None:
        embedded = EmbeddedFalkorDB(
            config.data_dir,
            appendfsync=config.appendfsync,
            startup_timeout_s=config.startup_timeout_s,
            hz=config.server_hz,
            query_threads=config.server_query_threads,
            restart=RestartPolicy(
                attempts=config.restart_attempts,
                backoff_s=config.restart_backoff_s,
                max_backoff_s=config.restart_backoff_max_s,
            ),
        )
        url = await embedded.start(share_running=config.share_running)
    try:
        options: dict[str, object] = {
            "max_connections": config.max_connections,
            "decode_responses": True,
            "timeout": 30,
            "socket_timeout": config.socket_timeout_s,
        }
        if embedded is None and config.password is not None:
            options["password"] = config.password.get_secret_value()
        pool = (
            SupervisedConnectionPool.from_url(url, check=embedded.check_available, **options)
            if embedded is not None
            else BlockingConnectionPool.from_url(url, **options)
        )
        repository = FalkorRepository(
            FalkorDB(connection_pool=pool),
            vector_dimension=config.vector_dimension,
            ef_runtime=config.ef_runtime,
            ef_construction=config.ef_construction,
            fatal_error=embedded.fatal_error if embedded is not None else None,
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


@asynccontextmanager
async def _open_falkordb_cluster(config: FalkorConfig) -> AsyncIterator[Backend]:
    """Cluster mode: a `RedisCluster` client from the seed node in `config.url`. It learns the
    slot map from CLUSTER SLOTS, sends each command to the master of its key's slot, follows
    MOVED (refreshing the map) and ASK, and after a lost connection or a failover re-reads the
    map and retries, backing off for up to ~10 s (a replica takes over after
    `cluster-node-timeout` plus an election)."""
    from falkordb.asyncio import FalkorDB
    from redis.asyncio.cluster import RedisCluster
    from redis.asyncio.retry import Retry
    from redis.backoff import ExponentialBackoff

    from graph_backends.errors import BackendUnavailable
    from graph_backends.falkordb.repository import FalkorRepository

    if config.url is None:
        raise BackendUnavailable(
            "RETENTIA_FALKORDB_CLUSTER needs RETENTIA_FALKORDB_URL naming a node of the cluster"
        )
    try:
        cluster = RedisCluster.from_url(
            config.url,
            decode_responses=True,
            max_connections=config.max_connections,
            socket_timeout=config.socket_timeout_s,
            socket_connect_timeout=5,
            retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), retries=20),
            password=None if config.password is None else config.password.get_secret_value(),
        )
        await cluster.initialize()
    except Exception as e:
        raise BackendUnavailable(f"FalkorDB cluster at {config.url} is unreachable ({e})") from e
    # `FalkorDB(...)` always builds a single-node client and probes it synchronously; the
    # repository needs only `connection` (and `select_graph`, which reads it).
    db = FalkorDB.__new__(FalkorDB)
    db.connection = cluster
    db.flushdb = cluster.flushdb
    db.execute_command = cluster.execute_command
    repository = FalkorRepository(
        db,
        vector_dimension=config.vector_dimension,
        ef_runtime=config.ef_runtime,
        ef_construction=config.ef_construction,
        wait_replicas=config.wait_replicas,
        wait_timeout_ms=config.wait_timeout_ms,
    )
    try:
        await repository.ping()
        yield repository
    finally:
        await repository.aclose()

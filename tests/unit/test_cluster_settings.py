"""Cluster-mode settings: `RETENTIA_FALKORDB_CLUSTER` needs a seed URL, `WAIT` needs a cluster,
and the backend configuration carries them (ADR 0022)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from graph_backends import FalkorConfig
from service.settings import Settings


def test_cluster_settings_reach_the_backend_configuration(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RETENTIA_FALKORDB_URL", "redis://10.0.0.1:6379")
    monkeypatch.setenv("RETENTIA_FALKORDB_CLUSTER", "true")
    monkeypatch.setenv("RETENTIA_FALKORDB_WAIT_REPLICAS", "1")
    monkeypatch.setenv("RETENTIA_FALKORDB_WAIT_TIMEOUT_MS", "250")
    settings = Settings()
    config = settings.backend_config(384)
    assert isinstance(config, FalkorConfig)
    assert (config.url, config.cluster, config.wait_replicas, config.wait_timeout_ms) == (
        "redis://10.0.0.1:6379",
        True,
        1,
        250,
    )
    assert "cluster" in settings.storage_description()


def test_single_node_is_the_default() -> None:
    config = Settings().backend_config(384)
    assert isinstance(config, FalkorConfig)
    assert (config.cluster, config.wait_replicas) == (False, 0)


def test_cluster_without_a_seed_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RETENTIA_FALKORDB_URL", raising=False)
    monkeypatch.setenv("RETENTIA_FALKORDB_CLUSTER", "true")
    with pytest.raises(ValidationError, match="RETENTIA_FALKORDB_URL"):
        Settings()


def test_wait_without_a_cluster_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RETENTIA_FALKORDB_WAIT_REPLICAS", "1")
    with pytest.raises(ValidationError, match="RETENTIA_FALKORDB_CLUSTER"):
        Settings()


def test_a_server_password_reaches_the_configuration_and_needs_a_url(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """RETENTIA_FALKORDB_PASSWORD (the chart's FalkorDB requires one) reaches the backend
    configuration, secret; without a URL (the embedded FalkorDB takes none) it is refused."""
    monkeypatch.setenv("RETENTIA_FALKORDB_URL", "redis://10.0.0.1:6379")
    monkeypatch.setenv("RETENTIA_FALKORDB_PASSWORD", "pw-of-the-server")
    config = Settings().backend_config(384)
    assert isinstance(config, FalkorConfig) and config.password is not None
    assert config.password.get_secret_value() == "pw-of-the-server"
    assert "pw-of-the-server" not in repr(config)
    monkeypatch.delenv("RETENTIA_FALKORDB_URL")
    with pytest.raises(ValidationError, match="RETENTIA_FALKORDB_PASSWORD is the password"):
        Settings()

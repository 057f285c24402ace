"""deploy/compose.yaml against the Compose Specification's own JSON schema (the one Docker
Compose validates with: compose-spec/compose-go's schema/compose-spec.json, fetched as a pinned
Go module), and the points the operator docs promise."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Any

import jsonschema
import pytest
import yaml  # type: ignore[import-untyped]  # PyYAML: via huggingface_hub and schemathesis; no stubs installed

ROOT = Path(__file__).resolve().parents[2]
COMPOSE = ROOT / "deploy" / "compose.yaml"
COMPOSE_GO = "github.com/compose-spec/compose-go/v2@v2.16.2"
CACHE = Path.home() / ".cache" / "retentia"


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    env = {
        **os.environ,
        "GOPATH": str(CACHE / "go"),
        "GOMODCACHE": str(CACHE / "go-mod"),
        "GOFLAGS": "-mod=mod",
    }
    try:
        done = subprocess.run(
            ["go", "mod", "download", "-json", COMPOSE_GO],
            capture_output=True,
            text=True,
            env=env,
            check=True,
            cwd=CACHE,
        )
    except (FileNotFoundError, subprocess.CalledProcessError) as error:  # no Go, no proxy
        pytest.skip(f"cannot fetch {COMPOSE_GO} (the compose-spec schema): {error}")
    path = Path(json.loads(done.stdout)["Dir"]) / "schema" / "compose-spec.json"
    loaded: dict[str, Any] = json.loads(path.read_text())
    return loaded


@pytest.fixture(scope="module")
def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load(COMPOSE.read_text())
    return loaded


def test_the_compose_file_is_valid_against_the_compose_spec(
    schema: dict[str, Any], compose: dict[str, Any]
) -> None:
    validator = jsonschema.validators.validator_for(schema)(schema)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(compose)]
    assert errors == []


def test_the_schema_rejects_a_broken_file(schema: dict[str, Any], compose: dict[str, Any]) -> None:
    broken = {**compose, "services": {**compose["services"], "api-1": {"restart": 3}}}
    validator = jsonschema.validators.validator_for(schema)(schema)
    assert list(validator.iter_errors(broken)), "the schema check must be able to fail"


def test_falkordb_keeps_its_append_only_file_on_a_volume(compose: dict[str, Any]) -> None:
    falkordb = compose["services"]["falkordb"]
    command = falkordb["command"]
    assert command[command.index("--appendonly") + 1] == "yes"
    assert command[command.index("--dir") + 1] == "/data"
    assert "falkordb-data:/data" in falkordb["volumes"]
    assert "falkordb-data" in compose["volumes"]


def test_two_api_replicas_a_reconciler_and_scheduled_maintenance(
    compose: dict[str, Any],
) -> None:
    services = compose["services"]
    for api in ("api-1", "api-2"):
        assert services[api]["command"] == ["retentia", "serve"]
        assert services[api]["environment"]["RETENTIA_FALKORDB_URL"] == "redis://falkordb:6379"
        assert "profiles" not in services[api]
    assert services["reconciler"]["command"][:2] == ["retentia", "reconcile"]
    assert "retentia maintain --all" in services["maintenance"]["command"][0]
    assert "sleep" in services["maintenance"]["command"][0]


def test_the_neo4j_and_falkordb_cluster_profiles(compose: dict[str, Any]) -> None:
    profiles: dict[str, set[str]] = {}
    for name, service in compose["services"].items():
        for profile in service.get("profiles", []):
            profiles.setdefault(profile, set()).add(name)
    assert set(profiles) == {"neo4j", "falkordb-cluster"}
    assert {"neo4j", "api-neo4j-1", "api-neo4j-2"} <= profiles["neo4j"]
    cluster = compose["services"]["api-cluster"]["environment"]
    assert cluster["RETENTIA_FALKORDB_CLUSTER"] == "true"
    assert len([n for n in profiles["falkordb-cluster"] if n.startswith("falkordb-node-")]) == 3


def test_every_retentia_container_is_locked_down_like_the_chart(compose: dict[str, Any]) -> None:
    for name, service in compose["services"].items():
        if "retentia" not in service["image"]:
            continue
        assert service["read_only"] is True, name
        assert service["user"] == "10001:10001", name
        assert service["cap_drop"] == ["ALL"], name
        assert any(t.startswith("/tmp") for t in service["tmpfs"]), name


def test_the_settings_it_names_exist(compose: dict[str, Any]) -> None:
    from service.settings import Settings

    known = {f"RETENTIA_{name.upper()}" for name in Settings.model_fields}
    for name, service in compose["services"].items():
        for key in service.get("environment", {}):
            if key.startswith("RETENTIA_") and key != "RETENTIA_MAINTENANCE_INTERVAL":
                assert key in known, f"{name}: {key} is no setting"


def test_the_dockerfile_is_no_longer_a_draft() -> None:
    text = (ROOT / "deploy" / "Dockerfile").read_text()
    assert not re.search(r"UNTESTED|DRAFT", text)

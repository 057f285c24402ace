"""The container image, built from deploy/Dockerfile and run the way the Helm chart runs it
(scripts/image-test, devtools/image.py): buildah and podman, no Docker engine. scripts/test
starts the build in the background and points RETENTIA_IMAGE_TEST_RESULT at the JSON it
writes; a targeted run (no such variable) runs scripts/image-test itself."""

from __future__ import annotations

import json
import os
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

from devtools import image

#: The whole script on a cold cache (debootstrap, wheels, the embedder's torch export, the
#: build): ~10 min on this 2-core machine; a warm one is ~1 min.
WAIT_S = 40 * 60
#: Ready within this bound under the suite's load; the ≤ 5 s target is reported, not asserted
#: (bench/results/image.md), since timing under a shared load is not behaviour.
READY_S = 30.0


@pytest.fixture(scope="module")
def result(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    background = os.environ.get("RETENTIA_IMAGE_TEST_RESULT")
    if background:
        path = Path(background)
        began = time.monotonic()
        while not path.exists():
            assert time.monotonic() - began < WAIT_S, f"scripts/image-test wrote no {path}"
            time.sleep(2)
    else:
        path = tmp_path_factory.mktemp("image") / "result.json"
        subprocess.run(
            [str(image.ROOT / "scripts" / "image-test"), "--no-report", "--json-out", str(path)],
            check=False,
            timeout=WAIT_S,
        )
    assert path.exists(), "scripts/image-test wrote no result"
    loaded: dict[str, Any] = json.loads(path.read_text())
    return loaded


@pytest.fixture(scope="module")
def checks(result: dict[str, Any]) -> dict[str, Any]:
    assert "error" not in result, result["error"]
    assert "checks" in result, result
    found: dict[str, Any] = result["checks"]
    return found


def test_the_image_builds_and_passes_every_check(result: dict[str, Any]) -> None:
    assert result.get("passed") is True, json.dumps(result, indent=2)


def test_ready_within_the_bound(checks: dict[str, Any]) -> None:
    assert checks["ready_s"] < READY_S
    assert checks["restart_ready_s"] < READY_S


def test_a_store_and_a_recall_over_http_with_the_charts_key(checks: dict[str, Any]) -> None:
    assert checks["round_trip"] is True


def test_sigterm_exits_cleanly(checks: dict[str, Any]) -> None:
    assert checks["sigterm_exit"] == 0 and checks["sigterm_s"] < image.STOP_BOUND_S
    assert checks["restart_sigterm_exit"] == 0


def test_the_data_on_the_volume_survives_a_new_container(checks: dict[str, Any]) -> None:
    assert checks["survives_restart"] is True


def test_it_runs_as_the_charts_non_root_user(checks: dict[str, Any]) -> None:
    assert checks["uid"] == 10001
    assert checks["image_user"].split(":")[0] == "10001"


def test_no_torch_in_the_image(checks: dict[str, Any]) -> None:
    assert checks["torch_in_image"] is False


def test_the_healthcheck_passes(checks: dict[str, Any]) -> None:
    assert checks["healthcheck"] is True


def test_the_image_is_under_the_size_target(checks: dict[str, Any]) -> None:
    assert checks["size_mb"] < 1500


def test_the_container_runs_the_charts_command(checks: dict[str, Any]) -> None:
    assert checks["chart_command"] == ["retentia", "serve"]


def test_mcp_over_http_initializes_with_the_key(checks: dict[str, Any]) -> None:
    assert checks["mcp_initialize"] is True

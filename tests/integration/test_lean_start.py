"""The ONNX embedder is built once (`retentia embedder build`) and served without torch
(docs/adr/0023): a process that loads the embedder, and `retentia serve`, never import it; the
`torch` runtime still does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.integration.service_process import ServiceProcess

LOADS = """
import asyncio, sys
from service.adapters.embedding import load_embedder
from service.settings import Settings

async def main():
    embedder = await load_embedder(Settings())
    (vector,) = await embedder.embed(["hello"])
    print(len(vector), embedder.name, "torch" in sys.modules)

asyncio.run(main())
"""


def _env(cache: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "RETENTIA_BACKEND"}
    return {**env, "XDG_CACHE_HOME": str(cache), "HF_HUB_OFFLINE": "1", **extra}


def _retentia(cache: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "service.cli", *args],
        env=_env(cache),
        capture_output=True,
        text=True,
        timeout=600,
    )


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    cache = tmp_path_factory.mktemp("cache")
    done = _retentia(cache, "embedder", "build")
    assert done.returncode == 0, done.stderr
    assert Path(done.stdout.strip()).is_file()
    return cache


def test_verify_fails_before_a_build_and_passes_after(built: Path, tmp_path: Path) -> None:
    before = _retentia(tmp_path, "embedder", "verify")
    assert before.returncode == 1
    assert "retentia embedder build" in before.stderr or "no usable build" in before.stderr
    after = _retentia(built, "embedder", "verify")
    assert after.returncode == 0, after.stderr


def test_the_onnx_embedder_loads_without_torch(built: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", LOADS], env=_env(built), capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["384", "local:all-MiniLM-L6-v2:int8", "False"]


def test_the_torch_runtime_still_runs_on_torch(built: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", LOADS],
        env=_env(built, RETENTIA_LOCAL_RUNTIME="torch"),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split()[-1] == "True"


def test_serve_is_ready_without_torch_in_the_process(built: Path, tmp_path: Path) -> None:
    service = ServiceProcess(tmp_path / "data", {"XDG_CACHE_HOME": str(built)})
    with service.running():
        assert service.process is not None
        maps = Path(f"/proc/{service.process.pid}/maps").read_text()
        assert "libtorch" not in maps
        assert "prebuilt, without torch" in service.output_tail()

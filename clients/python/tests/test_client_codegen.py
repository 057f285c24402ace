"""The committed generated client is what ariadne-codegen makes from today's schema.graphql and
operations (so an SDL change that forgets the client fails here), and the client is versioned
with the service."""

from __future__ import annotations

import filecmp
import subprocess
import sys
import tomllib
from pathlib import Path

import retentia_client

CLIENT = Path(__file__).resolve().parents[1]
REPO = CLIENT.parents[1]
GENERATED = CLIENT / "retentia_client" / "_generated"
#: scripts/install puts ariadne-codegen in a venv of its own (its ruff pin is not ours), inside
#: the project's venv (the one running the tests).
CODEGEN_PYTHON = Path(sys.prefix) / "codegen" / "bin" / "python"


def differences(left: Path, right: Path) -> list[str]:
    compared = filecmp.dircmp(left, right, ignore=["__pycache__"])
    found = [f"only committed: {n}" for n in compared.left_only]
    found += [f"only generated: {n}" for n in compared.right_only]
    found += [f"differs: {n}" for n in compared.diff_files]
    _, mismatch, errors = filecmp.cmpfiles(left, right, compared.common_files, shallow=False)
    return sorted({*found, *(f"differs: {n}" for n in mismatch + errors)})


def test_the_committed_client_is_generated_from_the_committed_sdl(tmp_path: Path) -> None:
    assert CODEGEN_PYTHON.exists(), f"{CODEGEN_PYTHON} is missing: run scripts/install"
    done = subprocess.run(
        [str(CODEGEN_PYTHON), str(CLIENT / "codegen" / "generate.py"), "--out", str(tmp_path)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    stale = differences(GENERATED, tmp_path / "_generated")
    assert not stale, (
        "retentia_client/_generated is stale; regenerate it with "
        f"`.venv/codegen/bin/python clients/python/codegen/generate.py`: {stale}"
    )


def test_an_operation_the_sdl_cannot_answer_fails_the_generation(tmp_path: Path) -> None:
    """The check has teeth: the generator validates the operations against the SDL."""
    operations = tmp_path / "operations"
    operations.mkdir()
    for source in (CLIENT / "retentia_client" / "operations").glob("*.graphql"):
        (operations / source.name).write_text(source.read_text())
    (operations / "bad.graphql").write_text(
        "query Bad { stats { __typename ... on Stats { noSuchField } } }\n"
    )
    settings = tomllib.loads((CLIENT / "pyproject.toml").read_text())["tool"]["ariadne-codegen"]
    config = tmp_path / "pyproject.toml"
    config.write_text(
        "[tool.ariadne-codegen]\n"
        f'schema_path = "{REPO / "schema.graphql"}"\n'
        f'queries_path = "{operations}"\n'
        f'target_package_path = "{tmp_path}"\n'
        f'target_package_name = "{settings["target_package_name"]}"\n'
    )
    done = subprocess.run(
        [str(CODEGEN_PYTHON), "-m", "ariadne_codegen", "--config", str(config)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        cwd=tmp_path,
    )
    assert done.returncode != 0
    assert "noSuchField" in done.stdout + done.stderr


def test_the_client_is_versioned_with_the_service() -> None:
    service = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]["version"]
    client = tomllib.loads((CLIENT / "pyproject.toml").read_text())["project"]["version"]
    assert client == service == retentia_client.__version__

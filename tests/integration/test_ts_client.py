"""A frontend team can start from the SDL alone: `scripts/ts-client-check` generates TypeScript
types with graphql-codegen from the committed schema.graphql and example operations and
type-checks an example that uses them — and the same check fails on a document that asks for a
field the SDL does not have, so it would catch a breaking change or a stale example."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
SCRIPT = REPO / "scripts" / "ts-client-check"


def check(env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(SCRIPT)],
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_the_generated_client_type_checks_the_examples() -> None:
    done = check()
    assert done.returncode == 0, done.stdout + done.stderr
    assert "TypeScript client check passed" in done.stdout
    generated = (REPO / "clients/typescript/generated/graphql.ts").read_text()
    for operation in ("StoreMemoryMutation", "RecallQuery", "ExplainQuery", "FactsQuery"):
        assert f"export type {operation} " in generated, operation


def test_a_field_the_sdl_lacks_fails_the_check(tmp_path: Path) -> None:
    bad = tmp_path / "bad.graphql"
    bad.write_text("query Bad { stats { __typename ... on Stats { noSuchField } } }\n")
    done = check({"RETENTIA_TS_DOCUMENTS": str(bad)})
    assert done.returncode != 0
    assert 'Cannot query field "noSuchField" on type "Stats"' in done.stdout + done.stderr

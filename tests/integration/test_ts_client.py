"""The TypeScript client (clients/typescript): `scripts/ts-client-check` generates its typed
documents with graphql-codegen from the committed schema.graphql and type-checks the client, an
example and its tests — the same check fails on a document that asks for a field the SDL does not
have, so it catches a breaking change — and runs the client's tests against a real keyed
service."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from tests.integration.service_process import ServiceProcess

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


def test_the_runtime_client_works_against_a_real_keyed_service(tmp_path: Path) -> None:
    """`clients/typescript/test/client.test.ts` (node:test) against `retentia serve` with an
    API key: stores, reads, recalls, context, idempotency, a dropped connection retried once,
    typed errors (invalid input, not found, a wrong key), pages, projects, import and export."""
    key = "ts-client-bootstrap-key-0123456789abcdef"
    with ServiceProcess.secured(tmp_path / "data", key).running() as service:
        done = check({"RETENTIA_URL": service.url, "RETENTIA_KEY": key})
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-4000:]
    assert "TypeScript client tests passed" in done.stdout
    assert "# fail 0" in done.stdout
    assert "# pass 7" in done.stdout

"""Fuzzing the GraphQL schema with schemathesis' GraphQL mode against a running service
(development mode, embedded FalkorDB): for every query and mutation, generated documents with
generated arguments never get a server error (5xx) nor a masked "Unexpected error" — every
failure a caller can provoke is a typed result or a GraphQL validation error.

The operations are read from the committed SDL (kept current by its snapshot test), so each is
its own test; schemathesis' pytest loader (`from_fixture`) does not run on pytest 9."""

from __future__ import annotations

from pathlib import Path

import pytest
from graphql import build_schema
from hypothesis import HealthCheck, given, settings
from schemathesis import Case
from schemathesis.graphql import from_url
from schemathesis.schemas import APIOperation

from tests.integration.service_process import ServiceProcess

#: Examples per operation: 31 operations, so about 500 requests (~1–2 minutes here).
EXAMPLES = 15
SDL = build_schema((Path(__file__).resolve().parents[2] / "schema.graphql").read_text())
assert SDL.query_type is not None and SDL.mutation_type is not None
OPERATIONS = sorted(
    [f"Query.{name}" for name in SDL.query_type.fields]
    + [f"Mutation.{name}" for name in SDL.mutation_type.fields]
)


@pytest.fixture(scope="module")
def operations(api: ServiceProcess) -> dict[str, APIOperation]:
    """schemathesis' operations, from the running service's introspection."""
    loaded = from_url(f"{api.url}/graphql", timeout=60)
    found = {op.label: op for op in (r.ok() for r in loaded.get_all_operations())}
    assert set(found) == set(OPERATIONS)  # the SDL file is the served schema
    return found


@pytest.mark.slow
@pytest.mark.parametrize("label", OPERATIONS)
def test_no_server_errors(operations: dict[str, APIOperation], label: str) -> None:
    @given(case=operations[label].as_strategy())
    @settings(
        max_examples=EXAMPLES,
        deadline=None,
        database=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    )
    def no_server_error(case: Case) -> None:
        response = case.call(timeout=120)
        sent = f"{case.body!r}"[:1500]
        assert response.status_code < 500, f"{response.status_code} for {sent}: {response.text}"
        assert "Unexpected error" not in response.text, f"{sent}\n→ {response.text[:2000]}"

    no_server_error()

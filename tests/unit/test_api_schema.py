"""The schema logs a client's mistake — a syntax or validation error, a variable of the wrong
type — at WARNING without a traceback, and a failure of our own code at ERROR with one."""

from __future__ import annotations

import logging

import pytest
import strawberry

from service.api.schema import RetentiaSchema


@strawberry.type
class _Query:
    @strawberry.field
    def fine(self) -> int:
        return 1

    @strawberry.field
    def broken(self) -> int:
        raise RuntimeError("our bug")


SCHEMA = RetentiaSchema(query=_Query)


@pytest.mark.parametrize(
    ("query", "variables"),
    [
        ("{ fine ", None),
        ("{ noSuchField }", None),
        ("query($n: Int!) { fine @skip(if: $n) }", {"n": "x"}),
        ("query($n: Int!) { fine }", {"n": "many"}),
    ],
    ids=["syntax", "unknown-field", "invalid-operation", "variable"],
)
def test_a_clients_mistake_is_a_warning(
    caplog: pytest.LogCaptureFixture, query: str, variables: dict[str, object] | None
) -> None:
    with caplog.at_level(logging.DEBUG, logger="strawberry.execution"):
        result = SCHEMA.execute_sync(query, variable_values=variables)
    assert result.errors
    logged = [r for r in caplog.records if r.name == "strawberry.execution"]
    assert logged and {r.levelno for r in logged} == {logging.WARNING}
    assert all(r.exc_info is None for r in logged)
    assert logged[0].getMessage().startswith("invalid GraphQL request: ")


def test_a_failure_of_our_code_stays_an_error(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.DEBUG, logger="strawberry.execution"):
        result = SCHEMA.execute_sync("{ broken }")
    assert result.errors
    (logged,) = [r for r in caplog.records if r.name == "strawberry.execution"]
    assert logged.levelno == logging.ERROR and logged.exc_info is not None
    assert isinstance(logged.exc_info[1], RuntimeError)

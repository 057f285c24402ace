"""Domain errors become the member of a resolver's result union made for them, in one place;
an error the union has no member for (and any other exception) propagates, to be masked —
but for `Unavailable`, which becomes a typed, retryable GraphQL error."""

from __future__ import annotations

import pytest
from graphql import GraphQLError

from graph_backends import BackendUnavailable
from schema import Conflict, InvalidInput, NotFound, RetentiaError
from service.api.errors import as_result, maps_errors, unavailable_error, union_members
from service.api.types.errors import (
    ConflictError,
    ForbiddenError,
    InvalidInputError,
    NotFoundError,
    RecallUnavailableError,
    UnauthenticatedError,
)
from service.api.types.results import (
    ApiKeysResult,
    MemoryPageResult,
    MemoryResult,
    RecallResult,
    RetractFactResult,
)
from service.usecases.auth import Forbidden, Permission, Unauthenticated
from service.usecases.recall import RecallFailed


def test_each_expected_error_becomes_its_member() -> None:
    members = union_members(RetractFactResult)
    found = as_result(NotFound("fact", "f1"), members)
    assert isinstance(found, NotFoundError) and (found.kind, found.key) == ("fact", "f1")
    assert found.message == "fact 'f1' does not exist"
    invalid = as_result(InvalidInput("at", "in the future"), members)
    assert isinstance(invalid, InvalidInputError) and invalid.field == "at"
    assert invalid.message == "at: in the future"
    assert isinstance(as_result(Conflict("retracted already"), members), ConflictError)
    assert isinstance(as_result(Unauthenticated("no key"), members), UnauthenticatedError)
    denied = as_result(Forbidden("lacks it", Permission.PROJECT_WRITE), members)
    assert isinstance(denied, ForbiddenError) and denied.permission is Permission.PROJECT_WRITE
    unavailable = as_result(RecallFailed("every leg failed"), union_members(RecallResult))
    assert isinstance(unavailable, RecallUnavailableError)


@pytest.mark.parametrize(
    ("error", "union"),
    [
        (NotFound("memory", "m1"), MemoryPageResult),
        (Conflict("duplicate"), MemoryResult),
        (InvalidInput("x", "bad"), ApiKeysResult),
        (RetentiaError("unexpected"), MemoryResult),
    ],
)
def test_an_error_without_a_member_propagates(error: RetentiaError, union: object) -> None:
    with pytest.raises(type(error)) as raised:
        as_result(error, union_members(union))
    assert raised.value is error


async def test_the_decorator_maps_what_the_resolver_raises() -> None:
    @maps_errors
    async def resolver(missing: bool) -> MemoryResult:
        if missing:
            raise NotFound("memory", "m1")
        raise ValueError("a bug")

    assert isinstance(await resolver(True), NotFoundError)
    with pytest.raises(ValueError, match="a bug"):
        await resolver(False)


def test_unavailable_becomes_a_typed_retryable_graphql_error() -> None:
    """The database down (or its embedded server restarting) is `UNAVAILABLE`, retryable, at
    the error's place in the response; its cause, which may name server files, is not sent."""
    cause = BackendUnavailable("FalkorDB is unreachable (/var/lib/retentia/falkordb.sock)")
    error = GraphQLError("x", path=["storeMemory"], original_error=cause)
    typed = unavailable_error(error, "req-1")
    assert typed is not None
    assert typed.extensions == {"code": "UNAVAILABLE", "retryable": True}
    assert typed.path == ["storeMemory"]
    assert typed.message == "The database is unavailable right now; retry shortly (request req-1)."
    assert "/var/lib" not in typed.message


@pytest.mark.parametrize("cause", [ValueError("a bug"), RetentiaError("unexpected"), None])
def test_other_errors_are_not_unavailable(cause: Exception | None) -> None:
    assert unavailable_error(GraphQLError("x", original_error=cause), "req-1") is None

"""The one place domain errors become GraphQL results.

A resolver decorated with `maps_errors` returns a union (`Annotated[A | B, strawberry.union()]`);
a `RetentiaError` it raises becomes the union's member for that error when the union has one
(`NotFound` → `NotFoundError`, …). Any other exception, and an expected error the union has no
member for, propagates to be masked and logged ("Unexpected error (request …)") — except
`Unavailable` (the database down, or its embedded server restarting), which any resolver may
meet: it becomes a GraphQL error with `extensions: {code: "UNAVAILABLE", retryable: true}`
(`unavailable_error`), so a client can tell "try again shortly" from a bug; and
`EmbedderMismatch` (a project embedded with another model) where the union has no `Conflict`:
`EMBEDDER_MISMATCH` with its message (`embedder_mismatch_error`)."""

from __future__ import annotations

import functools
import typing
from collections.abc import Awaitable, Callable, Coroutine
from typing import Any, Final, ParamSpec, TypeVar, cast

from graphql import GraphQLError

from schema import Conflict, InvalidInput, NotFound, RetentiaError, Unavailable
from schema.idempotency import IdempotencyConflict
from service.api.types.errors import (
    ConflictError,
    ForbiddenError,
    InvalidInputError,
    NotFoundError,
    RecallUnavailableError,
    UnauthenticatedError,
)
from service.usecases.auth import AuthenticationUnavailable, AuthError, Forbidden, Unauthenticated
from service.usecases.embedder_records import EmbedderMismatch
from service.usecases.recall import RecallFailed


def _recall_unavailable(e: RetentiaError) -> RecallUnavailableError:
    return RecallUnavailableError(message=str(e))


def _conflict(e: RetentiaError) -> ConflictError:
    if isinstance(e, IdempotencyConflict):
        return ConflictError(message=str(e), idempotency_key=e.key, retryable=e.retryable)
    return ConflictError(message=str(e), retryable=getattr(e, "retryable", False))


def _not_found(e: RetentiaError) -> NotFoundError:
    assert isinstance(e, NotFound)
    return NotFoundError(kind=e.kind, key=e.key, message=str(e))


def _unauthenticated(e: RetentiaError) -> UnauthenticatedError:
    return UnauthenticatedError(message=str(e))


def _forbidden(e: RetentiaError) -> ForbiddenError:
    assert isinstance(e, Forbidden)
    return ForbiddenError(message=str(e), permission=e.permission)


def _invalid_input(e: RetentiaError) -> InvalidInputError:
    assert isinstance(e, InvalidInput)
    return InvalidInputError(field=e.field, message=str(e))


#: Domain error → (its GraphQL member, the mapper), in the order they are tried.
_MEMBERS: tuple[tuple[type[RetentiaError], type[Any], Callable[[RetentiaError], Any]], ...] = (
    (RecallFailed, RecallUnavailableError, _recall_unavailable),
    (Conflict, ConflictError, _conflict),
    (NotFound, NotFoundError, _not_found),
    (Unauthenticated, UnauthenticatedError, _unauthenticated),
    (Forbidden, ForbiddenError, _forbidden),
    (InvalidInput, InvalidInputError, _invalid_input),
)


def union_members(union: Any) -> frozenset[type[Any]]:
    """The member types of `Annotated[A | B | …, strawberry.union(…)]` (or of a bare `A | B`)."""
    if typing.get_origin(union) is typing.Annotated:
        union = typing.get_args(union)[0]
    return frozenset(typing.get_args(union)) or frozenset({union})


def as_result(error: RetentiaError, members: frozenset[type[Any]]) -> Any:
    """The union member `error` maps to; re-raises `error` when the union has none."""
    for domain, member, build in _MEMBERS:
        if isinstance(error, domain) and member in members:
            return build(error)
    raise error


UNAVAILABLE: Final = "UNAVAILABLE"
EMBEDDER_MISMATCH: Final = "EMBEDDER_MISMATCH"


def embedder_mismatch_error(error: GraphQLError) -> GraphQLError | None:
    """The error a client gets when a resolver whose union has no `Conflict` met
    `EmbedderMismatch` (explain with a query, a maintenance pass, an import), else None: its
    message (the project, the two models and the fix; nothing of the server's files) with
    `extensions: {code: "EMBEDDER_MISMATCH", retryable}`."""
    cause = error.original_error
    if not isinstance(cause, EmbedderMismatch):
        return None
    return GraphQLError(
        str(cause),
        nodes=error.nodes,
        source=error.source,
        positions=error.positions,
        path=error.path,
        extensions={"code": EMBEDDER_MISMATCH, "retryable": cause.retryable},
    )


def unavailable_error(error: GraphQLError, reference: str) -> GraphQLError | None:
    """The error a client gets when a resolver met `Unavailable`, else None. The message is
    fixed (the cause, which may name files of the server, is logged under `reference`): the
    same request may succeed when retried. A mutation cut off mid-flight may have landed in
    part, as after any lost connection; a retry with the same idempotency key is safe."""
    cause = error.original_error
    if not isinstance(cause, Unavailable):
        return None
    message = (
        f"The database is unavailable right now; retry shortly (request {reference})."
        if cause.retryable
        else "The database will not come back in this process: the service must be restarted "
        f"(its liveness probe fails so that an orchestrator does; request {reference})."
    )
    return GraphQLError(
        message,
        nodes=error.nodes,
        source=error.source,
        positions=error.positions,
        path=error.path,
        extensions={"code": UNAVAILABLE, "retryable": cause.retryable},
    )


P = ParamSpec("P")
R = TypeVar("R")


def maps_errors(resolver: Callable[P, Awaitable[R]]) -> Callable[P, Coroutine[Any, Any, R]]:
    """Map the expected errors the resolver raises to members of the union it returns."""

    @functools.cache
    def members() -> frozenset[type[Any]]:
        return union_members(typing.get_type_hints(resolver, include_extras=True)["return"])

    @functools.wraps(resolver)
    async def mapped(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return await resolver(*args, **kwargs)
        except AuthError as e:
            deny(kwargs.get("info"), e)
            return cast(R, as_result(e, members()))
        except RetentiaError as e:
            return cast(R, as_result(e, members()))

    return mapped


UNAUTHENTICATED: Final = "UNAUTHENTICATED"
FORBIDDEN: Final = "FORBIDDEN"


def deny(info: Any, error: AuthError) -> None:
    """A denial is never an answer that looks like success: besides its union member (for the
    clients that select it), the response carries a top-level error with a machine-readable
    code — so a client that selects only the success type sees it too — and a request that is
    not authenticated is answered HTTP 401 (`RetentiaGraphQL.process_result` adds the errors)."""
    if info is None:
        return
    context = info.context
    extensions: dict[str, Any] = {"code": UNAUTHENTICATED}
    if isinstance(error, Forbidden):
        extensions = {"code": FORBIDDEN}
        if error.permission is not None:
            extensions["permission"] = error.permission.name
    elif isinstance(error, AuthenticationUnavailable):  # the key could not be checked
        extensions = {"code": UNAVAILABLE, "retryable": True}
        context.response.status_code = 503
    else:
        context.response.status_code = 401
        context.response.headers["WWW-Authenticate"] = 'Bearer realm="retentia"'
    context.denials.append(
        GraphQLError(str(error), path=info.path.as_list(), extensions=extensions)
    )

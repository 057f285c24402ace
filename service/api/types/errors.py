"""Expected failures as typed results; anything else is masked and logged."""

from __future__ import annotations

import strawberry

from schema import Conflict, InvalidInput, NotFound, RetentiaError
from service.api.types.enums import PermissionEnum
from service.usecases.auth import Forbidden, Permission, Unauthenticated


@strawberry.type(
    name="InvalidInput",
    description="The request named a value Retentia cannot accept; nothing was written.",
)
class InvalidInputError:
    field: str
    message: str


@strawberry.type(name="NotFound", description="A referenced object does not exist.")
class NotFoundError:
    kind: str
    key: str
    message: str


@strawberry.type(name="Conflict", description="The request contradicts the stored state.")
class ConflictError:
    message: str


@strawberry.type(
    name="Unauthenticated",
    description="No valid API key came with the request (send 'Authorization: Bearer <key>'), "
    "or authentication could not be completed; nothing was read or written.",
)
class UnauthenticatedError:
    message: str


@strawberry.type(
    name="Forbidden",
    description="The API key is valid but may not do this (it lacks `permission`, or the "
    "request named another org); nothing was read or written.",
)
class ForbiddenError:
    message: str
    permission: PermissionEnum | None  # type: ignore[valid-type]


def denied(error: RetentiaError) -> UnauthenticatedError | ForbiddenError | None:
    if isinstance(error, Unauthenticated):
        return UnauthenticatedError(message=str(error))
    if isinstance(error, Forbidden):
        permission = None if error.permission is None else Permission(error.permission)
        return ForbiddenError(message=str(error), permission=permission)
    return None


def invalid_or_denied(
    error: RetentiaError,
) -> InvalidInputError | UnauthenticatedError | ForbiddenError:
    """For operations whose only expected failures are bad input and denial."""
    refusal = denied(error)
    if refusal is not None:
        return refusal
    if isinstance(error, InvalidInput):
        return InvalidInputError(field=error.field, message=str(error))
    raise error


def from_domain(
    error: RetentiaError,
) -> InvalidInputError | NotFoundError | UnauthenticatedError | ForbiddenError:
    """The typed result for an expected error; unexpected ones propagate to be masked."""
    if isinstance(error, NotFound):
        return NotFoundError(kind=error.kind, key=error.key, message=str(error))
    return invalid_or_denied(error)


def from_domain_or_conflict(
    error: RetentiaError,
) -> InvalidInputError | NotFoundError | ConflictError | UnauthenticatedError | ForbiddenError:
    if isinstance(error, Conflict):
        return ConflictError(message=str(error))
    return from_domain(error)

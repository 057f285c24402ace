"""Expected failures as typed results; anything else is masked and logged."""

from __future__ import annotations

import strawberry

from schema import Conflict, InvalidInput, NotFound, RetentiaError


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


def from_domain(error: RetentiaError) -> InvalidInputError | NotFoundError:
    """The typed result for an expected error; unexpected ones propagate to be masked."""
    if isinstance(error, InvalidInput):
        return InvalidInputError(field=error.field, message=str(error))
    if isinstance(error, NotFound):
        return NotFoundError(kind=error.kind, key=error.key, message=str(error))
    raise error


def from_domain_or_conflict(
    error: RetentiaError,
) -> InvalidInputError | NotFoundError | ConflictError:
    if isinstance(error, Conflict):
        return ConflictError(message=str(error))
    return from_domain(error)

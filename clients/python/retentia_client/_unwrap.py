"""A result union's member made a return value or the exception of its failure kind. The
generated member types of every operation inherit the failure fragments (operations/
fragments.graphql), so one `isinstance` per kind covers all of them."""

from __future__ import annotations

from typing import TypeVar

from ._generated.fragments import (
    ConflictFields,
    ForbiddenFields,
    InvalidInputFields,
    NotFoundFields,
    RecallUnavailableFields,
    UnauthenticatedFields,
)
from .errors import (
    ConflictError,
    ForbiddenError,
    InvalidInputError,
    NotFoundError,
    ProtocolError,
    RecallUnavailableError,
    RetentiaError,
    UnauthenticatedError,
)

T = TypeVar("T")


def failure(member: object) -> RetentiaError:
    """The exception for a failure member of a result union."""
    if isinstance(member, NotFoundFields):
        return NotFoundError(member.message, kind=member.kind, key=member.key)
    if isinstance(member, InvalidInputFields):
        return InvalidInputError(member.message, field=member.field)
    if isinstance(member, ConflictFields):
        return ConflictError(
            member.message, retryable=member.retryable, idempotency_key=member.idempotency_key
        )
    if isinstance(member, ForbiddenFields):
        permission = member.permission.value if member.permission is not None else None
        return ForbiddenError(member.message, permission=permission)
    if isinstance(member, UnauthenticatedFields):
        return UnauthenticatedError(member.message)
    if isinstance(member, RecallUnavailableFields):
        return RecallUnavailableError(member.message)
    return ProtocolError(f"an answer of unexpected type {type(member).__name__}")


def unwrap(member: object, success: type[T]) -> T:
    """`member` when it is the success type; else raise its failure kind's exception."""
    if isinstance(member, success):
        return member
    raise failure(member)

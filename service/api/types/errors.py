"""Expected failures as GraphQL types (`service.api.errors` maps the domain errors to them);
anything else is masked and logged."""

from __future__ import annotations

import strawberry

from service.api.types.enums import Permission


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
    idempotency_key: str | None = strawberry.field(
        default=None,
        description="The idempotency key in use, when that is the conflict: by a different "
        "request (send a new key), or by this one while it is still being written.",
    )
    retryable: bool = strawberry.field(
        default=False,
        description="Whether the same request, sent again as it is, may succeed (a request "
        "with this idempotency key is still being written: retry for its answer; or another "
        "process has held the session a store names for too long: retry).",
    )


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
    permission: Permission | None


@strawberry.type(
    name="RecallUnavailable",
    description="Every recall leg failed (each leg's error is named); nothing was returned.",
)
class RecallUnavailableError:
    message: str

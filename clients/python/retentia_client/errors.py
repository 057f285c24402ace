"""The client's one error tree: each failure kind of the API's result unions is an exception
class, and so is each way a request can fail before it has an answer (a lost connection, a
rate limit, an unavailable database). Every error says whether the same request, sent again as
it is, may succeed (`retryable`): the client's retries follow it, and so can a caller's."""

from __future__ import annotations


class RetentiaError(Exception):
    """Anything the client raises. `retryable`: whether sending the same request again (with
    the same idempotency key, for a write) may succeed."""

    retryable: bool = False

    def __init__(self, message: str, *, retryable: bool | None = None) -> None:
        super().__init__(message)
        self.message = message
        if retryable is not None:
            self.retryable = retryable


class NotFoundError(RetentiaError):
    """`NotFound`: a referenced object (`kind`, `key`) does not exist."""

    def __init__(self, message: str, *, kind: str, key: str) -> None:
        super().__init__(message)
        self.kind = kind
        self.key = key


class InvalidInputError(RetentiaError):
    """`InvalidInput`: the request named a value (`field`) the service cannot accept; nothing
    was written."""

    def __init__(self, message: str, *, field: str) -> None:
        super().__init__(message)
        self.field = field


class ConflictError(RetentiaError):
    """`Conflict`: the request contradicts the stored state. `retryable` is the service's own
    word (a write under this idempotency key is still in flight: retry for its answer)."""

    def __init__(
        self, message: str, *, retryable: bool, idempotency_key: str | None = None
    ) -> None:
        super().__init__(message, retryable=retryable)
        self.idempotency_key = idempotency_key


class ForbiddenError(RetentiaError):
    """`Forbidden`: the API key is valid but lacks `permission` (or named another org)."""

    def __init__(self, message: str, *, permission: str | None = None) -> None:
        super().__init__(message)
        self.permission = permission


class UnauthenticatedError(RetentiaError):
    """`Unauthenticated`: no valid API key came with the request."""


class RecallUnavailableError(RetentiaError):
    """`RecallUnavailable`: every recall leg failed; nothing was returned."""


class UnavailableError(RetentiaError):
    """The service or its database is unavailable right now (HTTP 503, or a GraphQL error with
    code `UNAVAILABLE`); `retryable` as the service says."""

    retryable = True


class RateLimitedError(RetentiaError):
    """HTTP 429: the key's rate limit; `retry_after` seconds, when the service said."""

    retryable = True

    def __init__(self, message: str, *, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after


class RetentiaConnectionError(RetentiaError):
    """The request got no answer (refused, reset, timed out): a write may or may not have
    landed, so it is retried with the same idempotency key, which makes it land once."""

    retryable = True


class ProtocolError(RetentiaError):
    """An answer the client cannot read as Retentia's (a GraphQL error it does not know, a
    non-JSON body, an unexpected HTTP status): a bug or a version mismatch, not retried."""

    def __init__(self, message: str, *, status_code: int | None = None) -> None:
        super().__init__(message)
        self.status_code = status_code

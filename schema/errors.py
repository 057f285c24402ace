"""The domain error tree; every layer's errors derive from `RetentiaError`.

Messages name the offending value and, where there is one, the fix.
"""

from __future__ import annotations


class RetentiaError(Exception):
    """Base of every error Retentia raises on purpose."""


class InvalidInput(RetentiaError, ValueError):
    """The caller sent a value Retentia cannot accept; nothing was written."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class NotFound(RetentiaError, LookupError):
    """A referenced object does not exist in the caller's tenant."""

    def __init__(self, kind: str, key: str, detail: str | None = None) -> None:
        told = f"; {detail}" if detail else ""
        super().__init__(f"{kind} {key!r} does not exist{told}")
        self.kind = kind
        self.key = key


class Conflict(RetentiaError):
    """The request contradicts the stored state (for example a duplicate id)."""


class Unavailable(RetentiaError):
    """Something the request needs (the database) cannot serve it now, but may shortly: the
    same request may succeed if retried (the API answers it as `UNAVAILABLE`, retryable)."""

    #: Whether the same request may succeed when retried in this process.
    retryable: bool = True


class GoneForGood(Unavailable):
    """Something the request needs will not come back in this process (an embedded database
    whose restarts ran out): no retry helps until the process is restarted (`UNAVAILABLE`,
    not retryable; the liveness probe fails so an orchestrator restarts it)."""

    retryable = False


class BoundExceeded(InvalidInput):
    """The request would read more than a configured bound allows; nothing was computed.

    An `InvalidInput` whose field is the setting that holds the bound, so every adapter that
    reports invalid input already reports this one, naming what to narrow or raise."""

    def __init__(self, setting: str, bound: int, found: str) -> None:
        super().__init__(
            setting,
            f"{found}, more than the bound of {bound:,}; narrow the request or raise {setting}",
        )
        self.bound = bound

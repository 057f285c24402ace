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

    def __init__(self, kind: str, key: str) -> None:
        super().__init__(f"{kind} {key!r} does not exist")
        self.kind = kind
        self.key = key


class Conflict(RetentiaError):
    """The request contradicts the stored state (for example a duplicate id)."""


class Unavailable(RetentiaError):
    """Something the request needs (the database) cannot serve it now, but may shortly: the
    same request may succeed if retried (the API answers it as `UNAVAILABLE`, retryable)."""

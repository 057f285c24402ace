"""Errors of the storage layer. Driver exceptions are translated here, never leaked."""

from __future__ import annotations

from schema import GoneForGood, RetentiaError, Unavailable


class BackendError(RetentiaError):
    """The database refused or failed a well-formed request."""


class BackendUnavailable(BackendError, Unavailable):
    """The database cannot be reached, or an embedded one could not be started (or is being
    restarted)."""


class BackendGone(BackendUnavailable, GoneForGood):
    """An embedded database that died and could not be restarted: it will not serve again in
    this process."""

    retryable = False


class SchemaMismatch(BackendError):
    """The stored indexes do not fit the configuration (for example another vector dimension)."""

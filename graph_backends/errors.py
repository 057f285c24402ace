"""Errors of the storage layer. Driver exceptions are translated here, never leaked."""

from __future__ import annotations

from schema import RetentiaError


class BackendError(RetentiaError):
    """The database refused or failed a well-formed request."""


class BackendUnavailable(BackendError):
    """The database cannot be reached, or an embedded one could not be started."""


class SchemaMismatch(BackendError):
    """The stored indexes do not fit the configuration (for example another vector dimension)."""

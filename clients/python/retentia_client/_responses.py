"""Reading one HTTP answer of /graphql into its `data`, or the client's error for it. Shared by
the generated sync and async clients (their base clients call `graphql_data`)."""

from __future__ import annotations

from typing import Any

import httpx

from .errors import (
    ProtocolError,
    RateLimitedError,
    RetentiaError,
    UnauthenticatedError,
    UnavailableError,
)

#: Codes of the top-level error a denial brings beside its union member (which the unwrapping
#: turns into the exception): the data is still the answer.
DENIAL_CODES = frozenset({"FORBIDDEN", "UNAUTHENTICATED"})


def graphql_data(response: httpx.Response) -> dict[str, Any]:
    """The `data` of a GraphQL answer; raises the client's error for an answer that has none
    the caller can use."""
    if response.status_code == 429:
        raise RateLimitedError(_text(response), retry_after=_retry_after(response))
    try:
        body = response.json()
    except ValueError as e:
        if response.status_code in (502, 503, 504):
            raise UnavailableError(f"HTTP {response.status_code}: {_text(response)}") from e
        raise ProtocolError(
            f"HTTP {response.status_code}, not JSON: {_text(response)}",
            status_code=response.status_code,
        ) from e
    if not isinstance(body, dict):
        raise ProtocolError(f"not a GraphQL answer: {_text(response)}")
    data = body.get("data")
    errors = [e for e in body.get("errors") or [] if isinstance(e, dict)]
    codes = {_code(e) for e in errors}
    if data and codes <= DENIAL_CODES:
        return dict(data)
    raise _error(response, errors)


def _error(response: httpx.Response, errors: list[dict[str, Any]]) -> RetentiaError:
    for error in errors:
        code = _code(error)
        message = str(error.get("message", ""))
        extensions = error.get("extensions") or {}
        if code == "UNAVAILABLE":
            return UnavailableError(message, retryable=bool(extensions.get("retryable", True)))
        if code == "UNAUTHENTICATED":
            return UnauthenticatedError(message)
    if response.status_code == 503:
        return UnavailableError(f"HTTP 503: {_text(response)}")
    messages = "; ".join(str(e.get("message", "")) for e in errors) or _text(response)
    return ProtocolError(
        f"HTTP {response.status_code}: {messages}", status_code=response.status_code
    )


def _code(error: dict[str, Any]) -> str | None:
    extensions = error.get("extensions")
    return extensions.get("code") if isinstance(extensions, dict) else None


def _retry_after(response: httpx.Response) -> float | None:
    try:
        return float(response.headers["retry-after"])
    except (KeyError, ValueError):
        return None


def _text(response: httpx.Response) -> str:
    return response.text[:300]

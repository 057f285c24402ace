"""How a failed tool call answers: `{error, code, retryable}`, the code the name of the GraphQL
result type the same error becomes, `retryable` whether the same call may succeed."""

from __future__ import annotations

import json
import typing
from collections.abc import Mapping
from typing import Any, Final

import mcp_types as types
from pydantic import BaseModel, ValidationError

from schema import Conflict, GoneForGood, InvalidInput, NotFound, RetentiaError, Unavailable
from service.usecases.auth import AuthError, Forbidden, Unauthenticated
from service.usecases.embedder_records import EmbedderMismatch
from service.usecases.session_locks import SessionBusy


def answer(payload: Mapping[str, Any], *, error: bool = False) -> types.CallToolResult:
    text = json.dumps(payload, ensure_ascii=False, default=str)
    return types.CallToolResult(content=[types.TextContent(type="text", text=text)], is_error=error)


#: A failure's `code`: the name of the GraphQL result type the same error becomes
#: (service/api/errors.py), tried in this order; anything else is `Unavailable` (the storage or
#: the embedder failing) or `Internal`.
_CODES: Final[tuple[tuple[type[Exception], str], ...]] = (
    (Conflict, "Conflict"),
    (NotFound, "NotFound"),
    (Unauthenticated, "Unauthenticated"),
    (Forbidden, "Forbidden"),
    (InvalidInput, "InvalidInput"),
    (Unavailable, "Unavailable"),
    (RetentiaError, "Unavailable"),
)


def error_code(error: Exception) -> str:
    return next((code for kind, code in _CODES if isinstance(error, kind)), "Internal")


def failure(message: str, retryable: bool, code: str) -> types.CallToolResult:
    return answer({"error": message, "code": code, "retryable": retryable}, error=True)


def validation_message(error: ValidationError, model: type[BaseModel]) -> str:
    parts = []
    for item in error.errors():
        where = ".".join(str(p) for p in item["loc"]) or "arguments"
        if item["type"] == "extra_forbidden":
            parts.append(f"unknown argument {where!r}; {_accepted(model, item['loc'][:-1])}")
        else:
            parts.append(f"{where}: {item['msg']}")
    return "invalid arguments: " + "; ".join(parts)


def _accepted(model: type[BaseModel], path: tuple[int | str, ...]) -> str:
    """ "the accepted ones are …" for the (nested) arguments at `path`."""
    for step in path:
        field = model.model_fields.get(str(step))
        inner = _model_of(field.annotation) if field is not None else None
        if inner is None:
            return "see the tool's input schema"
        model = inner
    names = sorted(f.alias or name for name, f in model.model_fields.items())
    return f"the accepted ones are {', '.join(names)}"


def _model_of(annotation: Any) -> type[BaseModel] | None:
    """The argument model an annotation holds (itself, optional or in a list), if any."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation
    for arg in typing.get_args(annotation):
        found = _model_of(arg)
        if found is not None:
            return found
    return None


class StorageUnopened(RetentiaError):
    """The memory tools could not be opened; this process will not open them later."""


#: Failures the same call meets again: the caller's input, the stored state it contradicts, a
#: store this process could not open.
_PERMANENT: Final = (InvalidInput, NotFound, Conflict, AuthError, StorageUnopened)


def retryable_after(error: Exception, *, read: bool) -> bool:
    """Whether making the same call again, unchanged, may succeed: never after a permanent
    failure; after a transient one (the storage or the embedder failing) only for a read, since
    a write may have landed in part. A session another process holds is retryable: the store
    waited before writing anything."""
    if isinstance(error, SessionBusy):
        return True
    if isinstance(error, EmbedderMismatch):  # a search by the model a migration moves to
        return error.retryable
    if isinstance(error, _PERMANENT) or isinstance(error, GoneForGood):
        return False
    return read

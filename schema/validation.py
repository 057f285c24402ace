"""Build models from untrusted input, turning pydantic's errors into `InvalidInput`."""

from __future__ import annotations

from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from schema.errors import InvalidInput

M = TypeVar("M", bound=BaseModel)


def build(model: type[M], /, **data: Any) -> M:
    """`model(**data)`, raising `InvalidInput` that names the first offending field."""
    try:
        return model(**data)
    except ValidationError as e:
        raise as_invalid_input(e, model.__name__) from e


def as_invalid_input(error: ValidationError, owner: str) -> InvalidInput:
    first = error.errors()[0]
    cause = first.get("ctx", {}).get("error")
    if isinstance(cause, InvalidInput):
        return cause
    field = ".".join(str(p) for p in first["loc"]) or owner
    value = first.get("input")
    shown = repr(value)[:80] if value is not None and not isinstance(value, dict) else ""
    return InvalidInput(field, f"{first['msg']}{f' (got {shown})' if shown else ''}")

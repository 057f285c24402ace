"""GRAPH.QUERY's parameter header and compact reply, for the values Retentia's queries send and
return, without the falkordb client's per-value coroutines.

The client parses every value of a reply through an awaited coroutine and builds every float of
a 384-d parameter through a recursive call; under load that was ~25 % of the service's event
loop (the load bench's profile). This module writes the same header (`CYPHER k=v …`: strings
quoted with `\\` and `"` escaped, map keys in backticks) and reads the compact reply's scalar
types (null, string, integer, boolean, double, array, map, vecf32) synchronously. A reply with
any other type (nodes, edges, paths, points, temporal values, which no query here returns) is
handed back as `None` so the caller falls back to the client's parser.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from functools import lru_cache
from typing import Any, Final

from redis.exceptions import ResponseError

_NULL: Final = 1
_STRING: Final = 2
_INTEGER: Final = 3
_BOOLEAN: Final = 4
_DOUBLE: Final = 5
_ARRAY: Final = 6
_MAP: Final = 10
_VECTORF32: Final = 12


class _Unsupported(Exception):
    """A value type this module does not read; the client's parser will."""


def _quote(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


@lru_cache(maxsize=1024)
def _key(key: object) -> str:
    """A parameter name or map key in backticks. Kept: the same few keys recur in every
    header (a reactivation's 130 `{id, n}` maps wrote `id` and `n` 130 times each; 0.72 →
    0.56 ms for its header)."""
    text = key.decode() if isinstance(key, bytes) else str(key)
    if not text or "`" in text:
        raise ValueError(f"a Cypher parameter or map key cannot be empty or hold a `: {key!r}")
    return f"`{text}`"


#: Distinct vectors whose literals are kept (a 384-d one: ~4 KB of text, ~12 KB of key).
_VECTORS_KEPT: Final = 128


class Rendered(str):
    """A parameter value already written as its Cypher literal: `literal` passes it as is."""

    __slots__ = ()


def float32s(vector: Sequence[float]) -> Rendered:
    """A vector parameter, marked as float32: every vector query reads it through `vecf32()`,
    so nine significant digits (exact for a float32) are all it needs — half of what a double's
    repr writes, for the client to format and FalkorDB to parse. Written once per distinct
    vector (~70 µs for 384 dimensions): a recall sends its query's vector three times (the
    memory and fact vector legs, the candidates' similarities), a store its memory's twice."""
    return _float32_literal(vector if isinstance(vector, tuple) else tuple(vector))


@lru_cache(maxsize=_VECTORS_KEPT)
def _float32_literal(vector: tuple[float, ...]) -> Rendered:
    return Rendered("[" + ",".join([format(v, ".9g") for v in array("f", vector)]) + "]")


def literal(value: Any) -> str:
    """A parameter value as the header's Cypher literal (what `stringify_param_value` of the
    falkordb client writes, with lists of floats or strings written in one pass)."""
    kind = type(value)
    if kind is int:
        return str(value)
    if isinstance(value, str):
        return value if kind is Rendered else _quote(value)
    if value is None:
        return "null"
    if kind is bool:
        return "true" if value else "false"
    if isinstance(value, list | tuple):
        if value and all(type(v) is int for v in value):  # presentation times
            return "[" + ",".join(map(str, value)) + "]"
        if value and all(type(v) is float for v in value):
            return "[" + ",".join(map(repr, value)) + "]"
        if value and all(type(v) is str for v in value):
            return "[" + ",".join(map(_quote, value)) + "]"
        return "[" + ",".join(map(literal, value)) + "]"
    if isinstance(value, Mapping):
        return "{" + ",".join(f"{_key(k)}:{literal(v)}" for k, v in value.items()) + "}"
    if isinstance(value, bytes):
        return _quote(value.decode())
    return str(value)


def query_text(query: str, params: Mapping[str, Any]) -> str:
    """The query with its parameters as the `CYPHER …` header FalkorDB reads them from."""
    if not params:
        return query
    return "CYPHER " + " ".join(f"{_key(k)}={literal(v)}" for k, v in params.items()) + " " + query


def _scalar(cell: Any) -> Any:
    kind, value = cell
    if kind == _STRING:
        return value.decode() if isinstance(value, bytes) else value
    if kind == _INTEGER:
        return int(value)
    if kind == _NULL:
        return None
    if kind == _DOUBLE:
        return float(value)
    if kind == _ARRAY:  # integers (presentation times) and strings (ids) without a call each
        return [
            v
            if k == _INTEGER
            else v.decode()
            if k == _STRING and type(v) is bytes
            else _scalar((k, v))
            for k, v in value
        ]
    if kind == _MAP:
        return {
            (value[i].decode() if isinstance(value[i], bytes) else value[i]): _scalar(value[i + 1])
            for i in range(0, len(value), 2)
        }
    if kind == _BOOLEAN:
        return (value.decode() if isinstance(value, bytes) else value) == "true"
    if kind == _VECTORF32:
        return [float(v) for v in value]
    raise _Unsupported(kind)


def check_errors(reply: Any) -> None:
    """Raise the error a reply carries: first (a failed query) or last (a run-time error)."""
    if reply and isinstance(reply[0], ResponseError):
        raise reply[0]
    if reply and isinstance(reply[-1], ResponseError):
        raise reply[-1]


def rows(reply: Any) -> list[dict[str, Any]] | None:
    """The compact reply's records as dicts by column name, or None where a value's type is
    one this module does not read."""
    check_errors(reply)
    if len(reply) < 3:  # statistics only: a write without RETURN
        return []
    columns = [h[1] if isinstance(h, list | tuple) else h for h in reply[0]]
    columns = [c.decode() if isinstance(c, bytes) else c for c in columns]
    try:
        return [
            dict(zip(columns, [_scalar(cell) for cell in record], strict=True))
            for record in reply[1]
        ]
    except _Unsupported:
        return None

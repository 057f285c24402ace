"""What operators see of a running service: logs (text or one JSON object a line, with the
request id of the request they belong to), and per-request metrics (latency by route and
GraphQL operation, status codes, requests in flight).

The request id is the caller's `X-Request-Id` when it is a sane token, else a fresh one; the
middleware puts it on the request before anything reads it, so the GraphQL context, the masked
error message, the response header and every log line of the request carry the same id.
"""

from __future__ import annotations

import json
import logging
import re
import sys
import time
import uuid
from collections.abc import AsyncIterator, Collection, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import IO, Final, Literal

import strawberry
from graphql import DocumentNode, FieldNode, OperationDefinitionNode
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from strawberry.extensions import SchemaExtension

from service.runtime import metrics

LogFormat = Literal["json", "text"]

REQUEST_ID_HEADER: Final = b"x-request-id"
_REQUEST_ID: Final = re.compile(rb"[A-Za-z0-9._-]{1,64}")
#: Distinct `operation` label values kept per process; later ones count as "other", so a
#: client inventing operation names cannot grow the metric without bound.
MAX_OPERATION_LABELS: Final = 200
_MAX_LABEL_CHARS: Final = 64
_NAME: Final = re.compile(r"[_A-Za-z][_0-9A-Za-z]*")


@dataclass
class RequestInfo:
    """The request being served, for log lines and metric labels."""

    request_id: str
    operation: str = "none"


_CURRENT: ContextVar[RequestInfo | None] = ContextVar("retentia_request", default=None)


def current_request_id() -> str | None:
    info = _CURRENT.get()
    return None if info is None else info.request_id


@contextmanager
def request_context(request_id: str) -> Iterator[RequestInfo]:
    """Log records inside carry `request_id` (for work that is not an HTTP request, such as
    an MCP tool call)."""
    info = RequestInfo(request_id)
    token = _CURRENT.set(info)
    try:
        yield info
    finally:
        _CURRENT.reset(token)


# -- logging ---------------------------------------------------------------------------------

#: Attributes every LogRecord has; anything else on a record came in through `extra=`.
_RECORD_FIELDS: Final = frozenset(
    vars(logging.LogRecord("", 0, "", 0, "", None, None)).keys()
    | {"message", "asctime", "taskName", "color_message"}
)
#: uvicorn's access log passes these as its message arguments.
_ACCESS_FIELDS: Final = ("client", "method", "path", "http_version", "status")


class JsonFormatter(logging.Formatter):
    """One JSON object per record: time (UTC, ISO 8601), level, logger, message, the request id
    inside a request, the record's `extra` fields, and the traceback of an exception; `worker`:
    the process id, for a worker of `retentia serve --workers N`."""

    def __init__(self, worker: bool = False) -> None:
        super().__init__()
        self._worker = worker

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        if self._worker:
            out["worker"] = record.process
        request_id = current_request_id()
        if request_id is not None:
            out["request_id"] = request_id
        if record.name == "uvicorn.access" and isinstance(record.args, tuple):
            if len(record.args) == len(_ACCESS_FIELDS):
                out.update(zip(_ACCESS_FIELDS, record.args, strict=True))
        for key, value in vars(record).items():
            if key not in _RECORD_FIELDS and not key.startswith("_") and key not in out:
                out[key] = value
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            out["stack"] = self.formatStack(record.stack_info)
        return json.dumps(out, default=str, ensure_ascii=False)


class TextFormatter(logging.Formatter):
    """`time LEVEL logger: message`, with `[request <id>]` inside a request; a worker of
    `retentia serve --workers N` says `[worker <pid>]` before the logger."""

    def __init__(self, worker: bool = False) -> None:
        tag = "[worker %(process)d] " if worker else ""
        super().__init__(f"%(asctime)s %(levelname)s {tag}%(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        line = super().format(record)
        request_id = current_request_id()
        if request_id is None:
            return line
        head, sep, tail = line.partition("\n")  # keep a traceback below the tagged line
        return f"{head} [request {request_id}]{sep}{tail}"


def configure_logging(
    level: str, fmt: LogFormat, stream: IO[str] | None = None, *, worker: bool = False
) -> None:
    """Every record of the process (uvicorn's included, when it is started with
    `log_config=None`) to one handler on stderr, in the chosen format. stdout stays free for
    what a command prints (and, for `retentia mcp`, for the protocol). `worker`: each line
    names the process (a worker of `retentia serve --workers N`)."""
    handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter(worker) if fmt == "json" else TextFormatter(worker))
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(level)


# -- request metrics -------------------------------------------------------------------------


class RequestObservability:
    """ASGI middleware: the request id (header in and out, context for logs), the latency
    histogram by route and operation, the status counter and the in-flight gauge.

    `routes` are the app's exact paths: a request refused before routing (413) still counts
    under its route; any other unmatched path counts as "unmatched"."""

    def __init__(self, app: ASGIApp, routes: Collection[str]) -> None:
        self.app = app
        self.routes = frozenset(routes)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request_id = _adopt_request_id(scope)
        info = RequestInfo(request_id)
        token = _CURRENT.set(info)
        status = 500
        path = scope["path"]
        in_flight = metrics.REQUESTS_IN_PROGRESS.labels(path if path in self.routes else "other")
        in_flight.inc()
        started = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = message["status"]
                headers = list(message.get("headers", ()))
                if not any(k.lower() == REQUEST_ID_HEADER for k, _ in headers):
                    headers.append((REQUEST_ID_HEADER, request_id.encode()))
                    message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            elapsed = time.perf_counter() - started
            in_flight.dec()
            route = _route_of(scope, self.routes)
            metrics.REQUEST_LATENCY.labels(route, info.operation).observe(elapsed)
            metrics.REQUESTS.labels(route, str(status)).inc()
            _CURRENT.reset(token)


def _adopt_request_id(scope: Scope) -> str:
    """The caller's X-Request-Id when it is a sane token; else a fresh one, written into the
    request's headers so everything downstream reads the same id."""
    headers: list[tuple[bytes, bytes]] = list(scope.get("headers", ()))
    given = [v for k, v in headers if k.lower() == REQUEST_ID_HEADER]
    if len(given) == 1 and _REQUEST_ID.fullmatch(given[0]):
        return given[0].decode()
    request_id = uuid.uuid4().hex[:16]
    kept = [(k, v) for k, v in headers if k.lower() != REQUEST_ID_HEADER]
    scope["headers"] = [*kept, (REQUEST_ID_HEADER, request_id.encode())]
    return request_id


def _route_of(scope: Scope, routes: frozenset[str]) -> str:
    route = scope.get("route")
    path = getattr(route, "path", None)
    if isinstance(path, str):
        return path
    return scope["path"] if scope["path"] in routes else "unmatched"


# -- GraphQL operation label -----------------------------------------------------------------

_seen_operations: set[str] = set()


def operation_label(document: DocumentNode | None, name: str | None) -> str:
    """The operation's name, or its top-level fields (sorted, comma-joined) when unnamed;
    'invalid' when the document did not parse; 'other' once the label cap is reached."""
    if name:
        label = name if _NAME.fullmatch(name) else "invalid"
    elif document is None:
        label = "invalid"
    else:
        operations = [d for d in document.definitions if isinstance(d, OperationDefinitionNode)]
        if len(operations) != 1:
            label = "invalid"
        else:
            fields = {
                s.name.value
                for s in operations[0].selection_set.selections
                if isinstance(s, FieldNode)
            }
            label = ",".join(sorted(fields)) or "none"
    label = label[:_MAX_LABEL_CHARS]
    if label not in _seen_operations:
        if len(_seen_operations) >= MAX_OPERATION_LABELS:
            return "other"
        _seen_operations.add(label)
    return label


class OperationLabel(SchemaExtension):
    """Names the request's GraphQL operation for the latency histogram."""

    async def on_operation(self) -> AsyncIterator[None]:
        yield
        info = _CURRENT.get()
        if info is not None:
            context = self.execution_context
            info.operation = operation_label(context.graphql_document, context.operation_name)


def observe_operations(schema: strawberry.Schema) -> strawberry.Schema:
    """The schema, with every execution labelling its request by operation."""
    schema.extensions = (*schema.extensions, OperationLabel)
    return schema

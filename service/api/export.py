"""`GET /export?project=P[&embeddings=true][&format=graphml]`: one project streamed as NDJSON
(docs/ndjson-format.md, mode export) or GraphML, with the API key and per-project permission
GraphQL uses (project:read). A project the key may not name gets the very answer a project that
does not exist gets (404), so the endpoint confirms nothing about it: unlike GraphQL's
operations (ADR 0016), a read can honestly not find a project."""

from __future__ import annotations

from collections.abc import AsyncIterator

from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse

from schema import InvalidInput, NotFound
from service.api.context import PROJECT_HEADER, Services, request_access, request_id_of
from service.usecases.auth import (
    Forbidden,
    Permission,
    Unauthenticated,
    request_tenant,
    require,
)

FORMATS = {"ndjson": "application/x-ndjson", "graphml": "application/graphml+xml"}


def _refused(status: int, kind: str, message: str, request_id: str) -> Response:
    return JSONResponse(
        {"error": kind, "message": message},
        status_code=status,
        headers={"X-Request-Id": request_id},
    )


async def export(request: Request) -> Response:
    services: Services | None = getattr(request.app.state, "services", None)
    request_id = request_id_of(request)
    if services is None or services.exports is None:
        return _refused(503, "Unavailable", "the service is starting", request_id)
    project = request.query_params.get("project") or request.headers.get(
        PROJECT_HEADER, services.default_tenant.project
    )
    fmt = request.query_params.get("format", "ndjson")
    embeddings = request.query_params.get("embeddings", "false").lower()
    access = await request_access(request, services, request_id, project)
    try:
        if fmt not in FORMATS:
            raise InvalidInput("format", f"{fmt[:40]!r}; choose ndjson or graphml")
        if embeddings not in ("true", "false", "1", "0"):
            raise InvalidInput("embeddings", f"{embeddings[:40]!r}; true or false")
        grant = require(access, Permission.PROJECT_READ)
        tenant = request_tenant(grant.org, project)
        if not grant.principal.reaches(tenant.project):
            raise NotFound("project", tenant.project)  # the answer of a project that is not
        if fmt == "graphml":
            chunks = await services.exports.graphml(tenant)
        else:
            chunks = await services.exports.ndjson(tenant, embeddings=embeddings in ("true", "1"))
    except Unauthenticated as e:
        return _refused(401, "Unauthenticated", str(e), request_id)
    except Forbidden as e:
        return _refused(403, "Forbidden", str(e), request_id)
    except NotFound as e:
        return _refused(404, "NotFound", str(e), request_id)
    except InvalidInput as e:
        return _refused(400, "InvalidInput", str(e), request_id)
    filename = f"{tenant.org}-{tenant.project}.{fmt}"
    return StreamingResponse(
        _encoded(chunks),
        media_type=FORMATS[fmt],
        headers={
            "X-Request-Id": request_id,
            "Content-Disposition": f'attachment; filename="{filename}"',
        },
    )


async def _encoded(chunks: AsyncIterator[str]) -> AsyncIterator[bytes]:
    async for chunk in chunks:
        yield chunk.encode("utf-8")

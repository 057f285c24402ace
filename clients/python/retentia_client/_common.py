"""What the sync and async clients share: the headers a request carries, the store input built
from keyword arguments, idempotency keys, an export refusal as its exception, and folding the
reports of an import's requests into one summary."""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime

import httpx

from ._generated.enums import Category, Visibility
from ._generated.import_records import ImportRecordsImportRecordsImportReport
from ._generated.input_types import FactInput, MetadataInput, RelatedEdgeInput, StoreMemoryInput
from ._ndjson import Batch
from .errors import (
    ForbiddenError,
    InvalidInputError,
    NotFoundError,
    ProtocolError,
    RateLimitedError,
    RetentiaError,
    UnauthenticatedError,
    UnavailableError,
)
from .models import ImportSummary, Rejected

DEFAULT_URL = "http://127.0.0.1:8000"
PROJECT_HEADER = "X-Retentia-Project"


def headers(api_key: str | None, project: str | None) -> dict[str, str]:
    sent = {"User-Agent": "retentia-client-python"}
    if api_key:
        sent["Authorization"] = f"Bearer {api_key}"
    if project:
        sent[PROJECT_HEADER] = project
    return sent


def new_idempotency_key() -> str:
    """A fresh key for one logical write; its retries send it again."""
    return f"py-{uuid.uuid4()}"


def store_input(
    content: str,
    *,
    category: Category | str | None = None,
    entities: Iterable[str] = (),
    pinned: bool = False,
    visibility: Visibility | str = Visibility.PRIVATE,
    session: str | None = None,
    event_time: datetime | None = None,
    summary: str | None = None,
    metadata: Mapping[str, str] | None = None,
    related: Sequence[RelatedEdgeInput] = (),
    created_at: datetime | None = None,
    facts: Sequence[FactInput] = (),
) -> StoreMemoryInput:
    return StoreMemoryInput(
        content=content,
        category=Category(category) if category is not None else None,
        entities=list(entities),
        pinned=pinned,
        visibility=Visibility(visibility),
        source_session=session,
        event_time=event_time,
        summary=summary,
        metadata=[MetadataInput(key=k, value=v) for k, v in (metadata or {}).items()],
        related=list(related),
        created_at=created_at,
        facts=list(facts),
    )


def add_report(
    summary: ImportSummary, batch: Batch, report: ImportRecordsImportRecordsImportReport
) -> None:
    summary.requests += 1
    for imported in report.imported:
        summary.imported[imported.kind] += imported.count
    for skipped in report.skipped:
        summary.skipped[skipped.kind] += skipped.count
    # Memories sent again beside an edge or fact that names them are skipped by design.
    summary.skipped["memory"] -= min(batch.carried, summary.skipped["memory"])
    summary.skipped += Counter()  # drops a zero count
    for r in report.rejected:
        line = batch.lines[r.line - 1] if 0 < r.line <= len(batch.lines) else r.line
        rejected = Rejected(line=line, kind=r.kind, reason=r.reason)
        if rejected not in summary.rejected:  # a carried memory is refused again
            summary.rejected.append(rejected)


def export_params(embeddings: bool, fmt: str) -> dict[str, str]:
    return {"embeddings": "true" if embeddings else "false", "format": fmt}


def export_error(response: httpx.Response, project: str | None) -> RetentiaError:
    """The exception for a refused `GET /export` (a JSON `{error, message}` body)."""
    try:
        body = response.json()
        kind, message = str(body.get("error")), str(body.get("message"))
    except ValueError:
        kind, message = "", response.text[:300]
    status = response.status_code
    if status == 401:
        return UnauthenticatedError(message)
    if status == 403:
        return ForbiddenError(message)
    if status == 404:
        return NotFoundError(message, kind="project", key=project or "")
    if status == 400:
        return InvalidInputError(message, field=kind)
    if status == 429:
        return RateLimitedError(message)
    if status == 503:
        return UnavailableError(message)
    return ProtocolError(f"HTTP {status}: {message}", status_code=status)

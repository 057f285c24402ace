"""`AsyncRetentia`: the asynchronous client, method for method `Retentia` (client.py). Each
method is one generated operation (`_generated.async_client`), retried while its failure is
`retryable`, its result union made a return value or the exception of its failure kind; writes
carry an idempotency key of their own unless given one, the same on every retry."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any, TypeVar

import httpx

from . import _common
from ._generated import enums
from ._generated.amend_memory import AmendMemoryAmendMemoryStoreSuccess
from ._generated.async_client import AsyncGeneratedClient
from ._generated.core_memories import CoreMemoriesCoreMemoriesMemoryConnection
from ._generated.fact_history import FactHistoryFactHistoryFactList
from ._generated.facts import FactsFactsFactList
from ._generated.forgotten_memories import (
    ForgottenMemoriesForgottenMemoriesForgottenMemoryConnection,
)
from ._generated.import_records import ImportRecordsImportRecordsImportReport
from ._generated.input_types import FactInput, LinkInput, RelatedEdgeInput
from ._generated.link_memories import LinkMemoriesLinkMemoriesLinkSuccess
from ._generated.memories import MemoriesMemoriesMemoryConnection
from ._generated.projects import ProjectsProjectsProjectList
from ._generated.store_memories import StoreMemoriesStoreMemoriesStoreSuccess
from ._ndjson import MAX_RECORDS, batches
from ._pages import Page, apages, next_cursor
from ._retry import OnRetry, RetryPolicy, acall_with_retries
from ._unwrap import failure, unwrap
from .errors import RetentiaConnectionError, RetentiaError
from .models import (
    ContextBlock,
    DeleteReport,
    Edge,
    Entity,
    Fact,
    FactBatch,
    ForgottenMemory,
    ImportSummary,
    Memory,
    Project,
    RecallResult,
    Stats,
    Stored,
    SubgraphPage,
)

T = TypeVar("T")
R = TypeVar("R")


class AsyncRetentia:
    """A Retentia service at `url` (its root, e.g. http://127.0.0.1:8000), as the API key
    `api_key` (sent as `Authorization: Bearer`), in `project` (the `X-Retentia-Project` header;
    None: the service's default project). Close it, or use it as a context manager."""

    def __init__(
        self,
        url: str = _common.DEFAULT_URL,
        *,
        api_key: str | None = None,
        project: str | None = None,
        timeout: float = 60.0,
        retry: RetryPolicy | None = None,
        on_retry: OnRetry | None = None,
        http_client: httpx.AsyncClient | None = None,
    ) -> None:
        self.url = url.rstrip("/")
        self.project = project
        self.retry = retry or RetryPolicy()
        self.on_retry = on_retry
        self._http = http_client or httpx.AsyncClient(timeout=timeout)
        self._http.headers.update(_common.headers(api_key, project))
        self._gql = AsyncGeneratedClient(f"{self.url}/graphql", self._http)

    async def aclose(self) -> None:
        await self._http.aclose()

    async def __aenter__(self) -> AsyncRetentia:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def _op(self, call: Callable[[], Awaitable[R]], pick: Callable[[R], T]) -> T:
        """`pick(await call())`, retried as a whole: a retryable failure member (a write
        still in flight) is retried like a lost connection."""

        async def once() -> T:
            return pick(await call())

        return await acall_with_retries(once, self.retry, self.on_retry)

    # Writes

    # Writes

    async def store(
        self,
        content: str,
        *,
        category: enums.Category | str | None = None,
        entities: Iterable[str] = (),
        pinned: bool = False,
        visibility: enums.Visibility | str = enums.Visibility.PRIVATE,
        session: str | None = None,
        event_time: datetime | None = None,
        summary: str | None = None,
        metadata: Mapping[str, str] | None = None,
        related: Sequence[RelatedEdgeInput] = (),
        created_at: datetime | None = None,
        facts: Sequence[FactInput] = (),
        idempotency_key: str | None = None,
    ) -> Stored:
        """Store one memory; `.memory` is what was stored, with the links and possible
        conflicts the service found."""
        memory = _common.store_input(
            content,
            category=category,
            entities=entities,
            pinned=pinned,
            visibility=visibility,
            session=session,
            event_time=event_time,
            summary=summary,
            metadata=metadata,
            related=related,
            created_at=created_at,
            facts=facts,
        )
        key = idempotency_key or _common.new_idempotency_key()
        return await self._op(
            lambda: self._gql.store_memory(input=memory, idempotency_key=key),
            lambda r: unwrap(r.store_memory, Stored),
        )

    async def store_many(
        self, contents: Sequence[str | Mapping[str, Any]], *, idempotency_key: str | None = None
    ) -> list[Memory | RetentiaError]:
        """Store several memories (each a text, or `store`'s keyword arguments as a dict):
        each stored memory, or the error of an item that failed (an item never costs the
        others)."""
        inputs = [
            _common.store_input(c) if isinstance(c, str) else _common.store_input(**c)
            for c in contents
        ]
        key = idempotency_key or _common.new_idempotency_key()
        return await self._op(
            lambda: self._gql.store_memories(inputs=inputs, idempotency_key=key),
            lambda r: [_stored_memory(m) for m in r.store_memories],
        )

    async def amend(
        self,
        id: str,
        content: str,
        *,
        reason: str | None = None,
        idempotency_key: str | None = None,
    ) -> Memory:
        """Correct a memory: the new memory that supersedes it."""
        key = idempotency_key or _common.new_idempotency_key()
        return await self._op(
            lambda: self._gql.amend_memory(
                id=id, content=content, reason=reason, idempotency_key=key
            ),
            lambda r: unwrap(r.amend_memory, AmendMemoryAmendMemoryStoreSuccess).memory,
        )

    async def link(
        self,
        source: str,
        target: str,
        type: enums.EdgeType | str,
        *,
        weight: float = 1.0,
        reason: str | None = None,
        idempotency_key: str | None = None,
    ) -> list[Edge]:
        """A typed edge from `source` to `target` (both existing memories)."""
        link = LinkInput(
            source_id=source,
            target_id=target,
            type_=enums.EdgeType(type),
            weight=weight,
            reason=reason,
        )
        key = idempotency_key or _common.new_idempotency_key()
        return await self._op(
            lambda: self._gql.link_memories(links=[link], idempotency_key=key),
            lambda r: unwrap(r.link_memories, LinkMemoriesLinkMemoriesLinkSuccess).edges,
        )

    async def ingest_facts(
        self, facts: Sequence[FactInput], *, idempotency_key: str | None = None
    ) -> FactBatch:
        """Write facts through the supersession path: one result per fact, and the counts."""
        key = idempotency_key or _common.new_idempotency_key()
        return await self._op(
            lambda: self._gql.ingest_facts(facts=list(facts), idempotency_key=key),
            lambda r: unwrap(r.ingest_facts, FactBatch),
        )

    async def retract_fact(self, id: str, *, at: datetime | None = None) -> Fact:
        return await self._op(
            lambda: self._gql.retract_fact(id=id, at=at),
            lambda r: unwrap(r.retract_fact, Fact),
        )

    async def delete(self, ids: Sequence[str]) -> DeleteReport:
        """Delete memories with their edges (idempotent: a retry reports them missing)."""
        return await self._op(
            lambda: self._gql.delete_memories(ids=list(ids)),
            lambda r: unwrap(r.delete_memories, DeleteReport),
        )

    # Reads

    async def get(self, id: str) -> Memory:
        """One memory by id (NotFoundError when there is none)."""
        return await self._op(
            lambda: self._gql.get_memory(id=id), lambda r: unwrap(r.memory, Memory)
        )

    async def recall(
        self,
        query: str,
        *,
        k: int = 10,
        intent: enums.RecallIntent | str | None = None,
        as_of: datetime | None = None,
        read_only: bool = False,
    ) -> RecallResult:
        """Hybrid recall: `.hits` (memories, best first) and `.facts`."""
        wanted = enums.RecallIntent(intent) if intent is not None else None
        return await self._op(
            lambda: self._gql.recall(
                query=query, k=k, read_only=read_only, intent=wanted, as_of=as_of
            ),
            lambda r: unwrap(r.recall, RecallResult),
        )

    async def context(
        self,
        query: str,
        *,
        budget: int = 1024,
        intent: enums.RecallIntent | str | None = None,
        as_of: datetime | None = None,
    ) -> ContextBlock:
        """A ready-to-paste context block (`.text`, within `budget` tokens) and its parts."""
        wanted = enums.RecallIntent(intent) if intent is not None else None
        return await self._op(
            lambda: self._gql.context(query=query, budget=budget, intent=wanted, as_of=as_of),
            lambda r: unwrap(r.context, ContextBlock),
        )

    async def entity(self, name: str) -> Entity:
        return await self._op(
            lambda: self._gql.entity(name=name), lambda r: unwrap(r.entity, Entity)
        )

    async def stats(self) -> Stats:
        return await self._op(lambda: self._gql.stats(), lambda r: unwrap(r.stats, Stats))

    async def projects(self) -> list[Project]:
        return await self._op(
            lambda: self._gql.projects(),
            lambda r: unwrap(r.projects, ProjectsProjectsProjectList).projects,
        )

    # Paginated reads: async iterators that fetch the next page when the caller reaches it.

    def iter_memories(self, *, page_size: int = 100) -> AsyncIterator[Memory]:
        """Every memory of the project, newest first."""

        async def fetch(after: str | None) -> Page[Memory]:
            page = await self._op(
                lambda: self._gql.memories(first=page_size, after=after),
                lambda r: unwrap(r.memories, MemoriesMemoriesMemoryConnection),
            )
            return page.nodes, next_cursor(page.page_info.has_next_page, page.page_info.end_cursor)

        return apages(fetch)

    def iter_core_memories(self, *, page_size: int = 100) -> AsyncIterator[Memory]:
        async def fetch(after: str | None) -> Page[Memory]:
            page = await self._op(
                lambda: self._gql.core_memories(first=page_size, after=after),
                lambda r: unwrap(r.core_memories, CoreMemoriesCoreMemoriesMemoryConnection),
            )
            return page.nodes, next_cursor(page.page_info.has_next_page, page.page_info.end_cursor)

        return apages(fetch)

    def iter_forgotten(self, *, page_size: int = 100) -> AsyncIterator[ForgottenMemory]:
        async def fetch(after: str | None) -> Page[ForgottenMemory]:
            page = await self._op(
                lambda: self._gql.forgotten_memories(first=page_size, after=after),
                lambda r: unwrap(
                    r.forgotten_memories,
                    ForgottenMemoriesForgottenMemoriesForgottenMemoryConnection,
                ),
            )
            return page.nodes, next_cursor(page.page_info.has_next_page, page.page_info.end_cursor)

        return apages(fetch)

    def iter_facts(
        self,
        *,
        subject: str | None = None,
        predicate: str | None = None,
        entity: str | None = None,
        as_of: datetime | None = None,
        from_: datetime | None = None,
        to: datetime | None = None,
        states: Sequence[enums.FactState | str] | None = None,
        page_size: int = 100,
    ) -> AsyncIterator[Fact]:
        wanted = [enums.FactState(s) for s in states] if states is not None else None

        async def fetch(after: str | None) -> Page[Fact]:
            page = await self._op(
                lambda: self._gql.facts(
                    first=page_size,
                    after=after,
                    subject=subject,
                    predicate=predicate,
                    entity=entity,
                    as_of=as_of,
                    from_=from_,
                    to=to,
                    states=wanted,
                ),
                lambda r: unwrap(r.facts, FactsFactsFactList),
            )
            return page.nodes, next_cursor(page.page_info.has_next_page, page.page_info.end_cursor)

        return apages(fetch)

    def iter_fact_history(
        self, subject: str, predicate: str, *, page_size: int = 100
    ) -> AsyncIterator[Fact]:
        async def fetch(after: str | None) -> Page[Fact]:
            page = await self._op(
                lambda: self._gql.fact_history(
                    subject=subject, predicate=predicate, first=page_size, after=after
                ),
                lambda r: unwrap(r.fact_history, FactHistoryFactHistoryFactList),
            )
            return page.nodes, next_cursor(page.page_info.has_next_page, page.page_info.end_cursor)

        return apages(fetch)

    def iter_traverse(
        self,
        id: str,
        *,
        depth: int = 2,
        edge_types: Sequence[enums.EdgeType | str] | None = None,
        direction: enums.Direction | str = enums.Direction.BOTH,
        page_size: int = 200,
    ) -> AsyncIterator[SubgraphPage]:
        """The pages of a breadth-first walk from `id`, each with its memories and its edges
        (reading every page gives every edge once)."""
        types = [enums.EdgeType(t) for t in edge_types] if edge_types is not None else None

        async def fetch(after: str | None) -> Page[SubgraphPage]:
            page = await self._op(
                lambda: self._gql.traverse(
                    id=id,
                    depth=depth,
                    direction=enums.Direction(direction),
                    first=page_size,
                    edge_types=types,
                    after=after,
                ),
                lambda r: unwrap(r.traverse, SubgraphPage),
            )
            return [page], next_cursor(page.page_info.has_next_page, page.page_info.end_cursor)

        return apages(fetch)

    # Export and import

    async def export(
        self, *, embeddings: bool = False, format: str = "ndjson", project: str | None = None
    ) -> AsyncIterator[str]:
        """The project (this client's, or `project`) as NDJSON lines (docs/ndjson-format.md,
        mode export) or GraphML lines, streamed as the service writes them."""
        params = _common.export_params(embeddings, format)
        if project is not None:
            params["project"] = project
        try:
            async with self._http.stream("GET", f"{self.url}/export", params=params) as response:
                if response.status_code != 200:
                    await response.aread()
                    raise _common.export_error(response, project or self.project)
                async for line in response.aiter_lines():
                    if line:
                        yield line
        except httpx.TransportError as e:
            raise RetentiaConnectionError(f"export: {e!r}") from e

    async def import_history(
        self, records: Iterable[str | Mapping[str, Any]], *, batch_records: int = MAX_RECORDS
    ) -> ImportSummary:
        """Import a history file (NDJSON lines or dicts; an export converted by
        `history_from_export`), streamed as requests of at most `batch_records` records. The
        import is resumable: a retried or repeated request skips what is there."""
        summary = ImportSummary()
        for batch in batches(records, max_records=batch_records):
            report = await self._op(
                lambda: self._gql.import_records(ndjson=batch.text),  # noqa: B023
                lambda r: unwrap(r.import_records, ImportRecordsImportRecordsImportReport),
            )
            _common.add_report(summary, batch, report)
        return summary


def _stored_memory(result: object) -> Memory | RetentiaError:
    if isinstance(result, StoreMemoriesStoreMemoriesStoreSuccess):
        return result.memory
    return failure(result)

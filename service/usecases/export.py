"""Export one tenant: NDJSON in mode `export` (docs/ndjson-format.md), every stored object with
every field, read a page at a time so a tenant of any size streams in bounded memory; or
GraphML of the memory graph for Gephi and notebooks.

The export reads a live tenant page by page; it is not a snapshot. Writes made while it runs
may or may not be in the file (an edge whose end was deleted meanwhile is rejected by the
restore, named in its report); export a quiet tenant for a backup that restores whole."""

from __future__ import annotations

import importlib.metadata
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable
from datetime import datetime
from typing import Final, Protocol, TypeVar

import networkx as nx

from graph_backends import Backend
from schema import ForgottenMemory, Memory, NotFound, Tenant, Tombstone
from schema.facts import Entity, Fact
from service.usecases.export_records import (
    RESTORE_MARKER_KEY,
    ConfigRecord,
    EndRecord,
    ExtractionLine,
    forgotten_line,
    memory_line,
    model_line,
)
from service.usecases.memories import MemoryService
from service.usecases.ndjson import Embedder, Header, Mode, Source, encode

#: Records read per page (and so held at once).
PAGE: Final = 500
#: Called with the number of records written so far.
Progress = Callable[[int], None]


class _HasId(Protocol):
    @property
    def id(self) -> str: ...


T = TypeVar("T", bound=_HasId)


def retentia_version() -> str:
    try:
        return importlib.metadata.version("retentia")
    except importlib.metadata.PackageNotFoundError:  # a checkout run without installing
        return "unknown"


async def pages(
    read: Callable[[str, int], Awaitable[list[T]]], size: int = PAGE
) -> AsyncIterator[list[T]]:
    """Every page of a keyset read (`read(after, limit)`, by id ascending) until one is short."""
    after = ""
    while True:
        page = await read(after, size)
        if page:
            yield page
        if len(page) < size:
            return
        after = page[-1].id


class ExportService:
    """One tenant as NDJSON or GraphML."""

    def __init__(self, memories: MemoryService, store: Backend, clock: Callable[[], datetime]):
        self._memories = memories
        self._store = store
        self._clock = clock

    async def _existing(self, tenant: Tenant) -> None:
        if not await self._memories.ready_to_read(tenant):
            raise NotFound("project", tenant.project)

    async def header(self, tenant: Tenant, *, embeddings: bool = False) -> Header:
        """What the file starts with; `NotFound` naming the project if no write created it."""
        await self._existing(tenant)
        stats = await self._store.stats(tenant)
        config = await self._config(tenant)
        embedder = self._memories.embedder
        return Header(
            mode=Mode.EXPORT,
            retentia=retentia_version(),
            exported_at=self._clock(),
            source=Source(org=tenant.org, project=tenant.project, backend=self._store.backend_name),
            embedder=Embedder(name=embedder.name, dimension=embedder.dimension),
            embeddings=embeddings,
            counts={
                "config": len(config),
                "memory": stats.memories,
                "edge": sum(stats.edges.values()),
            },
        )

    async def _config(self, tenant: Tenant) -> dict[str, str]:
        entries = await self._store.config_entries(tenant)
        entries.pop(RESTORE_MARKER_KEY, None)  # the restore's own bookkeeping, not data
        return entries

    async def ndjson(
        self, tenant: Tenant, *, embeddings: bool = False, progress: Progress | None = None
    ) -> AsyncIterator[str]:
        """The export's lines, each ending in a newline: the header (`NotFound` before any
        line if the tenant does not exist), then every record in the order of
        `export_records.KINDS`, then the end record with the counts actually written."""
        header = await self.header(tenant, embeddings=embeddings)
        return self._lines(tenant, header, progress)

    async def _lines(
        self, tenant: Tenant, header: Header, progress: Progress | None
    ) -> AsyncIterator[str]:
        counts: Counter[str] = Counter()
        store = self._store

        def counted(kind: str, text: str) -> str:
            counts[kind] += 1
            return text + "\n"

        def tick() -> None:
            if progress is not None:
                progress(sum(counts.values()))

        yield encode(header) + "\n"
        for key, value in sorted((await self._config(tenant)).items()):
            yield counted("config", model_line("config", ConfigRecord(key=key, value=value)))

        async def entity_page(after: str, limit: int) -> list[Entity]:
            return await store.entity_page(tenant, after=after, limit=limit)

        async for entities in pages(entity_page):
            for entity in entities:
                yield counted("entity", model_line("entity", entity))
            tick()

        async def memory_page(after: str, limit: int) -> list[Memory]:
            return await store.memory_page(
                tenant, after=after, limit=limit, with_embeddings=header.embeddings
            )

        async for memories in pages(memory_page):
            for memory in memories:
                yield counted("memory", memory_line(memory, embeddings=header.embeddings))
            tick()

        async def ids_page(after: str, limit: int) -> list[Memory]:
            return await store.memory_page(tenant, after=after, limit=limit)

        async for memories in pages(ids_page):
            records = await store.get_extractions(tenant, [m.id for m in memories])
            for record in records:
                if record is not None:
                    yield counted("extraction", model_line("extraction", ExtractionLine.of(record)))
            tick()
        async for memories in pages(ids_page):
            for edge in await store.edges_from(tenant, [m.id for m in memories]):
                yield counted("edge", model_line("edge", edge))
            tick()

        async def fact_page(after: str, limit: int) -> list[Fact]:
            return await store.fact_page(tenant, after=after, limit=limit)

        async for facts in pages(fact_page):
            for fact in facts:
                yield counted("fact", model_line("fact", fact))
            tick()
        async for entities in pages(entity_page):
            relations = await store.relations_from(tenant, [e.id for e in entities])
            relations.sort(key=lambda r: (r.source, r.target, r.predicate, r.fact_id))
            for relation in relations:
                yield counted("relation", model_line("relation", relation))
            tick()

        async def tombstone_page(after: str, limit: int) -> list[Tombstone]:
            return await store.tombstone_page(tenant, after=after, limit=limit)

        async for tombstones in pages(tombstone_page):
            for tombstone in tombstones:
                yield counted("tombstone", model_line("tombstone", tombstone))
            tick()

        async def forgotten_page(after: str, limit: int) -> list[ForgottenMemory]:
            return await store.forgotten_page(tenant, after=after, limit=limit)

        async for kept in pages(forgotten_page):
            for forgotten in kept:
                yield counted("forgotten", forgotten_line(forgotten))
            tick()
        yield encode(EndRecord(counts=dict(counts))) + "\n"

    async def graphml(self, tenant: Tenant) -> AsyncIterator[str]:
        """The memory graph as GraphML: a node per memory with its main attributes, a typed
        edge per memory–memory edge (a multigraph: two memories may be linked by several
        types). Built in memory (GraphML's writer needs the whole graph); NDJSON streams."""
        await self._existing(tenant)
        graph = await self._graph(tenant)
        return _chunks(nx.generate_graphml(graph, prettyprint=True))

    async def _graph(self, tenant: Tenant) -> nx.MultiDiGraph:
        graph = nx.MultiDiGraph(name=str(tenant))
        store = self._store

        async def memory_page(after: str, limit: int) -> list[Memory]:
            return await store.memory_page(tenant, after=after, limit=limit)

        async for memories in pages(memory_page):
            for memory in memories:
                graph.add_node(memory.id, **_node_attributes(memory))
            for edge in await store.edges_from(tenant, [m.id for m in memories]):
                attributes = {
                    "type": str(edge.type),
                    "weight": edge.weight,
                    "created_by": str(edge.created_by),
                    "created_at": edge.created_at.isoformat(),
                    "last_validated_at": _iso(edge.last_validated_at),
                    "reason": edge.reason,
                }
                graph.add_edge(
                    edge.source,
                    edge.target,
                    key=str(edge.type),
                    **{k: v for k, v in attributes.items() if v is not None},
                )
        return graph


def _iso(value: datetime | None) -> str | None:
    return None if value is None else value.isoformat()


def _node_attributes(memory: Memory) -> dict[str, object]:
    """What Gephi and a notebook filter and colour by (GraphML has no null: unset is absent)."""
    attributes: dict[str, object | None] = {
        "label": memory.summary or memory.content[:80],
        "content": memory.content,
        "summary": memory.summary,
        "category": str(memory.category),
        "status": str(memory.status),
        "score": memory.score,
        "stability": memory.stability,
        "pinned": memory.pinned,
        "visibility": str(memory.visibility),
        "created_at": memory.created_at.isoformat(),
        "last_accessed_at": _iso(memory.last_accessed_at),
        "event_time": _iso(memory.event_time),
        "reactivation_count": memory.reactivation_count,
        "entities": "; ".join(memory.entities) or None,
        "source_session": memory.source_session,
        "superseded_by": memory.superseded_by,
    }
    return {k: v for k, v in attributes.items() if v is not None}


async def _chunks(parts: Iterable[str]) -> AsyncIterator[str]:
    for part in parts:
        yield part + "\n"

"""History import (docs/ndjson-format.md, mode `history`): a user's own memories, edges, facts
and settings written through the same use cases a client calls — the store path with
`created_at`, link, fact ingest, core preferences, functional predicates — so validation,
limits, extraction, auto-links and session chains apply exactly as for a client.

Resumable, every item once. A memory's server id is derived from the tenant and its client id
(`memory_id_for`, a UUID v5): that id is the item's idempotency key, kept by the store itself
rather than an expiring idempotency record. A re-run after a crash (even `kill -9` mid-batch,
even after the 24 h idempotency window) stores each batch under the same ids, and the store
path reads back an id that is already stored instead of writing it (reported as skipped) — the
client id → server id mapping is recomputed, never looked up. Edges are keyed by (source,
target, type): one already stored is skipped, not linked again. Facts are keyed by their
fingerprint (content, times, source): the fact path records none twice and answers `skipped`.

References. An edge or fact naming a memory not yet seen in the file is deferred to the end of
the file (one pass: stdin can be read only once) and resolved then — a client id seen by then,
or the server id of a stored memory; anything else is rejected naming it. An edge or fact whose
memory was rejected is rejected with that memory's reason.
"""

from __future__ import annotations

import json
import uuid
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from schema import (
    Category,
    EdgeType,
    InvalidInput,
    RetentiaError,
    Tenant,
    Visibility,
    parse_memory_id,
)
from schema.facts import FactOutcome, FactWriter
from service.usecases.core_preferences import CorePreferencesService, preferences
from service.usecases.facts import FUNCTIONAL_CONFIG_KEY, MAX_FACT_BATCH, FactService
from service.usecases.memories import (
    MAX_BATCH,
    LinkRequest,
    MemoryService,
    StoreRequest,
    content_hash,
    new_edge,
)
from service.usecases.ndjson import (
    Header,
    ImportReport,
    Line,
    Mode,
    Rejection,
    decode,
    read_header,
)
from service.usecases.store import Stored, StoreService

#: Records (memories, edges, facts) written per batch by default, and at most.
DEFAULT_BATCH: Final = 100
MAX_IMPORT_BATCH: Final = MAX_BATCH
#: The namespace of the server ids derived from client ids (never change it: a re-run of an
#: old file would then store every memory again).
_ID_NAMESPACE: Final = uuid.UUID("5b0e8a5c-3f7d-4c69-9d4e-21a0c0de0021")

Progress = Callable[[int], None]


def memory_id_for(tenant: Tenant, client_id: str) -> str:
    """The server id of the memory a history file names `client_id`, in `tenant`: the same on
    every run, so a re-run finds what an earlier one stored."""
    return str(uuid.uuid5(_ID_NAMESPACE, f"{tenant.key}\x1f{client_id}"))


# -- the records ---------------------------------------------------------------------------


class _Record(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class MemoryRecord(_Record):
    kind: Literal["memory"]
    id: str = Field(min_length=1, max_length=200)
    content: str
    created_at: datetime | None = None
    session: str | None = None
    entities: list[str] = Field(default_factory=list)
    category: Category | None = None
    summary: str | None = None
    event_time: datetime | None = None
    pinned: bool = False
    visibility: Visibility = Visibility.PRIVATE
    metadata: dict[str, str] = Field(default_factory=dict)

    def request(self) -> StoreRequest:
        return StoreRequest(
            content=self.content,
            category=self.category,
            entities=tuple(self.entities),
            pinned=self.pinned,
            visibility=self.visibility,
            source_session=self.session,
            event_time=self.event_time,
            summary=self.summary,
            metadata=self.metadata,
            created_at=self.created_at,
        )


class EdgeRecord(_Record):
    kind: Literal["edge"]
    source: str = Field(min_length=1)
    target: str = Field(min_length=1)
    type: EdgeType
    weight: float = 1.0
    reason: str | None = None


class CorePreferencesRecord(_Record):
    kind: Literal["core_preferences"]
    auto: list[str] = Field(default_factory=list)
    approval: list[str] = Field(default_factory=list)
    excluded: list[str] = Field(default_factory=list)


class FunctionalPredicatesRecord(_Record):
    kind: Literal["functional_predicates"]
    predicates: list[str]


KINDS: Final = ("memory", "edge", "fact", "core_preferences", "functional_predicates")


def _problem(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    message = str(first["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


def _reason(error: RetentiaError) -> str:
    """An error as a report line; a store's per-batch field name (`memories[3].created_at`)
    loses its batch index, which means nothing to the file's author."""
    if isinstance(error, InvalidInput):
        name = error.field
        if name.startswith("memories[") and "]" in name:
            name = name[name.index("]") + 1 :].lstrip(".") or "memory"
        return f"{name}: {error.message}"
    return str(error)


# -- reading a file ------------------------------------------------------------------------


def open_history(texts: Iterable[str]) -> tuple[Header, Iterator[Line | Rejection]]:
    """The file's header (`Header()` when it has none) and its records in order; a line that is
    not a record (not JSON, no `kind`, a second header) is a `Rejection` in its place. A first
    line that is not JSON at all is a file error (`InvalidInput`): not an NDJSON file."""
    numbered = iter(enumerate(texts, start=1))
    first: Line | None = None
    for number, text in numbered:
        if text.strip():
            first = decode(number, text)
            break
    header, was_header = read_header(first)

    def records() -> Iterator[Line | Rejection]:
        if first is not None and not was_header:
            yield first
        for number, text in numbered:
            if not text.strip():
                continue
            try:
                line = decode(number, text)
            except InvalidInput as e:
                yield Rejection(number, "line", e.message)
                continue
            if line.kind == "header":
                yield Rejection(number, "header", "a header is only valid on the first line")
            else:
                yield line

    return header, records()


def count_records(texts: Sequence[str]) -> int:
    """The records of a history text: its non-blank lines, but a header on the first (a line
    that cannot be read counts: it is a record rejected in the report)."""
    count = sum(1 for text in texts if text.strip())
    first = next((text for text in texts if text.strip()), None)
    try:
        if first is not None and decode(1, first).kind == "header":
            count -= 1
    except InvalidInput:
        pass  # not a header: a record, rejected (or the file refused) when it is read
    return count


# -- the import ----------------------------------------------------------------------------


@dataclass(slots=True)
class _Pending:
    """A batch being gathered: records in the file's order, by kind."""

    memories: list[tuple[Line, MemoryRecord]] = field(default_factory=list)
    edges: list[tuple[Line, EdgeRecord]] = field(default_factory=list)
    facts: list[tuple[Line, dict[str, Any], str | None]] = field(default_factory=list)

    def __len__(self) -> int:
        return len(self.memories) + len(self.edges) + len(self.facts)


@dataclass(slots=True)
class _Run:
    tenant: Tenant
    report: ImportReport
    #: Client id → server id of each memory stored (or found stored) by this run.
    known: dict[str, str] = field(default_factory=dict)
    #: Client id → why its memory was rejected.
    failed: dict[str, str] = field(default_factory=dict)
    #: Client id → the line that first named it (a second memory with it is rejected).
    lines: dict[str, int] = field(default_factory=dict)
    deferred_edges: list[tuple[Line, EdgeRecord]] = field(default_factory=list)
    deferred_facts: list[tuple[Line, dict[str, Any], str | None]] = field(default_factory=list)
    done: int = 0


class _Unresolved(Exception):
    """A reference to a memory not (yet) known."""


class HistoryImporter:
    """Imports a history file through the client's write paths (module docstring)."""

    def __init__(
        self,
        memories: MemoryService,
        stores: StoreService,
        facts: FactService,
        core: CorePreferencesService,
    ) -> None:
        self._memories = memories
        self._stores = stores
        self._facts = facts
        self._core = core

    async def run(
        self,
        tenant: Tenant,
        records: Iterable[Line | Rejection],
        *,
        batch: int = DEFAULT_BATCH,
        progress: Progress | None = None,
        configuration: bool = True,
    ) -> ImportReport:
        """Import `records` (from `open_history`) into `tenant`, `batch` records at a time,
        calling `progress` with the records handled so far after each batch. `configuration`
        False: the caller may not change the tenant's settings, so `core_preferences` and
        `functional_predicates` records are rejected saying so."""
        if not 1 <= batch <= MAX_IMPORT_BATCH:
            raise InvalidInput("batch", f"{batch}; between 1 and {MAX_IMPORT_BATCH}")
        await self._memories.ready(tenant)
        run = _Run(tenant, ImportReport(Mode.HISTORY))
        pending = _Pending()

        def tick(count: int = 1) -> None:
            run.done += count
            if progress is not None:
                progress(run.done)

        for item in records:
            if isinstance(item, Rejection):
                run.report.rejected.append(item)
                tick()
                continue
            if item.kind in ("core_preferences", "functional_predicates"):
                # Settings apply in the file's order: what comes before them is written first.
                await self._flush(run, pending)
                tick(len(pending))
                pending = _Pending()
                await self._setting(run, item, configuration)
                tick()
                continue
            self._gather(run, pending, item)
            if len(pending) >= batch:
                await self._flush(run, pending)
                tick(len(pending))
                pending = _Pending()
        await self._flush(run, pending)
        tick(len(pending))
        await self._finish_deferred(run)
        run.report.rejected.sort(key=lambda r: r.line)
        return run.report

    # -- gathering ---------------------------------------------------------------------------

    def _gather(self, run: _Run, pending: _Pending, line: Line) -> None:
        report = run.report
        if line.kind == "memory":
            try:
                memory = MemoryRecord.model_validate(line.record)
            except ValidationError as e:
                report.reject(line, _problem(e))
                client = line.record.get("id")
                if isinstance(client, str) and client not in run.lines:
                    run.failed[client] = f"memory {client!r} (line {line.number}) was rejected"
                    run.lines[client] = line.number
                return
            if memory.id in run.lines:
                report.reject(
                    line, f"id: {memory.id!r} is already the id of line {run.lines[memory.id]}"
                )
                return
            run.lines[memory.id] = line.number
            pending.memories.append((line, memory))
        elif line.kind == "edge":
            try:
                pending.edges.append((line, EdgeRecord.model_validate(line.record)))
            except ValidationError as e:
                report.reject(line, _problem(e))
        elif line.kind == "fact":
            record = {k: v for k, v in line.record.items() if k != "kind"}
            source = record.pop("source", None)
            if source is not None and not isinstance(source, str):
                report.reject(line, "source: a memory id (a string)")
                return
            pending.facts.append((line, record, source))
        else:
            report.reject(
                line, f"unknown kind {line.kind!r}; a history file has {', '.join(KINDS)}"
            )

    # -- writing a batch -------------------------------------------------------------------

    async def _flush(self, run: _Run, pending: _Pending) -> None:
        if pending.memories:
            await self._store(run, pending.memories)
        if pending.edges:
            await self._link(run, pending.edges, final=False)
        if pending.facts:
            await self._ingest(run, pending.facts, final=False)

    async def _store(self, run: _Run, items: Sequence[tuple[Line, MemoryRecord]]) -> None:
        tenant, report = run.tenant, run.report
        ids = [memory_id_for(tenant, m.id) for _, m in items]
        there = await self._memories.repository.existing_ids(tenant, ids)
        results = await self._stores.store_each(
            tenant, [(m.request(), ()) for _, m in items], memory_ids=ids
        )
        for (line, memory), server_id, result in zip(items, ids, results, strict=True):
            if isinstance(result, RetentiaError):
                self._fail(run, line, memory.id, _reason(result))
            elif server_id in there:
                if content_hash(_stored_content(result)) != content_hash(memory.content):
                    self._fail(
                        run,
                        line,
                        memory.id,
                        f"id: {memory.id!r} already names memory {server_id} in this project, "
                        "with other content; give this memory another id",
                    )
                else:
                    run.known[memory.id] = server_id
                    report.skipped["memory"] += 1
            else:
                run.known[memory.id] = server_id
                report.imported["memory"] += 1

    def _fail(self, run: _Run, line: Line, client: str, reason: str) -> None:
        run.report.reject(line, reason)
        run.failed[client] = f"memory {client!r} (line {line.number}) was rejected: {reason}"

    def _resolve(self, run: _Run, name: str, *, final: bool) -> str:
        """The server id a record's memory reference names: a client id of this file, else
        (at the end of the file) the server id of a stored memory. `_Unresolved` to defer it;
        `InvalidInput` when it is known to be bad."""
        if name in run.known:
            return run.known[name]
        if name in run.failed:
            raise InvalidInput("memory", run.failed[name])
        if not final:
            raise _Unresolved(name)
        try:
            return parse_memory_id(name)
        except InvalidInput:
            raise InvalidInput(
                "memory", f"{name!r} names no memory of the file and is not a memory id"
            ) from None

    async def _link(
        self, run: _Run, items: Sequence[tuple[Line, EdgeRecord]], *, final: bool
    ) -> None:
        tenant, report = run.tenant, run.report
        ready: list[tuple[Line, LinkRequest]] = []
        for line, edge in items:
            try:
                source = self._resolve(run, edge.source, final=final)
                target = self._resolve(run, edge.target, final=final)
                request = LinkRequest(source, target, edge.type, edge.weight, edge.reason)
                # What link would refuse for the whole batch, refused for this edge alone.
                new_edge(source, target, edge.type, self._memories.now(), weight=edge.weight)
            except _Unresolved:
                run.deferred_edges.append((line, edge))
                continue
            except InvalidInput as e:
                report.reject(line, _reason(e) if e.field != "memory" else e.message)
                continue
            except ValidationError as e:
                report.reject(line, _problem(e))
                continue
            ready.append((line, request))
        if not ready:
            return
        ends = {i for _, r in ready for i in (r.source, r.target)}
        present = await self._memories.repository.existing_ids(tenant, ends)
        stored = {
            (e.source, e.target, e.type)
            for e in await self._memories.repository.edges_among(
                tenant, sorted(present), frozenset(r.type for _, r in ready)
            )
        }
        todo: list[tuple[Line, LinkRequest]] = []
        seen: set[tuple[str, str, EdgeType]] = set()
        for line, request in ready:
            missing = [i for i in (request.source, request.target) if i not in present]
            key = (request.source, request.target, request.type)
            if missing:
                report.reject(line, f"memory {missing[0]} does not exist")
            elif key in stored or key in seen:
                report.skipped["edge"] += 1
            else:
                seen.add(key)
                todo.append((line, request))
        if not todo:
            return
        try:
            await self._memories.link(tenant, [r for _, r in todo])
            report.imported["edge"] += len(todo)
        except RetentiaError:
            # One refused edge must not cost the others: link them one at a time.
            for line, request in todo:
                try:
                    await self._memories.link(tenant, [request])
                    report.imported["edge"] += 1
                except RetentiaError as e:
                    report.reject(line, _reason(e))

    async def _ingest(
        self, run: _Run, items: Sequence[tuple[Line, dict[str, Any], str | None]], *, final: bool
    ) -> None:
        report = run.report
        ready: list[tuple[Line, dict[str, Any]]] = []
        for line, record, source in items:
            if source is None:
                ready.append((line, record))
                continue
            try:
                ready.append((line, {**record, "source": self._resolve(run, source, final=final)}))
            except _Unresolved:
                run.deferred_facts.append((line, record, source))
            except InvalidInput as e:
                report.reject(line, e.message)
        for start in range(0, len(ready), MAX_FACT_BATCH):
            chunk = ready[start : start + MAX_FACT_BATCH]
            result = await self._facts.apply_facts(
                run.tenant, [r for _, r in chunk], FactWriter.API
            )
            for outcome in result.results:
                line = chunk[outcome.index][0]
                if outcome.outcome is FactOutcome.ERROR:
                    where = f"{outcome.field}: " if outcome.field else ""
                    report.reject(line, f"{where}{outcome.reason}")
                elif outcome.outcome is FactOutcome.SKIPPED:
                    report.skipped["fact"] += 1
                else:
                    report.imported["fact"] += 1

    async def _finish_deferred(self, run: _Run) -> None:
        edges, facts = run.deferred_edges, run.deferred_facts
        run.deferred_edges, run.deferred_facts = [], []
        for start in range(0, len(edges), MAX_IMPORT_BATCH):
            await self._link(run, edges[start : start + MAX_IMPORT_BATCH], final=True)
        if facts:
            await self._ingest(run, facts, final=True)

    # -- settings --------------------------------------------------------------------------

    async def _setting(self, run: _Run, line: Line, configuration: bool) -> None:
        tenant, report = run.tenant, run.report
        if not configuration:
            report.reject(line, "changing the project's settings needs configuration:write")
            return
        try:
            if line.kind == "core_preferences":
                record = CorePreferencesRecord.model_validate(line.record)
                wanted = preferences(record.auto, record.approval, record.excluded)
                if await self._core.get_preferences(tenant) == wanted:
                    report.skipped[line.kind] += 1
                    return
                await self._core.set_preferences(tenant, wanted)
            else:
                predicates = FunctionalPredicatesRecord.model_validate(line.record)
                raw = await self._memories.repository.get_config(tenant, FUNCTIONAL_CONFIG_KEY)
                before = set(json.loads(raw)) if raw else set()
                done = await self._facts.register_functional(tenant, predicates.predicates)
                if set(done.predicates) == before and not done.closed:
                    report.skipped[line.kind] += 1
                    return
        except ValidationError as e:
            report.reject(line, _problem(e))
            return
        except RetentiaError as e:
            report.reject(line, _reason(e))
            return
        report.imported[line.kind] += 1


def _stored_content(stored: Stored) -> str:
    return stored.result.memory.content

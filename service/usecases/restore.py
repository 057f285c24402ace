"""Restore an export file (docs/ndjson-format.md, mode `export`) into an empty tenant, verbatim:
every id, score, state and instant as the file has it, none recomputed (ADR 0017).

The file is read once into per-kind spool files first, so a file without its end record (a
truncated export) or whose end record counts other records than it holds is refused before
anything is written, and the records are written kind by kind in dependency order whatever
order the file has. Then, in batches: a bad record is rejected into the report with its line
and reason, and the good ones are written. The first write is a marker (a configuration entry
with the digest of the file); a tenant holding anything but a marker of the same file is
refused (`TenantNotEmpty`), so a restore interrupted half-way is resumed by running it again
with the same file: what is there already is skipped."""

from __future__ import annotations

import hashlib
import json
import tempfile
from collections import Counter
from collections.abc import AsyncIterable, Awaitable, Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Final, TypeVar

from pydantic import BaseModel

from graph_backends import Backend
from schema import Conflict, ForgottenMemory, InvalidInput, Memory, MemoryEdge, Tenant, Tombstone
from schema.facts import Entity, Fact, StoredRelation
from service.engine.mentioned_time import dated
from service.usecases.embedder_records import RECORD_KEY as EMBEDDER_KEY
from service.usecases.embedder_records import EmbedderRecord
from service.usecases.export_records import (
    KINDS,
    RESTORE_MARKER_KEY,
    ConfigRecord,
    EndRecord,
    ExtractionLine,
    parse,
)
from service.usecases.facts import FactService, fact_text
from service.usecases.memories import MemoryService
from service.usecases.ndjson import (
    Embedder,
    Header,
    ImportReport,
    Line,
    Mode,
    encode,
    read_header,
)

#: Records written per batch.
BATCH: Final = 500
#: Called with the number of records handled so far (written, skipped or rejected).
Progress = Callable[[int], None]
M = TypeVar("M", bound=BaseModel)
#: A record restored verbatim by its id (`RestoreService._by_id`).
Kept = TypeVar("Kept", Tombstone, ForgottenMemory)


class TenantNotEmpty(Conflict):
    """A restore writes only into an empty tenant (or one holding its own interrupted restore
    of the same file); nothing was written."""


@dataclass
class _Spool:
    """The file's records, one spool file per kind, and what the first pass learned."""

    folder: Path
    digest: str = ""
    counts: Counter[str] = field(default_factory=Counter)

    def path(self, kind: str) -> Path:
        return self.folder / f"{kind}.jsonl"

    def batches(self, kind: str, size: int) -> Iterator[list[Line]]:
        path = self.path(kind)
        if not path.exists():
            return
        batch: list[Line] = []
        with path.open(encoding="utf-8") as spooled:
            for text in spooled:
                number, record = json.loads(text)
                batch.append(Line(number, kind, record))
                if len(batch) == size:
                    yield batch
                    batch = []
        if batch:
            yield batch


async def _each(lines: Iterable[Line] | AsyncIterable[Line]) -> Any:
    if isinstance(lines, AsyncIterable):
        async for item in lines:
            yield item
    else:
        for item in lines:
            yield item


class RestoreService:
    """`restore`: an export file back into an empty tenant of any backend."""

    def __init__(self, memories: MemoryService, facts: FactService, *, batch: int = BATCH):
        self._memories = memories
        self._store: Backend = facts.repository
        self._batch = batch

    async def restore(
        self,
        tenant: Tenant,
        header: Header,
        lines: Iterable[Line] | AsyncIterable[Line],
        *,
        progress: Progress | None = None,
    ) -> ImportReport:
        """Restore the records after `header` (the header line itself may come first again)
        into `tenant`. Raises `InvalidInput` for a file that is not a complete export (nothing
        written) and `TenantNotEmpty` for a tenant holding data of its own."""
        if header.mode is not Mode.EXPORT:
            raise InvalidInput(
                "mode", f"a {header.mode} file is imported through the write paths, not restored"
            )
        report = ImportReport(Mode.EXPORT)
        with tempfile.TemporaryDirectory(prefix="retentia-restore-") as folder:
            spool = await self._spool(header, lines, Path(folder), report)
            await self._claim(tenant, header, spool.digest)
            done = len(report.rejected)
            for kind in KINDS:
                for batch in spool.batches(kind, self._batch):
                    await self._write(tenant, header, kind, batch, report)
                    done += len(batch)
                    if progress is not None:
                        progress(done)
            await self._mark(tenant, header, spool.digest, "done")
        return report

    # -- the first pass: a complete file, spooled by kind ----------------------------------

    async def _spool(
        self,
        header: Header,
        lines: Iterable[Line] | AsyncIterable[Line],
        folder: Path,
        report: ImportReport,
    ) -> _Spool:
        spool = _Spool(folder)
        digest = hashlib.sha256(encode(header).encode())
        end: EndRecord | None = None
        with ExitStack() as files:
            opened: dict[str, IO[str]] = {}
            async for item in _each(lines):
                if item.kind == "header" and not spool.counts and end is None:
                    if read_header(item)[0] != header:
                        raise InvalidInput(f"line {item.number}", "a second, different header")
                    continue
                if end is not None:
                    raise InvalidInput(f"line {item.number}", "a record after the end record")
                canonical = json.dumps(item.record, sort_keys=True, separators=(",", ":"))
                digest.update(canonical.encode())
                if item.kind == "end":
                    try:
                        end = EndRecord.model_validate(item.record)
                    except ValueError as e:
                        raise InvalidInput(f"line {item.number}", f"a bad end record: {e}") from e
                    continue
                if item.kind not in KINDS:
                    report.reject(item, f"{item.kind!r} is not a record of an export")
                    continue
                if item.kind not in opened:
                    opened[item.kind] = files.enter_context(
                        spool.path(item.kind).open("w", encoding="utf-8")
                    )
                opened[item.kind].write(json.dumps([item.number, item.record]) + "\n")
                spool.counts[item.kind] += 1
        if end is None:
            raise InvalidInput(
                "end",
                "the file has no end record: it is incomplete (a truncated export?); "
                "nothing was written — export the tenant again",
            )
        wrong = {
            kind: (end.counts.get(kind, 0), spool.counts.get(kind, 0))
            for kind in sorted(set(end.counts) | set(spool.counts))
            if end.counts.get(kind, 0) != spool.counts.get(kind, 0)
        }
        if wrong:
            said = ", ".join(f"{k}: {want} said, {have} found" for k, (want, have) in wrong.items())
            raise InvalidInput(
                "end",
                f"the end record counts other records than the file holds ({said}); "
                "records are missing: nothing was written",
            )
        spool.digest = digest.hexdigest()
        return spool

    # -- the tenant: empty, or resuming this file ------------------------------------------

    async def _claim(self, tenant: Tenant, header: Header, digest: str) -> None:
        """Refuse a tenant with data of its own; then mark it as restoring this file."""
        if await self._memories.ready_to_read(tenant):
            raw = await self._store.get_config(tenant, RESTORE_MARKER_KEY)
            marker = json.loads(raw) if raw else {}
            if marker.get("digest") != digest:
                held = await self._holds(tenant)
                if held:
                    other = " (an interrupted restore of another file)" if marker else ""
                    raise TenantNotEmpty(
                        f"project {tenant.project!r} of org {tenant.org!r} already holds "
                        f"{held}{other}; a restore writes only into an empty project — name a "
                        "new project, or drop this one first (retentia tenants drop)"
                    )
        await self._memories.ready(tenant)
        await self._store.ensure_fact_schema(tenant)
        await self._mark(tenant, header, digest, "restoring")

    async def _holds(self, tenant: Tenant) -> str | None:
        """What the tenant holds, in words (None: nothing but a restore marker)."""
        store = self._store
        if await store.memory_page(tenant, after="", limit=1):
            return "memories"
        if await store.entity_page(tenant, after="", limit=1):
            return "entities"
        if await store.holds_facts(tenant):
            return "facts"
        if await store.tombstone_page(tenant, after="", limit=1):
            return "tombstones"
        if await store.forgotten_page(tenant, after="", limit=1):
            return "forgotten memories"
        if set(await store.config_entries(tenant)) - {RESTORE_MARKER_KEY}:
            return "configuration"
        return None

    async def _mark(self, tenant: Tenant, header: Header, digest: str, state: str) -> None:
        source = None if header.source is None else header.source.model_dump()
        exported = None if header.exported_at is None else header.exported_at.isoformat()
        marker = {"digest": digest, "state": state, "source": source, "exported_at": exported}
        await self._store.put_config(tenant, RESTORE_MARKER_KEY, json.dumps(marker))

    # -- the second pass: batches --------------------------------------------------------

    def _parsed(
        self, kind: str, batch: Sequence[Line], report: ImportReport, model: type[M]
    ) -> list[tuple[Line, M]]:
        out = []
        for item in batch:
            try:
                parsed = parse(kind, item.record)
            except InvalidInput as e:
                report.reject(item, str(e))
                continue
            assert isinstance(parsed, model)
            out.append((item, parsed))
        return out

    async def _write(
        self, tenant: Tenant, header: Header, kind: str, batch: list[Line], report: ImportReport
    ) -> None:
        writers = {
            "config": self._configs,
            "entity": self._entities,
            "extraction": self._extractions,
            "edge": self._edges,
            "fact": self._facts,
            "relation": self._relations,
            "tombstone": self._tombstones,
            "forgotten": self._forgotten,
        }
        if kind == "memory":
            await self._memory_batch(tenant, header, batch, report)
        else:
            await writers[kind](tenant, batch, report)

    async def _configs(self, tenant: Tenant, batch: list[Line], report: ImportReport) -> None:
        for item, entry in self._parsed("config", batch, report, ConfigRecord):
            if entry.key == RESTORE_MARKER_KEY:
                report.reject(item, f"{RESTORE_MARKER_KEY!r} is the restore's own entry")
                continue
            if entry.key == EMBEDDER_KEY:
                # The vectors are this service's (kept only where its model is the file's,
                # else embedded here): the entry restored is the record of its own model.
                guard = self._memories.guard
                if await guard.read(tenant, fresh=True) == EmbedderRecord(
                    guard.name, guard.dimension
                ):
                    _add(report.skipped, "config", 1)
                else:
                    await guard.check_write(tenant)
                    _add(report.imported, "config", 1)
                continue
            try:
                json.loads(entry.value)
            except ValueError:
                report.reject(item, "value: is not JSON text")
                continue
            if await self._store.get_config(tenant, entry.key) == entry.value:
                _add(report.skipped, "config", 1)
                continue
            await self._store.put_config(tenant, entry.key, entry.value)
            _add(report.imported, "config", 1)

    async def _entities(self, tenant: Tenant, batch: list[Line], report: ImportReport) -> None:
        parsed = _unique(self._parsed("entity", batch, report, Entity), lambda e: e.id, report)
        stored = await self._store.get_entities(tenant, [e.id for _, e in parsed])
        fresh = [e for (_, e), there in zip(parsed, stored, strict=True) if there is None]
        _add(report.skipped, "entity", len(parsed) - len(fresh))
        await self._store.restore_entities(tenant, fresh)
        _add(report.imported, "entity", len(fresh))

    def _embedder_matches(self, header: Header) -> bool:
        """The file's embeddings are kept only when the service embeds with the same model
        (name and dimension): another model's vectors, even of the same size, are another
        space, and recall would compare queries against them."""
        embedder = self._memories.embedder
        mine = Embedder(name=embedder.name, dimension=embedder.dimension)
        return header.embeddings and header.embedder == mine

    async def _memory_batch(
        self, tenant: Tenant, header: Header, batch: list[Line], report: ImportReport
    ) -> None:
        keep_vectors = self._embedder_matches(header)
        dimension = self._memories.embedder.dimension
        parsed: list[tuple[Line, Memory]] = []
        for item, parsed_memory in self._parsed("memory", batch, report, Memory):
            # Derived, so recomputed rather than trusted: a file written before the window
            # existed, or by other rules, restores the window today's write would store.
            memory = dated(parsed_memory)
            if memory.embedding is not None and not keep_vectors:
                memory = memory.model_copy(update={"embedding": None})
            if memory.embedding is not None and len(memory.embedding) != dimension:
                report.reject(
                    item,
                    f"embedding: has {len(memory.embedding)} dimensions; the header's embedder "
                    f"has {dimension}",
                )
                continue
            parsed.append((item, memory))
        parsed = _unique(parsed, lambda m: m.id, report)
        there = await self._store.existing_ids(tenant, [m.id for _, m in parsed])
        fresh = [m for _, m in parsed if m.id not in there]
        _add(report.skipped, "memory", len(parsed) - len(fresh))
        missing = [i for i, m in enumerate(fresh) if m.embedding is None]
        if fresh:
            await self._memories.guard.check_write(tenant)
        if missing:
            vectors = await self._memories.embedder.embed([fresh[i].content for i in missing])
            for i, vector in zip(missing, vectors, strict=True):
                fresh[i] = fresh[i].model_copy(update={"embedding": tuple(vector)})
        await self._store.upsert_memories(tenant, fresh)
        _add(report.imported, "memory", len(fresh))

    async def _extractions(self, tenant: Tenant, batch: list[Line], report: ImportReport) -> None:
        parsed = self._parsed("extraction", batch, report, ExtractionLine)
        parsed = _unique(parsed, lambda x: x.memory_id, report)
        present = await self._store.existing_ids(tenant, [x.memory_id for _, x in parsed])
        kept = []
        for item, record in parsed:
            if record.memory_id in present:
                kept.append(record)
            else:
                report.reject(item, f"memory_id: memory {record.memory_id} is not in the project")
        stored = await self._store.get_extractions(tenant, [x.memory_id for x in kept])
        fresh = [x.record() for x, there in zip(kept, stored, strict=True) if there is None]
        _add(report.skipped, "extraction", len(kept) - len(fresh))
        await self._store.record_extractions(tenant, fresh)
        _add(report.imported, "extraction", len(fresh))

    async def _edges(self, tenant: Tenant, batch: list[Line], report: ImportReport) -> None:
        parsed = self._parsed("edge", batch, report, MemoryEdge)
        parsed = _unique(parsed, lambda e: (e.source, e.target, e.type), report)
        ends = {e.source for _, e in parsed} | {e.target for _, e in parsed}
        present = await self._store.existing_ids(tenant, ends)
        kept: list[MemoryEdge] = []
        for item, edge in parsed:
            gone = [end for end in (edge.source, edge.target) if end not in present]
            if gone:
                report.reject(
                    item, f"memory {gone[0]} is not in the project (not in the file, or rejected)"
                )
            else:
                kept.append(edge)
        stored = {
            (e.source, e.target, e.type)
            for e in await self._store.edges_from(tenant, [e.source for e in kept])
        }
        fresh = [e for e in kept if (e.source, e.target, e.type) not in stored]
        _add(report.skipped, "edge", len(kept) - len(fresh))
        if fresh:
            await self._store.link(tenant, fresh)
        _add(report.imported, "edge", len(fresh))

    async def _facts(self, tenant: Tenant, batch: list[Line], report: ImportReport) -> None:
        parsed = _unique(self._parsed("fact", batch, report, Fact), lambda f: f.id, report)
        stored = await self._store.get_facts(tenant, [f.id for _, f in parsed])
        fresh = [f for (_, f), there in zip(parsed, stored, strict=True) if there is None]
        _add(report.skipped, "fact", len(parsed) - len(fresh))
        if not fresh:
            return
        # Fact vectors are not in the file: the service's embedder makes them, from the
        # text every fact writer embeds.
        await self._memories.guard.check_write(tenant)
        texts = [fact_text(f) for f in fresh]
        vectors = await self._memories.embedder.embed(texts)
        await self._store.restore_facts(
            tenant, fresh, {f.id: v for f, v in zip(fresh, vectors, strict=True)}
        )
        _add(report.imported, "fact", len(fresh))

    async def _relations(self, tenant: Tenant, batch: list[Line], report: ImportReport) -> None:
        parsed = self._parsed("relation", batch, report, StoredRelation)
        ends = sorted({r.source for _, r in parsed} | {r.target for _, r in parsed})
        present = {e.id for e in await self._store.get_entities(tenant, ends) if e is not None}
        kept: list[StoredRelation] = []
        for item, relation in parsed:
            gone = [end for end in (relation.source, relation.target) if end not in present]
            if gone:
                report.reject(item, f"entity {gone[0]} is not in the project")
            else:
                kept.append(relation)
        stored = Counter(await self._store.relations_from(tenant, [r.source for r in kept]))
        fresh = []
        for relation in kept:
            if stored[relation] > 0:
                stored[relation] -= 1
            else:
                fresh.append(relation)
        _add(report.skipped, "relation", len(kept) - len(fresh))
        await self._store.restore_relations(tenant, fresh)
        _add(report.imported, "relation", len(fresh))

    async def _tombstones(self, tenant: Tenant, batch: list[Line], report: ImportReport) -> None:
        store = self._store
        await self._by_id(
            "tombstone",
            Tombstone,
            batch,
            report,
            lambda ids: store.get_tombstones(tenant, ids),
            lambda fresh: store.write_tombstones(tenant, fresh),
        )

    async def _forgotten(self, tenant: Tenant, batch: list[Line], report: ImportReport) -> None:
        """Forgotten memories come back forgotten, with their state: kept, restorable, purged
        after the retention period from their own `forgotten_at`."""
        store = self._store
        await self._by_id(
            "forgotten",
            ForgottenMemory,
            batch,
            report,
            lambda ids: store.get_forgotten(tenant, ids),
            lambda fresh: store.write_forgotten(tenant, fresh),
        )

    async def _by_id(
        self,
        kind: str,
        model: type[Kept],
        batch: list[Line],
        report: ImportReport,
        stored: Callable[[list[str]], Awaitable[Sequence[object | None]]],
        write: Callable[[list[Kept]], Awaitable[None]],
    ) -> None:
        """Records kept verbatim by id: those not stored yet are written, the others skipped."""
        parsed = _unique(self._parsed(kind, batch, report, model), lambda r: r.id, report)
        there = await stored([r.id for _, r in parsed])
        fresh = [r for (_, r), found in zip(parsed, there, strict=True) if found is None]
        _add(report.skipped, kind, len(parsed) - len(fresh))
        if fresh:
            await write(fresh)
        _add(report.imported, kind, len(fresh))


K = TypeVar("K")


def _add(counts: Counter[str], kind: str, n: int) -> None:
    """Count `n` more of `kind` (a kind with none is left out of the report)."""
    if n:
        counts[kind] += n


def _unique(
    parsed: list[tuple[Line, M]], key: Callable[[M], K], report: ImportReport
) -> list[tuple[Line, M]]:
    """The batch without a record whose key an earlier one of the batch has (rejected)."""
    seen: set[K] = set()
    out = []
    for item, model in parsed:
        k = key(model)
        if k in seen:
            report.reject(item, f"a second {item.kind} {k} in the file")
            continue
        seen.add(k)
        out.append((item, model))
    return out

"""`retentia embedder migrate`: a project re-embedded with the running embedder, in pages,
resumable, beside running services.

1. The project's record (`service.usecases.embedder_records`) is marked as migrating to the
   running model, then the migration waits `settle_s` — longer than any process keeps a record
   — so that from the first page on every process has seen the mark: none searches the
   project's vectors (they are being mixed), none running the old model writes one. A write
   that passed its check just before the mark lands within that wait, so the pages find it.
2. Memories, then facts, in id order (memory ids are UUIDv7s, time-ordered: memories written
   during the migration come after the cursor and are met by a later page) a page at a time:
   embedded, their vectors replaced in place (nothing else of them is touched), the cursor
   saved in the record. A migration stopped anywhere continues from its cursor when run
   again; the page it was writing is written again.
3. The record names the new model: searches are back on everywhere within `RECORD_TTL_S`.

Vectors written during the migration come from the new model only (the old one's writes are
refused), so there is nothing to catch after the last page. Each page reads the record again:
a migration to another model started meanwhile (another `migrate` with another embedder)
stops this one.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Final

from graph_backends import Backend
from schema import InvalidInput, NotFound, RetentiaError, Tenant
from service.adapters.embedding import Embedder
from service.usecases.embedder_records import (
    RECORD_TTL_S,
    EmbedderGuard,
    EmbedderRecord,
    Migration,
    describe,
)
from service.usecases.facts import fact_text

#: What a migration waits after marking the project, so every process has seen the mark: the
#: longest a record is kept, twice, and a second for a write in flight.
SETTLE_S: Final = 2 * RECORD_TTL_S + 1.0
#: Memories or facts embedded per page.
PAGE: Final = 64
#: The record names no model: the project was written before records existed.
UNRECORDED: Final = "unrecorded"


class MigrationInterrupted(RetentiaError):
    """Another migration (to another model) took the project over; this one stopped."""


@dataclass(frozen=True, slots=True)
class Progress:
    tenant: Tenant
    #: "memories" or "facts".
    stage: str
    #: Re-embedded so far in this stage (counting what earlier runs did).
    done: int
    #: How many the stage holds (None: not counted).
    total: int | None
    #: Re-embedded per second by this run.
    rate: float


@dataclass(frozen=True, slots=True)
class MigrationReport:
    tenant: Tenant
    #: The model the project was embedded with (`UNRECORDED` where none was recorded).
    source: str
    target: str
    memories: int = 0
    facts: int = 0
    seconds: float = 0.0
    #: Whether this run continued a migration stopped earlier.
    resumed: bool = False
    #: Whether the project was embedded with the running model already (nothing was done).
    current: bool = False
    #: Whether the migration ran to its end (False: stopped after `max_pages`).
    finished: bool = True

    def line(self) -> str:
        if self.current:
            return f"{self.tenant}: already embedded with {self.target}"
        how = "resumed, " if self.resumed else ""
        state = "re-embedded" if self.finished else "stopped (run again to continue) after"
        return (
            f"{self.tenant}: {state} {self.memories} memories and {self.facts} facts "
            f"from {self.source} to {self.target} ({how}{self.seconds:.1f} s)"
        )


class EmbedderMigration:
    """Re-embeds projects with `embedder` (the running one) over `repository`."""

    def __init__(
        self,
        repository: Backend,
        embedder: Embedder,
        *,
        page: int = PAGE,
        settle_s: float = SETTLE_S,
        guard: EmbedderGuard | None = None,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], Awaitable[object]] = asyncio.sleep,
    ) -> None:
        if page < 1:
            raise InvalidInput("page", f"{page} is below 1")
        self._repository = repository
        self._embedder = embedder
        self._page = page
        self._settle_s = settle_s
        self._guard = guard or EmbedderGuard(repository, embedder.name, embedder.dimension)
        self._clock = clock
        self._sleep = sleep

    async def exists(self, tenant: Tenant) -> bool:
        return await self._repository.tenant_exists(tenant)

    async def projects(self) -> list[Tenant]:
        """Every project that may hold vectors (the reserved system project holds none)."""
        return [t for t in await self._repository.list_tenants() if not t.system]

    async def migrate(
        self,
        tenant: Tenant,
        *,
        progress: Callable[[Progress], None] | None = None,
        max_pages: int | None = None,
    ) -> MigrationReport:
        """Re-embed the project's memories and facts with the running embedder (see the
        module's steps); with `max_pages`, stop after that many pages (the record keeps the
        cursor: a later run continues). `NotFound` for a project that does not exist;
        `InvalidInput` where the dimension differs (the project's vector index has its own)."""
        repo, guard = self._repository, self._guard
        if not await repo.tenant_exists(tenant):
            raise NotFound("project", str(tenant))
        name, dimension = self._embedder.name, self._embedder.dimension
        target = describe(name, dimension)
        record = await guard.read(tenant, fresh=True)
        if record is None:
            record = EmbedderRecord(UNRECORDED, dimension)
        source = UNRECORDED if record.name == UNRECORDED else record.model
        if record.searchable_by(name, dimension):
            return MigrationReport(tenant, source, target, current=True)
        if record.dimension != dimension:
            raise InvalidInput(
                "embedder",
                f"project {tenant} is embedded with {record.model}; {target} has another "
                "dimension, and a project's vector index has one: export the project and "
                "import it into a new one (the import embeds with the running model)",
            )
        moving = record.migration
        resumed = moving is not None and (moving.name, moving.dimension) == (name, dimension)
        if not resumed:
            moving = Migration(name, dimension)
            record = record.migrating(moving)
            await guard.write(tenant, record)
        await self._sleep(self._settle_s)  # every process sees the mark before the first page
        started = self._clock()
        done = {"memories": 0, "facts": 0}
        total = (await repo.stats(tenant)).memories if progress is not None else None
        pages = 0
        assert moving is not None
        while moving.stage != "done":
            if max_pages is not None and pages >= max_pages:
                break
            page = await self._next_page(tenant, moving)
            if page is None:  # the stage is done
                after = "facts" if moving.stage == "memories" else "done"
                moving = Migration(name, dimension, after)
            else:
                ids, texts = page
                vectors = dict(zip(ids, await self._embedder.embed(texts), strict=True))
                await self._still_ours(tenant, moving)
                if moving.stage == "memories":
                    await repo.replace_memory_vectors(tenant, vectors)
                else:
                    await repo.replace_fact_vectors(tenant, vectors)
                done[moving.stage] += len(ids)
                moving = Migration(name, dimension, moving.stage, ids[-1], moving.done + len(ids))
                pages += 1
            if moving.stage != "done":
                record = record.migrating(moving)
                await guard.write(tenant, record)
            if page is not None and progress is not None:
                rate = sum(done.values()) / max(self._clock() - started, 1e-9)
                counted = total if moving.stage == "memories" else None
                progress(Progress(tenant, moving.stage, moving.done, counted, rate))
        finished = moving.stage == "done"
        if finished:
            await guard.write(tenant, EmbedderRecord(name, dimension))
        return MigrationReport(
            tenant,
            source,
            target,
            memories=done["memories"],
            facts=done["facts"],
            seconds=self._clock() - started,
            resumed=resumed,
            finished=finished,
        )

    async def _next_page(
        self, tenant: Tenant, moving: Migration
    ) -> tuple[list[str], list[str]] | None:
        """The ids and texts of the stage's next page past the cursor (None: the stage is
        done)."""
        repo = self._repository
        if moving.stage == "memories":
            memories = await repo.memory_page(tenant, after=moving.after, limit=self._page)
            if not memories:
                return None
            return [m.id for m in memories], [m.content for m in memories]
        if not await repo.holds_facts(tenant):
            return None
        facts = await repo.fact_page(tenant, after=moving.after, limit=self._page)
        if not facts:
            return None
        return [f.id for f in facts], [fact_text(f) for f in facts]

    async def _still_ours(self, tenant: Tenant, moving: Migration) -> None:
        record = await self._guard.read(tenant, fresh=True)
        current = None if record is None else record.migration
        if current is None or (current.name, current.dimension) != (moving.name, moving.dimension):
            raise MigrationInterrupted(
                f"project {tenant}: its record changed while migrating to "
                f"{describe(moving.name, moving.dimension)} (another migration took it over); "
                "this one stopped"
            )

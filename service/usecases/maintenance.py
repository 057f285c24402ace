"""`maintain(tenant)`: one maintenance pass — rescoring at rest, status transitions with
hysteresis, consolidation, core promotion and the forgetting sweep (docs/design.md §4).

The pass is idempotent: run twice at the same instant, the second run changes nothing. A pass
that writes holds the tenant's `maintenance` lease in the database (the repository leases the
reconciler uses), meant for two passes started at once — two replicas' schedules, a CronJob
beside a manual `retentia maintain`: a pass that finds another owner's lease skips the tenant
(`lease_held`). A crashed pass's lease frees itself after `LEASE_TTL`. Status
transitions count one evaluation per `evaluation_interval_hours`; structure changes
(consolidation edges, forgotten memories) are applied to the degree bookkeeping before the
final rescoring, so the scores written are the ones the next pass computes; the forgetting
sweep runs to a fixpoint, re-examining the neighbours each deletion affects.
"""

from __future__ import annotations

import logging
import time
from collections import Counter, defaultdict
from collections.abc import AsyncIterator, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Final, Protocol

from graph_backends import GraphRepository, lease_owner
from graph_backends.protocol import MAX_EXPORT_PAGE
from schema import (
    CAUSAL_TYPES,
    SUPPORTIVE_TYPES,
    EdgeCreator,
    EdgeType,
    FactState,
    ForgottenMemory,
    Memory,
    MemoryEdge,
    MemoryStatus,
    Tenant,
    Tombstone,
    new_memory_id,
)
from service.engine.lifecycle import (
    clock_start,
    forgetting_check,
    forgetting_guard,
    next_status,
)
from service.engine.mentioned_time import dated
from service.engine.retention import (
    activation,
    at_rest_score,
    core_promotion,
    fresh_deletion_score,
    kappa_reference,
)
from service.engine.settings import EngineSettings
from service.engine.summaries import extractive_summary
from service.engine.text import normalise
from service.runtime import metrics
from service.usecases.core_preferences import CorePreferences, CorePreferencesService
from service.usecases.facts import sole_assertions
from service.usecases.memories import MemoryService, content_hash, new_edge

log = logging.getLogger(__name__)

Progress = Callable[[str], None]
#: What a maintenance pass may change on an existing memory.
LIFECYCLE_FIELDS = ("status", "irrelevance_counter", "last_evaluated_at", "score")
MENTIONED_FIELDS = ("mentioned_start", "mentioned_end")
_PROMOTABLE = (MemoryStatus.ACTIVE, MemoryStatus.EPISODIC, MemoryStatus.SEMANTIC)
#: The tenant lease a writing pass holds; another pass finds it held and skips the tenant.
LEASE_NAME: Final = "maintenance"
#: How long a pass's lease lasts: longer than a pass (≤ 10 min at a million memories is the
#: target), so a crashed pass delays the next by at most this.
LEASE_TTL: Final = timedelta(minutes=30)


class Summarizer(Protocol):
    async def summarize(self, entity: str, sources: Sequence[Memory]) -> str: ...


class ExtractiveSummarizer:
    """Deterministic: no LLM needed."""

    async def summarize(self, entity: str, sources: Sequence[Memory]) -> str:
        return extractive_summary(entity, sources)


class LLMSummarizer:
    """A chat model on an OpenAI-compatible endpoint; falls back to the extractive summary
    (and logs why) when the endpoint fails, so a pass never stops on it."""

    def __init__(self, client: Any, model: str) -> None:
        self._client = client
        self._model = model

    async def summarize(self, entity: str, sources: Sequence[Memory]) -> str:
        from openai import OpenAIError

        listing = "\n".join(f"- {m.content[:2000]}" for m in sources)
        try:
            response = await self._client.chat.completions.create(
                model=self._model,
                messages=[
                    {
                        "role": "system",
                        "content": "Summarise what these memories say about "
                        "the entity in at most three factual sentences. Keep numbers and dates.",
                    },
                    {"role": "user", "content": f"Entity: {entity}\nMemories:\n{listing}"},
                ],
            )
            text = (response.choices[0].message.content or "").strip()
        except OpenAIError as e:
            log.warning("LLM summary for %r failed (%s); using the extractive summary", entity, e)
            text = ""
        return text or extractive_summary(entity, sources)


@dataclass(frozen=True, slots=True)
class Consolidation:
    entity: str
    memory_id: str
    sources: tuple[str, ...]


@dataclass
class MaintenanceReport:
    tenant: str
    dry_run: bool
    now: datetime
    memories: int = 0
    evaluated: int = 0
    transitions: dict[str, int] = field(default_factory=dict)
    rescored: int = 0
    promoted: list[str] = field(default_factory=list)
    awaiting_approval: list[str] = field(default_factory=list)
    consolidated: list[Consolidation] = field(default_factory=list)
    forgotten: list[str] = field(default_factory=list)
    tombstones: list[str] = field(default_factory=list)
    #: Active facts whose every asserting memory this pass forgot. Forgetting removes a
    #: memory, not what it established: they stay active, named here (docs/adr/0021).
    facts_kept: list[str] = field(default_factory=list)
    #: Another pass held the tenant's maintenance lease: this one wrote nothing.
    lease_held: bool = False
    #: The mass-forgetting guard held the sweep: why, and the memories it would have forgotten
    #: (`forgotten` is then empty). None when the sweep went ahead.
    forgetting_held: str | None = None
    would_forget: list[str] = field(default_factory=list)
    #: Forgotten memories kept past the retention period, deleted for good by this pass.
    purged: list[str] = field(default_factory=list)
    seconds: float = 0.0

    @property
    def changed(self) -> bool:
        return bool(
            self.evaluated or self.rescored or self.promoted or self.consolidated or self.forgotten
        )

    def summary(self) -> str:
        if self.lease_held:
            return (
                f"{self.tenant}: another maintenance pass holds the tenant's lease; skipped "
                f"(nothing written) in {self.seconds:.2f} s"
            )
        moves = ", ".join(f"{k} {v}" for k, v in sorted(self.transitions.items())) or "none"
        verb = "would change" if self.dry_run else "changed"
        held = f"; FORGETTING HELD: {self.forgetting_held}" if self.forgetting_held else ""
        return (
            f"{self.tenant}: {self.memories} memories; {verb}: {self.evaluated} evaluated, "
            f"transitions {moves}; {self.rescored} rescored; {len(self.promoted)} promoted to "
            f"core, {len(self.awaiting_approval)} awaiting approval; "
            f"{len(self.consolidated)} consolidated; {len(self.forgotten)} forgotten "
            f"(kept restorable; {len(self.tombstones)} tombstones, {len(self.facts_kept)} facts "
            f"kept without a memory){held}; {len(self.purged)} purged after the retention "
            f"period in {self.seconds:.2f} s"
        )


class _Pass:
    """The state of one pass: memories as they will be, degrees kept current by bookkeeping."""

    def __init__(
        self,
        service: MemoryService,
        tenant: Tenant,
        memories: dict[str, Memory],
        kappa: dict[str, int],
        delta: dict[str, int],
        stale: dict[str, int],
        report: MaintenanceReport,
    ) -> None:
        self.service = service
        self.s = service.engine
        self.tenant = tenant
        self.now = report.now
        self.memories = memories
        self.kappa = kappa
        self.delta = delta
        self.stale = stale
        self.report = report
        self.changed: dict[str, Memory] = {}
        self.created: list[Memory] = []
        self.created_edges: list[MemoryEdge] = []
        self.forgotten: dict[str, Memory] = {}
        #: Each forgotten memory's incident edges as stored, and why it went (for the archive).
        self.forgotten_edges: dict[str, list[MemoryEdge]] = {}
        self.reasons: dict[str, str] = {}
        #: κ, δ and stale links as the forgetting sweep found them, should the guard hold it.
        self._before_sweep: tuple[dict[str, int], dict[str, int], dict[str, int]] = ({}, {}, {})

    def current(self, memory_id: str) -> Memory:
        return self.changed.get(memory_id) or self.memories[memory_id]

    def kappa_ref(self) -> float:
        return kappa_reference(list(self.kappa.values()), self.s)

    def evaluate(self) -> None:
        interval = timedelta(hours=self.s.evaluation_interval_hours)
        kappa_ref = self.kappa_ref()
        for memory in self.memories.values():
            if (
                memory.last_evaluated_at is not None
                and self.now - memory.last_evaluated_at < interval
            ):
                continue
            score = at_rest_score(
                memory,
                self.kappa.get(memory.id, 0),
                self.delta.get(memory.id, 0),
                kappa_ref,
                self.now,
                self.s,
            )
            t = next_status(
                memory.status,
                irrelevance_counter=memory.irrelevance_counter,
                score=score,
                has_supportive_edge=self.delta.get(memory.id, 0) > 0,
                created_at=clock_start(memory.created_at, memory.received_at),
                last_reactivated_at=memory.last_reactivated_at,
                reactivation_count=memory.reactivation_count,
                now=self.now,
                s=self.s,
            )
            self.report.evaluated += 1
            if t.status is not memory.status:
                key = f"{memory.status}→{t.status}"
                self.report.transitions[key] = self.report.transitions.get(key, 0) + 1
            self.changed[memory.id] = memory.model_copy(
                update={
                    "status": t.status,
                    "irrelevance_counter": t.irrelevance_counter,
                    "last_evaluated_at": self.now,
                }
            )

    async def consolidate(self, summarizer: Summarizer) -> None:
        groups: dict[str, list[Memory]] = defaultdict(list)
        done: set[str] = set()
        for memory_id in self.memories:
            memory = self.current(memory_id)
            # A summary keeps its entity consolidated whatever became of it since (promoted to
            # core, gone dormant): otherwise every pass would summarise the same group again.
            if "consolidated_entity" in memory.metadata:
                done.add(memory.metadata["consolidated_entity"])
            if memory.status is MemoryStatus.EPISODIC:
                for entity in {normalise(e) for e in memory.entities} - {""}:
                    groups[entity].append(memory)
        for key in sorted(groups):
            sources = sorted(groups[key], key=lambda m: (m.created_at, m.id))
            if len(sources) < self.s.consolidation_min_group or key in done:
                continue
            shown = next(e for e in sources[0].entities if normalise(e) == key)
            content = await summarizer.summarize(shown, sources)
            category = Counter(m.category for m in sources).most_common(1)[0][0]
            semantic = Memory(
                id=new_memory_id(),
                content=content,
                entities=(shown,),
                category=category,
                status=MemoryStatus.SEMANTIC,
                created_at=self.now,
                last_accessed_at=self.now,
                last_evaluated_at=self.now,
                metadata={"consolidated_entity": key, "sources": str(len(sources))},
            )
            self.created.append(semantic)
            for source in sources:
                self.created_edges.append(
                    new_edge(
                        semantic.id,
                        source.id,
                        EdgeType.DERIVED_FROM,
                        self.now,
                        reason=f"consolidated under '{shown}'",
                        created_by=EdgeCreator.CONSOLIDATION,
                    )
                )
                self.kappa[source.id] = self.kappa.get(source.id, 0) + 1
                self.delta[source.id] = self.delta.get(source.id, 0) + 1
            self.kappa[semantic.id] = self.delta[semantic.id] = len(sources)
            self.memories[semantic.id] = semantic
            self.report.consolidated.append(
                Consolidation(shown, semantic.id, tuple(m.id for m in sources))
            )

    def hold_forgetting(self, reason: str) -> None:
        """Forget nothing after all: the degree bookkeeping goes back to before the sweep."""
        self.report.forgetting_held = reason
        self.report.would_forget = sorted(self.forgotten)
        self.report.forgotten = []
        self.forgotten = {}
        self.kappa, self.delta, self.stale = self._before_sweep

    async def forget(self) -> None:
        self._before_sweep = (dict(self.kappa), dict(self.delta), dict(self.stale))
        stale_before = self.now - timedelta(days=self.s.auto_link_stale_days)
        queue: set[str] = set(self.memories)
        while queue:
            affected: set[str] = set()
            for memory_id in sorted(queue):
                if memory_id in self.forgotten:
                    continue
                memory = self.current(memory_id)
                check = forgetting_check(
                    deletion_score=fresh_deletion_score(memory, self.now, self.s),
                    fresh_delta=self.delta.get(memory_id, 0) - self.stale.get(memory_id, 0),
                    pinned=memory.pinned,
                    status=memory.status,
                    visibility=memory.visibility,
                    created_at=memory.created_at,
                    received_at=memory.received_at,
                    now=self.now,
                    s=self.s,
                )
                if not check.forget:
                    continue
                self.forgotten[memory_id] = memory
                self.reasons[memory_id] = "; ".join(c.detail for c in check.conjuncts)
                incident = await self.service.repository.incident_edges(self.tenant, memory_id)
                self.forgotten_edges[memory_id] = incident
                for edge in incident:
                    other = edge.target if edge.source == memory_id else edge.source
                    if edge.type not in SUPPORTIVE_TYPES or other in self.forgotten:
                        continue
                    self.delta[other] -= 1
                    if edge.type in CAUSAL_TYPES:
                        self.kappa[other] -= 1
                    validated = edge.last_validated_at or edge.created_at
                    if edge.created_by is EdgeCreator.AUTO and validated < stale_before:
                        self.stale[other] = self.stale.get(other, 0) - 1
                    affected.add(other)
            queue = affected
        for memory_id in self.forgotten:
            self.kappa.pop(memory_id, None)
            self.delta.pop(memory_id, None)
        self.report.forgotten = sorted(self.forgotten)

    def rescore_and_promote(
        self, prefs: CorePreferences, neighbours: Mapping[str, Sequence[str]]
    ) -> set[str]:
        kappa_ref = self.kappa_ref()
        survivors = [i for i in self.memories if i not in self.forgotten]
        avg_delta = (
            sum(self.delta.get(i, 0) for i in survivors) / len(survivors) if survivors else 0.0
        )
        candidates: set[str] = set()
        for memory_id in survivors:
            memory = self.current(memory_id)
            kappa, delta = self.kappa.get(memory_id, 0), self.delta.get(memory_id, 0)
            score = at_rest_score(memory, kappa, delta, kappa_ref, self.now, self.s)
            status = memory.status
            # A memory younger than one evaluation interval has not been seen at rest yet
            # (its activation is still that of its creation): it is not promoted this pass.
            settled = self.now - memory.created_at >= timedelta(
                hours=self.s.evaluation_interval_hours
            )
            if settled and status in _PROMOTABLE and memory.category not in prefs.excluded:
                if memory.category in prefs.auto or memory.category in self.s.core_fast_path:
                    status = MemoryStatus.CORE
                else:
                    act = activation(
                        [memory.created_at, *memory.reactivation_timestamps], self.now, self.s
                    )
                    # The first N surviving neighbours by id: the same subset on every pass.
                    near_ids = sorted(
                        n
                        for n in set(neighbours.get(memory_id, ()))
                        if n in self.delta and n not in self.forgotten
                    )[: self.s.core_schema_neighbours]
                    near = [self.delta[n] for n in near_ids]
                    promotion = core_promotion(
                        act.value, delta, avg_delta, near, memory.stability, self.s
                    )
                    if promotion.promote:
                        if memory.category in prefs.approval:
                            candidates.add(memory_id)
                        else:
                            status = MemoryStatus.CORE
            if status is MemoryStatus.CORE and memory.status is not MemoryStatus.CORE:
                self.report.promoted.append(memory_id)
            if score != memory.score:
                self.report.rescored += 1
            if score != memory.score or status is not memory.status:
                self.changed[memory_id] = memory.model_copy(
                    update={"score": score, "status": status}
                )
        return candidates


async def _archive(state: _Pass) -> None:
    """Move what the sweep forgot out of the present into the tenant's archive: each memory as
    the pass left it, with its edges, the facts it asserted and why it went — written before
    the memories are deleted, so a crash in between leaves a memory in both, never in none."""
    repository = state.service.repository
    ids = sorted(state.forgotten)
    asserted = await repository.facts_of_memories(state.tenant, ids)
    await repository.write_forgotten(
        state.tenant,
        [
            ForgottenMemory(
                memory=state.forgotten[i].model_copy(update={"embedding": None}),
                forgotten_at=state.now,
                edges=tuple(state.forgotten_edges.get(i, ())),
                facts=tuple(f.id for f in asserted.get(i, ())),
                reason=state.reasons.get(i, ""),
            )
            for i in ids
        ],
    )
    await repository.delete_memories(state.tenant, ids)


async def purge_forgotten(
    repository: GraphRepository, tenant: Tenant, now: datetime, s: EngineSettings
) -> list[str]:
    """Delete for good the forgotten memories kept longer than `forgotten_retention_days`
    (0: kept for ever); the ids purged."""
    if s.forgotten_retention_days <= 0:
        return []
    cutoff = now - timedelta(days=s.forgotten_retention_days)
    due: list[str] = []
    after: str | None = None
    while page := await repository.forgotten_page(tenant, after=after, limit=MAX_EXPORT_PAGE):
        due += [f.id for f in page if f.forgotten_at <= cutoff]
        after = page[-1].id
    if due:
        await repository.delete_forgotten(tenant, due)
        metrics.MEMORIES_PURGED.inc(len(due))
    return due


async def _write_consolidations(state: _Pass) -> None:
    """Store the semantic memories a pass made (embedded) and their DERIVED_FROM edges."""
    if not state.created:
        return
    service, repository = state.service, state.service.repository
    created = [state.current(m.id) for m in state.created]
    await service.guard.check_write(state.tenant)
    vectors = await service.embedder.embed([m.content for m in created])
    await repository.upsert_memories(
        state.tenant,
        [m.model_copy(update={"embedding": v}) for m, v in zip(created, vectors, strict=True)],
    )
    await repository.link(state.tenant, state.created_edges)


class MaintenanceService:
    """Maintenance passes over a tenant, with the tenant's core preferences and one summarizer
    for consolidation (the extractive one unless another is given)."""

    def __init__(
        self,
        memories: MemoryService,
        core: CorePreferencesService,
        summarizer: Summarizer | None = None,
    ) -> None:
        self._memories = memories
        self._core = core
        self._summarizer = summarizer or ExtractiveSummarizer()
        self.owner = lease_owner()

    @asynccontextmanager
    async def _lease(self, tenant: Tenant, report: MaintenanceReport) -> AsyncIterator[bool]:
        """Hold the tenant's maintenance lease for a writing pass; yields False (and marks the
        report) when another pass holds it. A dry run takes no lease."""
        if report.dry_run:
            yield True
            return
        leases = self._memories.repository
        if not await leases.acquire_lease(tenant, LEASE_NAME, self.owner, report.now, LEASE_TTL):
            report.lease_held = True
            metrics.MAINTENANCE_LEASE_HELD.inc()
            yield False
            return
        try:
            yield True
        finally:
            await leases.release_lease(tenant, LEASE_NAME, self.owner)

    async def consolidate(self, tenant: Tenant, *, dry_run: bool = False) -> MaintenanceReport:
        """Consolidation alone (no rescoring, transitions or forgetting): every entity shared by
        enough episodic memories gets one semantic memory with DERIVED_FROM edges. Idempotent."""
        service = self._memories
        started = time.perf_counter()
        report = MaintenanceReport(tenant=str(tenant), dry_run=dry_run, now=service.now())
        if not await service.ready_to_read(tenant):  # nothing to consolidate, nothing created
            return report
        async with self._lease(tenant, report) as held:
            if held:
                memories = {m.id: m for m in await service.repository.all_memories(tenant)}
                report.memories = len(memories)
                state = _Pass(service, tenant, memories, {}, {}, {}, report)
                await state.consolidate(self._summarizer)
                if not dry_run:
                    await _write_consolidations(state)
        report.seconds = time.perf_counter() - started
        return report

    async def maintain(
        self,
        tenant: Tenant,
        *,
        dry_run: bool = False,
        progress: Progress | None = None,
        allow_mass_forgetting: bool = False,
    ) -> MaintenanceReport:
        """One maintenance pass over the tenant; with `dry_run` nothing is written. A sweep
        that would forget too much of the project forgets nothing (`forgetting_guard`) unless
        `allow_mass_forgetting`."""
        service = self._memories
        started = time.perf_counter()
        say = progress or (lambda message: log.info("%s", message))
        report = MaintenanceReport(tenant=str(tenant), dry_run=dry_run, now=service.now())
        if not await service.ready_to_read(tenant):  # nothing to maintain, nothing created
            say(f"{tenant}: never written; nothing to maintain")
            report.seconds = time.perf_counter() - started
            say(report.summary())
            return report
        async with self._lease(tenant, report) as held:
            if held:
                if not dry_run:  # the database may have restarted since this process began
                    await service.repository.ensure_schema(tenant)
                await self._pass(tenant, report, say, allow_mass_forgetting=allow_mass_forgetting)
        report.seconds = time.perf_counter() - started
        say(report.summary())
        return report

    async def _pass(
        self,
        tenant: Tenant,
        report: MaintenanceReport,
        say: Progress,
        *,
        allow_mass_forgetting: bool,
    ) -> None:
        service = self._memories
        repository = service.repository
        dry_run = report.dry_run
        s = service.engine
        memories = {m.id: m for m in await repository.all_memories(tenant)}
        degrees = await repository.all_degrees(tenant)
        stale = await repository.stale_auto_links(
            tenant, report.now - timedelta(days=s.auto_link_stale_days)
        )
        report.memories = len(memories)
        say(f"{tenant}: loaded {len(memories)} memories and their degrees")
        state = _Pass(
            service,
            tenant,
            memories,
            {d.memory_id: d.kappa for d in degrees},
            {d.memory_id: d.delta for d in degrees},
            dict(stale),
            report,
        )
        state.evaluate()
        say(f"{tenant}: evaluated {report.evaluated} memories for status transitions")
        await state.consolidate(self._summarizer)
        say(f"{tenant}: {len(report.consolidated)} consolidations")
        await state.forget()
        say(f"{tenant}: {len(report.forgotten)} memories meet every forgetting condition")
        held = forgetting_guard(len(report.forgotten), len(memories), s)
        if held is not None and not allow_mass_forgetting:
            state.hold_forgetting(held)
            if not dry_run:
                metrics.MAINTENANCE_FORGETTING_HELD.inc()
            say(f"{tenant}: forgetting held: {held}")
        prefs = await self._core.get_preferences(tenant)
        neighbours = {
            k: list(v) for k, v in (await repository.supportive_neighbours(tenant)).items()
        }
        for c in report.consolidated:  # the DERIVED_FROM edges this pass adds
            neighbours[c.memory_id] = list(c.sources)
            for source in c.sources:
                neighbours.setdefault(source, []).append(c.memory_id)
        candidates = state.rescore_and_promote(prefs, neighbours)
        previous = set(await self._core.candidates(tenant))
        pending = (previous | candidates) - set(report.promoted) - set(report.forgotten)
        report.awaiting_approval = sorted(candidates)
        tombstones = [
            Tombstone(
                id=m.id,
                superseded_by=m.superseded_by,
                content_hash=content_hash(m.content),
                deleted_at=report.now,
            )
            for m in state.forgotten.values()
            if m.superseded_by is not None
        ]
        report.tombstones = sorted(t.id for t in tombstones)
        kept = await sole_assertions(repository, tenant, sorted(state.forgotten))
        report.facts_kept = [f.id for f in kept if f.state is FactState.ACTIVE]
        if not dry_run:
            skip = state.forgotten.keys() | {m.id for m in state.created}
            updates = [m for i, m in state.changed.items() if i not in skip]
            await repository.update_memories(tenant, updates, fields=LIFECYCLE_FIELDS)
            # The window a memory's words date it to is derived (`mentioned_time.dated`): a
            # memory stored before it existed, or under other rules, gets today's here.
            redated = [
                d for m in memories.values() if m.id not in skip and (d := dated(m)) is not m
            ]
            if redated:
                await repository.update_memories(tenant, redated, fields=MENTIONED_FIELDS)
            await _write_consolidations(state)
            await repository.write_tombstones(tenant, tombstones)
            if state.forgotten:
                await _archive(state)
                metrics.MEMORIES_FORGOTTEN.inc(len(state.forgotten))
            report.purged = await purge_forgotten(repository, tenant, report.now, s)
            if pending != previous:
                await self._core.set_candidates(tenant, sorted(pending))

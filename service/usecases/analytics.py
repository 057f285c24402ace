"""Analytics on one tenant's causal structure, lifecycle and fact churn (issue 24).

Where they run: docs/adr/0019-analytics-in-the-database-and-in-python.md. The database computes
the components where its engine has the algorithm (`GraphRepository.component_sizes`: FalkorDB's
algo.WCC); everything else is computed in Python on a bounded export: the edge list read a page
at a time through `GraphRepository.edge_page`, refused with a `BoundExceeded` naming the setting
once it passes `analytics_max_edges`, and the memories (ids, entities, status, created_at) read
only when their count is within `analytics_max_memories`. The graph figures come from
`service.engine.causal_graph`. Reads only: nothing is written, and an unknown tenant reads as an
empty one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta

from graph_backends import Backend
from graph_backends.protocol import MAX_EXPORT_PAGE
from schema import (
    CAUSAL_TYPES,
    BoundExceeded,
    EdgeKey,
    EdgeType,
    FactState,
    NotFound,
    Tenant,
    parse_memory_id,
)
from schema.facts import FactPosition, FactQuery
from service.engine.causal_graph import CausalReport, Edge, causal_report, flow_graph, why_path
from service.engine.settings import EngineSettings

_FACT_PAGE = 1000


@dataclass(frozen=True, slots=True)
class MonthCount:
    month: str  # YYYY-MM, UTC
    key: str  # a status, or "forgotten", or "superseded"
    count: int


@dataclass(frozen=True, slots=True)
class KeyCount:
    key: str
    count: int


@dataclass(frozen=True, slots=True)
class Churn:
    facts: int
    superseded: int
    by_predicate: tuple[KeyCount, ...]
    predicates: int
    by_slot: tuple[KeyCount, ...]
    slots: int
    by_month: tuple[MonthCount, ...]

    @property
    def superseded_share(self) -> float:
        return self.superseded / self.facts if self.facts else 0.0


@dataclass(frozen=True, slots=True)
class AnalyticsReport:
    tenant: Tenant
    computed_at: datetime
    #: The figures the database computed itself (the rest: Python on the bounded export).
    in_database: tuple[str, ...]
    causal: CausalReport
    orphans: tuple[str, ...]
    orphan_count: int
    #: Memories with machine-made RELATED_TO edges unvalidated for `auto_link_stale_days`.
    stale_auto_link_memories: int
    stale_auto_links: int
    status_by_month: tuple[MonthCount, ...]
    forgotten_by_month: tuple[MonthCount, ...]
    churn: Churn


def _month(at: datetime) -> str:
    return f"{at.year:04d}-{at.month:02d}"


def _by_month(pairs: Counter[tuple[str, str]]) -> tuple[MonthCount, ...]:
    return tuple(MonthCount(m, k, n) for (m, k), n in sorted(pairs.items()))


def _top_keys(counts: Counter[str], limit: int) -> tuple[KeyCount, ...]:
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:limit]
    return tuple(KeyCount(k, n) for k, n in ranked)


class AnalyticsService:
    def __init__(
        self,
        repository: Backend,
        clock: Callable[[], datetime],
        settings: EngineSettings,
    ) -> None:
        self._repository = repository
        self._clock = clock
        self._s = settings

    async def edges(self, tenant: Tenant, edge_types: tuple[EdgeType, ...] = ()) -> list[Edge]:
        """The tenant's memory–memory edges of `edge_types` (all when none), refused past
        `analytics_max_edges`."""
        bound = self._s.analytics_max_edges
        found: list[Edge] = []
        after: EdgeKey | None = None
        page_size = min(MAX_EXPORT_PAGE, bound + 1)
        while True:
            page = await self._repository.edge_page(
                tenant, edge_types, limit=page_size, after=after
            )
            found += (Edge(e.source, e.target, e.type) for e in page)
            if len(found) > bound:
                raise BoundExceeded(
                    "analytics_max_edges", bound, f"tenant {tenant.key} has {len(found):,}+ edges"
                )
            if len(page) < page_size:
                return found
            last = page[-1]
            after = EdgeKey(source=last.source, target=last.target, type=last.type)

    async def report(self, tenant: Tenant) -> AnalyticsReport:
        limit = self._s.analytics_top
        now = self._clock()
        stats = await self._repository.stats(tenant)
        if stats.memories > self._s.analytics_max_memories:
            raise BoundExceeded(
                "analytics_max_memories",
                self._s.analytics_max_memories,
                f"tenant {tenant.key} has {stats.memories:,} memories",
            )
        edges = await self.edges(tenant)
        memories = await self._repository.all_memories(tenant)
        sizes = await self._repository.component_sizes(tenant)
        causal = causal_report({m.id: m.entities for m in memories}, edges, limit, sizes)

        orphans = await self._repository.orphans(tenant)
        stale = await self._repository.stale_auto_links(
            tenant, now - timedelta(days=self._s.auto_link_stale_days)
        )
        statuses = Counter((_month(m.created_at), str(m.status)) for m in memories)
        forgotten: Counter[tuple[str, str]] = Counter()
        after: str | None = None
        while True:
            tombstones = await self._repository.tombstone_page(tenant, after=after)
            forgotten.update((_month(t.deleted_at), "forgotten") for t in tombstones)
            if len(tombstones) < MAX_EXPORT_PAGE:
                break
            after = tombstones[-1].id
        return AnalyticsReport(
            tenant=tenant,
            computed_at=now,
            in_database=() if sizes is None else ("components",),
            causal=causal,
            orphans=tuple(orphans[:limit]),
            orphan_count=len(orphans),
            stale_auto_link_memories=len(stale),
            # Each stale edge is counted at both its ends.
            stale_auto_links=sum(stale.values()) // 2,
            status_by_month=_by_month(statuses),
            forgotten_by_month=_by_month(forgotten),
            churn=await self.churn(tenant),
        )

    async def churn(self, tenant: Tenant) -> Churn:
        """Supersessions per predicate, per slot (subject · predicate) and per month of the
        supersession (the superseded fact's invalid_at, else its recorded_at)."""
        limit = self._s.analytics_top
        facts = self._repository
        total = 0
        predicates: Counter[str] = Counter()
        slots: Counter[str] = Counter()
        months: Counter[tuple[str, str]] = Counter()
        after: FactPosition | None = None
        while True:
            page = await facts.find_facts(
                tenant, FactQuery(limit=_FACT_PAGE, oldest_first=True, after=after)
            )
            total += len(page)
            for f in page:
                if f.state is FactState.SUPERSEDED:
                    predicates[f.predicate_key] += 1
                    slots[f"{f.subject_key} · {f.predicate_key}"] += 1
                    months[(_month(f.invalid_at or f.recorded_at), "superseded")] += 1
            if len(page) < _FACT_PAGE:
                break
            after = FactPosition.of(page[-1])
        return Churn(
            facts=total,
            superseded=sum(predicates.values()),
            by_predicate=_top_keys(predicates, limit),
            predicates=len(predicates),
            by_slot=_top_keys(slots, limit),
            slots=len(slots),
            by_month=_by_month(months),
        )

    async def why_path(self, tenant: Tenant, cause: str, effect: str) -> tuple[str, ...]:
        """The shortest causal chain from `cause` to `effect` (cause → effect, both
        included), empty when there is none; `NotFound` naming a memory that does not exist."""
        ends = [parse_memory_id(cause), parse_memory_id(effect)]
        existing = await self._repository.existing_ids(tenant, ends)
        for memory_id in ends:
            if memory_id not in existing:
                raise NotFound("memory", memory_id)
        edges = await self.edges(tenant, CAUSAL_TYPES)
        return why_path(flow_graph(edges), ends[0], ends[1])

"""Reports of lifecycle operations: deletion, reactivation, maintenance, core preferences."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

import strawberry

from service.api.types.enums import Category
from service.usecases.core_preferences import CorePreferences
from service.usecases.maintenance import MaintenanceReport
from service.usecases.memories import DeleteReport
from service.usecases.reactivation import ReactivationReport


@strawberry.type(name="DeleteReport")
class DeleteReportType:
    deleted: list[strawberry.ID]
    missing: list[strawberry.ID]
    new_orphans: list[strawberry.ID] = strawberry.field(
        description="Neighbours left without any causal or supportive edge."
    )
    tombstones: list[strawberry.ID]
    retracted_facts: list[strawberry.ID] = strawberry.field(
        description="Facts that only the deleted memories asserted, retracted at the deletion "
        "(still in as-of reads of earlier instants; docs/adr/0021)."
    )

    @classmethod
    def from_domain(cls, report: DeleteReport) -> DeleteReportType:
        return cls(
            deleted=[strawberry.ID(i) for i in report.deleted],
            missing=[strawberry.ID(i) for i in report.missing],
            new_orphans=[strawberry.ID(i) for i in report.new_orphans],
            tombstones=[strawberry.ID(i) for i in report.tombstones],
            retracted_facts=[strawberry.ID(i) for i in report.retracted_facts],
        )


@strawberry.type
class CascadeHit:
    id: strawberry.ID
    strength: float


@strawberry.type(name="ReactivationReport")
class ReactivationReportType:
    direct: list[strawberry.ID]
    cascaded: list[CascadeHit]
    revived: list[strawberry.ID]
    validated_auto_links: int

    @classmethod
    def from_domain(cls, report: ReactivationReport) -> ReactivationReportType:
        return cls(
            direct=[strawberry.ID(i) for i in report.direct],
            cascaded=[
                CascadeHit(id=strawberry.ID(i), strength=v) for i, v in report.cascaded.items()
            ],
            revived=[strawberry.ID(i) for i in report.revived],
            validated_auto_links=report.validated_auto_links,
        )


@strawberry.type
class TransitionCount:
    transition: str
    count: int


@strawberry.type
class ConsolidationType:
    entity: str
    memory_id: strawberry.ID
    sources: list[strawberry.ID]


def ids(values: Iterable[str]) -> list[strawberry.ID]:
    return [strawberry.ID(v) for v in values]


@strawberry.type(name="MaintenanceReport")
class MaintenanceReportType:
    dry_run: bool
    now: datetime
    memories: int
    evaluated: int
    transitions: list[TransitionCount]
    rescored: int
    promoted: list[strawberry.ID]
    awaiting_approval: list[strawberry.ID]
    consolidated: list[ConsolidationType]
    forgotten: list[strawberry.ID]
    tombstones: list[strawberry.ID]
    facts_kept: list[strawberry.ID] = strawberry.field(
        description="Active facts whose every asserting memory this pass forgot: forgetting "
        "removes a memory, not what it established, so they stay active."
    )
    lease_held: bool = strawberry.field(
        description="Another maintenance pass held the tenant's lease: this one skipped the "
        "tenant and wrote nothing."
    )
    forgetting_held: str | None = strawberry.field(
        description="Why the mass-forgetting guard held the forgetting sweep (it would have "
        "forgotten more than the guard's share of the project), or null when it went ahead. "
        "When held, nothing was forgotten: `wouldForget` lists what the sweep found; run "
        "again with allowMassForgetting: true to go ahead."
    )
    would_forget: list[strawberry.ID] = strawberry.field(
        description="The memories a held forgetting sweep would have forgotten (empty unless "
        "forgettingHeld is set)."
    )
    purged: list[strawberry.ID] = strawberry.field(
        description="Forgotten memories kept past the retention period "
        "(RETENTIA_ENGINE__FORGOTTEN_RETENTION_DAYS), deleted for good by this pass."
    )
    seconds: float
    summary: str

    @classmethod
    def from_domain(cls, report: MaintenanceReport) -> MaintenanceReportType:
        return cls(
            dry_run=report.dry_run,
            now=report.now,
            memories=report.memories,
            evaluated=report.evaluated,
            transitions=[
                TransitionCount(transition=k, count=v)
                for k, v in sorted(report.transitions.items())
            ],
            rescored=report.rescored,
            promoted=ids(report.promoted),
            awaiting_approval=ids(report.awaiting_approval),
            consolidated=[
                ConsolidationType(
                    entity=c.entity, memory_id=strawberry.ID(c.memory_id), sources=ids(c.sources)
                )
                for c in report.consolidated
            ],
            forgotten=ids(report.forgotten),
            tombstones=ids(report.tombstones),
            facts_kept=ids(report.facts_kept),
            forgetting_held=report.forgetting_held,
            would_forget=ids(report.would_forget),
            purged=ids(report.purged),
            lease_held=report.lease_held,
            seconds=report.seconds,
            summary=report.summary(),
        )


@strawberry.type(name="CorePreferences")
class CorePreferencesType:
    auto: list[Category]
    approval: list[Category]
    excluded: list[Category]

    @classmethod
    def from_domain(cls, prefs: CorePreferences) -> CorePreferencesType:
        order = list(Category)
        return cls(
            auto=sorted(prefs.auto, key=order.index),
            approval=sorted(prefs.approval, key=order.index),
            excluded=sorted(prefs.excluded, key=order.index),
        )

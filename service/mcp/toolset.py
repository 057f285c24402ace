"""What every tool handler gets: the use cases it may call, on one tenant. Writes go through
the one door (`Writes`: idempotency keys, a store's facts, a delete's retractions); memories
are read through their read view."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from schema import Tenant
from service.engine.settings import EngineSettings
from service.usecases.context import ContextService
from service.usecases.core_preferences import CorePreferencesService
from service.usecases.explain import ExplainService
from service.usecases.promotion import PromotionService
from service.usecases.reads import MemoryReads
from service.usecases.recall import RecallService
from service.usecases.writes import Writes

#: A tool's answer, JSON-ready once `serialise.plain` has passed over it.
Result = dict[str, Any]


@dataclass(frozen=True, slots=True)
class MemoryTools:
    """The use cases the tools call, on one tenant."""

    tenant: Tenant
    #: Store, amend, pin, delete: every write, through one door.
    writes: Writes
    memories: MemoryReads
    recall: RecallService
    explain: ExplainService
    core: CorePreferencesService
    promotion: PromotionService
    #: Budgeted context blocks (memory_context).
    context: ContextService

    @property
    def engine(self) -> EngineSettings:
        return self.memories.engine

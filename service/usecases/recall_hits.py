"""What the surfaces show of a recall hit beside its score: the memory's activation at the
recall's instant, and a memory's explanation together with the hit a query gives it."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from schema import Tenant
from service.engine.retention import activation
from service.engine.settings import EngineSettings
from service.usecases.explain import Explanation, explain
from service.usecases.memories import MemoryService
from service.usecases.recall import RecallHit, RecallService


def hit_activation(hit: RecallHit, at: datetime, engine: EngineSettings) -> float:
    """The hit's memory's activation at `at`, from every presentation it kept."""
    memory = hit.memory
    return activation([memory.created_at, *memory.reactivation_timestamps], at, engine).value


@dataclass(frozen=True, slots=True)
class RankedExplanation:
    explanation: Explanation
    #: How recall ranks the memory for the query; None without a query, or when it ranks
    #: nowhere.
    hit: RecallHit | None
    #: The instant the hit's activation is read at.
    at: datetime


async def explain_ranked(
    memories: MemoryService,
    recall: RecallService,
    tenant: Tenant,
    memory_id: str,
    query: str | None = None,
) -> RankedExplanation:
    """`explain` (against `query` when given), and the recall hit the query gives the memory."""
    explanation = await explain(memories, tenant, memory_id, query)
    hit = None
    if query is not None:
        hit = await recall.explain_hit(tenant, explanation.memory.id, query)
    return RankedExplanation(explanation, hit, recall.now())

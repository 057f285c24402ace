"""What the surfaces show of a recall hit beside its score: the memory's activation at the
recall's instant."""

from __future__ import annotations

from datetime import datetime

from service.engine.retention import activation
from service.engine.settings import EngineSettings
from service.usecases.recall import RecallHit


def hit_activation(hit: RecallHit, at: datetime, engine: EngineSettings) -> float:
    """The hit's memory's activation at `at`, from every presentation it kept."""
    memory = hit.memory
    return activation([memory.created_at, *memory.reactivation_timestamps], at, engine).value

"""The types the clients return, under short names: the generated models of the operations'
success members (retentia_client/operations → _generated), and the summary of an import."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ._generated.context import ContextContextContext as ContextBlock
from ._generated.delete_memories import DeleteMemoriesDeleteMemoriesDeleteReport as DeleteReport
from ._generated.entity import EntityEntityEntity as Entity
from ._generated.forgotten_memories import (
    ForgottenMemoriesForgottenMemoriesForgottenMemoryConnectionNodes as ForgottenMemory,
)
from ._generated.fragments import EdgeFields as Edge
from ._generated.fragments import FactBatchFields as FactBatch
from ._generated.fragments import FactFields as Fact
from ._generated.fragments import MemoryFields as Memory
from ._generated.projects import ProjectsProjectsProjectListProjects as Project
from ._generated.recall import RecallRecallRecall as RecallResult
from ._generated.stats import StatsStatsStats as Stats
from ._generated.store_memory import StoreMemoryStoreMemoryStoreSuccess as Stored
from ._generated.traverse import TraverseTraverseSubgraph as SubgraphPage


@dataclass(frozen=True)
class Rejected:
    """A record the import refused: its line in the input (1-based), kind and reason."""

    line: int
    kind: str
    reason: str


@dataclass
class ImportSummary:
    """What an import did over all its requests: records imported and skipped (already there)
    per kind, and each rejected record with its line in the input."""

    imported: Counter[str] = field(default_factory=Counter)
    skipped: Counter[str] = field(default_factory=Counter)
    rejected: list[Rejected] = field(default_factory=list)
    requests: int = 0


__all__ = [
    "ContextBlock",
    "DeleteReport",
    "Edge",
    "Entity",
    "Fact",
    "FactBatch",
    "ForgottenMemory",
    "ImportSummary",
    "Memory",
    "Project",
    "RecallResult",
    "Rejected",
    "Stats",
    "Stored",
    "SubgraphPage",
]

"""What a store or an amendment returns: the memory, machine-made links, conflict hints."""

from __future__ import annotations

import strawberry

from service.api.types.edge import MemoryEdgeType
from service.api.types.facts import ExtractionType, FactBatchType
from service.api.types.memory import MemoryType
from service.engine.conflicts import ConflictHint
from service.usecases.extraction import MemoryFacts
from service.usecases.memories import StoreResult


@strawberry.type(
    description="A stored memory may repeat an existing one with a changed number "
    "or a negation; the writer decides. Hints are never stored as edges."
)
class PossibleConflict:
    memory_id: strawberry.ID
    kind: str
    similarity: float
    detail: str

    @classmethod
    def from_domain(cls, hint: ConflictHint) -> PossibleConflict:
        return cls(
            memory_id=strawberry.ID(hint.memory_id),
            kind=hint.kind,
            similarity=hint.similarity,
            detail=hint.detail,
        )


@strawberry.type
class StoreSuccess:
    memory: MemoryType
    auto_links: list[MemoryEdgeType]
    possible_conflicts: list[PossibleConflict]
    updates: list[MemoryEdgeType] = strawberry.field(
        description=(
            "SUPERSEDES edges the offline update detector made when this memory restated an "
            "earlier one with a changed value (createdBy DETECTOR; weight = confidence, "
            "reason = the evidence); usually from this memory to the one it updates."
        )
    )
    facts: FactBatchType | None = strawberry.field(
        default=None, description="The facts given with the memory, one result each."
    )
    extracted_facts: FactBatchType | None = strawberry.field(
        default=None, description="Facts the configured LLM extracted from the memory."
    )
    fact_extraction: ExtractionType | None = None

    @classmethod
    def from_domain(cls, result: StoreResult, facts: MemoryFacts | None = None) -> StoreSuccess:
        facts = facts or MemoryFacts()
        return cls(
            facts=None if facts.given is None else FactBatchType.from_domain(facts.given),
            extracted_facts=None
            if facts.extracted is None
            else FactBatchType.from_domain(facts.extracted),
            fact_extraction=None
            if facts.extraction is None
            else ExtractionType.from_domain(facts.extraction),
            memory=MemoryType.from_domain(result.memory),
            auto_links=[MemoryEdgeType.from_domain(e) for e in result.auto_links],
            possible_conflicts=[PossibleConflict.from_domain(h) for h in result.possible_conflicts],
            updates=[MemoryEdgeType.from_domain(e) for e in result.updates],
        )

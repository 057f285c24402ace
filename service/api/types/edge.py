"""The memory–memory edge GraphQL type."""

from __future__ import annotations

from datetime import datetime

import strawberry

from schema import EDGE_PARTITION, EdgeCreator, EdgeType, MemoryEdge, Partition
from service.api.types.enums import EdgeCreatorEnum, EdgeTypeEnum, PartitionEnum


@strawberry.type(name="MemoryEdge")
class MemoryEdgeType:
    source: strawberry.ID
    target: strawberry.ID
    type: EdgeTypeEnum  # type: ignore[valid-type]
    partition: PartitionEnum  # type: ignore[valid-type]
    weight: float
    reason: str | None
    created_by: EdgeCreatorEnum  # type: ignore[valid-type]
    created_at: datetime
    last_validated_at: datetime | None

    @classmethod
    def from_domain(cls, edge: MemoryEdge) -> MemoryEdgeType:
        return cls(
            source=strawberry.ID(edge.source),
            target=strawberry.ID(edge.target),
            type=EdgeType(edge.type),
            partition=Partition(EDGE_PARTITION[edge.type]),
            weight=edge.weight,
            reason=edge.reason,
            created_by=EdgeCreator(edge.created_by),
            created_at=edge.created_at,
            last_validated_at=edge.last_validated_at,
        )

"""The memory–memory edge GraphQL type."""

from __future__ import annotations

from datetime import datetime

import strawberry

from schema import EDGE_PARTITION, MemoryEdge
from service.api.types.enums import EdgeCreator, EdgeType, Partition


@strawberry.type(name="MemoryEdge")
class MemoryEdgeType:
    source: strawberry.ID
    target: strawberry.ID
    type: EdgeType
    partition: Partition
    weight: float
    reason: str | None
    created_by: EdgeCreator
    created_at: datetime
    last_validated_at: datetime | None

    @classmethod
    def from_domain(cls, edge: MemoryEdge) -> MemoryEdgeType:
        return cls(
            source=strawberry.ID(edge.source),
            target=strawberry.ID(edge.target),
            type=edge.type,
            partition=EDGE_PARTITION[edge.type],
            weight=edge.weight,
            reason=edge.reason,
            created_by=edge.created_by,
            created_at=edge.created_at,
            last_validated_at=edge.last_validated_at,
        )

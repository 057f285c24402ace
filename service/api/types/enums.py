"""Domain enums exposed as GraphQL enums (values are the enum names)."""

from __future__ import annotations

import strawberry

from schema import (
    Category,
    Direction,
    EdgeCreator,
    EdgeType,
    FactState,
    MemoryStatus,
    Partition,
    Visibility,
)
from schema.facts import ExtractionStatus, FactOutcome, FactWriter
from service.usecases.auth import Permission

EdgeTypeEnum = strawberry.enum(EdgeType, name="EdgeType")
PartitionEnum = strawberry.enum(Partition, name="Partition")
CategoryEnum = strawberry.enum(Category, name="Category")
MemoryStatusEnum = strawberry.enum(MemoryStatus, name="MemoryStatus")
VisibilityEnum = strawberry.enum(Visibility, name="Visibility")
DirectionEnum = strawberry.enum(Direction, name="Direction")
EdgeCreatorEnum = strawberry.enum(EdgeCreator, name="EdgeCreator")
FactStateEnum = strawberry.enum(FactState, name="FactState")
FactOutcomeEnum = strawberry.enum(FactOutcome, name="FactOutcome")
FactWriterEnum = strawberry.enum(FactWriter, name="FactWriter")
ExtractionStatusEnum = strawberry.enum(ExtractionStatus, name="ExtractionStatus")
PermissionEnum = strawberry.enum(Permission, name="Permission")

"""Domain enums exposed as GraphQL enums (values are the enum names)."""

from __future__ import annotations

import strawberry

from schema import Category, Direction, EdgeCreator, EdgeType, MemoryStatus, Partition, Visibility

EdgeTypeEnum = strawberry.enum(EdgeType, name="EdgeType")
PartitionEnum = strawberry.enum(Partition, name="Partition")
CategoryEnum = strawberry.enum(Category, name="Category")
MemoryStatusEnum = strawberry.enum(MemoryStatus, name="MemoryStatus")
VisibilityEnum = strawberry.enum(Visibility, name="Visibility")
DirectionEnum = strawberry.enum(Direction, name="Direction")
EdgeCreatorEnum = strawberry.enum(EdgeCreator, name="EdgeCreator")

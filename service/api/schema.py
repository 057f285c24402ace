"""The GraphQL schema: queries and mutations over the memory use cases."""

from __future__ import annotations

import logging
import uuid
from typing import Annotated

import strawberry
from graphql import GraphQLError
from strawberry.extensions import MaskErrors, QueryDepthLimiter

from schema import Direction, EdgeType, RetentiaError, parse_memory_id
from service.api.context import Context
from service.api.types import errors
from service.api.types.edge import MemoryEdgeType
from service.api.types.enums import DirectionEnum, EdgeTypeEnum
from service.api.types.errors import InvalidInputError, NotFoundError
from service.api.types.inputs import LinkInput, StoreMemoryInput
from service.api.types.memory import MemoryType
from service.api.types.stats import StatsType
from service.api.types.subgraph import SubgraphType

log = logging.getLogger(__name__)

Info = strawberry.Info[Context, None]

MemoryResult = Annotated[
    MemoryType | NotFoundError | InvalidInputError, strawberry.union("MemoryResult")
]
StoreMemoryResult = Annotated[
    MemoryType | NotFoundError | InvalidInputError, strawberry.union("StoreMemoryResult")
]
TraverseResult = Annotated[
    SubgraphType | NotFoundError | InvalidInputError, strawberry.union("TraverseResult")
]
StatsResult = Annotated[StatsType | InvalidInputError, strawberry.union("StatsResult")]


@strawberry.type
class LinkSuccess:
    edges: list[MemoryEdgeType]


LinkResult = Annotated[
    LinkSuccess | NotFoundError | InvalidInputError, strawberry.union("LinkResult")
]


@strawberry.type
class Query:
    @strawberry.field(description="One memory by id.")
    async def memory(self, info: Info, id: strawberry.ID) -> MemoryResult:
        try:
            memory_id = parse_memory_id(str(id))
            memory = await info.context.loaders.memories.load(memory_id)
        except RetentiaError as e:
            return errors.from_domain(e)
        if memory is None:
            return NotFoundError(
                kind="memory", key=memory_id, message=f"memory {memory_id!r} does not exist"
            )
        return MemoryType.from_domain(memory)

    @strawberry.field(
        description="Breadth-first from a memory: the reached memories and every edge of the "
        "followed types among them. An empty `edgeTypes` follows every type."
    )
    async def traverse(
        self,
        info: Info,
        id: strawberry.ID,
        depth: int = 2,
        edge_types: list[EdgeTypeEnum] | None = None,  # type: ignore[valid-type]
        direction: DirectionEnum = Direction.BOTH,  # type: ignore[valid-type]
        max_nodes: int = 200,
    ) -> TraverseResult:
        try:
            subgraph = await info.context.services.memories.traverse(
                info.context.tenant(),
                str(id),
                depth=depth,
                edge_types=[EdgeType(t) for t in edge_types or ()],
                direction=Direction(direction),
                max_nodes=max_nodes,
            )
        except RetentiaError as e:
            return errors.from_domain(e)
        return SubgraphType.from_domain(subgraph)

    @strawberry.field(description="Counts for the tenant: memories, edges by type, orphans, κ_max.")
    async def stats(self, info: Info) -> StatsResult:
        try:
            stats = await info.context.services.memories.stats(info.context.tenant())
        except RetentiaError as e:
            result = errors.from_domain(e)
            assert isinstance(result, InvalidInputError)
            return result
        return StatsType.from_domain(stats)


@strawberry.type
class Mutation:
    @strawberry.mutation(
        description="Store one memory, with optional typed edges to existing "
        "memories (validated before anything is written)."
    )
    async def store_memory(self, info: Info, input: StoreMemoryInput) -> StoreMemoryResult:
        try:
            memory = await info.context.services.memories.store(
                info.context.tenant(), input.to_request()
            )
        except RetentiaError as e:
            return errors.from_domain(e)
        return MemoryType.from_domain(memory)

    @strawberry.mutation(
        description="Store several memories; each item succeeds or fails on "
        "its own, and a bad item never costs the others."
    )
    async def store_memories(
        self, info: Info, inputs: list[StoreMemoryInput]
    ) -> list[StoreMemoryResult]:
        try:
            tenant = info.context.tenant()
            results = await info.context.services.memories.store_each(
                tenant, [i.to_request() for i in inputs]
            )
        except RetentiaError as e:
            return [errors.from_domain(e)] * len(inputs)
        return [
            MemoryType.from_domain(r) if not isinstance(r, RetentiaError) else errors.from_domain(r)
            for r in results
        ]

    @strawberry.mutation(
        description="Create typed edges between existing memories: all of "
        "them, or none if any end is missing or any edge is invalid."
    )
    async def link_memories(self, info: Info, links: list[LinkInput]) -> LinkResult:
        try:
            edges = await info.context.services.memories.link(
                info.context.tenant(), [link.to_request() for link in links]
            )
        except RetentiaError as e:
            return errors.from_domain(e)
        return LinkSuccess(edges=[MemoryEdgeType.from_domain(e) for e in edges])


def _is_unexpected(error: GraphQLError) -> bool:
    """Mask failures of our own code; keep GraphQL's own (syntax, validation) messages."""
    return error.original_error is not None and not isinstance(error.original_error, GraphQLError)


class LoggedMaskErrors(MaskErrors):
    """Masks unexpected errors and logs each with a reference the client also sees."""

    def anonymise_error(self, error: GraphQLError) -> GraphQLError:
        reference = uuid.uuid4().hex[:12]
        log.error(
            "unexpected error in GraphQL resolver (reference %s)",
            reference,
            exc_info=error.original_error,
        )
        masked = super().anonymise_error(error)
        masked.message = f"Unexpected error (reference {reference})."
        return masked


def build_schema() -> strawberry.Schema:
    return strawberry.Schema(
        query=Query,
        mutation=Mutation,
        extensions=[
            lambda: QueryDepthLimiter(max_depth=12),
            lambda: LoggedMaskErrors(should_mask_error=_is_unexpected),
        ],
    )

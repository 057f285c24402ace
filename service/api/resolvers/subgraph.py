"""The explorer's bounded subgraph: around ids, a query's recall hits or an entity."""

from __future__ import annotations

import strawberry

from service.api.errors import maps_errors
from service.api.limits import check_page
from service.api.resolvers._common import READ, Info
from service.api.types.bounded_subgraph import BoundedSubgraphType
from service.api.types.enums import EdgeType
from service.api.types.results import BoundedSubgraphResult
from service.usecases.subgraph import MAX_SEED_IDS, SubgraphRequest


@strawberry.type
class SubgraphQuery:
    @strawberry.field(
        description="A bounded subgraph for drawing: the memories up to `depth` hops (either "
        "direction, over `edgeTypes`; empty: every type) from seeds named by exactly one of "
        f"`ids` (at most {MAX_SEED_IDS}), `query` (its best `hits` recall hits, read-only: "
        "nothing is reactivated) or `entity` (the memories mentioning it), the first `first` "
        "of them with the edges among them, and `total`/`truncated` for an honest cap."
    )
    @maps_errors
    async def subgraph(
        self,
        info: Info,
        ids: list[strawberry.ID] | None = None,
        query: str | None = None,
        entity: str | None = None,
        depth: int = 1,
        edge_types: list[EdgeType] | None = None,
        first: int = 2_000,
        hits: int = 25,
    ) -> BoundedSubgraphResult:
        # `hits`, not `k`: the cost rule multiplies by the last page argument it finds, and a
        # `k` would stand in for `first`.
        tenant = info.context.require(READ).tenant()
        size = check_page("subgraph", "first", first)
        found = await info.context.services.subgraph.subgraph(
            tenant,
            SubgraphRequest(
                ids=None if ids is None else tuple(str(i) for i in ids),
                query=query,
                entity=entity,
                depth=depth,
                edge_types=frozenset(edge_types or ()),
                first=size,
                k=hits,
            ),
        )
        return BoundedSubgraphType.from_domain(found)

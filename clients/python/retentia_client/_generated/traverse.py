from typing import Literal, Union

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    EdgeFields,
    ForbiddenFields,
    InvalidInputFields,
    MemoryFields,
    NotFoundFields,
    PageInfoFields,
    UnauthenticatedFields,
)


class Traverse(BaseModel):
    traverse: Union[
        "TraverseTraverseSubgraph",
        "TraverseTraverseNotFound",
        "TraverseTraverseInvalidInput",
        "TraverseTraverseForbidden",
        "TraverseTraverseUnauthenticated",
    ] = Field(discriminator="typename__")


class TraverseTraverseSubgraph(BaseModel):
    typename__: Literal["Subgraph"] = Field(alias="__typename")
    nodes: list["TraverseTraverseSubgraphNodes"]
    edges: list["TraverseTraverseSubgraphEdges"]
    page_info: "TraverseTraverseSubgraphPageInfo" = Field(alias="pageInfo")


TraverseTraverseSubgraphNodes = MemoryFields
TraverseTraverseSubgraphEdges = EdgeFields
TraverseTraverseSubgraphPageInfo = PageInfoFields


class TraverseTraverseNotFound(NotFoundFields):
    typename__: Literal["NotFound"] = Field(alias="__typename")


class TraverseTraverseInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class TraverseTraverseForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class TraverseTraverseUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


Traverse.model_rebuild()
TraverseTraverseSubgraph.model_rebuild()

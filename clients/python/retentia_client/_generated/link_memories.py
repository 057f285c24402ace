from typing import Literal, Union

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    ConflictFields,
    EdgeFields,
    ForbiddenFields,
    InvalidInputFields,
    NotFoundFields,
    UnauthenticatedFields,
)


class LinkMemories(BaseModel):
    link_memories: Union[
        "LinkMemoriesLinkMemoriesLinkSuccess",
        "LinkMemoriesLinkMemoriesNotFound",
        "LinkMemoriesLinkMemoriesInvalidInput",
        "LinkMemoriesLinkMemoriesConflict",
        "LinkMemoriesLinkMemoriesForbidden",
        "LinkMemoriesLinkMemoriesUnauthenticated",
    ] = Field(alias="linkMemories", discriminator="typename__")


class LinkMemoriesLinkMemoriesLinkSuccess(BaseModel):
    typename__: Literal["LinkSuccess"] = Field(alias="__typename")
    edges: list["LinkMemoriesLinkMemoriesLinkSuccessEdges"]


LinkMemoriesLinkMemoriesLinkSuccessEdges = EdgeFields


class LinkMemoriesLinkMemoriesNotFound(NotFoundFields):
    typename__: Literal["NotFound"] = Field(alias="__typename")


class LinkMemoriesLinkMemoriesInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class LinkMemoriesLinkMemoriesConflict(ConflictFields):
    typename__: Literal["Conflict"] = Field(alias="__typename")


class LinkMemoriesLinkMemoriesForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class LinkMemoriesLinkMemoriesUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


LinkMemories.model_rebuild()
LinkMemoriesLinkMemoriesLinkSuccess.model_rebuild()

from typing import Literal, Union

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    ForbiddenFields,
    InvalidInputFields,
    MemoryFields,
    PageInfoFields,
    UnauthenticatedFields,
)


class Memories(BaseModel):
    memories: Union[
        "MemoriesMemoriesMemoryConnection",
        "MemoriesMemoriesInvalidInput",
        "MemoriesMemoriesForbidden",
        "MemoriesMemoriesUnauthenticated",
    ] = Field(discriminator="typename__")


class MemoriesMemoriesMemoryConnection(BaseModel):
    typename__: Literal["MemoryConnection"] = Field(alias="__typename")
    nodes: list["MemoriesMemoriesMemoryConnectionNodes"]
    page_info: "MemoriesMemoriesMemoryConnectionPageInfo" = Field(alias="pageInfo")


MemoriesMemoriesMemoryConnectionNodes = MemoryFields
MemoriesMemoriesMemoryConnectionPageInfo = PageInfoFields


class MemoriesMemoriesInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class MemoriesMemoriesForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class MemoriesMemoriesUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


Memories.model_rebuild()
MemoriesMemoriesMemoryConnection.model_rebuild()

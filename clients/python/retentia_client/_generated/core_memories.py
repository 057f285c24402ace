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


class CoreMemories(BaseModel):
    core_memories: Union[
        "CoreMemoriesCoreMemoriesMemoryConnection",
        "CoreMemoriesCoreMemoriesInvalidInput",
        "CoreMemoriesCoreMemoriesForbidden",
        "CoreMemoriesCoreMemoriesUnauthenticated",
    ] = Field(alias="coreMemories", discriminator="typename__")


class CoreMemoriesCoreMemoriesMemoryConnection(BaseModel):
    typename__: Literal["MemoryConnection"] = Field(alias="__typename")
    nodes: list["CoreMemoriesCoreMemoriesMemoryConnectionNodes"]
    page_info: "CoreMemoriesCoreMemoriesMemoryConnectionPageInfo" = Field(
        alias="pageInfo"
    )


CoreMemoriesCoreMemoriesMemoryConnectionNodes = MemoryFields
CoreMemoriesCoreMemoriesMemoryConnectionPageInfo = PageInfoFields


class CoreMemoriesCoreMemoriesInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class CoreMemoriesCoreMemoriesForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class CoreMemoriesCoreMemoriesUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


CoreMemories.model_rebuild()
CoreMemoriesCoreMemoriesMemoryConnection.model_rebuild()

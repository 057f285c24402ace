from datetime import datetime
from typing import Literal, Optional, Union

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    ForbiddenFields,
    InvalidInputFields,
    MemoryFields,
    PageInfoFields,
    UnauthenticatedFields,
)


class ForgottenMemories(BaseModel):
    forgotten_memories: Union[
        "ForgottenMemoriesForgottenMemoriesForgottenMemoryConnection",
        "ForgottenMemoriesForgottenMemoriesInvalidInput",
        "ForgottenMemoriesForgottenMemoriesForbidden",
        "ForgottenMemoriesForgottenMemoriesUnauthenticated",
    ] = Field(alias="forgottenMemories", discriminator="typename__")


class ForgottenMemoriesForgottenMemoriesForgottenMemoryConnection(BaseModel):
    typename__: Literal["ForgottenMemoryConnection"] = Field(alias="__typename")
    nodes: list["ForgottenMemoriesForgottenMemoriesForgottenMemoryConnectionNodes"]
    page_info: "ForgottenMemoriesForgottenMemoriesForgottenMemoryConnectionPageInfo" = (
        Field(alias="pageInfo")
    )


class ForgottenMemoriesForgottenMemoriesForgottenMemoryConnectionNodes(BaseModel):
    id: str
    forgotten_at: datetime = Field(alias="forgottenAt")
    purge_after: Optional[datetime] = Field(alias="purgeAfter")
    reason: str
    memory: "ForgottenMemoriesForgottenMemoriesForgottenMemoryConnectionNodesMemory"
    facts: list[str]


ForgottenMemoriesForgottenMemoriesForgottenMemoryConnectionNodesMemory = MemoryFields
ForgottenMemoriesForgottenMemoriesForgottenMemoryConnectionPageInfo = PageInfoFields


class ForgottenMemoriesForgottenMemoriesInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class ForgottenMemoriesForgottenMemoriesForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class ForgottenMemoriesForgottenMemoriesUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


ForgottenMemories.model_rebuild()
ForgottenMemoriesForgottenMemoriesForgottenMemoryConnection.model_rebuild()
ForgottenMemoriesForgottenMemoriesForgottenMemoryConnectionNodes.model_rebuild()

from typing import Literal, Optional, Union

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    ConflictFields,
    EdgeFields,
    FactBatchFields,
    ForbiddenFields,
    InvalidInputFields,
    MemoryFields,
    NotFoundFields,
    UnauthenticatedFields,
)


class StoreMemory(BaseModel):
    store_memory: Union[
        "StoreMemoryStoreMemoryStoreSuccess",
        "StoreMemoryStoreMemoryNotFound",
        "StoreMemoryStoreMemoryInvalidInput",
        "StoreMemoryStoreMemoryConflict",
        "StoreMemoryStoreMemoryForbidden",
        "StoreMemoryStoreMemoryUnauthenticated",
    ] = Field(alias="storeMemory", discriminator="typename__")


class StoreMemoryStoreMemoryStoreSuccess(BaseModel):
    typename__: Literal["StoreSuccess"] = Field(alias="__typename")
    memory: "StoreMemoryStoreMemoryStoreSuccessMemory"
    auto_links: list["StoreMemoryStoreMemoryStoreSuccessAutoLinks"] = Field(
        alias="autoLinks"
    )
    possible_conflicts: list["StoreMemoryStoreMemoryStoreSuccessPossibleConflicts"] = (
        Field(alias="possibleConflicts")
    )
    facts: Optional["StoreMemoryStoreMemoryStoreSuccessFacts"]


StoreMemoryStoreMemoryStoreSuccessMemory = MemoryFields
StoreMemoryStoreMemoryStoreSuccessAutoLinks = EdgeFields


class StoreMemoryStoreMemoryStoreSuccessPossibleConflicts(BaseModel):
    memory_id: str = Field(alias="memoryId")
    kind: str
    similarity: float
    detail: str


StoreMemoryStoreMemoryStoreSuccessFacts = FactBatchFields


class StoreMemoryStoreMemoryNotFound(NotFoundFields):
    typename__: Literal["NotFound"] = Field(alias="__typename")


class StoreMemoryStoreMemoryInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class StoreMemoryStoreMemoryConflict(ConflictFields):
    typename__: Literal["Conflict"] = Field(alias="__typename")


class StoreMemoryStoreMemoryForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class StoreMemoryStoreMemoryUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


StoreMemory.model_rebuild()
StoreMemoryStoreMemoryStoreSuccess.model_rebuild()

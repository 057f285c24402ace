from typing import Annotated, Literal, Union

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    ConflictFields,
    ForbiddenFields,
    InvalidInputFields,
    MemoryFields,
    NotFoundFields,
    UnauthenticatedFields,
)


class StoreMemories(BaseModel):
    store_memories: list[
        Annotated[
            Union[
                "StoreMemoriesStoreMemoriesStoreSuccess",
                "StoreMemoriesStoreMemoriesNotFound",
                "StoreMemoriesStoreMemoriesInvalidInput",
                "StoreMemoriesStoreMemoriesConflict",
                "StoreMemoriesStoreMemoriesForbidden",
                "StoreMemoriesStoreMemoriesUnauthenticated",
            ],
            Field(discriminator="typename__"),
        ]
    ] = Field(alias="storeMemories")


class StoreMemoriesStoreMemoriesStoreSuccess(BaseModel):
    typename__: Literal["StoreSuccess"] = Field(alias="__typename")
    memory: "StoreMemoriesStoreMemoriesStoreSuccessMemory"


StoreMemoriesStoreMemoriesStoreSuccessMemory = MemoryFields


class StoreMemoriesStoreMemoriesNotFound(NotFoundFields):
    typename__: Literal["NotFound"] = Field(alias="__typename")


class StoreMemoriesStoreMemoriesInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class StoreMemoriesStoreMemoriesConflict(ConflictFields):
    typename__: Literal["Conflict"] = Field(alias="__typename")


class StoreMemoriesStoreMemoriesForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class StoreMemoriesStoreMemoriesUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


StoreMemories.model_rebuild()
StoreMemoriesStoreMemoriesStoreSuccess.model_rebuild()

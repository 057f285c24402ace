from typing import Literal, Union

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


class AmendMemory(BaseModel):
    amend_memory: Union[
        "AmendMemoryAmendMemoryStoreSuccess",
        "AmendMemoryAmendMemoryNotFound",
        "AmendMemoryAmendMemoryInvalidInput",
        "AmendMemoryAmendMemoryConflict",
        "AmendMemoryAmendMemoryForbidden",
        "AmendMemoryAmendMemoryUnauthenticated",
    ] = Field(alias="amendMemory", discriminator="typename__")


class AmendMemoryAmendMemoryStoreSuccess(BaseModel):
    typename__: Literal["StoreSuccess"] = Field(alias="__typename")
    memory: "AmendMemoryAmendMemoryStoreSuccessMemory"


AmendMemoryAmendMemoryStoreSuccessMemory = MemoryFields


class AmendMemoryAmendMemoryNotFound(NotFoundFields):
    typename__: Literal["NotFound"] = Field(alias="__typename")


class AmendMemoryAmendMemoryInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class AmendMemoryAmendMemoryConflict(ConflictFields):
    typename__: Literal["Conflict"] = Field(alias="__typename")


class AmendMemoryAmendMemoryForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class AmendMemoryAmendMemoryUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


AmendMemory.model_rebuild()
AmendMemoryAmendMemoryStoreSuccess.model_rebuild()

from typing import Literal, Union

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    ForbiddenFields,
    InvalidInputFields,
    MemoryFields,
    MemoryFieldsMetadata,  # noqa: F401
    NotFoundFields,
    UnauthenticatedFields,
)


class GetMemory(BaseModel):
    memory: Union[
        "GetMemoryMemoryMemory",
        "GetMemoryMemoryNotFound",
        "GetMemoryMemoryInvalidInput",
        "GetMemoryMemoryForbidden",
        "GetMemoryMemoryUnauthenticated",
    ] = Field(discriminator="typename__")


class GetMemoryMemoryMemory(MemoryFields):
    typename__: Literal["Memory"] = Field(alias="__typename")


class GetMemoryMemoryNotFound(NotFoundFields):
    typename__: Literal["NotFound"] = Field(alias="__typename")


class GetMemoryMemoryInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class GetMemoryMemoryForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class GetMemoryMemoryUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


GetMemory.model_rebuild()

from typing import Literal, Union

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    FactFields,
    ForbiddenFields,
    InvalidInputFields,
    NotFoundFields,
    UnauthenticatedFields,
)


class Entity(BaseModel):
    entity: Union[
        "EntityEntityEntity",
        "EntityEntityNotFound",
        "EntityEntityInvalidInput",
        "EntityEntityForbidden",
        "EntityEntityUnauthenticated",
    ] = Field(discriminator="typename__")


class EntityEntityEntity(BaseModel):
    typename__: Literal["Entity"] = Field(alias="__typename")
    id: str
    name: str
    key: str
    history: list["EntityEntityEntityHistory"]


EntityEntityEntityHistory = FactFields


class EntityEntityNotFound(NotFoundFields):
    typename__: Literal["NotFound"] = Field(alias="__typename")


class EntityEntityInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class EntityEntityForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class EntityEntityUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


Entity.model_rebuild()
EntityEntityEntity.model_rebuild()

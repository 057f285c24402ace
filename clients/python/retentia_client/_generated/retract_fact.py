from typing import Literal, Union

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    ConflictFields,
    FactFields,
    ForbiddenFields,
    InvalidInputFields,
    NotFoundFields,
    UnauthenticatedFields,
)


class RetractFact(BaseModel):
    retract_fact: Union[
        "RetractFactRetractFactFact",
        "RetractFactRetractFactNotFound",
        "RetractFactRetractFactInvalidInput",
        "RetractFactRetractFactConflict",
        "RetractFactRetractFactForbidden",
        "RetractFactRetractFactUnauthenticated",
    ] = Field(alias="retractFact", discriminator="typename__")


class RetractFactRetractFactFact(FactFields):
    typename__: Literal["Fact"] = Field(alias="__typename")


class RetractFactRetractFactNotFound(NotFoundFields):
    typename__: Literal["NotFound"] = Field(alias="__typename")


class RetractFactRetractFactInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class RetractFactRetractFactConflict(ConflictFields):
    typename__: Literal["Conflict"] = Field(alias="__typename")


class RetractFactRetractFactForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class RetractFactRetractFactUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


RetractFact.model_rebuild()

from typing import Literal, Union

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    FactFields,
    ForbiddenFields,
    InvalidInputFields,
    PageInfoFields,
    UnauthenticatedFields,
)


class Facts(BaseModel):
    facts: Union[
        "FactsFactsFactList",
        "FactsFactsInvalidInput",
        "FactsFactsForbidden",
        "FactsFactsUnauthenticated",
    ] = Field(discriminator="typename__")


class FactsFactsFactList(BaseModel):
    typename__: Literal["FactList"] = Field(alias="__typename")
    nodes: list["FactsFactsFactListNodes"]
    page_info: "FactsFactsFactListPageInfo" = Field(alias="pageInfo")


FactsFactsFactListNodes = FactFields
FactsFactsFactListPageInfo = PageInfoFields


class FactsFactsInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class FactsFactsForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class FactsFactsUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


Facts.model_rebuild()
FactsFactsFactList.model_rebuild()

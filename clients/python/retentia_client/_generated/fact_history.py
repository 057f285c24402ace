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


class FactHistory(BaseModel):
    fact_history: Union[
        "FactHistoryFactHistoryFactList",
        "FactHistoryFactHistoryInvalidInput",
        "FactHistoryFactHistoryForbidden",
        "FactHistoryFactHistoryUnauthenticated",
    ] = Field(alias="factHistory", discriminator="typename__")


class FactHistoryFactHistoryFactList(BaseModel):
    typename__: Literal["FactList"] = Field(alias="__typename")
    nodes: list["FactHistoryFactHistoryFactListNodes"]
    page_info: "FactHistoryFactHistoryFactListPageInfo" = Field(alias="pageInfo")


FactHistoryFactHistoryFactListNodes = FactFields
FactHistoryFactHistoryFactListPageInfo = PageInfoFields


class FactHistoryFactHistoryInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class FactHistoryFactHistoryForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class FactHistoryFactHistoryUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


FactHistory.model_rebuild()
FactHistoryFactHistoryFactList.model_rebuild()

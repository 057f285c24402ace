from datetime import datetime
from typing import Literal, Optional, Union

from pydantic import Field

from .base_model import BaseModel
from .enums import ContextItemKind, RecallIntent
from .fragments import (
    ForbiddenFields,
    InvalidInputFields,
    RecallUnavailableFields,
    UnauthenticatedFields,
)


class Context(BaseModel):
    context: Union[
        "ContextContextContext",
        "ContextContextInvalidInput",
        "ContextContextRecallUnavailable",
        "ContextContextForbidden",
        "ContextContextUnauthenticated",
    ] = Field(discriminator="typename__")


class ContextContextContext(BaseModel):
    typename__: Literal["Context"] = Field(alias="__typename")
    query: str
    intent: RecallIntent
    as_of: datetime = Field(alias="asOf")
    budget: int
    text: str
    tokens: int
    tokenizer: str
    order: str
    items: list["ContextContextContextItems"]
    dropped: list["ContextContextContextDropped"]


class ContextContextContextItems(BaseModel):
    kind: ContextItemKind
    id: str
    text: str
    tokens: int
    position: int
    source_id: Optional[str] = Field(alias="sourceId")
    at: Optional[datetime]
    heading: Optional[str]


class ContextContextContextDropped(BaseModel):
    reason: str
    item: "ContextContextContextDroppedItem"


class ContextContextContextDroppedItem(BaseModel):
    kind: ContextItemKind
    id: str
    text: str
    tokens: int
    position: int


class ContextContextInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class ContextContextRecallUnavailable(RecallUnavailableFields):
    typename__: Literal["RecallUnavailable"] = Field(alias="__typename")


class ContextContextForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class ContextContextUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


Context.model_rebuild()
ContextContextContext.model_rebuild()
ContextContextContextDropped.model_rebuild()

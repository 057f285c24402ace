from datetime import datetime
from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import Category, EdgeType, Visibility


class FactInput(BaseModel):
    """One subject–predicate–object assertion. Validated on its own: a bad fact is an error result and never costs the batch its good facts."""

    subject: str
    predicate: str
    object_: str = Field(alias="object")
    category: Category = Category.OTHER
    confidence: float = 1
    valid_from: Optional[datetime] = Field(alias="validFrom", default=None)
    valid_to: Optional[datetime] = Field(alias="validTo", default=None)
    event_time: Optional[datetime] = Field(alias="eventTime", default=None)
    "The event an obligation or logistical fact is about."
    functional: Optional[bool] = None
    "True: the predicate holds one value at a time. Unset: the category and the registered functional predicates decide."
    object_is_entity: Optional[bool] = Field(alias="objectIsEntity", default=None)
    "Unset: a proper name (every word capitalised) is an entity."
    source_id: Optional[str] = Field(alias="sourceId", default=None)
    "The memory asserting the fact."


class LinkInput(BaseModel):
    source_id: str = Field(alias="sourceId")
    target_id: str = Field(alias="targetId")
    type_: EdgeType = Field(alias="type")
    weight: float = 1
    reason: Optional[str] = None


class MetadataInput(BaseModel):
    key: str
    value: str


class RelatedEdgeInput(BaseModel):
    """An edge from the memory being stored to an existing one."""

    target_id: str = Field(alias="targetId")
    type_: EdgeType = Field(alias="type")
    weight: float = 1
    reason: Optional[str] = None


class StoreMemoryInput(BaseModel):
    content: str
    category: Optional[Category] = None
    entities: list[str] = Field(default_factory=lambda: [])
    pinned: bool = False
    visibility: Visibility = Visibility.PRIVATE
    source_session: Optional[str] = Field(alias="sourceSession", default=None)
    event_time: Optional[datetime] = Field(alias="eventTime", default=None)
    summary: Optional[str] = None
    metadata: list["MetadataInput"] = Field(default_factory=lambda: [])
    related: list["RelatedEdgeInput"] = Field(default_factory=lambda: [])
    created_at: Optional[datetime] = Field(alias="createdAt", default=None)
    "When the memory was formed, for history imported with its own time (default: now). Ageing, activation, status, forgetting, session order and the edges it makes all take it as stored then. At most 5 minutes ahead of the service's clock (RETENTIA_ENGINE__CREATED_AT_MAX_SKEW_SECONDS), not before 1970."
    facts: list["FactInput"] = Field(default_factory=lambda: [])
    "Facts this memory asserts, written through the one supersession path with the memory as their source."


StoreMemoryInput.model_rebuild()

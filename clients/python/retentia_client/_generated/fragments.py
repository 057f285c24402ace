from datetime import datetime
from typing import Optional

from pydantic import Field

from .base_model import BaseModel
from .enums import (
    Category,
    EdgeCreator,
    EdgeType,
    FactOutcome,
    FactState,
    FactWriter,
    MemoryStatus,
    Partition,
    Permission,
    Visibility,
)


class ConflictFields(BaseModel):
    message: str
    idempotency_key: Optional[str] = Field(alias="idempotencyKey")
    retryable: bool


class EdgeFields(BaseModel):
    source: str
    target: str
    type_: EdgeType = Field(alias="type")
    partition: Partition
    weight: float
    reason: Optional[str]
    created_by: EdgeCreator = Field(alias="createdBy")
    created_at: datetime = Field(alias="createdAt")


class FactBatchFields(BaseModel):
    inserted: int
    superseded: int
    skipped: int
    soft_conflicts: int = Field(alias="softConflicts")
    errors: int
    results: list["FactBatchFieldsResults"]


class FactBatchFieldsResults(BaseModel):
    index: int
    outcome: FactOutcome
    fact_id: Optional[str] = Field(alias="factId")
    others: list[str]
    field: Optional[str]
    reason: Optional[str]


class FactFields(BaseModel):
    id: str
    subject: str
    predicate: str
    object_: str = Field(alias="object")
    state: FactState
    valid_from: Optional[datetime] = Field(alias="validFrom")
    valid_to: Optional[datetime] = Field(alias="validTo")
    recorded_at: datetime = Field(alias="recordedAt")
    invalid_at: Optional[datetime] = Field(alias="invalidAt")
    superseded_by: Optional[str] = Field(alias="supersededBy")
    category: Category
    confidence: float
    event_time: Optional[datetime] = Field(alias="eventTime")
    source_id: Optional[str] = Field(alias="sourceId")
    writer: FactWriter


class ForbiddenFields(BaseModel):
    message: str
    permission: Optional[Permission]


class InvalidInputFields(BaseModel):
    message: str
    field: str


class MemoryFields(BaseModel):
    id: str
    content: str
    summary: Optional[str]
    entities: list[str]
    category: Category
    status: MemoryStatus
    pinned: bool
    visibility: Visibility
    created_at: datetime = Field(alias="createdAt")
    received_at: Optional[datetime] = Field(alias="receivedAt")
    event_time: Optional[datetime] = Field(alias="eventTime")
    source_session: Optional[str] = Field(alias="sourceSession")
    superseded_by: Optional[str] = Field(alias="supersededBy")
    score: float
    metadata: list["MemoryFieldsMetadata"]


class MemoryFieldsMetadata(BaseModel):
    key: str
    value: str


class NotFoundFields(BaseModel):
    message: str
    kind: str
    key: str


class PageInfoFields(BaseModel):
    has_next_page: bool = Field(alias="hasNextPage")
    end_cursor: Optional[str] = Field(alias="endCursor")


class RecallUnavailableFields(BaseModel):
    message: str


class UnauthenticatedFields(BaseModel):
    message: str


ConflictFields.model_rebuild()
EdgeFields.model_rebuild()
FactBatchFields.model_rebuild()
FactFields.model_rebuild()
ForbiddenFields.model_rebuild()
InvalidInputFields.model_rebuild()
MemoryFields.model_rebuild()
NotFoundFields.model_rebuild()
PageInfoFields.model_rebuild()
RecallUnavailableFields.model_rebuild()
UnauthenticatedFields.model_rebuild()

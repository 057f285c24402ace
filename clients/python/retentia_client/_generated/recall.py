from datetime import datetime
from typing import Literal, Optional, Union

from pydantic import Field

from .base_model import BaseModel
from .enums import Leg, MemoryStatus, RecallIntent
from .fragments import (
    FactFields,
    ForbiddenFields,
    InvalidInputFields,
    MemoryFields,
    RecallUnavailableFields,
    UnauthenticatedFields,
)


class Recall(BaseModel):
    recall: Union[
        "RecallRecallRecall",
        "RecallRecallInvalidInput",
        "RecallRecallRecallUnavailable",
        "RecallRecallForbidden",
        "RecallRecallUnauthenticated",
    ] = Field(discriminator="typename__")


class RecallRecallRecall(BaseModel):
    typename__: Literal["Recall"] = Field(alias="__typename")
    query: str
    intent: RecallIntent
    as_of: datetime = Field(alias="asOf")
    degraded: bool
    failed_legs: list["RecallRecallRecallFailedLegs"] = Field(alias="failedLegs")
    hits: list["RecallRecallRecallHits"]
    facts: list["RecallRecallRecallFacts"]


class RecallRecallRecallFailedLegs(BaseModel):
    leg: Leg
    error: str


class RecallRecallRecallHits(BaseModel):
    id: str
    score: float
    status: MemoryStatus
    summary: Optional[str]
    superseded_by: Optional[str] = Field(alias="supersededBy")
    memory: Optional["RecallRecallRecallHitsMemory"]


RecallRecallRecallHitsMemory = MemoryFields


class RecallRecallRecallFacts(BaseModel):
    score: float
    current: bool
    fact: "RecallRecallRecallFactsFact"


RecallRecallRecallFactsFact = FactFields


class RecallRecallInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class RecallRecallRecallUnavailable(RecallUnavailableFields):
    typename__: Literal["RecallUnavailable"] = Field(alias="__typename")


class RecallRecallForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class RecallRecallUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


Recall.model_rebuild()
RecallRecallRecall.model_rebuild()
RecallRecallRecallHits.model_rebuild()
RecallRecallRecallFacts.model_rebuild()

from typing import Literal, Union

from pydantic import Field

from .base_model import BaseModel
from .fragments import (
    ConflictFields,
    FactBatchFields,
    FactBatchFieldsResults,  # noqa: F401
    ForbiddenFields,
    InvalidInputFields,
    UnauthenticatedFields,
)


class IngestFacts(BaseModel):
    ingest_facts: Union[
        "IngestFactsIngestFactsFactBatch",
        "IngestFactsIngestFactsInvalidInput",
        "IngestFactsIngestFactsConflict",
        "IngestFactsIngestFactsForbidden",
        "IngestFactsIngestFactsUnauthenticated",
    ] = Field(alias="ingestFacts", discriminator="typename__")


class IngestFactsIngestFactsFactBatch(FactBatchFields):
    typename__: Literal["FactBatch"] = Field(alias="__typename")


class IngestFactsIngestFactsInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class IngestFactsIngestFactsConflict(ConflictFields):
    typename__: Literal["Conflict"] = Field(alias="__typename")


class IngestFactsIngestFactsForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class IngestFactsIngestFactsUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


IngestFacts.model_rebuild()

"""The result unions of the operations: the success type, then the expected errors
(`service.api.errors` maps the domain errors to them)."""

from __future__ import annotations

from typing import Annotated

import strawberry

from service.api.types.api_key import ApiKeyList, ApiKeyType, NewApiKey
from service.api.types.bounded_subgraph import BoundedSubgraphType
from service.api.types.context import ContextType
from service.api.types.edge import MemoryEdgeType
from service.api.types.erasure import ErasureList, ErasureType
from service.api.types.errors import (
    ConflictError,
    ForbiddenError,
    InvalidInputError,
    NotFoundError,
    RecallUnavailableError,
    UnauthenticatedError,
)
from service.api.types.explanation import ExplanationType
from service.api.types.facts import EntityType, FactBatchType, FactList, FactType, PredicateList
from service.api.types.forgotten import ForgottenMemoryConnection, RestorationType
from service.api.types.import_report import ImportReportType
from service.api.types.memory import MemoryType
from service.api.types.memory_page import MemoryConnection
from service.api.types.project import DroppedProjectType, ProjectList
from service.api.types.recall import RecallType
from service.api.types.reports import (
    CorePreferencesType,
    DeleteReportType,
    MaintenanceReportType,
    ReactivationReportType,
)
from service.api.types.stats import StatsType
from service.api.types.store import StoreSuccess
from service.api.types.subgraph import SubgraphType


@strawberry.type
class LinkSuccess:
    edges: list[MemoryEdgeType]


@strawberry.type
class MemoryList:
    memories: list[MemoryType]


@strawberry.type
class IdList:
    ids: list[strawberry.ID]


Denied = ForbiddenError | UnauthenticatedError

MemoryResult = Annotated[
    MemoryType | NotFoundError | InvalidInputError | Denied, strawberry.union("MemoryResult")
]
MemoryPageResult = Annotated[
    MemoryConnection | InvalidInputError | Denied, strawberry.union("MemoryPageResult")
]
StoreMemoryResult = Annotated[
    StoreSuccess | NotFoundError | InvalidInputError | ConflictError | Denied,
    strawberry.union("StoreMemoryResult"),
]
AmendResult = Annotated[
    StoreSuccess | NotFoundError | InvalidInputError | ConflictError | Denied,
    strawberry.union("AmendResult"),
]
TraverseResult = Annotated[
    SubgraphType | NotFoundError | InvalidInputError | Denied, strawberry.union("TraverseResult")
]
BoundedSubgraphResult = Annotated[
    BoundedSubgraphType | NotFoundError | InvalidInputError | RecallUnavailableError | Denied,
    strawberry.union("BoundedSubgraphResult"),
]
StatsResult = Annotated[StatsType | InvalidInputError | Denied, strawberry.union("StatsResult")]
ExplainResult = Annotated[
    ExplanationType | NotFoundError | InvalidInputError | Denied, strawberry.union("ExplainResult")
]
LinkResult = Annotated[
    LinkSuccess | NotFoundError | InvalidInputError | ConflictError | Denied,
    strawberry.union("LinkResult"),
]
MemoriesResult = Annotated[
    MemoryList | NotFoundError | InvalidInputError | Denied, strawberry.union("MemoriesResult")
]
DeleteResult = Annotated[
    DeleteReportType | InvalidInputError | Denied, strawberry.union("DeleteResult")
]
ReactivateResult = Annotated[
    ReactivationReportType | NotFoundError | InvalidInputError | Denied,
    strawberry.union("ReactivateResult"),
]
MaintenanceResult = Annotated[
    MaintenanceReportType | InvalidInputError | Denied, strawberry.union("MaintenanceResult")
]
CorePreferencesResult = Annotated[
    CorePreferencesType | InvalidInputError | Denied, strawberry.union("CorePreferencesResult")
]
IdsResult = Annotated[IdList | InvalidInputError | Denied, strawberry.union("IdsResult")]
FactsResult = Annotated[FactList | InvalidInputError | Denied, strawberry.union("FactsResult")]
EntityResult = Annotated[
    EntityType | NotFoundError | InvalidInputError | Denied, strawberry.union("EntityResult")
]
IngestFactsResult = Annotated[
    FactBatchType | InvalidInputError | ConflictError | Denied,
    strawberry.union("IngestFactsResult"),
]
RetractFactResult = Annotated[
    FactType | NotFoundError | InvalidInputError | ConflictError | Denied,
    strawberry.union("RetractFactResult"),
]
PredicatesResult = Annotated[
    PredicateList | InvalidInputError | Denied, strawberry.union("PredicatesResult")
]
ApiKeysResult = Annotated[ApiKeyList | Denied, strawberry.union("ApiKeysResult")]
CreateApiKeyResult = Annotated[
    NewApiKey | InvalidInputError | ConflictError | Denied, strawberry.union("CreateApiKeyResult")
]
RevokeApiKeyResult = Annotated[
    ApiKeyType | NotFoundError | InvalidInputError | Denied, strawberry.union("RevokeApiKeyResult")
]
ImportResult = Annotated[
    ImportReportType | InvalidInputError | Denied, strawberry.union("ImportResult")
]
ProjectsResult = Annotated[ProjectList | Denied, strawberry.union("ProjectsResult")]
DropProjectResult = Annotated[
    DroppedProjectType | NotFoundError | InvalidInputError | Denied,
    strawberry.union("DropProjectResult"),
]
EraseSubjectResult = Annotated[
    ErasureType | InvalidInputError | ConflictError | Denied,
    strawberry.union("EraseSubjectResult"),
]
ErasuresResult = Annotated[ErasureList | Denied, strawberry.union("ErasuresResult")]
ContextResult = Annotated[
    ContextType
    | InvalidInputError
    | RecallUnavailableError
    | ForbiddenError
    | UnauthenticatedError,
    strawberry.union("ContextResult"),
]
RecallResult = Annotated[
    RecallType | InvalidInputError | RecallUnavailableError | ForbiddenError | UnauthenticatedError,
    strawberry.union("RecallResult"),
]
ForgottenPageResult = Annotated[
    ForgottenMemoryConnection | InvalidInputError | Denied,
    strawberry.union("ForgottenPageResult"),
]
RestorationResult = Annotated[
    RestorationType | InvalidInputError | Denied, strawberry.union("RestorationResult")
]

from typing import Literal, Union

from pydantic import Field

from .base_model import BaseModel
from .fragments import ForbiddenFields, InvalidInputFields, UnauthenticatedFields


class DeleteMemories(BaseModel):
    delete_memories: Union[
        "DeleteMemoriesDeleteMemoriesDeleteReport",
        "DeleteMemoriesDeleteMemoriesInvalidInput",
        "DeleteMemoriesDeleteMemoriesForbidden",
        "DeleteMemoriesDeleteMemoriesUnauthenticated",
    ] = Field(alias="deleteMemories", discriminator="typename__")


class DeleteMemoriesDeleteMemoriesDeleteReport(BaseModel):
    typename__: Literal["DeleteReport"] = Field(alias="__typename")
    deleted: list[str]
    missing: list[str]
    new_orphans: list[str] = Field(alias="newOrphans")
    tombstones: list[str]
    retracted_facts: list[str] = Field(alias="retractedFacts")


class DeleteMemoriesDeleteMemoriesInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class DeleteMemoriesDeleteMemoriesForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class DeleteMemoriesDeleteMemoriesUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


DeleteMemories.model_rebuild()

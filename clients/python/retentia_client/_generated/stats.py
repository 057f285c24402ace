from typing import Literal, Union

from pydantic import Field

from .base_model import BaseModel
from .enums import EdgeType
from .fragments import ForbiddenFields, InvalidInputFields, UnauthenticatedFields


class Stats(BaseModel):
    stats: Union[
        "StatsStatsStats",
        "StatsStatsInvalidInput",
        "StatsStatsForbidden",
        "StatsStatsUnauthenticated",
    ] = Field(discriminator="typename__")


class StatsStatsStats(BaseModel):
    typename__: Literal["Stats"] = Field(alias="__typename")
    memories: int
    orphans: int
    kappa_max: int = Field(alias="kappaMax")
    edges: list["StatsStatsStatsEdges"]


class StatsStatsStatsEdges(BaseModel):
    type_: EdgeType = Field(alias="type")
    count: int


class StatsStatsInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class StatsStatsForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class StatsStatsUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


Stats.model_rebuild()
StatsStatsStats.model_rebuild()

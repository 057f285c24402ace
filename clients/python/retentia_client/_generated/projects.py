from typing import Literal, Union

from pydantic import Field

from .base_model import BaseModel
from .fragments import ForbiddenFields, UnauthenticatedFields


class Projects(BaseModel):
    projects: Union[
        "ProjectsProjectsProjectList",
        "ProjectsProjectsForbidden",
        "ProjectsProjectsUnauthenticated",
    ] = Field(discriminator="typename__")


class ProjectsProjectsProjectList(BaseModel):
    typename__: Literal["ProjectList"] = Field(alias="__typename")
    projects: list["ProjectsProjectsProjectListProjects"]


class ProjectsProjectsProjectListProjects(BaseModel):
    name: str
    memories: int
    edges: int


class ProjectsProjectsForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class ProjectsProjectsUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


Projects.model_rebuild()
ProjectsProjectsProjectList.model_rebuild()

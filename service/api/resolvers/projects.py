"""The org's projects: list them with their sizes, drop one."""

from __future__ import annotations

import strawberry

from service.api.errors import maps_errors
from service.api.resolvers._common import MANAGE, Info
from service.api.types.project import DroppedProjectType, ProjectList, ProjectType
from service.api.types.results import DropProjectResult, ProjectsResult


@strawberry.type
class ProjectQuery:
    @strawberry.field(
        description="The org's projects (those a write created) that the caller's key may "
        "name, by name, with their sizes."
    )
    @maps_errors
    async def projects(self, info: Info) -> ProjectsResult:
        grant = info.context.require(MANAGE)
        sizes = await info.context.services.projects.list_projects(grant.org, by=grant.principal)
        return ProjectList(projects=[ProjectType.from_domain(s) for s in sizes])


@strawberry.type
class ProjectMutation:
    @strawberry.mutation(
        description="Drop a project of the caller's org, irreversibly: its memories, edges, "
        "facts, configuration and idempotency records, and its name in the org's API keys "
        "(a key restricted to it alone is revoked). `confirm` must repeat the project's name."
    )
    @maps_errors
    async def drop_project(self, info: Info, project: str, confirm: str) -> DropProjectResult:
        grant = info.context.require(MANAGE)
        dropped = await info.context.services.projects.drop(
            grant.org, project, confirm=confirm, by=grant.principal
        )
        return DroppedProjectType.from_domain(dropped)

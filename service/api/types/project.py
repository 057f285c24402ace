"""An org's projects as its admins see them."""

from __future__ import annotations

import strawberry

from service.usecases.projects import DroppedProject, ProjectSize


@strawberry.type(name="Project", description="A project of the org that a write created.")
class ProjectType:
    name: str
    memories: int
    edges: int = strawberry.field(description="Edges between its memories, of every type.")

    @classmethod
    def from_domain(cls, size: ProjectSize) -> ProjectType:
        return cls(name=size.project, memories=size.memories, edges=size.edges)


@strawberry.type
class ProjectList:
    projects: list[ProjectType]


@strawberry.type(name="DroppedProject")
class DroppedProjectType:
    name: str
    memories: int = strawberry.field(description="Memories it held when it was dropped.")
    edges: int
    keys_changed: int = strawberry.field(
        description="API keys restricted to it, whose lists no longer name it."
    )
    keys_revoked: int = strawberry.field(
        description="Of those, the keys restricted to it alone: revoked."
    )

    @classmethod
    def from_domain(cls, dropped: DroppedProject) -> DroppedProjectType:
        return cls(
            name=dropped.project,
            memories=dropped.memories,
            edges=dropped.edges,
            keys_changed=dropped.keys_changed,
            keys_revoked=dropped.keys_revoked,
        )

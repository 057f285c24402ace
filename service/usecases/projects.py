"""An org's projects for its admins: each listed with its size, and dropped — the tenant's
data (memories, edges, facts, configuration, idempotency records) and the project's name in
the org's API key records."""

from __future__ import annotations

from dataclasses import dataclass

from schema import InvalidInput, NotFound
from service.usecases.auth import ApiKeyStore, Principal, reached, request_tenant
from service.usecases.memories import MemoryService
from service.usecases.reactivation_queue import ReactivationQueue


@dataclass(frozen=True, slots=True)
class ProjectSize:
    org: str
    project: str
    memories: int
    edges: int


@dataclass(frozen=True, slots=True)
class DroppedProject:
    project: str
    #: What the tenant held when it was dropped (zeros if only key records named it).
    memories: int
    edges: int
    #: Keys that named the project: removed from their lists, and revoked where it was the
    #: only one (an empty list would reach every project).
    keys_changed: int
    keys_revoked: int


class ProjectService:
    def __init__(
        self, memories: MemoryService, reactivations: ReactivationQueue, keys: ApiKeyStore
    ) -> None:
        self._memories = memories
        self._reactivations = reactivations
        self._keys = keys

    async def list_projects(self, org: str | None, *, by: Principal | None) -> list[ProjectSize]:
        """The org's projects that exist (a write created them) and that `by` may name (None:
        the operator, every one), by name, each with its memory and edge counts. `org` None
        (the operator only): every org's."""
        repository = self._memories.repository
        sizes = []
        for tenant in await repository.list_tenants():
            if (
                (org is not None and tenant.org != org)
                or tenant.system
                or (by is not None and not by.reaches(tenant.project))
            ):
                continue
            stats = await repository.stats(tenant)
            edges = sum(stats.edges.values())
            sizes.append(ProjectSize(tenant.org, tenant.project, stats.memories, edges))
        return sorted(sizes, key=lambda s: (s.org, s.project))

    async def drop(
        self, org: str, project: str, *, confirm: str, by: Principal | None
    ) -> DroppedProject:
        """Drop a project of the org, irreversibly. `confirm` must repeat its name; the
        reserved system project is refused. `NotFound` if neither data nor a key names it."""
        tenant = request_tenant(org, project)
        if confirm.strip().lower() != tenant.project:
            raise InvalidInput(
                "confirm", f"repeat the project's name {tenant.project!r} to drop it"
            )
        if by is not None:
            reached(by, tenant)
        memories = edges = 0
        existed = await self._memories.repository.tenant_exists(tenant)
        if existed:
            stats = await self._memories.repository.stats(tenant)
            memories, edges = stats.memories, sum(stats.edges.values())
            # Queued reactivations of its memories are written before, never after, the drop.
            await self._reactivations.settle(tenant)
            await self._memories.drop_tenant(tenant)
        changed = await self._keys.forget_project(org, tenant.project)
        if not existed and not changed:
            raise NotFound("project", tenant.project)
        return DroppedProject(
            project=tenant.project,
            memories=memories,
            edges=edges,
            keys_changed=len(changed),
            keys_revoked=sum(1 for r in changed if not r.projects and r.revoked_at is not None),
        )

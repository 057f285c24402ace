"""An org's projects on every backend: the listing shows each project a write created with its
memory and edge counts (never the system project, never another org's, only the projects a
restricted key may name), and dropping one leaves nothing of it reachable — memories, edges,
facts, configuration, idempotency records — while its name leaves the org's key records and a
later write creates a complete tenant again."""

from __future__ import annotations

import uuid
from datetime import timedelta

import pytest

from graph_backends import Backend
from schema import EdgeType, InvalidInput, NotFound, Tenant
from schema.facts import FactWriter
from schema.idempotency import IdempotencyRecord, IdempotencyState
from service.engine.settings import EngineSettings
from service.usecases.auth import ApiKeyStore, Permission, Principal
from service.usecases.facts import FactService
from service.usecases.memories import MemoryService, RelatedEdge, StoreRequest
from service.usecases.projects import ProjectService, ProjectSize
from service.usecases.reactivation import ReactivationService
from service.usecases.reactivation_queue import ReactivationQueue
from tests.engine_support import Clock, HashEmbedder

pytestmark = pytest.mark.fact_layer

READ = frozenset({Permission.PROJECT_READ})


class Org:
    """A fresh org and the use cases over one repository, wired as `compose` wires them."""

    def __init__(self, repository: Backend) -> None:
        self.name = f"o-{uuid.uuid4().hex[:10]}"
        self.repository = repository
        self.clock = Clock()
        embedder = HashEmbedder()
        self.memories = MemoryService(repository, embedder, self.clock, EngineSettings())
        self.facts = FactService(repository, self.clock, embedder=embedder)
        self.keys = ApiKeyStore(repository, self.clock)
        self.projects = ProjectService(
            self.memories, ReactivationQueue(ReactivationService(self.memories)), self.keys
        )

    def tenant(self, project: str) -> Tenant:
        return Tenant(org=self.name, project=project)

    async def fill(self, project: str, memories: int) -> list[str]:
        """`memories` memories, each after the first linked to the one before."""
        tenant, ids = self.tenant(project), list[str]()
        for i in range(memories):
            related = [RelatedEdge(ids[-1], EdgeType.RELATED_TO)] if ids else []
            result = await self.memories.store(
                tenant, StoreRequest(content=f"{project} note {i}", related=related)
            )
            ids.append(result.memory.id)
        return ids

    async def cleanup(self) -> None:
        for tenant in await self.repository.list_tenants():
            if tenant.org == self.name:
                await self.repository.drop_tenant(tenant)


@pytest.fixture
async def org(repository: Backend) -> Org:
    return Org(repository)


async def test_the_listing_shows_each_project_with_its_sizes(org: Org) -> None:
    try:
        await org.fill("alpha", 3)
        await org.fill("beta", 1)
        await org.keys.create(org.name, "reader", READ, granted_by=None)  # the system project
        other = Org(org.repository)
        await other.fill("alpha", 2)
        try:
            assert await org.projects.list_projects(org.name, by=None) == [
                ProjectSize(org.name, "alpha", memories=3, edges=2),
                ProjectSize(org.name, "beta", memories=1, edges=0),
            ]
            restricted = Principal(org.name, "k", READ, projects=frozenset({"beta", "gamma"}))
            assert await org.projects.list_projects(org.name, by=restricted) == [
                ProjectSize(org.name, "beta", memories=1, edges=0)
            ]
        finally:
            await other.cleanup()
    finally:
        await org.cleanup()


async def test_drop_leaves_nothing_of_the_project_reachable(org: Org) -> None:
    gone, kept = org.tenant("gone"), org.tenant("kept")
    try:
        ids = await org.fill("gone", 2)
        (kept_id,) = await org.fill("kept", 1)
        fact = [{"subject": "zoe", "predicate": "lives in", "object": "oslo"}]
        await org.facts.apply_facts(gone, fact, FactWriter.API)
        await org.repository.put_config(gone, "note", '{"x": 1}')
        store = org.repository
        now = org.clock()
        claim = IdempotencyRecord(
            key="k-1",
            request_hash="h1",
            state=IdempotencyState.PENDING,
            plan="[]",
            claimed_at=now,
            expires_at=now + timedelta(hours=1),
        )
        assert await store.claim_idempotency_key(gone, claim) is None
        only, _ = await org.keys.create(
            org.name, "only gone", READ, granted_by=None, projects=frozenset({"gone"})
        )
        both, _ = await org.keys.create(
            org.name, "both", READ, granted_by=None, projects=frozenset({"gone", "kept"})
        )

        with pytest.raises(InvalidInput) as wrong:
            await org.projects.drop(org.name, "gone", confirm="kept", by=None)
        assert wrong.value.field == "confirm"
        with pytest.raises(InvalidInput) as system:
            await org.projects.drop(org.name, "retentia.system", confirm="retentia.system", by=None)
        assert system.value.field == "project"
        assert await org.repository.tenant_exists(gone)  # refusals dropped nothing

        dropped = await org.projects.drop(org.name, "Gone", confirm="gone", by=None)
        assert (dropped.project, dropped.memories, dropped.edges) == ("gone", 2, 1)
        assert (dropped.keys_changed, dropped.keys_revoked) == (2, 1)

        assert not await org.repository.tenant_exists(gone)
        assert gone not in await org.repository.list_tenants()
        assert await org.repository.get_memories(gone, ids) == [None, None]
        assert (await org.repository.stats(gone)).memories == 0
        assert await org.facts.facts(gone) == []
        assert await org.repository.get_config(gone, "note") is None
        assert [p.project for p in await org.projects.list_projects(org.name, by=None)] == ["kept"]
        assert [m and m.id for m in await org.repository.get_memories(kept, [kept_id])] == [kept_id]

        records = {r.id: r for r in await org.keys.list_keys(org.name)}
        assert records[only.id].projects == () and records[only.id].revoked_at is not None
        assert records[both.id].projects == ("kept",) and records[both.id].revoked_at is None

        with pytest.raises(NotFound):
            await org.projects.drop(org.name, "gone", confirm="gone", by=None)
        # The old claim is gone (claimed afresh, a write), and a later store creates a
        # complete tenant again.
        assert await store.claim_idempotency_key(gone, claim) is None
        await org.fill("gone", 1)
        assert await org.repository.schema_ready(gone)
    finally:
        await org.cleanup()

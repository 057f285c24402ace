"""What a surface may read of memories and facts: the read methods of `MemoryService` and
`FactService` as Protocols, so that a surface handed them cannot reach a write. Every write
goes through `service.usecases.writes.Writes` (idempotency keys, the facts of a store, the
facts a delete leaves without a source); these views are how `compose.UseCases` hands the two
services out. The services satisfy them as they are (mypy checks it where they are composed).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import datetime
from typing import Protocol

from schema import Degrees, Direction, EdgeType, FactState, GraphStats, Memory, Subgraph, Tenant
from schema.facts import Entity, ExtractionRecord, Fact, FactPosition
from service.engine.settings import EngineSettings


class MemoryReads(Protocol):
    """The memory graph, read: nothing here writes (a read of a tenant that does not exist
    answers empty or `NotFound` and creates nothing)."""

    @property
    def engine(self) -> EngineSettings: ...

    def now(self) -> datetime: ...

    async def still_exists(self, tenant: Tenant) -> bool: ...

    async def schema_ready(self, tenant: Tenant) -> bool: ...

    async def tenants(self) -> list[Tenant]: ...

    async def get(self, tenant: Tenant, ids: Sequence[str]) -> list[Memory | None]: ...

    async def recent(
        self, tenant: Tenant, *, limit: int, after: tuple[datetime, str] | None = None
    ) -> list[Memory]: ...

    async def traverse(
        self,
        tenant: Tenant,
        start: str,
        *,
        depth: int = 2,
        edge_types: Collection[EdgeType] = (),
        direction: Direction = Direction.BOTH,
        max_nodes: int = 200,
        after: tuple[int, str] | None = None,
    ) -> Subgraph: ...

    async def degrees(self, tenant: Tenant, ids: Sequence[str]) -> list[Degrees | None]: ...

    async def supersession_chain(self, tenant: Tenant, memory_id: str) -> list[str]: ...

    async def stats(self, tenant: Tenant) -> GraphStats: ...


class FactReads(Protocol):
    """The fact layer, read."""

    def now(self) -> datetime: ...

    async def functional_predicates(self, tenant: Tenant) -> frozenset[str]: ...

    async def extractions(
        self, tenant: Tenant, memory_ids: Sequence[str]
    ) -> list[ExtractionRecord | None]: ...

    async def asserted(self, tenant: Tenant, memory_ids: Sequence[str]) -> list[list[Fact]]: ...

    async def facts(
        self,
        tenant: Tenant,
        *,
        subject: str | None = None,
        predicate: str | None = None,
        entity: str | None = None,
        at: datetime | None = None,
        start: datetime | None = None,
        end: datetime | None = None,
        states: Sequence[FactState] | None = None,
        limit: int = 100,
        after: FactPosition | None = None,
    ) -> list[Fact]: ...

    async def slot_history(
        self,
        tenant: Tenant,
        subject: str,
        predicate: str,
        *,
        limit: int = 10_000,
        after: FactPosition | None = None,
    ) -> list[Fact]: ...

    async def entity(self, tenant: Tenant, name: str) -> Entity | None: ...

    async def entity_history(self, tenant: Tenant, name: str) -> list[Fact]: ...

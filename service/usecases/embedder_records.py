"""Which embedder a project's vectors come from, and the check that keeps another from using them.

A project records the embedder (`Embedder.name` and `.dimension`) in its configuration entry
`embedder` at the first write that stores vectors. Vectors of two models are two spaces: a
query embedded by one model compared with memories embedded by another ranks at random, and a
memory written with another model's vector is lost to every later search. So every path that
compares the project's vectors (recall's vector legs, auto-linking, explain) and every path that
writes them asks `EmbedderGuard` first: a project recorded with another model refuses both
(`EmbedderMismatch`, naming `retentia embedder migrate`), until a migration
(`service.usecases.embedder_migration`) re-embeds it.

While a migration runs, the record names both models: searches are off in every process (the
vectors are mixed), and only a process running the new model may write vectors (the migration
re-embeds in id order, so a write by the old model behind its cursor would keep an old vector).

A project holding memories written before records existed has none: it adopts the running
embedder — reads go on, and its first write records it (it was embedded by whatever the service
ran with; docs/operations.md).

The record is kept per tenant in the process for `RECORD_TTL_S` (a recall reads no more than a
dictionary on its hot path), so another process's migration is seen within that bound; a
record that refuses is read again before it refuses.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any, Final, Protocol

from schema import Conflict, Tenant

#: The configuration entry of the record.
RECORD_KEY: Final = "embedder"
#: Longest a kept record is used without reading it again.
RECORD_TTL_S: Final = 2.0


@dataclass(frozen=True, slots=True)
class Migration:
    """A re-embedding under way: the model it moves to, how far it got (`after`: the last id
    re-embedded of `stage`, '' before the first) and how many it re-embedded."""

    name: str
    dimension: int
    stage: str = "memories"
    after: str = ""
    done: int = 0


@dataclass(frozen=True, slots=True)
class EmbedderRecord:
    """The model a project's vectors come from, and the migration under way if any."""

    name: str
    dimension: int
    migration: Migration | None = None

    @property
    def model(self) -> str:
        return describe(self.name, self.dimension)

    def to_json(self) -> str:
        value: dict[str, Any] = {"name": self.name, "dimension": self.dimension}
        if self.migration is not None:
            m = self.migration
            value["migration"] = {
                "name": m.name,
                "dimension": m.dimension,
                "stage": m.stage,
                "after": m.after,
                "done": m.done,
            }
        return json.dumps(value, sort_keys=True)

    @classmethod
    def from_json(cls, raw: str) -> EmbedderRecord:
        value = json.loads(raw)
        moving = value.get("migration")
        migration = (
            None
            if moving is None
            else Migration(
                name=str(moving["name"]),
                dimension=int(moving["dimension"]),
                stage=str(moving.get("stage", "memories")),
                after=str(moving.get("after", "")),
                done=int(moving.get("done", 0)),
            )
        )
        return cls(str(value["name"]), int(value["dimension"]), migration)

    def writable_by(self, name: str, dimension: int) -> bool:
        """Whether a process running (name, dimension) may write vectors: the recorded model,
        or while migrating the model the migration moves to."""
        target = self.migration or self
        return (target.name, target.dimension) == (name, dimension)

    def searchable_by(self, name: str, dimension: int) -> bool:
        """Whether a process running (name, dimension) may compare the stored vectors with its
        own: only the recorded model, and never while a migration mixes two."""
        return self.migration is None and (self.name, self.dimension) == (name, dimension)

    def migrating(self, migration: Migration) -> EmbedderRecord:
        return replace(self, migration=migration)


def describe(name: str, dimension: int) -> str:
    return f"{name} ({dimension} dimensions)"


class EmbedderMismatch(Conflict):
    """The project's vectors come from another embedder than the one this process runs (or
    are being re-embedded): searching or writing them now would corrupt what it finds or
    holds. `retryable` only for a process running the model a migration moves to (its search
    succeeds once the migration ends); any other process must be run with another model."""

    def __init__(self, tenant: Tenant, record: EmbedderRecord, name: str, dimension: int) -> None:
        running = describe(name, dimension)
        project = f"--org {tenant.org} --project {tenant.project}"
        migration = record.migration
        if migration is None:
            message = (
                f"project {tenant} is embedded with {record.model}, but this process runs "
                f"{running}: run the service with {record.name}, or re-embed the project "
                f"with `retentia embedder migrate {project}` run with {running}"
            )
        else:
            target = describe(migration.name, migration.dimension)
            message = (
                f"project {tenant} is being re-embedded from {record.model} to {target} "
                f"(`retentia embedder migrate {project}`; {migration.done} done); this "
                f"process runs {running}: its vectors cannot be searched until the migration "
                f"ends, and only a process running {migration.name} may write them"
            )
        super().__init__(message)
        self.tenant = tenant
        self.record = record
        self.running = running
        self.retryable = migration is not None and record.writable_by(name, dimension)


class ConfigStore(Protocol):
    async def get_config(self, tenant: Tenant, key: str) -> str | None: ...

    async def put_config(self, tenant: Tenant, key: str, value: str) -> None: ...


class EmbedderGuard:
    """The running embedder's check against each project's record (kept per tenant for
    `ttl` seconds; one guard per process is enough, each use case may hold its own)."""

    def __init__(
        self,
        store: ConfigStore,
        name: str,
        dimension: int,
        *,
        ttl: float = RECORD_TTL_S,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._store = store
        self.name = name
        self.dimension = dimension
        self._ttl = ttl
        self._clock = clock
        #: Per tenant key: the record (None: none recorded) and when it was read.
        self._kept: dict[str, tuple[EmbedderRecord | None, float]] = {}

    @property
    def running(self) -> str:
        return describe(self.name, self.dimension)

    async def read(self, tenant: Tenant, *, fresh: bool = False) -> EmbedderRecord | None:
        """The tenant's record (None: none yet), as kept unless older than `ttl` or `fresh`."""
        kept = self._kept.get(tenant.key)
        now = self._clock()
        if not fresh and kept is not None and now - kept[1] < self._ttl:
            return kept[0]
        raw = await self._store.get_config(tenant, RECORD_KEY)
        record = None if raw is None else EmbedderRecord.from_json(raw)
        self._kept[tenant.key] = (record, now)
        return record

    def forget(self, tenant: Tenant) -> None:
        """Drop the kept record (the tenant was dropped, or its record rewritten here)."""
        self._kept.pop(tenant.key, None)

    async def search_refusal(self, tenant: Tenant) -> EmbedderMismatch | None:
        """Why this process may not compare its vectors with the tenant's now (None: it may).
        A tenant without a record adopts the running embedder; nothing is written."""
        record = await self.read(tenant)
        if record is None or record.searchable_by(self.name, self.dimension):
            return None
        record = await self.read(tenant, fresh=True)  # another process may have migrated it
        if record is None or record.searchable_by(self.name, self.dimension):
            return None
        return EmbedderMismatch(tenant, record, self.name, self.dimension)

    async def check_search(self, tenant: Tenant) -> None:
        """`search_refusal`, raised."""
        refusal = await self.search_refusal(tenant)
        if refusal is not None:
            raise refusal

    async def check_write(self, tenant: Tenant) -> None:
        """Before writing vectors to the tenant: `EmbedderMismatch` unless this process's
        model may write them; a tenant without a record records the running embedder."""
        record = await self.read(tenant)
        if record is not None and record.writable_by(self.name, self.dimension):
            return
        record = await self.read(tenant, fresh=True)
        if record is None:
            record = EmbedderRecord(self.name, self.dimension)
            await self._store.put_config(tenant, RECORD_KEY, record.to_json())
            self._kept[tenant.key] = (record, self._clock())
            return
        if not record.writable_by(self.name, self.dimension):
            raise EmbedderMismatch(tenant, record, self.name, self.dimension)

    async def write(self, tenant: Tenant, record: EmbedderRecord) -> None:
        """Write the tenant's record (a migration's steps), kept here at once."""
        await self._store.put_config(tenant, RECORD_KEY, record.to_json())
        self._kept[tenant.key] = (record, self._clock())

"""The fact layer on FalkorDB (`FactRepository`), mixed into `FalkorRepository`.

Atomic read-decide-write uses optimistic concurrency: WATCH the tenant's graph key, read the
snapshot, plan, then write in MULTI/EXEC. Any concurrent write to the tenant's graph aborts the
EXEC (measured: reads do not), and the batch is planned again against the new state.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Collection, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from redis.exceptions import (
    RedisError,
    ResponseError,
    WatchError,
)

from cypher import FactQueryName, RecallQueryName, load
from graph_backends._common.fact_records import (
    expiry_params,
    fact_from_props,
    relation_params,
)
from graph_backends._common.records import epoch_us
from graph_backends._cypher.facts import CypherFactMethods
from graph_backends._cypher.memories import _chunks
from graph_backends.errors import BackendError, BackendUnavailable
from graph_backends.falkordb import wire
from schema import Conflict, Tenant
from schema.facts import (
    Fact,
    FactSnapshot,
    FactWrite,
    Relation,
    RelationExpiry,
    RelationRepairs,
)

if TYPE_CHECKING:
    from falkordb.asyncio import FalkorDB


Q = FactQueryName
R = RecallQueryName
#: (label, property, index type, query) of the fact layer's indexes, in creation order.
_FACT_INDEXES: Final = (
    ("Fact", "id", "RANGE", Q.CREATE_FACT_ID_INDEX),
    ("Fact", "conflict_key", "RANGE", Q.CREATE_FACT_CONFLICT_KEY_INDEX),
    ("Fact", "fingerprint", "RANGE", Q.CREATE_FACT_FINGERPRINT_INDEX),
    ("Fact", "subject_key", "RANGE", Q.CREATE_FACT_SUBJECT_KEY_INDEX),
    ("Fact", "text", "FULLTEXT", R.CREATE_FACT_TEXT_INDEX),
    ("FactVector", "id", "RANGE", R.CREATE_FACT_VECTOR_ID_INDEX),
    ("FactVector", "embedding", "VECTOR", R.CREATE_FACT_VECTOR_INDEX),
    ("Entity", "id", "RANGE", Q.CREATE_ENTITY_ID_INDEX),
    ("Entity", "key", "RANGE", Q.CREATE_ENTITY_KEY_INDEX),
    ("Lease", "name", "RANGE", Q.CREATE_LEASE_NAME_INDEX),
    ("IdempotencyKey", "key", "RANGE", Q.CREATE_IDEMPOTENCY_KEY_INDEX),
    ("Extraction", "memory_id", "RANGE", Q.CREATE_EXTRACTION_MEMORY_ID_INDEX),
)
#: Attempts of one optimistic commit before giving up with `Conflict`.
_COMMIT_ATTEMPTS: Final = 200


class FalkorFactsMixin(CypherFactMethods):
    _db: FalkorDB
    _fact_schema_ready: set[str]

    if TYPE_CHECKING:  # provided by FalkorRepository

        async def _indexes(self, tenant: Tenant) -> dict[tuple[str, str, str], str]: ...

        def _vector_options(self) -> dict[str, int]: ...

        async def _wait_operational(self, tenant: Tenant, key: tuple[str, str, str]) -> None: ...

        _reroute_on: tuple[type[Exception], ...]

        async def _rerouted(self, error: Exception, attempt: int) -> None: ...

        def _transaction_pipe(self, tenant: Tenant) -> Any: ...

    async def ensure_fact_schema(self, tenant: Tenant) -> None:
        if tenant.key in self._fact_schema_ready:
            return
        await self._ensure_indexes(tenant, _FACT_INDEXES)
        self._fact_schema_ready.add(tenant.key)

    async def _ensure_indexes(
        self,
        tenant: Tenant,
        indexes: Sequence[tuple[str, str, str, FactQueryName | RecallQueryName]],
    ) -> None:
        """Create each missing index, one at a time, and wait until it is usable."""
        for label, prop, index_type, create in indexes:
            key = (label, prop, index_type)
            if key not in await self._indexes(tenant):
                params: dict[str, Any] = self._vector_options() if index_type == "VECTOR" else {}
                try:
                    await self._run(tenant, create, params)
                except BackendError:
                    if key not in await self._indexes(tenant):
                        raise
            await self._wait_operational(tenant, key)

    # -- writes ----------------------------------------------------------------------------

    async def _snapshot(
        self, tenant: Tenant, keys: Collection[str], fingerprints: Collection[str]
    ) -> FactSnapshot:
        facts: dict[str, list[Fact]] = {}
        for chunk in _chunks(sorted(set(keys))):
            rows = await self._run(tenant, Q.FACTS_BY_KEYS, {"keys": list(chunk)}, read_only=True)
            for row in rows:
                fact = fact_from_props(row["props"])
                facts.setdefault(fact.conflict_key, []).append(fact)
        recorded: dict[str, str] = {}
        for chunk in _chunks(sorted(set(fingerprints))):
            rows = await self._run(
                tenant, Q.FACTS_BY_FINGERPRINTS, {"fingerprints": list(chunk)}, read_only=True
            )
            recorded.update({row["fingerprint"]: row["id"] for row in rows})
        for slot in facts.values():
            slot.sort(key=lambda f: (f.started_at, f.id))
        return FactSnapshot(facts=facts, recorded=recorded)

    async def commit_facts(
        self,
        tenant: Tenant,
        *,
        keys: Collection[str],
        fingerprints: Collection[str],
        now: datetime,
        plan: Callable[[FactSnapshot], FactWrite],
    ) -> FactWrite:
        await self.ensure_fact_schema(tenant)
        for attempt in range(_COMMIT_ATTEMPTS):
            try:
                async with self._transaction_pipe(tenant) as pipe:
                    await pipe.watch(tenant.key)
                    write = plan(await self._snapshot(tenant, keys, fingerprints))
                    if write.empty:
                        await pipe.unwatch()
                        return write
                    pipe.multi()
                    for name, params in self._write_steps(write):
                        query = load(name, "falkordb")
                        text = wire.query_text(query.render(), query.bind(params))
                        pipe.execute_command("GRAPH.QUERY", tenant.key, text, "--compact")
                    await pipe.execute()
                    return write
            except WatchError:
                # Another writer changed the tenant's graph: decide again on what is there now.
                await asyncio.sleep(random.uniform(0, min(0.002 * 2**attempt, 0.05)))
            except self._reroute_on as e:  # cluster: the slot moved (or, with WAIT, a failover)
                await self._rerouted(e, attempt)
            except ResponseError as e:
                raise BackendError(f"FalkorDB failed a fact write for tenant {tenant}: {e}") from e
            except (RedisError, OSError) as e:
                raise BackendUnavailable(f"FalkorDB is unreachable ({e})") from e
        raise Conflict(
            f"fact write for tenant {tenant} lost {_COMMIT_ATTEMPTS} races with concurrent "
            "writers; retry it"
        )

    # -- derived edges -----------------------------------------------------------------------

    async def project_relations(
        self,
        tenant: Tenant,
        upserts: Sequence[Relation],
        expiries: Sequence[RelationExpiry],
        now: datetime,
    ) -> RelationRepairs:
        expired = created = updated = 0
        for chunk in _chunks(expiries):
            rows = await self._run(
                tenant, Q.EXPIRE_RELATIONS, {"rows": [expiry_params(e) for e in chunk]}
            )
            expired += int(rows[0]["n"]) if rows else 0
        for chunk in _chunks(upserts):
            rows = await self._run(
                tenant,
                Q.UPSERT_RELATIONS,
                {"rows": [relation_params(r, now) for r in chunk], "now": epoch_us(now)},
            )
            for row in rows:
                created += 1 if row["created"] else 0
                updated += int(row["changed"])
                expired += int(row["duplicates"])
        return RelationRepairs(created=created, updated=updated, expired=expired)

    # -- leases and extraction records -------------------------------------------------------

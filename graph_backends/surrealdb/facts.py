"""The fact layer on SurrealDB (`FactRepository`), mixed into `SurrealRepository`.

Atomic read-decide-write. In this process a fact write holds the tenant's write lock from its
snapshot to its commit, so the writers of one process apply one after the other, each planned
on what the previous one wrote, and their edge projections queue behind them in the same
order. Writers in other processes (a shared server) are caught inside the transaction: its
first step (`check_fact_snapshot`) re-reads the active facts of the keys and the recorded
fingerprints and THROWs unless they are what the plan saw, then bumps one lock record per key
and fingerprint. SurrealDB transactions are snapshot-isolated and normally refuse the second
of two concurrent commits that wrote one record, while two that only read a slot and insert
beside it both commit (measured); so the check catches a writer that committed after the
snapshot, the lock records one that commits alongside, and the batch is planned again on a
new snapshot. (The embedded engines of 3.2.4 let about 1 % of such conflicts through: ADR 0008.)
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

from graph_backends._common.fact_records import (
    close_params,
    expiry_params,
    extraction_from_row,
    extraction_params,
    fact_from_props,
    page_params,
    relation_from_row,
    relation_params,
    stored_relation_from_row,
    stored_relation_params,
)
from graph_backends._common.records import epoch_us
from graph_backends._common.restore import restore_facts_through_commit
from graph_backends._shared.fact_writes import FactWriteStep, fact_write_rows
from graph_backends.checks import check_export_page
from graph_backends.errors import BackendError, SchemaMismatch
from graph_backends.surrealdb.steps import (
    SnapshotChanged,
    Step,
    TransactionConflict,
    backoff,
    chunks,
    step,
)
from graph_backends.surrealdb.surrealql import QueryName
from schema import Conflict, Tenant
from schema.erasure import ErasedCounts, ErasurePlan
from schema.facts import (
    Close,
    Entity,
    ExtractionRecord,
    Fact,
    FactQuery,
    FactSnapshot,
    FactWrite,
    Relation,
    RelationExpiry,
    RelationRepairs,
    StoredRelation,
)

Q = QueryName
#: The parameter each fact write step's rows go in (unique within one request).
_FACT_WRITE_PARAMS: Final[dict[FactWriteStep, str]] = {
    FactWriteStep.MERGE_ENTITIES: "entities",
    FactWriteStep.INSERT_FACTS: "facts",
    FactWriteStep.LINK_FACT_OBJECTS: "objects",
    FactWriteStep.LINK_FACT_SOURCES: "sources",
    FactWriteStep.REKEY_FACTS: "rekeys",
    FactWriteStep.CLOSE_FACTS: "closes",
    FactWriteStep.RESHAPE_FACTS: "reshapes",
    FactWriteStep.SET_SOFT_CONFLICTS: "soft",
    FactWriteStep.WRITE_FACT_VECTORS: "vectors",
}


def _floats(vector: Sequence[float]) -> list[float]:
    return [float(x) for x in vector]


#: Tables and (table, index) pairs `define_fact_schema` creates.
_FACT_TABLES: Final = frozenset(
    {
        "fact",
        "fact_vector",
        "entity",
        "has_subject",
        "has_object",
        "asserts",
        "relates",
        "fact_lock",
        "relation_lock",
        "lease",
        "idempotency",
        "extraction",
    }
)
_FACT_INDEXES: Final = frozenset(
    {
        ("fact", "fact_conflict_key"),
        ("fact", "fact_fingerprint"),
        ("fact", "fact_subject_key"),
        ("fact", "fact_state"),
        ("fact", "fact_text"),
        ("fact_vector", "fact_vector_embedding"),
        ("entity", "entity_key"),
    }
)
_HNSW_DIMENSION: Final = re.compile(r"\bDIMENSION\s+(\d+)")
#: Plans of one fact write before giving up with `Conflict` (as on FalkorDB).
_COMMIT_ATTEMPTS: Final = 200


def _fact(row: Mapping[str, Any]) -> Fact:
    """A fact from its stored fields; `order_from` and `order_recorded` are the sort keys of
    the fact lists."""
    props = dict(row)
    props.pop("order_from", None)
    props.pop("order_recorded", None)
    return fact_from_props(props)


class SurrealFactsMixin:
    _dimension: int
    _fact_schema_ready: set[str]

    if TYPE_CHECKING:  # provided by SurrealRepository

        async def _request(
            self,
            steps: Sequence[Step],
            *,
            namespace: str | None = None,
            database: str | None = None,
            transaction: bool = False,
        ) -> list[Any]: ...

        async def _read(
            self,
            tenant: Tenant,
            name: QueryName,
            params: Mapping[str, Any] | None = None,
            *,
            empty: Any,
            **templates: int,
        ) -> Any: ...

        def _write_lock(self, tenant: Tenant) -> asyncio.Lock: ...

        async def _write(
            self, tenant: Tenant, steps: Sequence[Step], *, empty: list[Any] | None = None
        ) -> list[Any]: ...

        async def _transact(
            self,
            tenant: Tenant,
            steps: Sequence[Step],
            *,
            empty: list[Any] | None = None,
            retry_conflicts: bool = True,
        ) -> list[Any]: ...

    # -- schema ----------------------------------------------------------------------------

    async def ensure_fact_schema(self, tenant: Tenant) -> None:
        if tenant.key in self._fact_schema_ready:
            return
        await self._write(tenant, [step(Q.DEFINE_FACT_SCHEMA, dimension=self._dimension)])
        status = await self._read(tenant, Q.FACT_SCHEMA_STATUS, empty=None) or {}
        for index in status.get("indexes", []):
            if index["name"] == "fact_vector_embedding":
                found = _HNSW_DIMENSION.search(str(index["definition"]))
                stored = int(found.group(1)) if found else None
                if stored != self._dimension:
                    raise SchemaMismatch(
                        f"tenant {tenant} has a fact vector index of dimension {stored}, but "
                        f"the embedder produces {self._dimension}; re-embed or use the old one"
                    )
        ready = {
            (i["table"], i["name"]) for i in status.get("indexes", []) if i["status"] == "ready"
        }
        if not (
            _FACT_TABLES <= set(status.get("tables", []))
            and "fact_words" in status.get("analyzers", [])
            and _FACT_INDEXES <= ready
        ):
            raise BackendError(f"the fact schema of {tenant} is incomplete after ensuring it")
        self._fact_schema_ready.add(tenant.key)

    # -- writes ----------------------------------------------------------------------------

    async def _snapshot(
        self, tenant: Tenant, keys: list[str], fingerprints: list[str]
    ) -> FactSnapshot:
        """Every fact of the keys and the recorded fingerprints, read in one transaction."""
        rows, recorded_rows = await self._request(
            [
                step(Q.FACTS_BY_KEYS, {"keys": keys}),
                step(Q.FACTS_BY_FINGERPRINTS, {"fingerprints": fingerprints}),
            ],
            namespace=tenant.org,
            database=tenant.project,
            transaction=True,
        )
        facts: dict[str, list[Fact]] = {}
        for row in rows:
            fact = _fact(row)
            facts.setdefault(fact.conflict_key, []).append(fact)
        for slot in facts.values():
            slot.sort(key=lambda f: (f.started_at, f.id))
        recorded = {row["fingerprint"]: row["id"] for row in recorded_rows}
        return FactSnapshot(facts=facts, recorded=recorded)

    @staticmethod
    def _write_steps(write: FactWrite) -> list[Step]:
        """The steps of one fact write (`fact_write_rows`), each with its whole list (a write
        is at most one batch of the service, and the steps of one request cannot share
        parameter names)."""
        return [
            step(Q(kind.value), {_FACT_WRITE_PARAMS[kind]: rows})
            for kind, rows in fact_write_rows(write, _floats)
            if rows
        ]

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
        wanted_keys, wanted_fingerprints = sorted(set(keys)), sorted(set(fingerprints))
        for attempt in range(_COMMIT_ATTEMPTS):
            async with self._write_lock(tenant):
                snapshot = await self._snapshot(tenant, wanted_keys, wanted_fingerprints)
                write = plan(snapshot)
                if write.empty:
                    return write
                check = step(
                    Q.CHECK_FACT_SNAPSHOT,
                    {
                        "keys": wanted_keys,
                        "fingerprints": wanted_fingerprints,
                        "signatures": sorted(
                            f"{f.id}:{f.state}" for slot in snapshot.facts.values() for f in slot
                        ),
                        "recorded": sorted(snapshot.recorded),
                    },
                )
                try:
                    steps = [check, *self._write_steps(write)]
                    await self._transact(tenant, steps, retry_conflicts=False)
                    return write
                except (SnapshotChanged, TransactionConflict):
                    pass  # a writer elsewhere changed these slots: decide again
            await asyncio.sleep(backoff(attempt))
        raise Conflict(
            f"fact write for tenant {tenant} lost {_COMMIT_ATTEMPTS} races with concurrent "
            "writers; retry it"
        )

    async def close_facts(self, tenant: Tenant, closes: Sequence[Close]) -> int:
        if not closes:
            return 0
        await self.ensure_fact_schema(tenant)
        changed = 0
        for chunk in chunks(closes):
            (moved,) = await self._write(
                tenant, [step(Q.CLOSE_FACTS, {"closes": [close_params(c) for c in chunk]})]
            )
            changed += int(moved)
        return changed

    # -- reads -----------------------------------------------------------------------------

    async def get_facts(self, tenant: Tenant, ids: Sequence[str]) -> list[Fact | None]:
        found: dict[str, Fact] = {}
        for chunk in chunks(list(dict.fromkeys(ids))):
            rows = await self._read(tenant, Q.GET_FACTS, {"ids": list(chunk)}, empty=[])
            found.update((row["id"], _fact(row)) for row in rows)
        return [found.get(i) for i in ids]

    async def find_facts(self, tenant: Tenant, query: FactQuery) -> list[Fact]:
        params: dict[str, Any] = {
            "states": None if query.states is None else [str(s) for s in query.states],
            "at": epoch_us(query.at),
            "start": epoch_us(query.start),
            "end": epoch_us(query.end),
        } | page_params(query)
        if query.entity is not None:
            rows = await self._read(
                tenant,
                Q.FACTS_OF_ENTITY,
                params
                | {"entity": query.entity, "subject": query.subject, "predicate": query.predicate},
                empty=[],
            )
            return [_fact(r) for r in rows]
        params["predicate"] = query.predicate
        if query.subject is not None:
            rows = await self._read(
                tenant, Q.FIND_SUBJECT_FACTS, params | {"subject": query.subject}, empty=[]
            )
        else:
            rows = await self._read(tenant, Q.FIND_FACTS, params, empty=[])
        return [_fact(r) for r in rows]

    async def get_entities(self, tenant: Tenant, ids: Sequence[str]) -> list[Entity | None]:
        found: dict[str, Entity] = {}
        for chunk in chunks(list(dict.fromkeys(ids))):
            rows = await self._read(tenant, Q.GET_ENTITIES, {"ids": list(chunk)}, empty=[])
            found.update((r["id"], Entity(id=r["id"], name=r["name"], key=r["key"])) for r in rows)
        return [found.get(i) for i in ids]

    async def active_state_facts(self, tenant: Tenant) -> list[Fact]:
        rows = await self._read(tenant, Q.ACTIVE_STATE_FACTS, empty=[])
        return [_fact(r) for r in rows]

    async def open_relations(self, tenant: Tenant, now: datetime) -> list[Relation]:
        rows = await self._read(tenant, Q.OPEN_RELATIONS, {"now": epoch_us(now)}, empty=[])
        return [relation_from_row(r) for r in rows]

    # -- derived edges -----------------------------------------------------------------------

    async def project_relations(
        self,
        tenant: Tenant,
        upserts: Sequence[Relation],
        expiries: Sequence[RelationExpiry],
        now: datetime,
    ) -> RelationRepairs:
        if not upserts and not expiries:
            return RelationRepairs()
        await self.ensure_fact_schema(tenant)
        # One transaction, expiries first: callers send one write's or one reconciler batch's
        # worth, and a concurrent expiry of a key cannot fall between the two.
        steps = [step(Q.EXPIRE_RELATIONS, {"expiries": [expiry_params(e) for e in expiries]})]
        if upserts:
            steps.append(
                step(
                    Q.UPSERT_RELATIONS,
                    {
                        "relations": [relation_params(r, now) for r in upserts],
                        "now": epoch_us(now),
                    },
                )
            )
        expired, *upserted = await self._write(tenant, steps)
        created = updated = 0
        expired = int(expired)
        for row in upserted[0] if upserted else []:
            created += 1 if row["created"] else 0
            updated += int(row["changed"])
            expired += int(row["duplicates"])
        return RelationRepairs(created=created, updated=updated, expired=expired)

    # -- export and restore (PortableRepository) -------------------------------------------

    async def entity_page(self, tenant: Tenant, *, after: str, limit: int) -> list[Entity]:
        check_export_page(limit)
        rows = await self._read(tenant, Q.ENTITY_PAGE, {"after": after, "limit": limit}, empty=[])
        return [Entity(id=r["id"], name=r["name"], key=r["key"]) for r in rows]

    async def holds_facts(self, tenant: Tenant) -> bool:
        return bool(await self._read(tenant, Q.HOLDS_FACTS, empty=[]))

    async def fact_page(self, tenant: Tenant, *, after: str, limit: int) -> list[Fact]:
        check_export_page(limit)
        rows = await self._read(tenant, Q.FACT_PAGE, {"after": after, "limit": limit}, empty=[])
        return [_fact(r) for r in rows]

    async def relations_from(self, tenant: Tenant, ids: Sequence[str]) -> list[StoredRelation]:
        found: list[StoredRelation] = []
        for chunk in chunks(list(dict.fromkeys(ids))):
            rows = await self._read(tenant, Q.RELATIONS_FROM, {"ids": list(chunk)}, empty=[])
            found.extend(stored_relation_from_row(r) for r in rows)
        return found

    async def restore_entities(self, tenant: Tenant, entities: Sequence[Entity]) -> None:
        if not entities:
            return
        await self.ensure_fact_schema(tenant)
        for chunk in chunks(entities):
            rows = [{"id": e.id, "name": e.name, "key": e.key} for e in chunk]
            await self._write(tenant, [step(Q.MERGE_ENTITIES, {"entities": rows})])

    async def restore_facts(
        self, tenant: Tenant, facts: Sequence[Fact], vectors: Mapping[str, Sequence[float]]
    ) -> None:
        now = max((f.recorded_at for f in facts), default=None)
        if now is not None:
            await restore_facts_through_commit(self, tenant, facts, vectors, now)

    async def restore_relations(self, tenant: Tenant, relations: Sequence[StoredRelation]) -> None:
        if not relations:
            return
        await self.ensure_fact_schema(tenant)
        for chunk in chunks(relations):
            rows = [stored_relation_params(r) for r in chunk]
            await self._write(tenant, [step(Q.RESTORE_RELATIONS, {"stored": rows})])

    # -- leases and extraction records -------------------------------------------------------

    async def acquire_lease(
        self, tenant: Tenant, name: str, owner: str, now: datetime, ttl: timedelta
    ) -> bool:
        await self.ensure_fact_schema(tenant)
        (held,) = await self._write(
            tenant,
            [
                step(
                    Q.ACQUIRE_LEASE,
                    {
                        "name": name,
                        "owner": owner,
                        "now": epoch_us(now),
                        "until": epoch_us(now + ttl),
                    },
                )
            ],
        )
        return bool(held)

    async def release_lease(self, tenant: Tenant, name: str, owner: str) -> None:
        await self._write(
            tenant, [step(Q.RELEASE_LEASE, {"name": name, "owner": owner})], empty=[0]
        )

    async def record_extractions(self, tenant: Tenant, records: Sequence[ExtractionRecord]) -> None:
        if not records:
            return
        await self.ensure_fact_schema(tenant)
        for chunk in chunks(records):
            await self._write(
                tenant,
                [step(Q.RECORD_EXTRACTIONS, {"records": [extraction_params(r) for r in chunk]})],
            )

    async def fact_asserters(self, tenant: Tenant, fact_ids: Sequence[str]) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for chunk in chunks(list(dict.fromkeys(fact_ids))):
            rows = await self._read(tenant, Q.FACT_ASSERTERS, {"ids": list(chunk)}, empty=[])
            found.update((r["id"], sorted(r["memories"])) for r in rows if r["memories"])
        return found

    # -- erasure ---------------------------------------------------------------------------

    async def facts_containing(self, tenant: Tenant, key: str) -> list[Fact]:
        rows = await self._read(tenant, Q.FACTS_CONTAINING, {"key": key}, empty=[])
        return [_fact(r) for r in rows]

    async def erase(self, tenant: Tenant, plan: ErasurePlan) -> ErasedCounts:
        """One transaction; each kind of record is one step with its whole list (the steps of
        one request cannot share parameter names)."""
        if plan.empty:
            return ErasedCounts()
        await self.ensure_fact_schema(tenant)  # a tenant that never had facts has no tables
        planned: list[tuple[QueryName, dict[str, Any]]] = [
            (Q.ERASE_TRACES, {"trace_ids": list(dict.fromkeys(plan.traces))}),
            (Q.DELETE_MEMORIES, {"ids": list(dict.fromkeys(plan.memories))}),
            (
                Q.ERASE_FACTS,
                {
                    "fact_ids": list(dict.fromkeys(plan.facts)),
                    "fact_locks": list(dict.fromkeys(plan.fact_keys)),
                },
            ),
            (Q.ERASE_ENTITIES, {"entity_ids": list(dict.fromkeys(plan.entities))}),
        ]
        steps = [(name, params) for name, params in planned if any(params.values())]
        values = await self._write(tenant, [step(name, params) for name, params in steps])
        total = ErasedCounts()
        for (name, _), value in zip(steps, values, strict=True):
            if name is Q.DELETE_MEMORIES:
                total += ErasedCounts(memories=len(value))
            elif name is Q.ERASE_FACTS:
                total += ErasedCounts(facts=value["facts"], fact_vectors=value["vectors"])
            elif name is Q.ERASE_ENTITIES:
                total += ErasedCounts(entities=value["entities"], relations=value["relations"])
            else:
                total += ErasedCounts(**value)
        return total

    async def get_extractions(
        self, tenant: Tenant, memory_ids: Sequence[str]
    ) -> list[ExtractionRecord | None]:
        found: dict[str, ExtractionRecord | None] = {}
        for chunk in chunks(list(dict.fromkeys(memory_ids))):
            rows = await self._read(tenant, Q.GET_EXTRACTIONS, {"ids": list(chunk)}, empty=[])
            found.update((r["id"], extraction_from_row(r)) for r in rows)
        return [found.get(i) for i in memory_ids]

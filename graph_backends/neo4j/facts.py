"""The fact layer on Neo4j (`FactRepository`), mixed into `Neo4jRepository`.

Every fact-layer node (`Fact`, `FactVector`, `FactSlot`, `Entity`, `Lease`, `Extraction`) and
relationship carries its tenant, like the memories (ADR 0007).

`commit_facts` is one write transaction that locks before it reads: each conflict key is a
`:FactSlot` node, unique per (tenant, key); the snapshot query MERGEs the batch's slots (in key
order) and SETs a property on each, which takes the slot's write lock until the transaction
ends, and only then reads the slot's active facts. A concurrent writer of the same key waits on
that lock and, once it has it, reads what the first one committed; writers of other keys do not
wait. The plan is made and written inside the same transaction, so a snapshot can never be
stale. Deadlocks (two batches locking keys in a cycle cannot happen with sorted keys, but a
batch larger than one query's chunk locks in several steps) are transient errors: the driver's
managed transaction rolls back and runs the whole read-plan-write again.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final, TypeVar

from cypher import FactQueryName, RecallQueryName, load
from graph_backends._common.fact_records import (
    expiry_params,
    fact_from_props,
    relation_params,
)
from graph_backends._common.records import epoch_us
from graph_backends._cypher.facts import CypherFactMethods
from graph_backends._cypher.memories import _chunks
from graph_backends.neo4j.fulltext import TENANT_PROPERTIES
from schema import Tenant
from schema.facts import (
    Fact,
    FactSnapshot,
    FactWrite,
    Relation,
    RelationExpiry,
    RelationRepairs,
)

if TYPE_CHECKING:
    from neo4j import AsyncManagedTransaction

    from cypher import AnyQueryName, Query

Q = FactQueryName
R = RecallQueryName
DIALECT: Final = "neo4j"
#: The fact layer's schema: (query, name of the index or constraint it makes), shared by every
#: tenant like the memories' schema.
FACT_INDEXES: Final[tuple[tuple[AnyQueryName, str], ...]] = (
    (Q.CREATE_FACT_ID_INDEX, "retentia_fact_key"),
    (Q.CREATE_FACT_CONFLICT_KEY_INDEX, "retentia_fact_slot_key"),
    (Q.CREATE_FACT_FINGERPRINT_INDEX, "retentia_fact_fingerprint"),
    (Q.CREATE_FACT_SUBJECT_KEY_INDEX, "retentia_fact_subject"),
    (R.CREATE_FACT_TEXT_INDEX, "retentia_fact_text"),
    (R.CREATE_FACT_VECTOR_ID_INDEX, "retentia_fact_vector_key"),
    (R.CREATE_FACT_VECTOR_INDEX, "retentia_fact_vector"),
    (Q.CREATE_ENTITY_ID_INDEX, "retentia_entity_key"),
    (Q.CREATE_ENTITY_KEY_INDEX, "retentia_entity_name"),
    (Q.CREATE_LEASE_NAME_INDEX, "retentia_lease_key"),
    (Q.CREATE_IDEMPOTENCY_KEY_INDEX, "retentia_idempotency_key"),
    (Q.CREATE_EXTRACTION_MEMORY_ID_INDEX, "retentia_extraction_key"),
)
FACT_VECTOR_INDEX: Final = "retentia_fact_vector"
#: Fact properties that are not part of the domain model: the tenancy ones, and the instant
#: an expiry reached the fact's RELATES edge before the edge was projected (expire_relations).
_NEO4J_ONLY: Final = TENANT_PROPERTIES | {"relation_expired_at"}
_T = TypeVar("_T")


class Neo4jFactsMixin(CypherFactMethods):
    _fact_schema_ready: bool

    @staticmethod
    def _fact_from_props(props: Mapping[str, Any]) -> Fact:
        """Less the properties only Neo4j keeps."""
        return fact_from_props({k: v for k, v in props.items() if k not in _NEO4J_ONLY})

    if TYPE_CHECKING:  # provided by Neo4jRepository

        @staticmethod
        def _bind(
            tenant: Tenant | None, query: Query, params: Mapping[str, Any]
        ) -> dict[str, Any]: ...

        async def _execute(
            self,
            work: Callable[[AsyncManagedTransaction], Awaitable[_T]],
            *,
            read_only: bool,
            what: str,
        ) -> _T: ...

        async def _create_indexes(self, indexes: Sequence[tuple[AnyQueryName, str]]) -> None: ...

        async def _check_dimension(self, index_name: str) -> None: ...

    async def ensure_fact_schema(self, tenant: Tenant) -> None:
        if self._fact_schema_ready:
            return
        await self._create_indexes(FACT_INDEXES)
        await self._check_dimension(FACT_VECTOR_INDEX)
        self._fact_schema_ready = True

    # -- writes ----------------------------------------------------------------------------

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
        # Sorted, so every writer locks slots in one order (no lock cycles between batches).
        key_chunks = _chunks(sorted(set(keys)))
        fingerprint_chunks = _chunks(sorted(set(fingerprints)))
        snapshot_query = load(Q.FACTS_BY_KEYS, DIALECT)
        fingerprint_query = load(Q.FACTS_BY_FINGERPRINTS, DIALECT)

        async def work(tx: AsyncManagedTransaction) -> FactWrite:
            # Lock the slots and read them (one query per chunk), then the fingerprints.
            facts: dict[str, list[Fact]] = {}
            for chunk in key_chunks:
                params = {"keys": list(chunk), "now": epoch_us(now)}
                result = await tx.run(
                    snapshot_query.render(), self._bind(tenant, snapshot_query, params)
                )
                async for record in result:
                    fact = self._fact_from_props(record["props"])
                    facts.setdefault(fact.conflict_key, []).append(fact)
            recorded: dict[str, str] = {}
            for chunk in fingerprint_chunks:
                params = {"fingerprints": list(chunk)}
                result = await tx.run(
                    fingerprint_query.render(), self._bind(tenant, fingerprint_query, params)
                )
                recorded.update({r["fingerprint"]: r["id"] async for r in result})
            for slot in facts.values():
                slot.sort(key=lambda f: (f.started_at, f.id))
            write = plan(FactSnapshot(facts=facts, recorded=recorded))
            for name, step_params in self._write_steps(write):
                query = load(name, DIALECT)
                result = await tx.run(query.render(), self._bind(tenant, query, step_params))
                await result.consume()
            return write

        return await self._execute(work, read_only=False, what=f"a fact write for tenant {tenant}")

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
        # One transaction, expiries first, rows in source order (both queries lock each key's
        # source entity first, so concurrent projections lock in one order).
        steps: list[tuple[AnyQueryName, dict[str, Any]]] = []
        ordered_expiries = sorted(expiries, key=lambda e: (e.source, e.target, e.predicate))
        for expiry_chunk in _chunks(ordered_expiries):
            rows = [expiry_params(e) for e in expiry_chunk]
            steps.append((Q.EXPIRE_RELATIONS, {"rows": rows, "now": epoch_us(now)}))
        ordered_upserts = sorted(upserts, key=lambda r: r.key)
        for upsert_chunk in _chunks(ordered_upserts):
            rows = [relation_params(r, now) for r in upsert_chunk]
            steps.append((Q.UPSERT_RELATIONS, {"rows": rows, "now": epoch_us(now)}))
        prepared = []
        for name, params in steps:
            query = load(name, DIALECT)
            prepared.append((name, query.render(), self._bind(tenant, query, params)))

        async def work(tx: AsyncManagedTransaction) -> RelationRepairs:
            expired = created = updated = 0
            for name, text, bound in prepared:
                result = await tx.run(text, bound)
                async for row in result:
                    if name is Q.EXPIRE_RELATIONS:
                        expired += int(row["n"])
                    else:
                        created += 1 if row["created"] else 0
                        updated += int(row["changed"])
                        expired += int(row["duplicates"])
            return RelationRepairs(created=created, updated=updated, expired=expired)

        return await self._execute(
            work, read_only=False, what=f"a relation projection for tenant {tenant}"
        )

    # -- leases and extraction records -------------------------------------------------------

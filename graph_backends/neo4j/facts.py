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
    close_params,
    expiry_params,
    fact_from_props,
    fact_props,
    relation_params,
)
from graph_backends._common.records import epoch_us
from graph_backends._cypher.facts import CypherFactMethods
from graph_backends._cypher.memories import _chunks
from graph_backends.neo4j.fulltext import TENANT_PROPERTIES
from schema import EdgeType, Tenant
from schema.facts import (
    Fact,
    FactQuery,
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
    (Q.CREATE_EXTRACTION_MEMORY_ID_INDEX, "retentia_extraction_key"),
)
FACT_VECTOR_INDEX: Final = "retentia_fact_vector"
#: Fact properties that are not part of the domain model: the tenancy ones, and the instant
#: an expiry reached the fact's RELATES edge before the edge was projected (expire_relations).
_NEO4J_ONLY: Final = TENANT_PROPERTIES | {"relation_expired_at"}
#: Largest UNWIND batch sent in one query.
_BATCH: Final = 500
#: Embeddings are big: fewer of them per query.
_VECTOR_BATCH: Final = 200

_T = TypeVar("_T")
_WriteStep = tuple[FactQueryName | RecallQueryName, dict[str, Any]]


def fact_from_node(props: Mapping[str, Any]) -> Fact:
    """A stored fact's properties, less the ones only Neo4j keeps, as a `Fact`."""
    return fact_from_props({k: v for k, v in props.items() if k not in _NEO4J_ONLY})


def write_steps(write: FactWrite) -> list[_WriteStep]:
    """The queries that apply one planned write, in order: entities, facts and their links,
    closes, soft-conflict marks, embeddings."""
    entities: dict[str, dict[str, str]] = {}
    for fact in write.inserts:
        entities[fact.subject_entity] = {
            "id": fact.subject_entity,
            "name": fact.subject,
            "key": fact.subject_key,
        }
        if fact.object_entity is not None:
            entities[fact.object_entity] = {
                "id": fact.object_entity,
                "name": fact.object,
                "key": fact.object_key,
            }
    objects = [
        {"fact": f.id, "entity": f.object_entity}
        for f in write.inserts
        if f.object_entity is not None
    ]
    sources = [{"fact": f.id, "memory": f.source} for f in write.inserts if f.source]
    soft = [{"id": k, "ids": list(v)} for k, v in sorted(write.soft_conflicts.items())]
    inserted = {f.id for f in write.inserts}
    vectors = [{"id": i, "embedding": list(v)} for i, v in write.vectors.items() if i in inserted]
    return [
        *((Q.MERGE_ENTITIES, {"rows": list(c)}) for c in _chunks(list(entities.values()))),
        *(
            (Q.INSERT_FACTS, {"rows": [{"props": fact_props(f)} for f in c]})
            for c in _chunks(write.inserts)
        ),
        *((Q.LINK_FACT_OBJECTS, {"rows": list(c)}) for c in _chunks(objects)),
        *((Q.LINK_FACT_SOURCES, {"rows": list(c)}) for c in _chunks(sources)),
        *((Q.CLOSE_FACTS, {"rows": [close_params(x) for x in c]}) for c in _chunks(write.closes)),
        *((Q.SET_SOFT_CONFLICTS, {"rows": list(c)}) for c in _chunks(soft)),
        *((R.WRITE_FACT_VECTORS, {"rows": list(c)}) for c in _chunks(vectors, _VECTOR_BATCH)),
    ]


class Neo4jFactsMixin(CypherFactMethods):
    _fact_schema_ready: bool

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

        async def _run(
            self,
            tenant: Tenant | None,
            name: AnyQueryName,
            params: Mapping[str, Any] | None = None,
            *,
            read_only: bool = False,
            **templates: EdgeType,
        ) -> list[dict[str, Any]]: ...

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
        snapshot_query = load(Q.ACTIVE_FACTS_BY_KEYS, DIALECT)
        fingerprint_query = load(Q.FACTS_BY_FINGERPRINTS, DIALECT)

        async def work(tx: AsyncManagedTransaction) -> FactWrite:
            # Lock the slots and read them (one query per chunk), then the fingerprints.
            active: dict[str, list[Fact]] = {}
            for chunk in key_chunks:
                params = {"keys": list(chunk), "now": epoch_us(now)}
                result = await tx.run(
                    snapshot_query.text, self._bind(tenant, snapshot_query, params)
                )
                async for record in result:
                    fact = fact_from_node(record["props"])
                    active.setdefault(fact.conflict_key, []).append(fact)
            recorded: dict[str, str] = {}
            for chunk in fingerprint_chunks:
                params = {"fingerprints": list(chunk)}
                result = await tx.run(
                    fingerprint_query.text, self._bind(tenant, fingerprint_query, params)
                )
                recorded.update({r["fingerprint"]: r["id"] async for r in result})
            for facts in active.values():
                facts.sort(key=lambda f: (f.started_at, f.id))
            write = plan(FactSnapshot(active=active, recorded=recorded))
            for name, step_params in write_steps(write):
                query = load(name, DIALECT)
                result = await tx.run(query.text, self._bind(tenant, query, step_params))
                await result.consume()
            return write

        return await self._execute(work, read_only=False, what=f"a fact write for tenant {tenant}")

    # -- reads -----------------------------------------------------------------------------

    async def get_facts(self, tenant: Tenant, ids: Sequence[str]) -> list[Fact | None]:
        if not ids:
            return []
        rows = await self._run(tenant, Q.GET_FACTS, {"ids": list(ids)}, read_only=True)
        found = {r["id"]: fact_from_node(r["props"]) for r in rows if r["props"] is not None}
        return [found.get(i) for i in ids]

    async def find_facts(self, tenant: Tenant, query: FactQuery) -> list[Fact]:
        params: dict[str, Any] = {
            "states": None if query.states is None else [str(s) for s in query.states],
            "at": epoch_us(query.at),
            "start": epoch_us(query.start),
            "end": epoch_us(query.end),
            "limit": query.limit,
        }
        params |= {"subject": query.subject, "predicate": query.predicate}
        if query.entity is not None:
            params["entity"] = query.entity
            rows = await self._run(tenant, Q.FACTS_OF_ENTITY, params, read_only=True)
            return [fact_from_node(r["props"]) for r in rows]
        rows = await self._run(tenant, Q.FIND_FACTS, params, read_only=True)
        return [fact_from_node(r["props"]) for r in rows]

    async def active_state_facts(self, tenant: Tenant) -> list[Fact]:
        rows = await self._run(tenant, Q.ACTIVE_STATE_FACTS, read_only=True)
        return [fact_from_node(r["props"]) for r in rows]

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
            prepared.append((name, query.text, self._bind(tenant, query, params)))

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

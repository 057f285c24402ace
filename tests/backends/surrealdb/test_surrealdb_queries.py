"""Every SurrealQL query is accepted by the real engine: each runs with realistic parameters on
a tenant holding memories, vectors, edges, tombstones, configuration and the fact layer (facts
in several states with embeddings, entities, derived edges, a lease, an extraction record), as
one step of a transaction that is then cancelled — so parsing, planning and execution all
happen, and nothing is written (every table of the tenant is compared afterwards).

The SurrealDB embedded engine runs here whatever RETENTIA_BACKEND selects: it needs no server.
"""

from __future__ import annotations

import uuid
from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

import pytest

from graph_backends import SurrealConfig, open_backend
from graph_backends._common.fact_records import (
    close_params,
    expiry_params,
    extraction_params,
    fact_props,
    relation_params,
    stored_relation_params,
)
from graph_backends._common.records import epoch_us
from graph_backends.surrealdb.client import Outcome
from graph_backends.surrealdb.repository import SurrealRepository
from graph_backends.surrealdb.surrealql import QueryName, load
from schema import EdgeCreator, EdgeType, FactState, Tenant, Tombstone, new_memory_id
from schema.facts import (
    Close,
    ExtractionRecord,
    ExtractionStatus,
    Fact,
    FactQuery,
    FactWriter,
    Relation,
    RelationExpiry,
    StoredRelation,
    entity_id,
)
from service.usecases.facts import FactService
from tests.conftest import DIMENSION, new_tenant
from tests.engine_support import Clock, HashEmbedder
from tests.factories import T0, edge, memories, unit_vector

SURREAL = SurrealConfig(url="mem://", vector_dimension=DIMENSION)


@dataclass(frozen=True)
class Seeded:
    tenant: Tenant
    memories: list[str]
    facts: list[Fact]
    now: datetime


@pytest.fixture(scope="module")
async def surreal() -> AsyncIterator[SurrealRepository]:
    async with open_backend(SURREAL) as repository:
        assert isinstance(repository, SurrealRepository)
        yield repository


@pytest.fixture(scope="module")
async def seeded(surreal: SurrealRepository) -> AsyncIterator[Seeded]:
    tenant = new_tenant()
    await surreal.ensure_schema(tenant)
    stored = [
        m.model_copy(update={"entities": ("Alice",), "source_session": "s1"}) if i < 3 else m
        for i, m in enumerate(memories(6))
    ]
    await surreal.upsert_memories(tenant, stored)
    a, b, c, d, *_ = stored
    await surreal.link(
        tenant,
        [
            edge(a, b, EdgeType.CAUSED_BY, reason="why"),
            edge(b, c, EdgeType.RELATED_TO, created_by=EdgeCreator.AUTO),
            edge(c, d, EdgeType.CONTRADICTS),
        ],
    )
    await surreal.write_tombstones(
        tenant,
        [Tombstone(id=new_memory_id(), superseded_by=None, content_hash="h", deleted_at=T0)],
    )
    await surreal.put_config(tenant, "core_preferences", "{}")
    clock = Clock()
    facts = FactService(surreal, clock, embedder=HashEmbedder())
    await facts.apply_facts(
        tenant,
        [
            {"subject": "Alice", "predicate": "works at", "object": "Acme"},
            {"subject": "Acme", "predicate": "located in", "object": "Berlin"},
        ],
        FactWriter.MEMORY,
        source=a.id,
    )
    clock.advance(days=1)
    await facts.apply_facts(
        tenant,
        [
            {"subject": "Alice", "predicate": "works at", "object": "Globex"},
            {"subject": "Alice", "predicate": "lives in", "object": "Paris"},
            {"subject": "Alice", "predicate": "lives in", "object": "Rome", "confidence": 0.3},
        ],
        FactWriter.MEMORY,
        source=b.id,
    )
    await surreal.acquire_lease(tenant, "reconcile", "runner", clock(), timedelta(minutes=5))
    await surreal.record_extractions(
        tenant, [ExtractionRecord(memory_id=a.id, status=ExtractionStatus.DONE, at=clock())]
    )
    stored_facts = await surreal.find_facts(tenant, FactQuery(states=tuple(FactState)))
    assert {f.state for f in stored_facts} == {FactState.ACTIVE, FactState.SUPERSEDED}
    try:
        yield Seeded(tenant, [m.id for m in stored], stored_facts, clock())
    finally:
        await surreal.drop_tenant(tenant)


def _params(name: QueryName, seeded: Seeded) -> dict[str, Any]:
    a, b = seeded.memories[0], seeded.memories[1]
    now = epoch_us(seeded.now)
    active = [f for f in seeded.facts if f.state is FactState.ACTIVE]
    closed = next(f for f in seeded.facts if f.state is not FactState.ACTIVE)
    current = next(f for f in active if f.object == "Globex")
    entities = sorted({f.subject_entity for f in seeded.facts})
    new_fact = current.model_copy(
        update={"id": str(uuid.uuid4()), "object": "Initech", "fingerprint": "f" * 64}
    )
    values: dict[str, Any] = {
        "ids": [a, b, new_memory_id()],
        # Erasure's steps (their parameter names differ: one request holds them all).
        "trace_ids": [a, new_memory_id()],
        "fact_ids": [current.id],
        "fact_locks": [current.conflict_key, current.fingerprint],
        "entity_ids": entities[:1],
        "rows": [
            {
                "id": a,
                "props": {"content": "replaced", "created_at": 0, "status": "active"},
                "embedding": list(unit_vector(99)),
            }
        ],
        "edges": [
            {
                "source": a,
                "target": b,
                "type": "SUPPORTS",
                "weight": 0.5,
                "reason": None,
                "created_by": "writer",
                "created_at": 0,
                "last_validated_at": None,
            }
        ],
        "frontier": [a],
        "page": [a],
        "types": ["CAUSED_BY", "SUPPORTS"],
        "direction": "both",
        "causal": ["CAUSED_BY", "SUPPORTS", "DERIVED_FROM"],
        "supportive": ["CAUSED_BY", "SUPPORTS", "DERIVED_FROM", "RELATED_TO"],
        "vector": list(unit_vector(0)),
        "query": "memory number",
        "k": 3,
        "limit": 5,
        "before": None,
        "before_id": None,
        "after": "",
        "stale_before": 10**18,
        "statuses": ["active"],
        # analytics' paged exports (the first page)
        "after_source": None,
        "after_target": None,
        "after_type": None,
        "id": b,
        "key": "core_preferences",
        "value": "{}",
        "now": now,
        "database": seeded.tenant.project,
        # the fact layer
        "keys": sorted({f.conflict_key for f in seeded.facts}),
        "fingerprints": sorted({f.fingerprint for f in seeded.facts}),
        "signatures": sorted(f"{f.id}:{f.state}" for f in seeded.facts),
        "recorded": sorted({f.fingerprint for f in seeded.facts}),
        "entities": [
            {"id": entity_id("initech"), "name": "Initech", "key": "initech"},
            {"id": current.subject_entity, "name": "Renamed", "key": "alice"},
        ],
        "facts": [fact_props(new_fact)],
        "objects": [{"fact": current.id, "entity": entity_id("globex")}],
        "sources": [{"fact": current.id, "memory": a}, {"fact": closed.id, "memory": b}],
        "closes": [
            close_params(
                Close(current.id, FactState.SUPERSEDED, valid_to=seeded.now, superseded_by="x")
            ),
            close_params(Close(closed.id, FactState.RETRACTED, invalid_at=seeded.now)),
        ],
        "reshapes": [close_params(Close(closed.id, FactState.RETRACTED, valid_to=seeded.now))],
        "rekeys": [{"id": closed.id, "key": current.conflict_key}],
        "soft": [{"id": current.id, "ids": [closed.id]}],
        "vectors": [{"id": current.id, "embedding": list(unit_vector(7))}],
        "subject": "alice",
        "predicate": "works at",
        "sign": -1,
        "after_started": None,
        "after_recorded": None,
        "after_id": None,
        "states": ["active", "superseded"],
        "at": now,
        "start": now - 10**10,
        "end": now + 10**10,
        "entity": current.subject_entity,
        "relations": [
            relation_params(
                Relation(
                    source=current.subject_entity,
                    target=entity_id("globex"),
                    predicate="works at",
                    fact_id="not-a-fact",
                ),
                seeded.now,
            ),
            relation_params(
                Relation(
                    source=current.subject_entity,
                    target=entity_id("nowhere"),
                    predicate="works at",
                    fact_id=current.id,
                ),
                seeded.now,
            ),
            relation_params(
                Relation(
                    source=closed.subject_entity,
                    target=entity_id(closed.object_key),
                    predicate=closed.predicate_key,
                    fact_id=closed.id,
                ),
                seeded.now,
            ),
        ],
        "stored": [
            stored_relation_params(
                StoredRelation(
                    source=current.subject_entity,
                    target=entity_id("globex"),
                    predicate="works at",
                    fact_id=current.id,
                    created_at=seeded.now,
                )
            ),
            stored_relation_params(
                StoredRelation(
                    source=current.subject_entity,
                    target=entity_id("nowhere"),
                    predicate="works at",
                    fact_id=current.id,
                )
            ),
        ],
        "expiries": [
            expiry_params(
                RelationExpiry(
                    current.subject_entity,
                    entity_id("globex"),
                    "works at",
                    (current.id,),
                    seeded.now,
                )
            )
        ],
        "name": "reconcile",
        "owner": "runner",
        "until": now + 10**9,
        "records": [
            extraction_params(
                ExtractionRecord(memory_id=b, status=ExtractionStatus.FAILED, at=seeded.now)
            )
        ],
        "names": ["alice", "nobody"],
        "sessions": ["s1", "no-such-session"],
        "turns": [
            {"i": 0, "session": "s1", "at": now, "id": a},
            {"i": 1, "session": "no-such-session", "at": now, "id": b},
        ],
        "revive": [b, "no-such-memory"],
        "reached": [{"id": a, "n": 2}, {"id": "no-such-memory", "n": 1}],
        "from": "dormant",
        "to": "episodic",
        # Idempotency records.
        "hash": "h",
        "plan": "[]",
        "answer": "{}",
        "expires": now + 10**9,
        "claimed_at": now,
        "successor": a,
        "factor": 0.5,
    }
    values["targets"] = [{"id": b, "edges": values["edges"]}]
    # repair-instants: the stored bounds of year 1 … 9999 (epoch µs), counting only
    values["low"], values["high"], values["dry_run"] = -62135596800000000, 253402300799999999, True
    if name is QueryName.WRITE_FORGOTTEN:
        values["rows"] = [{"id": a, "forgotten_at": now, "record": "{}"}]
    values["cap"] = 2
    values["over"] = 3
    values["max_facts"] = 1000
    values["max_hops"] = 2
    if name is QueryName.UPDATE_MEMORIES:
        values["rows"] = [{"id": a, "props": {"status": "episodic", "summary": None}}]
    if name is QueryName.WRITE_TOMBSTONES:
        values["rows"] = [{"id": a, "superseded_by": b, "content_hash": "h", "deleted_at": 0}]
    if name is QueryName.UNLINK_MEMORIES:
        values["edges"] = [{"source": a, "target": b, "type": "CAUSED_BY"}]
    if name is QueryName.GET_FACTS:
        values["ids"] = [f.id for f in seeded.facts] + ["no-such-fact"]
    if name is QueryName.GET_ENTITIES:
        values["ids"] = [*entities, "no-such-entity"]
    if name is QueryName.MEMORIES_ABOUT_ENTITIES:
        values["entities"] = [entity_id("berlin"), "no-such-entity"]
    if name is QueryName.FACT_FULLTEXT_SEARCH:
        values["query"] = "alice works acme"
    if name is QueryName.MEMORIES_DATED_WITHIN:  # an overlap read, bounded below
        values["floor"] = now - 92 * 86_400 * 10**6
    return {p: values[p] for p in load(name).params}


_TEMPLATES: dict[QueryName, dict[str, int]] = {
    QueryName.VECTOR_SEARCH: {"k": 3, "ef": 100},
    QueryName.FACT_VECTOR_SEARCH: {"k": 9, "ef": 100},
    QueryName.DEFINE_SCHEMA: {"dimension": DIMENSION},
    QueryName.DEFINE_FACT_SCHEMA: {"dimension": DIMENSION},
}


def _accepted(outcome: Outcome) -> bool:
    """OK, or only undone by the cancellation (SurrealDB reports every statement of a cancelled
    transaction that way); a real failure keeps its own kind."""
    return outcome.ok or (outcome.kind == "Query" and outcome.detail == "Cancelled")


async def _snapshot(surreal: SurrealRepository, seeded: Seeded) -> object:
    tenant, ids = seeded.tenant, seeded.memories
    # Every record of every table of the tenant (reaching under the seam: no Protocol read
    # shows leases or lock records).
    (*_, dump) = await surreal._client.run(
        "USE NS $ns DB $db; (INFO FOR DB).tables.keys().map(|$t| "
        "{ table: $t, rows: (SELECT * FROM type::table($t) ORDER BY id) });",
        {"ns": tenant.org, "db": tenant.project},
    )
    assert dump.ok
    return (
        dump.value,
        await surreal.stats(tenant),
        await surreal.get_memories(tenant, ids, with_embeddings=True),
        await surreal.incident_edges(tenant, ids[1]),
        await surreal.get_config(tenant, "core_preferences"),
        await surreal.find_facts(tenant, FactQuery(states=tuple(FactState))),
        await surreal.open_relations(tenant, seeded.now),
        await surreal.list_tenants(),
    )


@pytest.mark.parametrize("name", list(QueryName))
async def test_every_query_runs_and_cancels(
    surreal: SurrealRepository, seeded: Seeded, name: QueryName
) -> None:
    tenant = seeded.tenant
    query = load(name)
    before = await _snapshot(surreal, seeded)
    text = "\n".join(
        [
            "USE NS $tenant_ns DB $tenant_db;",
            "BEGIN TRANSACTION;",
            f"LET $step_0 = {{\n{query.render(**_TEMPLATES.get(name, {}))}\n}};",
            "$step_0;",
            "CANCEL TRANSACTION;",
        ]
    )
    variables = {"tenant_ns": tenant.org, "tenant_db": tenant.project}
    variables.update(query.bind(_params(name, seeded)))
    # Reaches under the seam on purpose: the repository never cancels a transaction.
    outcomes = await surreal._client.run(text, variables)
    assert len(outcomes) == 5
    refused = [(o.kind, o.detail, o.value) for o in outcomes if not _accepted(o)]
    assert refused == []
    assert await _snapshot(surreal, seeded) == before, "the cancelled step wrote something"

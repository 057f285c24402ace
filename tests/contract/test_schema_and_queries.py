"""Schema creation is explicit and idempotent, and every named query — memory, fact-layer and
recall families — is valid Cypher for each Cypher backend that runs it: EXPLAIN-checked against
the real engine, in that backend's dialect, with the parameters the repository really sends
(built by the same functions the repository uses)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from datetime import timedelta

import pytest

from cypher import AnyQueryName, FactQueryName, QueryName, RecallQueryName, load
from graph_backends import Backend, FalkorConfig, open_backend
from graph_backends._common.fact_records import (
    close_params,
    expiry_params,
    extraction_params,
    fact_props,
    relation_params,
    stored_relation_params,
)
from graph_backends._common.records import epoch_us
from graph_backends._common.redisearch import plain_text_query
from graph_backends.neo4j.fulltext import lucene_query, tenant_term
from schema import EdgeType, FactState, Tenant
from schema.facts import (
    Close,
    ExtractionRecord,
    ExtractionStatus,
    Fact,
    Relation,
    RelationExpiry,
    StoredRelation,
    entity_id,
)
from tests.conftest import BACKENDS, DIMENSION, backend_config, new_tenant
from tests.factories import T0

#: The selected backends that speak Cypher, and the dialect each loads its queries in.
#: (SurrealDB speaks SurrealQL; its queries are checked with that backend.)
DIALECTS = {
    "falkordb-embedded": "falkordb",
    "falkordb-server": "falkordb",
    "falkordb-cluster": "falkordb",
    "neo4j": "neo4j",
}
CYPHER_BACKENDS = tuple(b for b in BACKENDS if b in DIALECTS)

ALL_QUERIES: tuple[AnyQueryName, ...] = (*QueryName, *FactQueryName, *RecallQueryName)
#: The schema commands (index and constraint creation) of every family.
_DDL = frozenset(n for n in ALL_QUERIES if n.value.startswith("create_"))
#: Per dialect, the queries not EXPLAIN-checked here, and why.
NOT_CHECKED: dict[str, frozenset[AnyQueryName]] = {
    # FalkorDB answers EXPLAIN of index DDL with no plan; the DDL runs for real in
    # ensure_schema and ensure_fact_schema, which the fixture below (and every contract test's)
    # calls. It keeps a graph per tenant, so it never runs the queries of tenancy by property.
    "falkordb": _DDL
    | {QueryName.REGISTER_TENANT, QueryName.LIST_TENANTS, QueryName.DROP_TENANT_BATCH},
    # Neo4j plans every query, DDL included, but never runs FalkorDB's BM25 postings reads, nor
    # the move of FalkorDB's full-text index (Neo4j's stays on :Memory), nor the one-query
    # reactivation writes (it computes a batch in Python and writes it as its three writes),
    # nor FalkorDB's in-database components (algo.WCC; Neo4j's would need the GDS plugin).
    "neo4j": frozenset(
        {
            QueryName.TERM_POSTINGS,
            RecallQueryName.FACT_TERM_POSTINGS,
            QueryName.WRITE_REACTIVATIONS,
            QueryName.WRITE_PRESENTATIONS,
            QueryName.CREATE_MEMORY_TEXT_ID_INDEX,
            QueryName.BACKFILL_MEMORY_TEXT,
            QueryName.DROP_MEMORY_FULLTEXT_INDEX,
            RecallQueryName.CREATE_MEMORY_ENTITY_KEYS_INDEX,
            RecallQueryName.BACKFILL_MEMORY_ENTITY_KEYS,
            QueryName.COMPONENT_SIZES,
            QueryName.RECENT_MEMORIES_BETWEEN,
        }
    ),
}


async def test_ensure_schema_is_idempotent(repository: Backend) -> None:
    tenant = new_tenant()
    try:
        assert not await repository.schema_ready(tenant)
        await repository.ensure_schema(tenant)
        await repository.ensure_schema(tenant)
        assert await repository.schema_ready(tenant)
    finally:
        await repository.drop_tenant(tenant)


ALICE, ACME = entity_id("alice"), entity_id("acme")
MEMORY_ID = "00000000-0000-4000-8000-000000000001"
FACT = Fact(
    id="f1",
    subject="Alice",
    predicate="works at",
    object="Acme",
    subject_key="alice",
    predicate_key="works at",
    object_key="acme",
    subject_entity=ALICE,
    object_entity=ACME,
    conflict_key="slot\x1falice\x1fworks at",
    single_valued=True,
    fingerprint="0" * 64,
    valid_from=T0,
    recorded_at=T0,
    source=MEMORY_ID,
)
#: The `rows` each query that takes them receives, built by the repository's own functions.
FACT_ROWS: dict[AnyQueryName, list[dict[str, object]]] = {
    FactQueryName.CLOSE_FACTS: [
        close_params(Close("f1", FactState.SUPERSEDED, valid_to=T0, superseded_by="f2"))
    ],
    FactQueryName.EXPIRE_RELATIONS: [
        expiry_params(RelationExpiry(ALICE, ACME, "works at", ("f1",), T0))
    ],
    FactQueryName.INSERT_FACTS: [{"props": fact_props(FACT)}],
    FactQueryName.LINK_FACT_OBJECTS: [{"fact": "f1", "entity": ACME}],
    FactQueryName.LINK_FACT_SOURCES: [{"fact": "f1", "memory": MEMORY_ID}],
    FactQueryName.MERGE_ENTITIES: [{"id": ALICE, "name": "Alice", "key": "alice"}],
    FactQueryName.RECORD_EXTRACTION: [
        extraction_params(ExtractionRecord(MEMORY_ID, ExtractionStatus.DONE, T0, facts=1))
    ],
    FactQueryName.SET_SOFT_CONFLICTS: [{"id": "f1", "ids": ["f2"]}],
    FactQueryName.UPSERT_RELATIONS: [
        relation_params(Relation(source=ALICE, target=ACME, predicate="works at", fact_id="f1"), T0)
    ],
    RecallQueryName.WRITE_FACT_VECTORS: [{"id": "f1", "embedding": [0.5] * DIMENSION}],
    QueryName.REPLACE_MEMORY_VECTORS: [{"id": "a", "embedding": [0.5] * DIMENSION}],
    QueryName.REPLACE_FACT_VECTORS: [{"id": "f1", "embedding": [0.5] * DIMENSION}],
    FactQueryName.RESTORE_RELATIONS: [
        stored_relation_params(
            StoredRelation(source=ALICE, target=ACME, predicate="works at", fact_id="f1")
        )
    ],
}


def sample_params(name: AnyQueryName, dialect: str, tenant: Tenant) -> dict[str, object]:
    """Parameters shaped exactly like the ones the repository sends for `name`."""
    values: dict[str, object] = {
        "ids": ["00000000-0000-4000-8000-000000000001"],
        "rows": [
            {
                "props": {"id": "00000000-0000-4000-8000-000000000001", "content": "x"},
                "embedding": [0.5] * DIMENSION,
            }
        ],
        "edges": [
            {
                "source": "a",
                "target": "b",
                "type": "CAUSED_BY",
                "weight": 1.0,
                "reason": None,
                "created_by": "writer",
                "created_at": 0,
                "last_validated_at": None,
            }
        ],
        "frontier": ["a"],
        "page": ["a"],
        "types": ["CAUSED_BY"],
        "direction": "both",
        "causal": ["CAUSED_BY"],
        "supportive": ["CAUSED_BY"],
        "k": 3,
        "vector": [0.5] * DIMENSION,
        "query": "hello",
        "limit": 5,
        "before": None,
        "before_id": None,
        "after": "",
        "upto": "ffffffff-ffff-ffff-ffff-ffffffffffff",
        "dimension": DIMENSION,
        "ef_runtime": 100,
        "ef_construction": 100,
        "stale_before": 0,
        "statuses": ["active"],
        "id": "a",
        "key": "k",
        "value": "{}",
        "now": 0,
        "tenant": tenant.key,
        "tenant_term": tenant_term(tenant),
        "batch": 100,
        # The fact layer and recall.
        "keys": [FACT.conflict_key],
        "fingerprints": [FACT.fingerprint],
        "entity": ALICE,
        "entities": [ALICE],
        "states": [str(FactState.ACTIVE)],
        "at": epoch_us(T0),
        "start": epoch_us(T0 - timedelta(days=1)),
        "end": epoch_us(T0 + timedelta(days=1)),
        "subject": "alice",
        "predicate": "works at",
        "sign": -1,
        "after_started": -epoch_us(T0),
        "after_recorded": -epoch_us(T0),
        "after_id": "f",
        "name": "reconciler",
        "owner": "runner-1",
        "until": epoch_us(T0 + timedelta(minutes=5)),
        "names": ["alice"],
        "sessions": ["s1"],
        "turns": [{"i": 0, "session": "s1", "at": epoch_us(T0), "id": "a"}],
        "terms": ["hello", "world"],
        "term": "hello",
        "cap": 300,
        "over": 301,
        "max_mentions": 1000,
        "max_facts": 1000,
        "max_hops": 2,
        "revive": ["a"],
        "reached": [{"id": "a", "n": 1}],
        "presented": [{"id": "a", "times": [0, 1], "last": 1, "stamp": 1}],
        "keep": 64,
        "increment": 0.1,
        "from": "dormant",
        "to": "episodic",
        # Idempotency records.
        "hash": "h",
        "plan": "[]",
        "answer": "{}",
        "expires": epoch_us(T0 + timedelta(hours=24)),
        "claimed_at": epoch_us(T0),
        "successor": "b",
        "factor": 0.5,
        # Analytics' paged exports.
        "after_source": "a",
        "after_target": "b",
        "after_type": "SUPPORTS",
        # The repair of instants stored out of range.
        "low": 0,
        "high": epoch_us(T0),
        "dry_run": True,
    }
    values["targets"] = [{"id": "b", "edges": values["edges"]}]
    if name in FACT_ROWS:
        values["rows"] = FACT_ROWS[name]
    if name is QueryName.RECENT_MEMORIES_BETWEEN:  # a window of instants, not an open cursor
        values |= {"floor": 0, "before": epoch_us(T0), "before_id": ""}
    if name is RecallQueryName.MEMORIES_DATED_WITHIN:  # an overlap read, bounded below
        values["floor"] = epoch_us(T0 - timedelta(days=92))
    if name is QueryName.UPDATE_MEMORIES:
        values["rows"] = [{"id": "a", "props": {"status": "active", "summary": None}}]
    if name is QueryName.WRITE_TOMBSTONES:
        values["rows"] = [{"id": "a", "superseded_by": "b", "content_hash": "h", "deleted_at": 0}]
    if name in (QueryName.FULLTEXT_SEARCH, RecallQueryName.FACT_FULLTEXT_SEARCH):
        field = "content" if name is QueryName.FULLTEXT_SEARCH else "text"
        values["query"] = (
            lucene_query("hello-world", tenant, field)
            if dialect == "neo4j"
            else plain_text_query("hello-world")
        )
    return {p: values[p] for p in load(name, dialect).params}


@dataclass(frozen=True)
class CypherBackend:
    name: str
    dialect: str
    repository: Backend
    tenant: Tenant

    async def explain(self, text: str, params: dict[str, object]) -> str:
        """The engine's plan for the query (the test reaches under the seam on purpose)."""
        if self.dialect == "falkordb":
            from graph_backends.falkordb.repository import FalkorRepository

            assert isinstance(self.repository, FalkorRepository)
            graph = self.repository._db.select_graph(self.tenant.key)
            return str(await graph.explain(text, params))
        from graph_backends.neo4j.repository import Neo4jRepository

        assert isinstance(self.repository, Neo4jRepository)
        async with self.repository._driver.session(database=self.repository._database) as s:
            summary = await (await s.run(f"EXPLAIN {text}", params)).consume()
        return str(summary.plan or "")


@pytest.fixture(scope="session")
async def cypher_backend(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> AsyncIterator[CypherBackend]:
    """Its own connection to one Cypher backend, with one tenant's schema ensured."""
    name: str = request.param
    config = (
        # A second embedded FalkorDB may not share the first one's data directory.
        FalkorConfig(data_dir=tmp_path_factory.mktemp("explain"), vector_dimension=DIMENSION)
        if name == "falkordb-embedded"
        else backend_config(request, name)
    )
    async with open_backend(config) as repository:
        tenant = new_tenant()
        await repository.ensure_schema(tenant)
        await repository.ensure_fact_schema(tenant)
        try:
            yield CypherBackend(name, DIALECTS[name], repository, tenant)
        finally:
            await repository.drop_tenant(tenant)


CASES = [
    pytest.param(backend, name, id=f"{backend}-{name}")
    for backend in CYPHER_BACKENDS
    for name in ALL_QUERIES
    if name not in NOT_CHECKED[DIALECTS[backend]]
]

# Defined only when a Cypher backend is selected (RETENTIA_BACKEND=surrealdb selects none), so
# no selection ever reports it skipped.
if CASES:

    @pytest.mark.parametrize(("cypher_backend", "name"), CASES, indirect=["cypher_backend"])
    async def test_every_query_explains(cypher_backend: CypherBackend, name: AnyQueryName) -> None:
        """The engine parses and plans each query, in the backend's dialect, with its real
        parameters."""
        query = load(name, cypher_backend.dialect)
        templates = {"edge_type": EdgeType.CAUSED_BY} if query.templates else {}
        params = query.bind(sample_params(name, cypher_backend.dialect, cypher_backend.tenant))
        plan = await cypher_backend.explain(query.render(**templates), params)
        assert plan.strip()

"""No Neo4j query can forget its tenant: read statically, every node and relationship pattern
of every query the Neo4j repository runs — memory, fact-layer and recall queries alike — is
bound to `$tenant`, every full replacement of a node's properties puts the tenant back, and
every index procedure's hits are filtered by it. Full-text input reaches Lucene only inside
escaped quoted strings. (No server needed.)"""

from __future__ import annotations

import re
from importlib import resources
from typing import Literal

import pytest

from cypher import AnyQueryName, FactQueryName, QueryName, RecallQueryName, load, query_file
from graph_backends._common.redisearch import plain_text_query
from graph_backends.neo4j.fulltext import lucene_query, tenant_term
from schema import Tenant, build
from tests.contract.test_search import HOSTILE_QUERIES

#: Queries that legitimately span tenants, and why.
GLOBAL: dict[AnyQueryName, str] = {
    QueryName.PING: "touches no data",
    QueryName.LIST_INDEXES: "indexes are shared by all tenants",
    QueryName.LIST_TENANTS: "lists the tenants themselves",
    QueryName.CREATE_MEMORY_ID_INDEX: "schema is shared",
    QueryName.CREATE_MEMORY_CREATED_AT_INDEX: "schema is shared",
    QueryName.CREATE_MEMORY_FULLTEXT_INDEX: "schema is shared",
    QueryName.CREATE_MEMORY_VECTOR_ID_INDEX: "schema is shared",
    QueryName.CREATE_MEMORY_VECTOR_INDEX: "schema is shared",
    QueryName.CREATE_TOMBSTONE_ID_INDEX: "schema is shared",
    QueryName.CREATE_FORGOTTEN_ID_INDEX: "schema is shared",
    QueryName.CREATE_CONFIG_KEY_INDEX: "schema is shared",
    QueryName.CREATE_MEMORY_STATUS_INDEX: "schema is shared",
    RecallQueryName.CREATE_MEMORY_MENTIONED_INDEX: "schema is shared",
    FactQueryName.CREATE_ENTITY_ID_INDEX: "schema is shared",
    FactQueryName.CREATE_ENTITY_KEY_INDEX: "schema is shared",
    FactQueryName.CREATE_EXTRACTION_MEMORY_ID_INDEX: "schema is shared",
    FactQueryName.CREATE_FACT_CONFLICT_KEY_INDEX: "schema is shared",
    FactQueryName.CREATE_FACT_FINGERPRINT_INDEX: "schema is shared",
    FactQueryName.CREATE_FACT_ID_INDEX: "schema is shared",
    FactQueryName.CREATE_FACT_SUBJECT_KEY_INDEX: "schema is shared",
    FactQueryName.CREATE_LEASE_NAME_INDEX: "schema is shared",
    FactQueryName.CREATE_IDEMPOTENCY_KEY_INDEX: "schema is shared",
    RecallQueryName.CREATE_FACT_TEXT_INDEX: "schema is shared",
    RecallQueryName.CREATE_FACT_VECTOR_ID_INDEX: "schema is shared",
    RecallQueryName.CREATE_FACT_VECTOR_INDEX: "schema is shared",
    RecallQueryName.CREATE_MEMORY_SESSION_INDEX: "schema is shared",
}
#: Queries only the FalkorDB repository runs, and why Neo4j needs none.
FALKORDB_ONLY: dict[AnyQueryName, str] = {
    QueryName.TERM_POSTINGS: "Lucene ranks full-text hits by BM25 itself",
    QueryName.CORPUS_SIZE: "BM25's document count, for FalkorDB's term postings only",
    RecallQueryName.FACT_TERM_POSTINGS: "Lucene ranks fact full-text hits by BM25 itself",
    RecallQueryName.FACT_CORPUS_SIZE: "BM25's fact count, for FalkorDB's fact postings only",
    QueryName.CLEAR_LABEL_PHANTOMS: "mends a FalkorDB 4.16 label-matrix defect",
    RecallQueryName.CREATE_MEMORY_ENTITY_KEYS_INDEX: "Neo4j reads mentions via its tenant index",
    RecallQueryName.BACKFILL_MEMORY_ENTITY_KEYS: "only FalkorDB's index reads entity_keys",
    QueryName.CREATE_MEMORY_TEXT_ID_INDEX: "Neo4j's full-text index stays on :Memory",
    QueryName.BACKFILL_MEMORY_TEXT: "Neo4j's full-text index stays on :Memory",
    QueryName.DROP_MEMORY_FULLTEXT_INDEX: "Neo4j's full-text index stays on :Memory",
    QueryName.WRITE_REACTIVATIONS: "Neo4j writes a reactivation batch as its three writes",
    QueryName.WRITE_PRESENTATIONS: "Neo4j computes a reactivation batch in Python",
    QueryName.COMPONENT_SIZES: "algo.WCC is FalkorDB's; Neo4j's would need the GDS plugin",
    QueryName.RECENT_MEMORIES_BETWEEN: "Neo4j reads its (tenant, created_at) index in order",
}
#: Fact-layer and recall queries Neo4j runs as the shared text scoped to its tenant by the
#: loader (`cypher._tenancy`): they need no override.
DERIVED: frozenset[AnyQueryName] = frozenset(
    {
        FactQueryName.CLAMP_FACT_INSTANTS,
        FactQueryName.CLOSE_FACTS,
        FactQueryName.RESHAPE_FACTS,
        FactQueryName.FACTS_BY_FINGERPRINTS,
        FactQueryName.FACTS_OF_ENTITY,
        FactQueryName.FIND_SUBJECT_FACTS,
        FactQueryName.GET_ENTITIES,
        FactQueryName.GET_EXTRACTIONS,
        FactQueryName.GET_FACTS,
        FactQueryName.LINK_FACT_OBJECTS,
        FactQueryName.LINK_FACT_SOURCES,
        FactQueryName.MERGE_ENTITIES,
        FactQueryName.RECORD_EXTRACTION,
        FactQueryName.RELEASE_LEASE,
        FactQueryName.CLAIM_IDEMPOTENCY_KEY,
        FactQueryName.TAKE_OVER_IDEMPOTENCY_KEY,
        FactQueryName.COMPLETE_IDEMPOTENCY_KEY,
        FactQueryName.RELEASE_IDEMPOTENCY_KEY,
        FactQueryName.SET_SOFT_CONFLICTS,
        FactQueryName.ENTITY_PAGE,
        FactQueryName.ENTITY_PAGE_BETWEEN,
        FactQueryName.FACT_PAGE,
        FactQueryName.FACT_PAGE_BETWEEN,
        FactQueryName.RELATIONS_FROM,
        FactQueryName.RESTORE_RELATIONS,
        FactQueryName.FACT_ASSERTERS,
        FactQueryName.ERASE_FACTS,
        FactQueryName.ERASE_FACT_SLOTS,
        FactQueryName.ERASE_ENTITIES,
        FactQueryName.ERASE_EXTRACTIONS,
        RecallQueryName.ADJACENT_AROUND,
        RecallQueryName.ADJACENT_BY_TYPE,
        RecallQueryName.ADJACENT_MEMORIES,
        RecallQueryName.FACTS_OF_MEMORIES,
        RecallQueryName.MEMORY_FACETS,
    }
)
ALL_QUERIES: list[AnyQueryName] = [*QueryName, *FactQueryName, *RecallQueryName]
SCOPED = [n for n in ALL_QUERIES if n not in GLOBAL and n not in FALKORDB_ONLY]

_STRING = re.compile(r"'(?:[^'\\]|\\.)*'")
#: `(var:Label {map})`, `(var)`, `(:Label {map})`, `()` — not preceded by a name, which would
#: make it a function call such as count(r), nor by CALL (a subquery's empty scope clause).
_NODE = re.compile(r"(?<![\w.])(?<!CALL )\(\s*(\w*)\s*(?::\s*(\w+))?\s*(\{[^{}]*\})?\s*\)")
_RELATIONSHIP = re.compile(r"-\[([^\[\]]*)\]-")
_REPLACE = re.compile(r"\bSET\s+(\w+)\s*=\s*[^,\n]+(.*)")
_SCOPE = "tenant: $tenant"


def tenant_violations(text: str) -> list[str]:
    """Every pattern or write of the query text that is not bound to `$tenant`."""
    body = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
    body = _STRING.sub("''", body)
    problems = []
    if "$tenant" not in body:
        problems.append("never uses $tenant")
    scoped: set[str] = set()
    for match in _NODE.finditer(body):
        var, label, props = match.group(1), match.group(2), match.group(3) or ""
        if label is not None:
            if _SCOPE not in props:
                problems.append(f"node pattern {match.group(0)} lacks {_SCOPE}")
            elif var:
                scoped.add(var)
        elif not var:
            problems.append("anonymous node pattern ()")
        elif var not in scoped:
            problems.append(f"node ({var}) is not bound to a tenant-scoped pattern before")
    for match in _RELATIONSHIP.finditer(body):
        if _SCOPE not in match.group(1):
            problems.append(f"relationship pattern {match.group(0)} lacks {_SCOPE}")
    for match in _REPLACE.finditer(body):
        var, rest = match.group(1), match.group(2)
        if f"{var}.tenant = $tenant" not in rest:
            problems.append(f"SET {var} = … drops the tenant property")
    if "YIELD node" in body and not re.search(r"\b\w+\.tenant = \$tenant\b", body):
        problems.append("an index procedure's hits are not filtered by tenant")
    return problems


@pytest.mark.parametrize("name", SCOPED)
def test_every_neo4j_query_is_bound_to_its_tenant(name: AnyQueryName) -> None:
    """Each pattern of the query carries `tenant: $tenant` (or reuses a variable that did)."""
    query = load(name, "neo4j")
    assert "tenant" in query.params
    assert tenant_violations(query.text) == []


def test_global_queries_touch_no_tenant_data() -> None:
    """The queries allowed to span tenants read or write no tenant data (memories, edges,
    facts, entities, leases…): they are schema commands, or read the :Tenant markers."""
    for name in GLOBAL:
        text = load(name, "neo4j").text
        body = " ".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
        if name is QueryName.LIST_TENANTS:
            assert re.fullmatch(r"MATCH \(t:Tenant\) RETURN DISTINCT t\.tenant .*", body), body
        else:
            assert not re.search(r"\b(MATCH|MERGE|DELETE|SET)\b", body), name


def test_every_fact_and_recall_query_has_a_neo4j_text() -> None:
    """The shared fact-layer and recall queries are written for a graph per tenant, so Neo4j
    overrides every one the loader does not scope to the tenant itself (`DERIVED`), and no
    override merely copies the shared text."""
    for family, folder in ((FactQueryName, "facts"), (RecallQueryName, "recall")):
        root = resources.files("cypher") / folder / "neo4j"
        names = {p.name.removesuffix(".cypher") for p in root.iterdir() if p.is_file()}
        overridden = [n for n in family if n not in FALKORDB_ONLY and n not in DERIVED]
        assert names == {n.value for n in overridden}
        for name in overridden:
            override = query_file(name, "neo4j").read_text(encoding="utf-8").strip()
            assert override != query_file(name).read_text(encoding="utf-8").strip(), name
        for name in (n for n in family if n in DERIVED):
            assert load(name, "neo4j").dialect == "neo4j", name


def test_falkordb_only_queries_are_never_run_by_neo4j() -> None:
    """Neither the Neo4j package nor the Cypher methods it shares with FalkorDB name them."""
    sources = [
        module.read_text(encoding="utf-8")
        for package in ("neo4j", "_cypher")
        for module in (resources.files("graph_backends") / package).iterdir()
        if module.name.endswith(".py")
    ]
    for name in FALKORDB_ONLY:
        assert all(name.name not in source for source in sources), name


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("MATCH (m:Memory {id: $id}) RETURN m, $tenant", "lacks"),
        ("MATCH (m:Memory {tenant: $tenant})-[r]-(n:Memory {tenant: $tenant}) RETURN r", "lacks"),
        ("MATCH (m:Memory {tenant: $tenant})-[r {tenant: $tenant}]-() RETURN r", "anonymous"),
        ("MATCH (m)-[r {tenant: $tenant}]-(n:Memory {tenant: $tenant}) RETURN m", "not bound"),
        ("MERGE (m:Memory {tenant: $tenant, id: 1}) SET m = $props RETURN m", "drops"),
        ("CALL db.index.vector.queryNodes('i', 1, $v) YIELD node RETURN node, $tenant", "filter"),
        ("MATCH (c:Config {key: $key}) RETURN c.value", "never uses"),
    ],
)
def test_the_check_catches_a_forgotten_tenant(text: str, problem: str) -> None:
    """The static check is not vacuous: each way of forgetting the tenant is reported."""
    assert any(problem in p for p in tenant_violations(text))


def test_the_check_accepts_a_bound_query() -> None:
    text = (
        "MATCH (m:Memory {tenant: $tenant, id: $id})-[r {tenant: $tenant}]-(n:Memory "
        "{tenant: $tenant})\nWITH m, count(r) AS c WHERE COUNT { (m)-[s {tenant: $tenant}]-"
        "(:Memory {tenant: $tenant}) } = c\nSET m = $props, m.tenant = $tenant RETURN m"
    )
    assert tenant_violations(text) == []


TENANT = build(Tenant, org="acme", project="alpha")


#: A Lucene quoted string whose every `"` and `\\` is escaped.
_QUOTED = r'"(?:[^"\\]|\\.)*"'
HOSTILE_LUCENE = [*HOSTILE_QUERIES, "ends with a backslash\\", 'a "quote" inside', "field:x o'neil"]


@pytest.mark.parametrize("field", ["content", "text"])
@pytest.mark.parametrize("text", HOSTILE_LUCENE, ids=range(len(HOSTILE_LUCENE)))
def test_lucene_query_holds_only_quoted_strings(
    text: str, field: Literal["content", "text"]
) -> None:
    """Whatever the input, the Lucene query is the tenant clause plus escaped quoted strings,
    each one a word token of the text or one of its whitespace-separated chunks."""
    query = lucene_query(text, TENANT, field)
    if query is None:
        assert not re.search(r"[^\W_]", text)  # no letter or digit: nothing to search for
        return
    prefix = f'+tenant_term:"{tenant_term(TENANT)}"^0 +{field}:('
    assert query.startswith(prefix) and query.endswith(")")
    body = query[len(prefix) : -1]
    assert re.fullmatch(f"{_QUOTED}(?: {_QUOTED})*", body), body
    terms = [re.sub(r"\\(.)", r"\1", q[1:-1]) for q in re.findall(_QUOTED, body)]
    words = set((plain_text_query(text) or "").split(" | "))
    assert set(terms) <= words | set(text.lower().split())
    assert words <= set(terms)


def test_tenant_terms_are_single_words_and_distinct() -> None:
    """The tenant term survives Lucene's standard analyzer as one token (lower-case letters and
    digits) and tells apart tenants whose keys the analyzer would mix up."""
    one = tenant_term(build(Tenant, org="a-b", project="c"))
    other = tenant_term(build(Tenant, org="a", project="b-c"))
    assert one != other
    assert re.fullmatch(r"t[0-9a-f]{32}", one)

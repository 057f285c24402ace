"""The loader scopes a shared query to `$tenant` for Neo4j (ADR 0007): every labelled node
pattern and every relationship pattern gains `tenant: $tenant`, `tenant` is declared, and
comments, string literals and template slots are left as written. What adding the map cannot
make safe is refused, and queries that name their tenant or span tenants run as written."""

from __future__ import annotations

import pytest

from cypher import QueryError, QueryName, RecallQueryName, load, load_shared, query_file
from cypher._tenancy import UnscopableQuery, scope_to_tenant
from schema import EdgeType


@pytest.mark.parametrize(
    ("text", "scoped"),
    [
        (
            "// params: id\nMATCH (m:Memory {id: $id}) RETURN m",
            "// params: id, tenant\nMATCH (m:Memory {tenant: $tenant, id: $id}) RETURN m",
        ),
        (
            "// params:\nMATCH (:Memory)-[r]->(b:Memory) RETURN r",
            "// params: tenant\n"
            "MATCH (:Memory {tenant: $tenant})-[r {tenant: $tenant}]->(b:Memory {tenant: $tenant}) "
            "RETURN r",
        ),
        (
            "// params: e\nMATCH (a:Memory), (b:Memory)\nMERGE (a)-[r:{{edge_type}}]->(b) RETURN r",
            "// params: e, tenant\nMATCH (a:Memory {tenant: $tenant}), (b:Memory {tenant: $tenant})"
            "\nMERGE (a)-[r:{{edge_type}} {tenant: $tenant}]->(b) RETURN r",
        ),
        (
            "// params:\nMATCH (f:Fact)\nCREATE (f)-[:RELATES {at: 1}]->(f) RETURN count(f)",
            "// params: tenant\nMATCH (f:Fact {tenant: $tenant})\n"
            "CREATE (f)-[:RELATES {tenant: $tenant, at: 1}]->(f) RETURN count(f)",
        ),
        (
            "// (m:Memory) in a comment\n// params:\nMATCH (m:Memory {}) WHERE m.s = '(x:Y)' "
            "RETURN m",
            "// (m:Memory) in a comment\n// params: tenant\nMATCH (m:Memory {tenant: $tenant}) "
            "WHERE m.s = '(x:Y)' RETURN m",
        ),
    ],
)
def test_scoping_binds_every_pattern_and_nothing_else(text: str, scoped: str) -> None:
    assert scope_to_tenant(text) == scoped


@pytest.mark.parametrize(
    "text",
    [
        "// params: p\nMERGE (m:Memory {id: 1}) SET m = $p RETURN m",
        "// params: v\nCALL db.idx.vector.queryNodes('i', 'e', 1, $v) YIELD node RETURN node",
    ],
)
def test_what_a_map_cannot_scope_is_refused(text: str) -> None:
    with pytest.raises(UnscopableQuery):
        scope_to_tenant(text)


def test_the_loader_scopes_only_for_neo4j() -> None:
    """FalkorDB (a graph per tenant) runs the shared text; Neo4j runs it scoped."""
    shared = load(QueryName.GET_MEMORIES, "falkordb")
    assert shared.dialect is None and "tenant" not in shared.params
    scoped = load(QueryName.GET_MEMORIES, "neo4j")
    assert scoped.dialect == "neo4j" and "tenant" in scoped.params
    assert "(m:Memory {tenant: $tenant, id: id})" in scoped.text
    typed = load(RecallQueryName.ADJACENT_BY_TYPE, "neo4j").render(edge_type=EdgeType.SUPPORTS)
    assert ":SUPPORTS {tenant: $tenant}]" in typed


@pytest.mark.parametrize(
    "name", [QueryName.PING, QueryName.LIST_TENANTS, QueryName.REGISTER_TENANT]
)
def test_queries_without_patterns_or_with_their_own_tenancy_run_as_written(
    name: QueryName,
) -> None:
    """`ping` has nothing to scope, `list_tenants` is marked global and `register_tenant`
    names its tenant already."""
    assert load(name, "neo4j").text == query_file(name).read_text(encoding="utf-8")


def test_an_unscopable_shared_query_asks_for_an_override() -> None:
    with pytest.raises(QueryError, match="neo4j override"):
        load_shared(QueryName.UPSERT_MEMORIES, "neo4j")

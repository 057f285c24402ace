"""Query files and names match one to one, every `$param` is declared and supplied, templates
take only schema enums, and no dialect override merely copies the shared query."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from cypher import (
    AnyQueryName,
    FactQueryName,
    QueryError,
    QueryName,
    RecallQueryName,
    load,
    load_shared,
    parse,
    query_file,
    used_params,
)
from schema import EdgeType, MemoryStatus


def _files(root: resources.abc.Traversable) -> set[str]:
    return {p.name[: -len(".cypher")] for p in root.iterdir() if p.name.endswith(".cypher")}


def test_names_and_files_match_one_to_one() -> None:
    root = resources.files("cypher")
    assert _files(root) == {n.value for n in QueryName}
    assert _files(root / "facts") == {n.value for n in FactQueryName}
    assert _files(root / "recall") == {n.value for n in RecallQueryName}


def _body(text: str) -> str:
    """The query without its comments and whitespace: two texts equal here are one query."""
    code = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))
    return re.sub(r"\s+", "", code)


#: Each family's folder, and its names.
_FAMILIES: list[tuple[resources.abc.Traversable, type[AnyQueryName]]] = [
    (resources.files("cypher"), QueryName),
    (resources.files("cypher") / "facts", FactQueryName),
    (resources.files("cypher") / "recall", RecallQueryName),
]


def _overrides() -> list[tuple[AnyQueryName, str]]:
    found = []
    for root, family in _FAMILIES:
        for dialect_dir in (
            p
            for p in root.iterdir()
            if p.is_dir() and p.name not in {"__pycache__", "facts", "recall"}
        ):
            for name in sorted(_files(dialect_dir)):
                assert name in {n.value for n in family}, f"{dialect_dir.name}/{name} is unknown"
                found.append((family(name), dialect_dir.name))
    return found


def test_overrides_name_known_queries_and_differ_from_shared() -> None:
    root = resources.files("cypher")
    for dialect_dir in (
        p for p in root.iterdir() if p.is_dir() and p.name not in {"__pycache__", "facts", "recall"}
    ):
        for name in _files(dialect_dir):
            assert name in {n.value for n in QueryName}, f"{dialect_dir.name}/{name} is unknown"
            shared = query_file(QueryName(name)).read_text(encoding="utf-8")
            override = query_file(QueryName(name), dialect_dir.name).read_text(encoding="utf-8")
            assert override.strip() != shared.strip(), f"{dialect_dir.name}/{name} copies shared"


@pytest.mark.parametrize(("name", "dialect"), _overrides(), ids=lambda v: str(v))
def test_no_override_copies_what_the_loader_derives(name: AnyQueryName, dialect: str) -> None:
    """An override holds a real dialect difference: it is neither the shared text nor the
    shared text as the loader scopes it for the dialect (Neo4j's `tenant: $tenant`)."""
    override = _body(query_file(name, dialect).read_text(encoding="utf-8"))
    assert override != _body(query_file(name).read_text(encoding="utf-8")), "copies shared"
    try:
        derived = load_shared(name, dialect)
    except QueryError:
        return  # the shared text cannot run on this dialect as it is: the override must exist
    assert override != _body(derived.text), "copies the derived text: delete the override"


def test_the_copy_check_sees_a_derived_copy() -> None:
    """The check above is not vacuous: the override Neo4j once kept for `get_memories` (the
    shared text plus `tenant: $tenant`) is recognised as what the loader derives."""
    old_override = (
        "// Memories of the tenant by id (embeddings live on :MemoryVector and are fetched "
        "apart).\n// params: ids, tenant\nUNWIND $ids AS id\n"
        "MATCH (m:Memory {tenant: $tenant, id: id})\nWHERE 'Memory' IN labels(m)\n"
        "RETURN m {.*} AS memory\n"
    )
    assert _body(old_override) == _body(load_shared(QueryName.GET_MEMORIES, "neo4j").text)
    assert _body(old_override) != _body(load_shared(QueryName.GET_MEMORIES).text)


@pytest.mark.parametrize("name", [*QueryName, *FactQueryName, *RecallQueryName])
def test_every_used_param_is_declared(name: QueryName | FactQueryName | RecallQueryName) -> None:
    query = load(name)
    assert used_params(query.text) == query.params


def test_undeclared_param_is_refused() -> None:
    with pytest.raises(QueryError, match="declares"):
        parse(QueryName.PING, None, "// params: a\nRETURN $a, $b")


def test_params_in_comments_and_strings_do_not_count() -> None:
    assert used_params("// uses $nothing\nRETURN '$literal', $real") == frozenset({"real"})


def test_bind_requires_exactly_the_declared_params() -> None:
    query = load(QueryName.DEGREES)
    with pytest.raises(QueryError, match="missing"):
        query.bind({"ids": []})
    with pytest.raises(QueryError, match="unexpected"):
        query.bind({"ids": [], "causal": [], "supportive": [], "extra": 1})
    assert query.bind({"ids": [], "causal": [], "supportive": []})


def test_templates_accept_only_edge_types() -> None:
    query = load(QueryName.LINK_MEMORIES)
    assert ":SUPPORTS]" in query.render(edge_type=EdgeType.SUPPORTS)
    with pytest.raises(QueryError):
        query.render(edge_type=MemoryStatus.ACTIVE)
    with pytest.raises(QueryError):
        query.render()
    with pytest.raises(QueryError):
        load(QueryName.DEGREES).render(edge_type=EdgeType.SUPPORTS)


def test_the_embedded_falkordb_caches_a_plan_for_every_query_text() -> None:
    """FalkorDB's plan cache (per worker thread) must hold every text Retentia can send, or
    plans are evicted and queries planned again on every turn of a mixed load."""
    from graph_backends.falkordb.embedded import PLAN_CACHE_SIZE

    texts = set()
    for name in [*QueryName, *FactQueryName, *RecallQueryName]:
        query = load(name, "falkordb")
        if "edge_type" in query.templates:
            texts |= {query.render(edge_type=t) for t in EdgeType}
        else:
            texts.add(query.render())
    assert len(texts) <= PLAN_CACHE_SIZE, f"{len(texts)} query texts"

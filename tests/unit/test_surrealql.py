"""SurrealQL files and names match one to one; every `$param` a query takes from its caller is
declared (locals, comments and string literals do not count); templates take only positive
integers; no file holds a RETURN statement (it would end the enclosing transaction); only the
fact snapshot check and the amendment's claim THROW (the backend reads a thrown error by the
step that threw it, the snapshot check's unless it was the claim); the names the
backend wraps steps in are reserved; full-text input is reduced to plain words."""

from __future__ import annotations

import re
from importlib import resources

import pytest

from graph_backends.surrealdb.surrealql import (
    QueryError,
    QueryName,
    bound_names,
    code,
    load,
    parse,
    used_params,
)
from graph_backends.surrealdb.text import MAX_TERMS, plain_words


def test_names_and_files_match_one_to_one() -> None:
    root = resources.files("graph_backends.surrealdb.surrealql")
    files = {p.name[: -len(".surql")] for p in root.iterdir() if p.name.endswith(".surql")}
    assert files == {n.value for n in QueryName}


@pytest.mark.parametrize("name", list(QueryName))
def test_every_used_param_is_declared(name: QueryName) -> None:
    query = load(name)
    assert used_params(query.text) == query.params
    assert query.text.lstrip().startswith("//"), "a file opens with a comment saying what it does"


def test_undeclared_param_is_refused() -> None:
    with pytest.raises(QueryError, match="declares"):
        parse(QueryName.PING, "// params: a\nSELECT * FROM memory WHERE x = $a AND y = $b")
    with pytest.raises(QueryError, match="declares"):
        parse(QueryName.PING, "// params: a, unused\n$a")


def test_locals_are_not_params() -> None:
    text = (
        "LET $from = $ids.map(|$i, $j| type::record('memory', $i));\n"
        "FOR $row IN $rows { UPSERT $row.id CONTENT $row.props; };\n"
        "INSERT INTO t $rows ON DUPLICATE KEY UPDATE n = $input.n;\n"
        "$from"
    )
    assert bound_names(text) == {"from", "i", "j", "row"}
    assert used_params(text) == {"ids", "rows"}


def test_params_in_comments_and_strings_do_not_count() -> None:
    text = (
        "// uses $nothing, and it's fine\n"
        "-- nor $this_one\n"
        "# nor $that\n"
        "/* nor $block\n spanning lines */\n"
        "SELECT '$single', \"$double // not a comment\", 'it''s' FROM x WHERE y = $real"
    )
    assert used_params(text) == {"real"}


def test_return_statement_is_refused_but_return_clauses_are_not() -> None:
    with pytest.raises(QueryError, match="RETURN"):
        parse(QueryName.PING, "// params:\nRETURN 1")
    with pytest.raises(QueryError, match="RETURN"):
        parse(QueryName.PING, "// params:\nLET $a = 1;\n  return $a")
    with pytest.raises(QueryError, match="RETURN"):
        parse(QueryName.PING, "// params:\nIF true { RETURN 1 }")
    query = parse(
        QueryName.PING, "// params: ids\nDELETE $ids RETURN BEFORE;\nUPSERT x:1 RETURN NONE"
    )
    assert query.params == {"ids"}


def test_only_the_check_steps_throw() -> None:
    throwing = {n for n in QueryName if re.search(r"\bTHROW\b", code(load(n).text), re.I)}
    assert throwing == {QueryName.CHECK_FACT_SNAPSHOT, QueryName.CLAIM_SUPERSESSION}


def test_backend_names_are_reserved() -> None:
    with pytest.raises(QueryError, match="reserved"):
        parse(QueryName.PING, "// params: tenant_ns\n$tenant_ns")
    with pytest.raises(QueryError, match="reserved"):
        parse(QueryName.PING, "// params:\nLET $step_0 = 1;\n$step_0")


def test_bind_requires_exactly_the_declared_params() -> None:
    query = load(QueryName.DEGREES)
    with pytest.raises(QueryError, match="missing"):
        query.bind({"ids": []})
    with pytest.raises(QueryError, match="unexpected"):
        query.bind({"ids": [], "causal": [], "supportive": [], "extra": 1})
    assert query.bind({"ids": [], "causal": [], "supportive": []})


def test_templates_accept_only_positive_integers() -> None:
    query = load(QueryName.VECTOR_SEARCH)
    assert "<|10,100|>" in query.render(k=10, ef=100)
    for bad in ("10", True, 0, -1, 1.5, "1|> $x; REMOVE DATABASE x; //"):
        with pytest.raises(QueryError):
            query.render(k=bad, ef=100)  # type: ignore[arg-type]
    with pytest.raises(QueryError):
        query.render(k=10)
    with pytest.raises(QueryError):
        load(QueryName.DEGREES).render(k=10)
    with pytest.raises(QueryError, match="templates"):
        parse(QueryName.PING, "// params:\n// templates: k\n1")


def test_schema_dimension_is_a_template() -> None:
    query = load(QueryName.DEFINE_SCHEMA)
    assert query.templates == {"dimension"}
    assert "HNSW DIMENSION 384 " in query.render(dimension=384)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("world-wide", "world wide"),
        ("123e4567-e89b-12d3-a456-426614174000", "123e4567 e89b 12d3 a456 426614174000"),
        ("path/to/file:42", "path to file 42"),
        ("snake_case @content:{x} | -neg", "snake case content x neg"),
        ("Budget budget BUDGET", "budget"),
        ("记忆 and שלום", "记忆 and שלום"),
        ("", None),
        ("  -- ; ' \" ` $x", "x"),
        ("🎉 ***", None),
    ],
)
def test_fulltext_input_is_reduced_to_plain_words(text: str, words: str | None) -> None:
    assert plain_words(text) == words


def test_fulltext_input_keeps_at_most_max_terms() -> None:
    text = " ".join(f"w{i}" for i in range(MAX_TERMS * 2))
    kept = plain_words(text)
    assert kept is not None and len(kept.split()) == MAX_TERMS

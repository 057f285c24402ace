"""Abuse of the HTTP API is refused with a typed answer and never a 500: malformed or oddly
shaped JSON, absurdly nested or with an integer past Python's limit (400 with the request id),
bodies over the limit whether declared or chunked (413 with a GraphQL error), literals over
their limits, unknown fields and arguments, depth, introspection and parser bombs, alias and
token floods and costly queries (GraphQL errors naming the limit, nothing executed), oversized
inputs and huge pages (`InvalidInput` naming the argument). The service keeps answering after
each. Also: the `memories` connection pages through a tenant newest first, and every response
carries its request id."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from graphql import get_introspection_query

from schema import MAX_CONTENT_BYTES, new_memory_id
from service.api.limits import MAX_NUMBER_LITERAL_CHARS, MAX_STRING_LITERAL_CHARS
from tests.integration.service_process import ServiceProcess

BOOTSTRAP = "limits-bootstrap-0123456789abcdef0123456789ab"
MAX_BODY = 1024 * 1024
INVALID = "__typename ... on InvalidInput { field message }"


@pytest.fixture(scope="module")
def secured(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    data_dir = tmp_path_factory.mktemp("limits-service")
    limit = {"RETENTIA_MAX_REQUEST_BYTES": str(MAX_BODY)}
    with ServiceProcess.secured(data_dir, BOOTSTRAP, limit).running() as process:
        yield process


def still_serving(api: ServiceProcess) -> None:
    body = api.graphql("{ stats { __typename } }")
    assert body["data"]["stats"]["__typename"] == "Stats"


def refused(api: ServiceProcess, query: str, variables: dict[str, Any] | None = None) -> str:
    """The one GraphQL error message of a request refused before anything ran."""
    body = api.graphql(query, variables)
    assert body.get("data") is None, body
    messages = [e["message"] for e in body["errors"]]
    assert not any(m.startswith("Unexpected error") for m in messages), messages
    return " | ".join(messages)


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        (b"{not json", "Unable to parse request body as JSON"),
        (b"", "Unable to parse request body as JSON"),
        (b'"a string"', "must be a JSON object"),
        (b"5", "must be a JSON object"),
        (b"null", "must be a JSON object"),
        (b"[]", "Batching is not enabled"),
        (b'{"query": 5}', "`query` must be a string"),
        (b'{"query": "{ stats { __typename } }", "variables": "x"}', "`variables` must be"),
        (b"{}", "No GraphQL query found"),
        (b"\xff\xfe\x00garbage", "Unable to parse request body as JSON"),
        (b"[" * 200_000 + b"]" * 200_000, "nests JSON too deeply"),
        (b'{"query": "{ __typename }", "variables": {"n": ' + b"1" * 5000 + b"}}", "4300 digits"),
    ],
    ids=[
        "syntax",
        "empty",
        "string",
        "number",
        "null",
        "batch",
        "query-type",
        "variables-type",
        "no-query",
        "bad-utf8",
        "deep",
        "huge-integer",
    ],
)
def test_malformed_bodies_are_400(secured: ServiceProcess, content: bytes, reason: str) -> None:
    response = secured.post(
        content=content,
        headers={"Content-Type": "application/json", "X-Request-Id": "malformed-1"},
    )
    assert response.status_code == 400, response.text
    assert reason in response.text
    assert response.headers["x-request-id"] == "malformed-1"
    still_serving(secured)


def test_long_literals_are_refused_naming_their_limit(secured: ServiceProcess) -> None:
    """A string literal past MAX_STRING_LITERAL_CHARS (parsed off the event loop) and a number
    literal past MAX_NUMBER_LITERAL_CHARS (Python cannot even convert 4,300 digits) are GraphQL
    errors naming the limit; the same content in a variable is the content limit's
    `InvalidInput`."""
    before = secured.graphql("{ stats { ... on Stats { memories } } }")["data"]["stats"]
    literal = '"' + "x" * (MAX_STRING_LITERAL_CHARS + 10) + '"'
    store = f"mutation {{ storeMemory(input: {{content: {literal}}}) {{ __typename }} }}"
    body = secured.graphql(store)
    assert body["data"] is None
    (error,) = body["errors"]
    assert error["extensions"] == {"code": "QUERY_TOO_LARGE", "limit": MAX_STRING_LITERAL_CHARS}
    assert "send large values as variables" in error["message"]
    digits = "{ memories(first: " + "9" * 5000 + ") { __typename } }"
    message = refused(secured, digits)
    assert f"a number literal of 5000 characters; the limit is {MAX_NUMBER_LITERAL_CHARS}" in (
        message
    )
    variable = secured.graphql(
        "mutation($c: String!) { storeMemory(input: {content: $c}) { " + INVALID + " } }",
        {"c": "x" * (MAX_STRING_LITERAL_CHARS + 10)},
    )
    assert variable["data"]["storeMemory"]["field"] == "content"
    assert secured.graphql("{ stats { ... on Stats { memories } } }")["data"]["stats"] == before


def test_a_body_that_is_not_json_is_refused(secured: ServiceProcess) -> None:
    response = secured.post(content=b"query { stats }", headers={"Content-Type": "text/plain"})
    assert response.status_code == 400 and "Unsupported content type" in response.text


@pytest.mark.parametrize("declared", [True, False], ids=["content-length", "chunked"])
def test_a_body_over_the_limit_is_413_unread(secured: ServiceProcess, declared: bool) -> None:
    payload = b'{"query": "{ stats { __typename } }", "pad": "' + b"x" * MAX_BODY + b'"}'
    headers = {"Content-Type": "application/json", "Authorization": f"Bearer {BOOTSTRAP}"}
    if declared:
        response = httpx.post(f"{secured.url}/graphql", content=payload, headers=headers)
    else:

        def chunks() -> Iterator[bytes]:
            for start in range(0, len(payload), 64 * 1024):
                yield payload[start : start + 64 * 1024]

        response = httpx.post(f"{secured.url}/graphql", content=chunks(), headers=headers)
        assert "content-length" not in response.request.headers
    assert response.status_code == 413
    (error,) = response.json()["errors"]
    assert error["extensions"] == {"code": "PAYLOAD_TOO_LARGE", "limit": MAX_BODY}
    assert str(MAX_BODY) in error["message"]
    still_serving(secured)


@pytest.mark.parametrize(
    ("query", "variables", "names"),
    [
        ("{ stats { ... on Stats { nope } } }", None, "nope"),
        ("{ nope }", None, "nope"),
        ("{ stats(x: 1) { __typename } }", None, "'x'"),
        ('mutation { storeMemory(input: {content: "x", bogus: 1}) { __typename } }', None, "bogus"),
        (
            "mutation($input: StoreMemoryInput!) { storeMemory(input: $input) { __typename } }",
            {"input": {"content": "x", "bogus": 1}},
            "bogus",
        ),
        ("{ memories(first: 99999999999) { __typename } }", None, "32-bit"),
        ('{ memories(first: "ten") { __typename } }', None, "Int"),
    ],
    ids=["field", "root", "argument", "input-field", "variable-field", "int-overflow", "type"],
)
def test_unknown_or_ill_typed_names_are_graphql_errors(
    secured: ServiceProcess, query: str, variables: dict[str, Any] | None, names: str
) -> None:
    before = secured.graphql("{ stats { ... on Stats { memories } } }")["data"]["stats"]
    assert names in refused(secured, query, variables)
    assert secured.graphql("{ stats { ... on Stats { memories } } }")["data"]["stats"] == before


def test_depth_introspection_and_parser_bombs_are_refused(secured: ServiceProcess) -> None:
    deep = "{ " + "stats { " * 20 + "__typename" + " }" * 21
    assert "exceeds maximum operation depth of 12" in refused(secured, deep)
    bomb = "{ __schema { types { fields { type { fields { type { fields { name } } } } } } } }"
    assert "Maximum introspection depth exceeded" in refused(secured, bomb)
    nested = "{ " + "stats { " * 500 + "__typename" + " }" * 501
    assert "nested too deeply" in refused(secured, nested)
    still_serving(secured)


def test_alias_token_repeat_and_fragment_floods_are_refused(secured: ServiceProcess) -> None:
    aliases = "{ " + " ".join(f"a{i}: stats {{ __typename }}" for i in range(40)) + " }"
    assert refused(secured, aliases) == "40 aliases found. Allowed: 30"
    tokens = "{ " + "__typename " * 2500 + "}"
    assert "more than 2000 tokens" in refused(secured, tokens)
    # Same-named fields are compared pairwise by validation: a few hundred cost seconds.
    repeated = "{ " + "stats { __typename } " * 300 + "}"
    body = secured.graphql(repeated)
    assert body["data"] is None
    (error,) = body["errors"]
    assert error["message"] == "a field is selected 300 times in one selection set; the limit is 5"
    # Each fragment spreads the previous one twice: 2^40 fields once expanded, which the
    # depth and alias limiters (and GraphQL validation) would otherwise walk copy by copy.
    fragments = "fragment F0 on Stats { memories orphans }\n" + "\n".join(
        f"fragment F{i} on Stats {{ ...F{i - 1} ...F{i - 1} }}" for i in range(1, 40)
    )
    body = secured.graphql("{ stats { ...F39 } }\n" + fragments)
    assert body["data"] is None
    (error,) = body["errors"]
    assert error["extensions"] == {"code": "QUERY_TOO_LARGE", "limit": 5000}
    twice = "fragment G on Stats { memories }\n{ stats { ...G ...G ... on Stats { ...G } } }"
    assert secured.graphql(twice)["data"]["stats"].keys() == {"memories"}
    still_serving(secured)


def test_a_repeated_document_is_checked_as_the_first_time(secured: ServiceProcess) -> None:
    """Checks are remembered per query text: a refused document is refused again with the
    same error, a valid one still runs, and the cost limit — which depends on the variables —
    is applied to every request of one text."""
    deep = "{ " + "stats { " * 20 + "__typename" + " }" * 21
    repeated = "{ " + "stats { __typename } " * 10 + "}"
    for _ in range(3):
        assert "exceeds maximum operation depth of 12" in refused(secured, deep)
        assert refused(secured, repeated) == (
            "a field is selected 10 times in one selection set; the limit is 5"
        )
        assert refused(secured, "{ stats { nope } }") == (
            "Cannot query field 'nope' on type 'StatsResult'."
        )
        still_serving(secured)
    selection = "... on Subgraph { nodes { id connectivity { kappa } } edges { source } }"
    ghost = new_memory_id()
    one = f'a: traverse(id: "{ghost}", maxNodes: $n) {{ __typename {selection} }}'
    two = f"query($n: Int!) {{ {one} {one.replace('a:', 'b:', 1)} }}"
    assert secured.graphql(two, {"n": 10})["data"]["a"]["__typename"] == "NotFound"
    costly = secured.graphql(two, {"n": 5000})
    assert costly["data"] is None and costly["errors"][0]["extensions"]["limit"] == 25000
    assert secured.graphql(two, {"n": 10})["data"]["b"]["__typename"] == "NotFound"


def test_a_costly_query_is_refused_before_it_runs(secured: ServiceProcess) -> None:
    selection = "... on Subgraph { nodes { id connectivity { kappa } } edges { source } }"
    ghost = new_memory_id()
    one = f'a: traverse(id: "{ghost}", maxNodes: $n) {{ __typename {selection} }}'
    two = one + " " + one.replace("a:", "b:", 1)
    body = secured.graphql(f"query($n: Int!) {{ {two} }}", {"n": 5000})
    assert body["data"] is None
    (error,) = body["errors"]
    assert error["extensions"] == {"code": "QUERY_TOO_COSTLY", "cost": 30002, "limit": 25000}
    fine = secured.graphql(f"query($n: Int!) {{ {one} }}", {"n": 5000})
    assert fine["data"]["a"]["__typename"] == "NotFound"


def test_oversized_inputs_are_invalid_input_and_write_nothing(secured: ServiceProcess) -> None:
    h = {"X-Retentia-Project": "oversized"}
    too_many = [new_memory_id() for _ in range(257)]
    cases: list[tuple[str, dict[str, Any], str]] = [
        (
            f"mutation($c: String!) {{ r: storeMemory(input: {{content: $c}}) {{ {INVALID} }} }}",
            {"c": "x" * (MAX_CONTENT_BYTES + 1)},
            "content",
        ),
        (
            f'mutation($e: [String!]!) {{ r: storeMemory(input: {{content: "x", entities: $e}})'
            f" {{ {INVALID} }} }}",
            {"e": [f"e{i}" for i in range(65)]},
            "entities",
        ),
        (f"mutation($ids: [ID!]!) {{ r: pinMemories(ids: $ids) {{ {INVALID} }} }}", {}, "ids"),
        (f"mutation($ids: [ID!]!) {{ r: deleteMemories(ids: $ids) {{ {INVALID} }} }}", {}, "ids"),
        (
            "mutation($p: [String!]!) { r: registerFunctionalPredicates(predicates: $p) "
            f"{{ {INVALID} }} }}",
            {"p": [f"p{i}" for i in range(257)]},
            "predicates",
        ),
        (
            f"mutation($l: [LinkInput!]!) {{ r: linkMemories(links: $l) {{ {INVALID} }} }}",
            {"l": [{"sourceId": i, "targetId": i, "type": "SUPPORTS"} for i in too_many]},
            "links",
        ),
        (
            f"mutation($f: [FactInput!]!) {{ r: ingestFacts(facts: $f) {{ {INVALID} }} }}",
            {"f": [{"subject": "a", "predicate": "b", "object": f"c{i}"} for i in range(1001)]},
            "facts",
        ),
    ]
    for query, variables, field in cases:
        sent = {"ids": too_many, **variables}
        if "$ids" not in query:
            sent.pop("ids")
        result = secured.graphql(query, sent, h)["data"]["r"]
        assert result["__typename"] == "InvalidInput" and result["field"] == field, result
    batch = secured.graphql(
        f"mutation($i: [StoreMemoryInput!]!) {{ r: storeMemories(inputs: $i) {{ {INVALID} }} }}",
        {"i": [{"content": f"m{i}"} for i in range(257)]},
        h,
    )["data"]["r"]
    assert len(batch) == 257 and {r["field"] for r in batch} == {"memories"}
    stats = secured.graphql("{ stats { ... on Stats { memories } } }", None, h)["data"]["stats"]
    facts = secured.graphql("{ facts { ... on FactList { facts { id } } } }", None, h)["data"]
    assert stats["memories"] == 0 and facts["facts"]["facts"] == []


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        ("memories(first: {n})", "first"),
        ("facts(limit: {n})", "limit"),
        ("coreMemories(limit: {n})", "limit"),
        ('traverse(id: "' + new_memory_id() + '", maxNodes: {n})', "maxNodes"),
        ('recall(query: "x", k: {n}, readOnly: true)', "k"),
        ('subgraph(entity: "x", first: {n})', "first"),
        ('search(query: "", limit: {n})', "limit"),
    ],
)
@pytest.mark.parametrize("n", [1_000_000, 0, -1])
def test_huge_or_empty_pages_are_invalid_input(
    secured: ServiceProcess, call: str, argument: str, n: int
) -> None:
    body = secured.graphql(f"{{ r: {call.format(n=n)} {{ {INVALID} }} }}")
    assert "errors" not in body, body
    result = body["data"]["r"]
    assert result["__typename"] == "InvalidInput" and result["field"] == argument, result
    assert str(n) in result["message"]


def test_memories_page_through_the_tenant_newest_first(secured: ServiceProcess) -> None:
    h = {"X-Retentia-Project": "paging"}
    stored = []
    for i in range(5):
        r = secured.graphql(
            "mutation($c: String!) { storeMemory(input: {content: $c}) "
            "{ ... on StoreSuccess { memory { id } } } }",
            {"c": f"page item {i}"},
            h,
        )
        stored.append(r["data"]["storeMemory"]["memory"]["id"])
    page = """query($after: String) { memories(first: 2, after: $after) { __typename
      ... on MemoryConnection { nodes { id content } pageInfo { hasNextPage endCursor } } } }"""
    seen: list[str] = []
    flags = []
    after = None
    while True:
        got = secured.graphql(page, {"after": after}, h)["data"]["memories"]
        seen += [n["id"] for n in got["nodes"]]
        flags.append(got["pageInfo"]["hasNextPage"])
        after = got["pageInfo"]["endCursor"]
        if not got["pageInfo"]["hasNextPage"]:
            break
    assert seen == stored[::-1] and flags == [True, True, False]
    last = secured.graphql(page, {"after": after}, h)["data"]["memories"]
    assert last["nodes"] == [] and last["pageInfo"] == {"hasNextPage": False, "endCursor": None}
    for cursor in ("garbage", "bm90LWEtY3Vyc29y", after[:-4] + "AAAA"):
        bad = secured.graphql(
            f"query($a: String!) {{ memories(after: $a) {{ {INVALID} }} }}", {"a": cursor}, h
        )["data"]["memories"]
        assert bad["__typename"] == "InvalidInput" and bad["field"] == "after", bad


def test_graphiql_introspection_fits_the_limits(secured: ServiceProcess) -> None:
    body = secured.graphql(get_introspection_query(descriptions=True))
    assert "errors" not in body
    names = {t["name"] for t in body["data"]["__schema"]["types"]}
    assert {"Query", "Mutation", "ApiKey", "Forbidden", "Unauthenticated"} <= names


def test_every_response_carries_a_request_id(secured: ServiceProcess) -> None:
    given = secured.post(json={"query": "{ __typename }"}, headers={"X-Request-Id": "trace-42"})
    assert given.headers["x-request-id"] == "trace-42"
    for header in ({}, {"X-Request-Id": "no spaces allowed"}, {"X-Request-Id": "x" * 65}):
        made = secured.post(json={"query": "{ __typename }"}, headers=header)
        request_id = made.headers["x-request-id"]
        assert len(request_id) == 16 and int(request_id, 16) >= 0

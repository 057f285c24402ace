"""Every list of the API reads to its end over HTTP: `facts`, `factHistory`, `coreMemories`
and the nodes of `traverse` page with `first`/`after` and `pageInfo { hasNextPage endCursor }`,
each item once and in order; a cursor this API did not hand out for that list and those
arguments is an `InvalidInput` naming `after`; a page too large names the limit and the
argument to page with. Also the limits on a memory's metadata, at the limit and just past it,
one item at a time in a batch."""

from __future__ import annotations

import base64
from typing import Any

import pytest

from schema.values import (
    MAX_METADATA_BYTES,
    MAX_METADATA_ENTRIES,
    MAX_METADATA_KEY_BYTES,
    MAX_METADATA_VALUE_BYTES,
)
from tests.integration.service_process import ServiceProcess

INVALID = "... on InvalidInput { field message }"
FACT_PAGE = """query($first: Int!, $after: String) {
  r: facts(subject: "Alice", first: $first, after: $after) { __typename
    ... on FactList { nodes { id validFrom recordedAt } pageInfo { hasNextPage endCursor } }
    @@ } }""".replace("@@", INVALID)


def pages(
    api: ServiceProcess, query: str, variables: dict[str, Any], headers: dict[str, str]
) -> list[dict[str, Any]]:
    """Every page of a list, following `endCursor` until `hasNextPage` is false."""
    got: list[dict[str, Any]] = []
    after = None
    for _ in range(100):
        body = api.graphql(query, variables | {"after": after}, headers)
        assert "errors" not in body, body
        page = body["data"]["r"]
        got.append(page)
        if not page["pageInfo"]["hasNextPage"]:
            return got
        after = page["pageInfo"]["endCursor"]
    raise AssertionError("the pages never ended")


def ingest(api: ServiceProcess, facts: list[dict[str, Any]], headers: dict[str, str]) -> None:
    body = api.graphql(
        "mutation($f: [FactInput!]!) { ingestFacts(facts: $f) "
        "{ ... on FactBatch { inserted superseded } } }",
        {"f": facts},
        headers,
    )
    written = body["data"]["ingestFacts"]
    assert written["inserted"] + written["superseded"] == len(facts), body


def test_more_than_a_thousand_facts_read_to_the_end(api: ServiceProcess) -> None:
    """2,500 facts, 1,000 a page: three pages, every fact once, newest first."""
    h = {"X-Retentia-Project": "fact-pages"}
    for start in range(0, 2_500, 1_000):
        ingest(
            api,
            [
                {"subject": "Alice", "predicate": "likes", "object": f"item {i}"}
                for i in range(start, min(2_500, start + 1_000))
            ],
            h,
        )
    got = pages(api, FACT_PAGE, {"first": 1_000}, h)
    assert [len(p["nodes"]) for p in got] == [1_000, 1_000, 500]
    nodes = [n for p in got for n in p["nodes"]]
    assert len({n["id"] for n in nodes}) == 2_500
    keys = [(n["validFrom"], n["recordedAt"]) for n in nodes]
    assert keys == sorted(keys, reverse=True)
    legacy = api.graphql(
        '{ facts(subject: "Alice", limit: 3) { ... on FactList { facts { id } } } }', None, h
    )["data"]["facts"]["facts"]
    assert [f["id"] for f in legacy] == [n["id"] for n in nodes[:3]]


def test_a_slot_history_reads_oldest_first_a_page_at_a_time(api: ServiceProcess) -> None:
    h = {"X-Retentia-Project": "history-pages"}
    ingest(
        api,
        [
            {
                "subject": "Bob",
                "predicate": "lives in",
                "object": f"City {i}",
                "validFrom": f"2020-01-{i + 1:02d}T00:00:00Z",
            }
            for i in range(12)
        ],
        h,
    )
    query = """query($after: String) { r: factHistory(subject: "Bob", predicate: "lives in",
      first: 5, after: $after) { ... on FactList { nodes { object }
      pageInfo { hasNextPage endCursor } } } }"""
    got = pages(api, query, {}, h)
    assert [len(p["nodes"]) for p in got] == [5, 5, 2]
    assert [n["object"] for p in got for n in p["nodes"]] == [f"City {i}" for i in range(12)]


def test_core_memories_read_to_the_end(api: ServiceProcess) -> None:
    h = {"X-Retentia-Project": "core-pages"}
    ids = []
    for i in range(7):
        body = api.graphql(
            "mutation($c: String!) { storeMemory(input: {content: $c}) "
            "{ ... on StoreSuccess { memory { id } } } }",
            {"c": f"core page item {i}"},
            h,
        )
        ids.append(body["data"]["storeMemory"]["memory"]["id"])
    api.graphql("mutation($ids: [ID!]!) { approveCore(ids: $ids) { __typename } }", {"ids": ids}, h)
    query = """query($after: String) { r: coreMemories(first: 3, after: $after) {
      ... on MemoryConnection { nodes { id } pageInfo { hasNextPage endCursor } } } }"""
    got = pages(api, query, {}, h)
    assert [len(p["nodes"]) for p in got] == [3, 3, 1]
    assert [n["id"] for p in got for n in p["nodes"]] == list(reversed(ids))


def test_a_traversal_reads_to_the_end(api: ServiceProcess) -> None:
    """A hub and 9 spokes, 4 memories a page: the hub first, then the spokes by id, each once;
    every edge once over the pages."""
    h = {"X-Retentia-Project": "traverse-pages"}
    store = """mutation($c: String!, $r: [RelatedEdgeInput!]!) { storeMemory(input:
      {content: $c, related: $r}) { ... on StoreSuccess { memory { id } } } }"""
    hub = api.graphql(store, {"c": "the hub", "r": []}, h)["data"]["storeMemory"]["memory"]["id"]
    spokes = [
        api.graphql(store, {"c": f"spoke {i}", "r": [{"targetId": hub, "type": "SUPPORTS"}]}, h)[
            "data"
        ]["storeMemory"]["memory"]["id"]
        for i in range(9)
    ]
    query = """query($id: ID!, $after: String) { r: traverse(id: $id, depth: 1,
      edgeTypes: [SUPPORTS], first: 4, after: $after) { ... on Subgraph { nodes { id }
      edges { source target } pageInfo { hasNextPage endCursor } } } }"""
    got = pages(api, query, {"id": hub}, h)
    assert [len(p["nodes"]) for p in got] == [4, 4, 2]
    assert [n["id"] for p in got for n in p["nodes"]] == [hub, *sorted(spokes)]
    edges = [(e["source"], e["target"]) for p in got for e in p["edges"]]
    assert sorted(edges) == sorted((s, hub) for s in spokes)


def _tampered(cursor: str) -> str:
    raw = bytearray(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    raw[-3] ^= 1  # one bit of the position
    return base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")


def test_cursors_not_handed_out_for_that_list_are_invalid_input(api: ServiceProcess) -> None:
    h = {"X-Retentia-Project": "cursor-checks"}
    ingest(
        api, [{"subject": "Alice", "predicate": "likes", "object": f"x{i}"} for i in range(3)], h
    )
    first = api.graphql(FACT_PAGE, {"first": 1}, h)["data"]["r"]
    cursor = first["pageInfo"]["endCursor"]
    assert first["pageInfo"]["hasNextPage"] is True
    other_filters = 'query($after: String) { r: facts(subject: "Bob", after: $after) { @@ } }'
    other_list = "query($after: String) { r: coreMemories(after: $after) { @@ } }"
    memories = "query($after: String) { r: memories(after: $after) { @@ } }"
    other_filters, other_list, memories = (
        q.replace("@@", f"__typename {INVALID}") for q in (other_filters, other_list, memories)
    )
    for query, after in [
        (FACT_PAGE, "garbage"),
        (FACT_PAGE, ""),
        (FACT_PAGE, _tampered(cursor)),
        (FACT_PAGE, cursor[:-2]),
        (FACT_PAGE, "A" * 5_000),
        (other_filters, cursor),
        (other_list, cursor),
        (memories, cursor),
    ]:
        body = api.graphql(
            query, {"first": 1, "after": after} if query is FACT_PAGE else {"after": after}, h
        )
        assert "errors" not in body, body
        result = body["data"]["r"]
        assert result["__typename"] == "InvalidInput" and result["field"] == "after", (after, body)
        assert "endCursor" in result["message"]
    second = api.graphql(FACT_PAGE, {"first": 1, "after": cursor}, h)["data"]["r"]
    assert (
        second["__typename"] == "FactList" and second["nodes"][0]["id"] != first["nodes"][0]["id"]
    )


@pytest.mark.parametrize(
    ("call", "argument", "limit"),
    [
        ("facts(first: 1001)", "first", 1_000),
        ("facts(limit: 1001)", "limit", 1_000),
        ('factHistory(subject: "a", predicate: "b", first: 1001)', "first", 1_000),
        ("coreMemories(first: 1001)", "first", 1_000),
        ("coreMemories(limit: 1001)", "limit", 1_000),
        ('traverse(id: "00000000-0000-4000-8000-000000000000", first: 5001)', "first", 5_000),
        ('traverse(id: "00000000-0000-4000-8000-000000000000", maxNodes: 5001)', "maxNodes", 5_000),
    ],
)
def test_a_page_too_large_names_the_limit_and_how_to_page(
    api: ServiceProcess, call: str, argument: str, limit: int
) -> None:
    result = api.graphql(f"{{ r: {call} {{ __typename {INVALID} }} }}")["data"]["r"]
    assert result["__typename"] == "InvalidInput" and result["field"] == argument, result
    assert f"1..{limit}" in result["message"] and "`after`" in result["message"], result


# -- metadata limits ----------------------------------------------------------------------------

STORE = """mutation($m: [MetadataInput!]!) { r: storeMemory(input: {content: "meta",
  metadata: $m}) { __typename ... on StoreSuccess { memory { metadata { key value } } } INVALID
  } }""".replace("INVALID", INVALID)


def entries(n: int, key: int = 8, value: int = 8) -> list[dict[str, str]]:
    """`n` distinct entries, each key `key` bytes and each value `value` bytes."""
    return [{"key": f"{i:0{key}d}", "value": "v" * value} for i in range(n)]


# The total: 64 entries of 8-byte keys and 248-byte values are exactly 16 KiB.
AT_TOTAL = entries(MAX_METADATA_ENTRIES, 8, MAX_METADATA_BYTES // MAX_METADATA_ENTRIES - 8)
PAST_TOTAL = [*AT_TOTAL[:-1], {**AT_TOTAL[-1], "value": AT_TOTAL[-1]["value"] + "v"}]


@pytest.mark.parametrize(
    ("metadata", "field", "limit"),
    [
        (entries(MAX_METADATA_ENTRIES + 1), "metadata", MAX_METADATA_ENTRIES),
        (entries(1, key=MAX_METADATA_KEY_BYTES + 1), "metadata.key", MAX_METADATA_KEY_BYTES),
        (
            entries(1, value=MAX_METADATA_VALUE_BYTES + 1),
            "metadata.value",
            MAX_METADATA_VALUE_BYTES,
        ),
        (PAST_TOTAL, "metadata", MAX_METADATA_BYTES),
        ([{"key": "", "value": "x"}], "metadata.key", None),
        ([{"key": "k", "value": "a\x00b"}], "metadata.value", None),
    ],
)
def test_metadata_past_a_limit_is_invalid_input_naming_it(
    api: ServiceProcess, metadata: list[dict[str, str]], field: str, limit: int | None
) -> None:
    h = {"X-Retentia-Project": "metadata-limits"}
    result = api.graphql(STORE, {"m": metadata}, h)["data"]["r"]
    assert result["__typename"] == "InvalidInput" and result["field"] == field, result
    if limit is not None:
        assert f"the limit is {limit}" in result["message"], result


@pytest.mark.parametrize(
    "metadata",
    [
        entries(MAX_METADATA_ENTRIES),
        entries(1, key=MAX_METADATA_KEY_BYTES),
        entries(1, value=MAX_METADATA_VALUE_BYTES),
        AT_TOTAL,
    ],
)
def test_metadata_at_each_limit_is_stored_whole(
    api: ServiceProcess, metadata: list[dict[str, str]]
) -> None:
    h = {"X-Retentia-Project": "metadata-limits"}
    result = api.graphql(STORE, {"m": metadata}, h)["data"]["r"]
    assert result["__typename"] == "StoreSuccess", result
    stored = {e["key"]: e["value"] for e in result["memory"]["metadata"]}
    assert stored == {e["key"]: e["value"] for e in metadata}


def test_in_a_batch_only_the_item_past_a_metadata_limit_fails(api: ServiceProcess) -> None:
    h = {"X-Retentia-Project": "metadata-batch"}
    inputs = [
        {"content": "good one", "metadata": entries(2)},
        {"content": "too much", "metadata": entries(MAX_METADATA_ENTRIES + 1)},
        {"content": "good two", "metadata": AT_TOTAL},
    ]
    body = api.graphql(
        "mutation($i: [StoreMemoryInput!]!) { r: storeMemories(inputs: $i) { __typename "
        "... on StoreSuccess { memory { content } } " + INVALID + " } }",
        {"i": inputs},
        h,
    )
    results = body["data"]["r"]
    assert [r["__typename"] for r in results] == ["StoreSuccess", "InvalidInput", "StoreSuccess"]
    assert results[1]["field"] == "metadata"
    listed = api.graphql(
        "{ memories(first: 10) { ... on MemoryConnection { nodes { content } } } }", None, h
    )["data"]["memories"]["nodes"]
    assert sorted(n["content"] for n in listed) == ["good one", "good two"]

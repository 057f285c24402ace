"""Recall, search and explain over real HTTP against a running service (embedded FalkorDB, the
real MiniLM embedder)."""

from __future__ import annotations

import signal
from typing import Any

from tests.integration.service_process import ServiceProcess

H = {"X-Retentia-Org": "recall", "X-Retentia-Project": "http"}
STORE = """mutation($inputs: [StoreMemoryInput!]!) { storeMemories(inputs: $inputs) {
  ... on StoreSuccess { memory { id category } } } }"""
RECALL = """query($q: String!, $k: Int! = 5, $verbosity: Verbosity! = FULL, $legs: [Leg!],
                  $readOnly: Boolean! = true) {
  recall(query: $q, k: $k, verbosity: $verbosity, legs: $legs, readOnly: $readOnly) {
    __typename
    ... on Recall { intent degraded failedLegs { leg error } category
      hits { id summary status score activation supersededBy memory { id content }
             fused similarity legs { leg rank } terms { name value } injected backfilled } }
    ... on InvalidInput { field message } } }"""
SEARCH = """query($q: String!, $category: [Category!], $limit: Int! = 10) {
  search(query: $q, category: $category, limit: $limit) { __typename
    ... on Recall { hits { id memory { content category } } }
    ... on InvalidInput { field message } } }"""


def stored(
    api: ServiceProcess, inputs: list[dict[str, Any]], headers: dict[str, str] = H
) -> list[str]:
    result = api.graphql(STORE, {"inputs": inputs}, headers)["data"]["storeMemories"]
    return [r["memory"]["id"] for r in result]


def test_recall_search_and_explain(api: ServiceProcess) -> None:
    ids = stored(
        api,
        [
            {
                "content": "Caroline went to the LGBTQ support group on Tuesday",
                "sourceSession": "s1",
            },
            {"content": "Melanie painted a sunrise over the lake", "sourceSession": "s1"},
            {"content": "Caroline is researching adoption agencies", "sourceSession": "s1"},
            {"content": "Pay the rent before the first of the month", "category": "OBLIGATIONS"},
        ],
    )
    result = api.graphql(RECALL, {"q": "When did Caroline go to the support group?"}, H)
    recall = result["data"]["recall"]
    assert recall["__typename"] == "Recall" and recall["degraded"] is False
    assert recall["intent"] == "CURRENT"
    top = recall["hits"][0]
    assert top["id"] == ids[0] and top["memory"]["content"].startswith("Caroline went")
    legs = {leg["leg"] for leg in top["legs"]}
    assert {"VECTOR", "FULLTEXT"} <= legs
    terms = {t["name"]: t["value"] for t in top["terms"]}
    assert {"relevance", "decay", "validity", "survival", "co_retrieval"} <= set(terms)
    assert terms["relevance"] == 1.0

    concise = api.graphql(RECALL, {"q": "Caroline support group", "verbosity": "CONCISE"}, H)[
        "data"
    ]["recall"]["hits"][0]
    assert concise["memory"] is None and concise["legs"] is None and concise["summary"]
    assert 0.0 < concise["activation"] <= 1.0

    only_text = api.graphql(RECALL, {"q": "sunrise lake", "legs": ["FULLTEXT"]}, H)
    assert only_text["data"]["recall"]["hits"][0]["id"] == ids[1]
    # A leg is a `Leg`: GraphQL refuses an unknown one, naming it, before recall runs.
    bad_leg = api.graphql(RECALL, {"q": "x", "legs": ["telepathy"]}, H)
    assert bad_leg["data"] is None and "telepathy" in bad_leg["errors"][0]["message"]
    bad_k = api.graphql(RECALL, {"q": "x", "k": 10_000}, H)["data"]["recall"]
    assert bad_k["__typename"] == "InvalidInput" and bad_k["field"] == "k"

    by_category = api.graphql(SEARCH, {"q": "", "category": ["OBLIGATIONS"]}, H)["data"]["search"]
    assert [h["id"] for h in by_category["hits"]] == [ids[3]]
    recent = api.graphql(SEARCH, {"q": "", "limit": 2}, H)["data"]["search"]["hits"]
    assert len(recent) == 2
    found = api.graphql(SEARCH, {"q": "adoption agencies"}, H)["data"]["search"]["hits"]
    assert found[0]["id"] == ids[2]

    explained = api.graphql(
        """query($id: ID!, $q: String) { explain(id: $id, query: $q) {
          ... on Explanation { recall { score legs { leg rank } terms { name value } } } } }""",
        {"id": ids[0], "q": "Caroline support group"},
        H,
    )["data"]["explain"]["recall"]
    assert explained is not None and {x["leg"] for x in explained["legs"]} >= {"VECTOR"}


def test_recall_reactivates_unless_read_only(api: ServiceProcess) -> None:
    h = {**H, "X-Retentia-Project": "reactivate"}
    (memory_id,) = stored(api, [{"content": "The zebra escaped the zoo"}], h)
    count = """query($id: ID!) { memory(id: $id) { ... on Memory { reactivationCount } } }"""
    api.graphql(RECALL, {"q": "zebra zoo", "readOnly": True}, h)
    assert api.graphql(count, {"id": memory_id}, h)["data"]["memory"]["reactivationCount"] == 0
    api.graphql(RECALL, {"q": "zebra zoo", "readOnly": False}, h)
    assert api.graphql(count, {"id": memory_id}, h)["data"]["memory"]["reactivationCount"] == 1


def test_reactivations_of_answered_recalls_survive_a_clean_stop(api: ServiceProcess) -> None:
    """Recalls answered just before a SIGTERM: their reactivations, queued after the answers,
    are written before the service exits (or already were) and read after the restart."""
    h = {**H, "X-Retentia-Project": "drain"}
    (memory_id,) = stored(api, [{"content": "The okapi sleeps at noon"}], h)
    for _ in range(5):
        api.graphql(RECALL, {"q": "okapi noon", "readOnly": False}, h)
    assert api.stop(signal.SIGTERM) in (0, -signal.SIGTERM)  # a clean stop, not a kill
    api.start()
    count = """query($id: ID!) { memory(id: $id) { ... on Memory { reactivationCount } } }"""
    assert api.graphql(count, {"id": memory_id}, h)["data"]["memory"]["reactivationCount"] == 5


FACT_RECALL = """query($q: String!) { recall(query: $q, readOnly: true) { __typename
  ... on Recall { facts { score current legs { leg rank }
                          fact { subject predicate object validFrom confidence sourceId } } } } }"""
CONTEXT = """query($q: String!, $budget: Int!) { context(query: $q, budget: $budget) {
  __typename
  ... on Context { text tokens budget tokenizer order
                   items { kind id text tokens position at } dropped { reason item { id } } }
  ... on InvalidInput { field message } } }"""
INGEST = """mutation($facts: [FactInput!]!) { ingestFacts(facts: $facts) { __typename } }"""


def test_facts_in_recall_and_the_context_block(api: ServiceProcess) -> None:
    """A fact ingested without a memory comes back in recall with its validity and no source,
    and heads the context block; a budget out of range is a typed InvalidInput."""
    headers = {"X-Retentia-Org": "recall", "X-Retentia-Project": "context"}
    fact = {"subject": "Carol", "predicate": "lives in", "object": "Oslo"}
    fact |= {"validFrom": "2025-06-01T00:00:00Z"}
    assert api.graphql(INGEST, {"facts": [fact]}, headers)["data"]["ingestFacts"]
    stored(api, [{"content": "Carol's new flat has a view of the fjord"}], headers)
    recall = api.graphql(FACT_RECALL, {"q": "Where does Carol live?"}, headers)["data"]["recall"]
    (found,) = [f for f in recall["facts"] if f["fact"]["object"] == "Oslo"]
    assert found["current"] is True and found["fact"]["sourceId"] is None and found["legs"]
    assert found["fact"]["validFrom"].startswith("2025-06-01")
    block = api.graphql(CONTEXT, {"q": "Where does Carol live?", "budget": 128}, headers)
    context = block["data"]["context"]
    assert context["__typename"] == "Context" and 0 < context["tokens"] <= 128
    assert context["items"][0]["kind"] == "FACT"
    assert context["text"].startswith("Current facts:\n- Carol lives in Oslo — since 2025-06")
    bad = api.graphql(CONTEXT, {"q": "Carol", "budget": 1}, headers)["data"]["context"]
    assert bad["__typename"] == "InvalidInput" and bad["field"] == "budget"


def test_the_temporal_leg_over_http(api: ServiceProcess) -> None:
    """`TEMPORAL` is a `Leg`: a query naming a time ("in the past two days", which holds a
    midnight passing while the test runs) finds what was just stored by it alone, each hit
    ranked by that leg; a query naming no time runs nothing in it."""
    headers = {**H, "X-Retentia-Project": "temporal"}
    ids = stored(
        api,
        [
            {"content": "Dana repaired the garden fence"},
            {"content": "Dana planted tomatoes by the fence"},
        ],
        headers,
    )
    dated = api.graphql(
        RECALL,
        {"q": "What did Dana do to the fence in the past two days?", "legs": ["TEMPORAL"]},
        headers,
    )["data"]["recall"]
    assert dated["__typename"] == "Recall" and dated["degraded"] is False
    assert {h["id"] for h in dated["hits"]} == set(ids)
    assert all([leg["leg"] for leg in h["legs"]] == ["TEMPORAL"] for h in dated["hits"])
    undated = api.graphql(
        RECALL, {"q": "What did Dana do to the fence?", "legs": ["TEMPORAL"]}, headers
    )["data"]["recall"]
    assert undated["__typename"] == "Recall" and undated["hits"] == []

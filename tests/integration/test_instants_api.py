"""Every DateTime argument and input field of the API is checked at the door: an instant
without a zone, or one whose UTC value lies outside 0001-01-01T00:00:00Z … 9999-12-31T23:59:59.
999999Z, is `InvalidInput` naming the field — never "Unexpected error" — and nothing is
written, so every read of the project keeps answering afterwards (issue 49)."""

from __future__ import annotations

from typing import Any

from tests.integration.service_process import ServiceProcess

LAST_WEST = "9999-12-31T23:59:59-14:00"
FIRST_EAST = "0001-01-01T00:00:00+14:00"
NAIVE = "2025-01-01T00:00:00"
H = {"X-Retentia-Project": "instants"}

INGEST = """mutation($facts: [FactInput!]!) { ingestFacts(facts: $facts) {
  __typename ... on FactBatch { inserted errors results { factId field reason } } } }"""
RETRACT = """mutation($id: ID!, $at: DateTime) { retractFact(id: $id, at: $at) {
  __typename ... on InvalidInput { field message } } }"""
STORE = """mutation($input: StoreMemoryInput!) { storeMemory(input: $input) {
  __typename ... on InvalidInput { field message }
  ... on StoreSuccess { facts { inserted errors results { field } } } } }"""
READS = {
    "facts": "query($at: DateTime) { r: facts(asOf: $at) { __typename "
    "... on InvalidInput { field } ... on FactList { nodes { id } } } }",
    "from": "query($at: DateTime) { r: facts(from: $at) { __typename ... on InvalidInput "
    "{ field } } }",
    "to": "query($at: DateTime) { r: facts(to: $at) { __typename ... on InvalidInput { field } } }",
    "recall": 'query($at: DateTime) { r: recall(query: "Oslo", asOf: $at, readOnly: true) '
    "{ __typename ... on InvalidInput { field } } }",
    "context": 'query($at: DateTime) { r: context(query: "Oslo", asOf: $at) { __typename '
    "... on InvalidInput { field } } }",
    "since": "query($at: DateTime) { r: search(since: $at) { __typename ... on InvalidInput "
    "{ field } } }",
    "activeSince": "query($at: DateTime) { r: search(activeSince: $at) { __typename "
    "... on InvalidInput { field } } }",
}
FIELD = {"facts": "asOf", "recall": "asOf", "context": "asOf"}


def fact(**times: str) -> dict[str, Any]:
    return {"subject": "Alice", "predicate": "lives in", "object": "Oslo", **times}


def read(api: ServiceProcess, name: str, at: str | None) -> dict[str, Any]:
    body = api.graphql(READS[name], {"at": at}, H)
    assert "errors" not in body, body
    answer: dict[str, Any] = body["data"]["r"]
    return answer


def test_instants_outside_the_range_or_without_a_zone_are_invalid_input(
    api: ServiceProcess,
) -> None:
    batch = api.graphql(INGEST, {"facts": [fact()]}, H)["data"]["ingestFacts"]
    assert batch["inserted"] == 1
    fact_id = batch["results"][0]["factId"]

    for at in (LAST_WEST, FIRST_EAST, NAIVE):
        body = api.graphql(RETRACT, {"id": fact_id, "at": at}, H)
        assert body["data"]["retractFact"]["__typename"] == "InvalidInput", body
        assert body["data"]["retractFact"]["field"] == "at"
        for name in READS:
            answer = read(api, name, at)
            assert answer == {"__typename": "InvalidInput", "field": FIELD.get(name, name)}

    for key in ("validFrom", "validTo", "eventTime"):
        for at in (FIRST_EAST, LAST_WEST, NAIVE):
            got = api.graphql(INGEST, {"facts": [fact(**{key: at})]}, H)["data"]["ingestFacts"]
            assert got["errors"] == 1 and got["inserted"] == 0, got
    for at in (FIRST_EAST, LAST_WEST):
        body = api.graphql(STORE, {"input": {"content": "Alice moved", "eventTime": at}}, H)
        assert body["data"]["storeMemory"]["__typename"] == "InvalidInput", body
        # A memory's facts are each answered on their own, as in ingestFacts.
        body = api.graphql(
            STORE, {"input": {"content": "Alice moved", "facts": [fact(validFrom=at)]}}, H
        )
        given = body["data"]["storeMemory"]["facts"]
        assert given == {"inserted": 0, "errors": 1, "results": [{"field": "valid_from"}]}

    # The project still answers every read: nothing out of range was written.
    assert read(api, "facts", None)["nodes"] == [{"id": fact_id}]
    assert "Unexpected error" not in api.output_tail()
    for name in ("recall", "context"):
        assert read(api, name, None)["__typename"] != "InvalidInput"


def test_the_ends_of_the_range_are_accepted_and_read_back(api: ServiceProcess) -> None:
    """The bounds themselves are valid instants: stored, retracted at, and read at."""
    h = {"X-Retentia-Project": "instant-bounds"}
    times = {"validFrom": "0001-01-01T00:00:00Z", "eventTime": "9999-12-31T23:59:59.999999Z"}
    batch = api.graphql(INGEST, {"facts": [fact(**times)]}, h)["data"]["ingestFacts"]
    assert batch["inserted"] == 1, batch
    fact_id = batch["results"][0]["factId"]
    body = api.graphql(RETRACT, {"id": fact_id, "at": "9999-12-31T23:59:59.999999Z"}, h)
    assert body["data"]["retractFact"]["__typename"] == "Fact", body
    for at in ("0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999Z", None):
        for name in READS:
            body = api.graphql(READS[name], {"at": at}, h)
            assert "errors" not in body, body

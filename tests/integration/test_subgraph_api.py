"""The `subgraph` query over the real service: a capped subgraph says how many memories it
left out (`total`, `truncated`), its edges never point outside what it returns, a missing id is
a typed NotFound, and a subgraph that may return too many objects is refused by the same cost
rule as every other query, before it runs."""

from __future__ import annotations

from pathlib import Path

from schema import new_memory_id
from tests.integration.service_process import ServiceProcess

STORE = """mutation($content: String!, $related: [RelatedEdgeInput!]!) {
  storeMemory(input: {content: $content, related: $related, entities: ["pump-7"]}) {
    ... on StoreSuccess { memory { id } }
  }
}"""
SUBGRAPH = """query($ids: [ID!], $entity: String, $first: Int!) {
  subgraph(ids: $ids, entity: $entity, first: $first, depth: 1, edgeTypes: [SUPPORTS]) {
    __typename
    ... on BoundedSubgraph { nodes { id } edges { source target } seeds total totalExact truncated }
    ... on NotFound { kind key }
  }
}"""


def test_a_capped_subgraph_counts_what_it_left_out(tmp_path: Path) -> None:
    service = ServiceProcess(tmp_path / "service")
    with service.running():
        hub = service.graphql(STORE, {"content": "pump 7 failed at the night shift", "related": []})
        hub_id = hub["data"]["storeMemory"]["memory"]["id"]
        for i in range(6):
            service.graphql(
                STORE,
                {
                    "content": f"operator note {i}: pump 7 rattled before it stopped",
                    "related": [{"targetId": hub_id, "type": "SUPPORTS"}],
                },
            )
        body = service.graphql(SUBGRAPH, {"ids": [hub_id], "first": 3})
        got = body["data"]["subgraph"]
        assert got["__typename"] == "BoundedSubgraph", body
        shown = {n["id"] for n in got["nodes"]}
        assert got["nodes"][0]["id"] == hub_id and len(shown) == 3
        assert (got["total"], got["totalExact"], got["truncated"]) == (7, True, True)
        assert all(e["source"] in shown and e["target"] in shown for e in got["edges"])

        whole = service.graphql(SUBGRAPH, {"entity": "PUMP-7", "first": 100})["data"]["subgraph"]
        assert whole["total"] == 7 and not whole["truncated"] and len(whole["edges"]) == 6

        ghost = new_memory_id()
        missing = service.graphql(SUBGRAPH, {"ids": [ghost], "first": 10})["data"]["subgraph"]
        assert missing == {"__typename": "NotFound", "kind": "memory", "key": ghost}

        selection = (
            "... on BoundedSubgraph { nodes { id connectivity { kappa } } edges { source } }"
        )
        one = f"a: subgraph(ids: $ids, first: 5000) {{ __typename {selection} }}"
        two = one + " " + one.replace("a:", "b:", 1)
        costly = service.graphql(f"query($ids: [ID!]) {{ {two} }}", {"ids": [hub_id]})
        assert costly["data"] is None
        assert costly["errors"][0]["extensions"]["code"] == "QUERY_TOO_COSTLY"
        fine = service.graphql(f"query($ids: [ID!]) {{ {one} }}", {"ids": [hub_id]})
        assert fine["data"]["a"]["__typename"] == "BoundedSubgraph"

"""The GraphQL API over real HTTP against a running uvicorn process on the embedded default:
every operation end to end, typed errors for bad input, nothing written on error, a huge
document refused without stalling /healthz, tenant isolation by header, offline GraphiQL, and
persistence across restarts (clean and SIGKILL)."""

from __future__ import annotations

import re
import signal
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from schema import MAX_CONTENT_BYTES, new_memory_id
from service.api.graphiql import ASSET_FILES
from service.api.limits import MAX_DOCUMENT_CHARS
from tests.integration.service_process import ServiceProcess

MEMORY_FIELDS = """
  __typename
  ... on Memory { id content status entities category createdAt
                  metadata { key value } connectivity { kappa delta orphan } }
  ... on InvalidInput { field message }
  ... on NotFound { kind key message }
"""
STORE = """mutation($input: StoreMemoryInput!) { storeMemory(input: $input) {
  __typename
  ... on StoreSuccess {
    memory { __typename id content status entities category createdAt
             metadata { key value } connectivity { kappa delta orphan } }
    autoLinks { source target type createdBy weight }
    possibleConflicts { memoryId kind detail }
    updates { source target type createdBy weight reason } }
  ... on InvalidInput { field message }
  ... on NotFound { kind key message } } }"""
#: What a refused `createdAt` of a single store names.
CREATED_AT = "memories[0].created_at"
GET = f"query($id: ID!) {{ memory(id: $id) {{ {MEMORY_FIELDS} }} }}"
STATS = """{ stats { __typename
  ... on Stats { memories orphans kappaMax edges { type count } }
  ... on InvalidInput { field message } } }"""


def store(
    api: ServiceProcess, headers: dict[str, str] | None = None, **input: Any
) -> dict[str, Any]:
    """The stored memory (flattened out of StoreSuccess, with its links and hints) or the
    typed error."""
    result: dict[str, Any] = api.graphql(STORE, {"input": input}, headers)["data"]["storeMemory"]
    if result["__typename"] == "StoreSuccess":
        return {
            **result["memory"],
            "autoLinks": result["autoLinks"],
            "updates": result["updates"],
            "possibleConflicts": result["possibleConflicts"],
        }
    return result


def memory_count(api: ServiceProcess, headers: dict[str, str] | None = None) -> int:
    count: int = api.graphql(STATS, headers=headers)["data"]["stats"]["memories"]
    return count


def test_health_endpoints(api: ServiceProcess) -> None:
    assert httpx.get(f"{api.url}/healthz").json() == {"status": "ok"}
    assert httpx.get(f"{api.url}/readyz").json() == {"status": "ready"}


def test_a_huge_literal_is_refused_unparsed_and_health_answers_meanwhile(
    api: ServiceProcess, record_property: Callable[[str, object], None]
) -> None:
    """A 10 MB string literal in a document is refused by the document's own limit before it
    is lexed — lexing it held the event loop, /healthz with it, for seconds — and /healthz,
    asked from another connection while such requests are sent, decoded and refused, answers
    every time. How long it waited is recorded (`healthz_waits_s`), not asserted: tests do not
    fail on the clock; that the parser never sees such a document is
    tests/unit/test_limits.py's."""
    before = memory_count(api)
    literal = "x" * (10 * 1024 * 1024)
    query = f'mutation {{ storeMemory(input: {{content: "{literal}"}}) {{ __typename }} }}'
    answers: list[httpx.Response] = []

    def send() -> None:
        for _ in range(3):
            answers.append(api.post(json={"query": query}))

    sender = threading.Thread(target=send)
    sender.start()
    waits: list[float] = []
    with httpx.Client(base_url=api.url, timeout=60) as health:
        while True:
            started = time.monotonic()
            assert health.get("/healthz").json() == {"status": "ok"}
            waits.append(time.monotonic() - started)
            if not sender.is_alive():
                break
            time.sleep(0.05)
    sender.join()
    record_property("healthz_waits_s", [round(w, 3) for w in waits])
    assert len(answers) == 3
    for response in answers:
        assert response.status_code == 200, response.text
        (error,) = response.json()["errors"]
        assert error["extensions"] == {"code": "QUERY_TOO_LARGE", "limit": MAX_DOCUMENT_CHARS}
        assert "send large values as variables" in error["message"]
        assert response.headers["x-request-id"]
    assert memory_count(api) == before


@pytest.mark.parametrize(
    "content",
    [
        "Alice moved to Berlin-Mitte on 2024-03-01 🎉",
        "MATCH (n) DETACH DELETE n; CALL db.idx.fulltext.queryNodes('Memory','*')",
        '-foo | @content:{x} "quoted" `tick` \\ %fuzzy% 123e4567-e89b-12d3-a456-426614174000',
        "long text " * 10_000,
    ],
    ids=["plain", "cypher", "redisearch", "100KB"],
)
def test_store_then_get_returns_content_byte_for_byte(api: ServiceProcess, content: str) -> None:
    stored = store(api, content=content, entities=["Alice"], metadata=[{"key": "k", "value": "v"}])
    assert stored["__typename"] == "Memory"
    got = api.graphql(GET, {"id": stored["id"]})["data"]["memory"]
    assert got["content"].encode() == content.encode()
    assert got["entities"] == ["Alice"] and got["metadata"] == [{"key": "k", "value": "v"}]
    assert got["status"] == "TAGGED" and got["connectivity"] == {
        "kappa": 0,
        "delta": 0,
        "orphan": True,
    }


@pytest.mark.parametrize(
    ("input", "field", "fragment"),
    [
        ({"content": ""}, "content", "empty"),
        ({"content": "x" * (MAX_CONTENT_BYTES + 1)}, "content", str(MAX_CONTENT_BYTES)),
        ({"content": "nul \x00 byte"}, "content", "NUL"),
        (
            {"content": "ok", "related": [{"targetId": "not-a-uuid", "type": "CAUSED_BY"}]},
            "id",
            "UUID",
        ),
        (
            {
                "content": "ok",
                "related": [{"targetId": new_memory_id(), "type": "CAUSED_BY", "weight": 7}],
            },
            "weight",
            "outside",
        ),
        ({"content": "ok", "createdAt": "2999-01-01T00:00:00Z"}, CREATED_AT, "in the future"),
        ({"content": "ok", "createdAt": "1969-07-20T20:17:00Z"}, CREATED_AT, "1970-01-01"),
    ],
)
def test_bad_input_is_a_typed_error_and_writes_nothing(
    api: ServiceProcess, input: dict[str, Any], field: str, fragment: str
) -> None:
    before = memory_count(api)
    result = store(api, **input)
    assert result["__typename"] == "InvalidInput"
    assert result["field"] == field and fragment in result["message"]
    assert memory_count(api) == before


def test_a_memory_keeps_the_creation_instant_it_was_stored_with(api: ServiceProcess) -> None:
    """History imported with its own time reads back with that time, in the store's answer
    and from the database."""
    result = store(api, content="we moved to Porto", createdAt="2024-03-01T09:30:00+01:00")
    assert result["createdAt"] == "2024-03-01T08:30:00+00:00"
    got = api.graphql(GET, {"id": result["id"]})["data"]["memory"]
    assert got["createdAt"] == result["createdAt"]


def test_edge_to_missing_memory_is_not_found_and_writes_nothing(
    api: ServiceProcess,
) -> None:
    before = memory_count(api)
    ghost = new_memory_id()
    result = store(
        api, content="orphaned cause", related=[{"targetId": ghost, "type": "CAUSED_BY"}]
    )
    assert result == {
        "__typename": "NotFound",
        "kind": "memory",
        "key": ghost,
        "message": f"memory {ghost!r} does not exist",
    }
    assert memory_count(api) == before


def test_unknown_edge_type_is_refused_by_the_schema(api: ServiceProcess) -> None:
    body = api.graphql(
        STORE,
        {"input": {"content": "x", "related": [{"targetId": new_memory_id(), "type": "LIKES"}]}},
    )
    assert body["data"] is None and "LIKES" in body["errors"][0]["message"]


def test_malformed_id_and_missing_memory(api: ServiceProcess) -> None:
    bad = api.graphql(GET, {"id": "1' OR '1'='1"})["data"]["memory"]
    assert bad["__typename"] == "InvalidInput" and bad["field"] == "id"
    missing = api.graphql(GET, {"id": new_memory_id()})["data"]["memory"]
    assert missing["__typename"] == "NotFound"


def test_link_traverse_and_stats(api: ServiceProcess) -> None:
    headers = {"X-Retentia-Project": "graph-test"}
    a = store(api, headers, content="the server crashed")["id"]
    b = store(api, headers, content="the disk was full", related=[])["id"]
    c = store(
        api,
        headers,
        content="logs were never rotated",
        related=[{"targetId": b, "type": "CAUSED_BY", "reason": "no logrotate"}],
    )
    assert c["__typename"] == "Memory" and c["status"] == "ACTIVE"
    linked = api.graphql(
        """mutation($links: [LinkInput!]!) { linkMemories(links: $links) {
             __typename ... on LinkSuccess { edges { source target type partition createdBy } }
             ... on NotFound { key } } }""",
        {
            "links": [
                {"sourceId": b, "targetId": a, "type": "CAUSED_BY"},
                {"sourceId": a, "targetId": c["id"], "type": "RELATED_TO"},
            ]
        },
        headers,
    )["data"]["linkMemories"]
    assert linked["__typename"] == "LinkSuccess"
    assert {(e["type"], e["partition"]) for e in linked["edges"]} == {
        ("CAUSED_BY", "CAUSAL"),
        ("RELATED_TO", "SUPPORTIVE"),
    }

    ghost = new_memory_id()
    failed = api.graphql(
        """mutation($links: [LinkInput!]!) { linkMemories(links: $links) {
             __typename ... on NotFound { key } } }""",
        {
            "links": [
                {"sourceId": a, "targetId": b, "type": "SUPPORTS"},
                {"sourceId": a, "targetId": ghost, "type": "SUPPORTS"},
            ]
        },
        headers,
    )["data"]["linkMemories"]
    assert failed == {"__typename": "NotFound", "key": ghost}

    sub = api.graphql(
        """query($id: ID!) { traverse(id: $id, depth: 2, edgeTypes: [CAUSED_BY], direction: OUT) {
             __typename ... on Subgraph { nodes { id connectivity { kappa delta } }
                                         edges { source target type reason } } } }""",
        {"id": c["id"]},
        headers,
    )["data"]["traverse"]
    assert [n["id"] for n in sub["nodes"]] == [c["id"], b, a]
    assert {(e["source"], e["target"], e["reason"]) for e in sub["edges"]} == {
        (c["id"], b, "no logrotate"),
        (b, a, None),
    }
    kappa = {n["id"]: n["connectivity"]["kappa"] for n in sub["nodes"]}
    assert kappa == {a: 1, b: 2, c["id"]: 1}

    stats = api.graphql(STATS, headers=headers)["data"]["stats"]
    edges = {e["type"]: e["count"] for e in stats["edges"]}
    assert (stats["memories"], stats["orphans"], stats["kappaMax"]) == (3, 0, 2)
    assert (edges["CAUSED_BY"], edges["RELATED_TO"], edges["SUPPORTS"]) == (2, 1, 0)


def test_batch_store_keeps_good_items(api: ServiceProcess) -> None:
    headers = {"X-Retentia-Project": "batch-test"}
    body = api.graphql(
        """mutation($inputs: [StoreMemoryInput!]!) { storeMemories(inputs: $inputs) {
             __typename ... on StoreSuccess { memory { content } } ... on InvalidInput { field }
             ... on NotFound { key } } }""",
        {
            "inputs": [
                {"content": "first"},
                {"content": ""},
                {"content": "third"},
                {
                    "content": "fourth",
                    "related": [{"targetId": new_memory_id(), "type": "SUPPORTS"}],
                },
            ]
        },
        headers,
    )["data"]["storeMemories"]
    assert [r["__typename"] for r in body] == [
        "StoreSuccess",
        "InvalidInput",
        "StoreSuccess",
        "NotFound",
    ]
    assert memory_count(api, headers) == 2


def test_a_store_answers_the_update_it_recognised(api: ServiceProcess) -> None:
    """A memory restating an earlier one with a changed count comes back with the SUPERSEDES
    edge the offline detector made (it was in explain only); a memory with nothing earlier to
    update comes back with none."""
    tenant = {"X-Retentia-Org": "updates", "X-Retentia-Project": f"p-{new_memory_id()[:8]}"}
    old = store(api, tenant, content="user: I've added 17 new postcards to my collection so far.")
    assert old["updates"] == []
    new = store(
        api, tenant, content="user: Big news: I've added 25 new postcards to my collection now."
    )
    (update,) = new["updates"]
    assert (update["source"], update["target"]) == (new["id"], old["id"])
    assert (update["type"], update["createdBy"]) == ("SUPERSEDES", "DETECTOR")
    assert 0 < update["weight"] <= 1 and "17" in update["reason"] and "25" in update["reason"]


def test_tenants_are_isolated_by_header(api: ServiceProcess) -> None:
    alpha = {"X-Retentia-Org": "alpha", "X-Retentia-Project": "p"}
    beta = {"X-Retentia-Org": "beta", "X-Retentia-Project": "p"}
    mid = store(api, alpha, content="alpha's secret")["id"]
    assert api.graphql(GET, {"id": mid}, beta)["data"]["memory"]["__typename"] == "NotFound"
    assert api.graphql(GET, {"id": mid}, alpha)["data"]["memory"]["content"] == "alpha's secret"
    bad = api.graphql(GET, {"id": mid}, {"X-Retentia-Org": "alpha:p"})["data"]["memory"]
    assert bad["__typename"] == "InvalidInput" and bad["field"] == "org"


def test_graphiql_is_served_offline(api: ServiceProcess) -> None:
    page = httpx.get(f"{api.url}/graphql", headers={"Accept": "text/html"})
    assert page.status_code == 200 and "GraphiQL" in page.text
    assert not re.search(r"https?://", page.text), "the page must not load anything remote"
    for name in ASSET_FILES:
        assert f"/static/graphiql/{name}" in page.text
        asset = httpx.get(f"{api.url}/static/graphiql/{name}")
        assert asset.status_code == 200 and len(asset.content) > 1000


BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


def test_a_browser_get_with_a_query_opens_graphiql_unrun(api: ServiceProcess) -> None:
    """A link to /graphql?query=… followed by a browser (Accept: text/html) answers the
    GraphiQL page — which fills its editor from the URL — and runs nothing, not even a
    mutation; a client asking for JSON (or anything, like curl's */*) still gets a query run
    over GET, and a mutation over GET is refused and writes nothing."""
    before = memory_count(api)
    mutation = 'mutation { storeMemory(input: {content: "stored by a link"}) { __typename } }'
    for query in (STATS, mutation):
        page = httpx.get(
            f"{api.url}/graphql", params={"query": query}, headers={"Accept": BROWSER_ACCEPT}
        )
        assert page.status_code == 200, page.text
        assert page.headers["content-type"].startswith("text/html")
        assert "GraphiQL" in page.text and "URLSearchParams" in page.text
    assert memory_count(api) == before

    for accept in ("application/json", "*/*", "text/html, application/json"):
        ran = httpx.get(f"{api.url}/graphql", params={"query": STATS}, headers={"Accept": accept})
        assert ran.status_code == 200, (accept, ran.text)
        assert ran.json()["data"]["stats"]["memories"] == before, accept
    refused = httpx.get(
        f"{api.url}/graphql", params={"query": mutation}, headers={"Accept": "application/json"}
    )
    assert refused.status_code == 400 and "mutations are not allowed when using GET" in refused.text
    assert memory_count(api) == before


def test_development_mode_allows_introspection(api: ServiceProcess) -> None:
    """In development mode (no keys) every request may introspect the schema."""
    body = api.graphql("{ __schema { queryType { name } } }")
    assert body.get("errors") is None and body["data"]["__schema"]["queryType"]["name"] == "Query"


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGKILL], ids=["clean", "sigkill"])
def test_memories_survive_a_restart(api: ServiceProcess, sig: signal.Signals) -> None:
    """Persistence on the embedded default: a stop (or a crash of the api process, whose
    FalkorDB child then shuts down on its own) loses no acknowledged memory."""
    stored = store(api, content=f"survives {sig.name}")
    api.stop(sig)
    pidfile = Path(api.data_dir) / "falkordb" / "falkordb.pid"
    if sig is signal.SIGKILL:  # the orphaned FalkorDB gets SIGTERM from the kernel and exits
        import time

        deadline = time.monotonic() + 30
        while pidfile.exists() and time.monotonic() < deadline:
            time.sleep(0.1)
    api.start()
    got = api.graphql(GET, {"id": stored["id"]})["data"]["memory"]
    assert got["__typename"] == "Memory" and got["content"] == f"survives {sig.name}"


def test_lifecycle_operations_over_http(api: ServiceProcess) -> None:
    """amend, pin/unpin, promote to org, reactivate, explain, core preferences and approval,
    maintenance (dry run and real) and delete, each over HTTP with its typed result."""
    h = {"X-Retentia-Project": "lifecycle"}
    old = store(api, h, content="The standup is at 9:30 every day.", entities=["standup"])["id"]
    fresh = api.graphql(
        """mutation($id: ID!) { amendMemory(id: $id, content: "The standup moved to 10:00.",
             reason: "new team") { __typename
             ... on StoreSuccess { memory { id entities } }
             ... on Conflict { message } } }""",
        {"id": old},
        h,
    )["data"]["amendMemory"]
    assert fresh["__typename"] == "StoreSuccess" and fresh["memory"]["entities"] == ["standup"]
    again = api.graphql(
        """mutation($id: ID!) { amendMemory(id: $id, content: "x") { __typename
             ... on Conflict { message } } }""",
        {"id": old},
        h,
    )["data"]["amendMemory"]
    assert again["__typename"] == "Conflict" and "already superseded" in again["message"]

    new_id = fresh["memory"]["id"]
    ids_fields = "__typename ... on MemoryList { memories { id pinned visibility } }"
    pinned = api.graphql(
        f"mutation($ids: [ID!]!) {{ pinMemories(ids: $ids) {{ {ids_fields} }} }}",
        {"ids": [new_id]},
        h,
    )["data"]["pinMemories"]
    assert pinned["memories"][0]["pinned"] is True
    unpinned = api.graphql(
        f"mutation($ids: [ID!]!) {{ unpinMemories(ids: $ids) {{ {ids_fields} }} }}",
        {"ids": [new_id]},
        h,
    )["data"]["unpinMemories"]
    assert unpinned["memories"][0]["pinned"] is False
    org = api.graphql(
        f"mutation($ids: [ID!]!) {{ promoteToOrg(ids: $ids) {{ {ids_fields} }} }}",
        {"ids": [new_id]},
        h,
    )["data"]["promoteToOrg"]
    assert org["memories"][0]["visibility"] == "ORG"

    reactivated = api.graphql(
        """mutation($ids: [ID!]!) { reactivateMemories(ids: $ids) { __typename
             ... on ReactivationReport { direct cascaded { id strength } revived } } }""",
        {"ids": [new_id]},
        h,
    )["data"]["reactivateMemories"]
    assert reactivated["direct"] == [new_id]

    explained = api.graphql(
        """query($id: ID!) { explain(id: $id, query: "when is the standup") { __typename
             ... on Explanation { formula score forces { name value inputs { name value } }
               forgetting { forget conjuncts { name holds } } nextTransition
               edges { partition stale edge { type } } categoryPolicy { category } } } }""",
        {"id": new_id},
        h,
    )["data"]["explain"]
    assert explained["formula"] == "score = relevance × connectivity × activation"
    assert [f["name"] for f in explained["forces"]] == [
        "relevance",
        "relevance_at_rest",
        "connectivity",
        "activation",
    ]
    assert {"SUPERSEDES"} == {e["edge"]["type"] for e in explained["edges"]}
    assert explained["forgetting"]["forget"] is False

    prefs = api.graphql(
        """mutation { setCorePreferences(auto: [PREFERENCES_HABITS], excluded: [OTHER]) {
             __typename ... on CorePreferences { auto approval excluded } } }""",
        None,
        h,
    )["data"]["setCorePreferences"]
    assert prefs == {
        "__typename": "CorePreferences",
        "auto": ["PREFERENCES_HABITS"],
        "approval": [],
        "excluded": ["OTHER"],
    }
    clash = api.graphql(
        """mutation { setCorePreferences(auto: [OTHER], excluded: [OTHER]) {
             __typename ... on InvalidInput { field message } } }""",
        None,
        h,
    )["data"]["setCorePreferences"]
    assert clash["__typename"] == "InvalidInput"
    approved = api.graphql(
        f"mutation($ids: [ID!]!) {{ approveCore(ids: $ids) {{ {ids_fields} }} }}", {"ids": [old]}, h
    )["data"]["approveCore"]
    assert approved["__typename"] == "MemoryList"
    core = api.graphql(
        "{ coreMemories { __typename ... on MemoryConnection { nodes { id status } } } }", None, h
    )["data"]["coreMemories"]
    assert core["nodes"] == [{"id": old, "status": "CORE"}]

    for dry_run in (True, False):
        report = api.graphql(
            """mutation($dry: Boolean!) { runMaintenance(dryRun: $dry) { __typename
                 ... on MaintenanceReport { dryRun memories evaluated forgotten summary } } }""",
            {"dry": dry_run},
            h,
        )["data"]["runMaintenance"]
        assert report["dryRun"] is dry_run and report["memories"] == 2
        assert report["forgotten"] == []

    deleted = api.graphql(
        """mutation($ids: [ID!]!) { deleteMemories(ids: $ids) { __typename
             ... on DeleteReport { deleted missing newOrphans tombstones } } }""",
        {"ids": [old, new_memory_id()]},
        h,
    )["data"]["deleteMemories"]
    assert deleted["deleted"] == [old] and len(deleted["missing"]) == 1
    assert deleted["tombstones"] == [old]  # it was superseded: its chain stays auditable

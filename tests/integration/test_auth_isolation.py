"""Tenant isolation by API key over real HTTP: a key of org alpha can neither read, change nor
even confirm the existence of org beta's memories, facts or keys. Every operation aimed at one
of beta's objects answers exactly what it answers for an id that exists nowhere, beta's data is
untouched afterwards, and naming beta's org in a header is refused exactly as an unknown org."""

from __future__ import annotations

import json
import uuid
from collections.abc import Iterator
from typing import Any

import pytest

from schema import new_memory_id
from tests.integration.service_process import ServiceProcess

BOOTSTRAP = "isolation-bootstrap-0123456789abcdef0123456789"
#: the selection of each expected-failure type
FAILURES = {
    "NotFound": "kind key message",
    "InvalidInput": "field message",
    "Conflict": "message",
    "Forbidden": "message permission",
    "Unauthenticated": "message",
}
#: the failure types each probed operation's result union has, besides the denials
MEMBERS = {
    "amendMemory": ("NotFound", "InvalidInput", "Conflict"),
    "retractFact": ("NotFound", "InvalidInput", "Conflict"),
    "deleteMemories": ("InvalidInput",),
    "facts": ("InvalidInput",),
    "factHistory": ("InvalidInput",),
}
#: operation on one object → (request, variables built from the object's id)
PROBES: dict[str, tuple[str, str]] = {
    "memory": ("query($id: ID!) { r: memory(id: $id) { ALL ... on Memory { id } } }", "memory"),
    "explain": (
        "query($id: ID!) { r: explain(id: $id) { ALL ... on Explanation { score } } }",
        "memory",
    ),
    "traverse": (
        "query($id: ID!) { r: traverse(id: $id) { ALL ... on Subgraph { nodes { id } } } }",
        "memory",
    ),
    "amendMemory": (
        'mutation($id: ID!) { r: amendMemory(id: $id, content: "hijacked") { ALL '
        "... on StoreSuccess { memory { id } } } }",
        "memory",
    ),
    "linkMemories": (
        "mutation($id: ID!, $own: ID!) { r: linkMemories(links: [{sourceId: $own, "
        "targetId: $id, type: CAUSED_BY}]) { ALL ... on LinkSuccess { edges { target } } } }",
        "memory",
    ),
    "pinMemories": (
        "mutation($id: ID!) { r: pinMemories(ids: [$id]) { ALL "
        "... on MemoryList { memories { id } } } }",
        "memory",
    ),
    "unpinMemories": (
        "mutation($id: ID!) { r: unpinMemories(ids: [$id]) { ALL "
        "... on MemoryList { memories { id } } } }",
        "memory",
    ),
    "promoteToOrg": (
        "mutation($id: ID!) { r: promoteToOrg(ids: [$id]) { ALL "
        "... on MemoryList { memories { id } } } }",
        "memory",
    ),
    "approveCore": (
        "mutation($id: ID!) { r: approveCore(ids: [$id]) { ALL "
        "... on MemoryList { memories { id } } } }",
        "memory",
    ),
    "reactivateMemories": (
        "mutation($id: ID!) { r: reactivateMemories(ids: [$id]) { ALL "
        "... on ReactivationReport { direct } } }",
        "memory",
    ),
    "deleteMemories": (
        "mutation($id: ID!) { r: deleteMemories(ids: [$id]) { ALL "
        "... on DeleteReport { deleted missing } } }",
        "memory",
    ),
    "retractFact": (
        "mutation($id: ID!) { r: retractFact(id: $id) { ALL ... on Fact { id state } } }",
        "fact",
    ),
    "revokeApiKey": (
        "mutation($id: ID!) { r: revokeApiKey(id: $id) { ALL ... on ApiKey { id revokedAt } } }",
        "key",
    ),
    "entity": (
        "query($id: String!) { r: entity(name: $id) { ALL ... on Entity { id } } }",
        "entity",
    ),
    "facts": (
        "query($id: String!) { r: facts(subject: $id) { ALL ... on FactList { facts { id } } } }",
        "entity",
    ),
    "factHistory": (
        'query($id: String!) { r: factHistory(subject: $id, predicate: "lives in") { ALL '
        "... on FactList { facts { id } } } }",
        "entity",
    ),
}
GHOSTS = {
    "memory": new_memory_id(),
    "fact": str(uuid.uuid4()),
    "key": "0123456789abcdef",
    "entity": "Nobody Anywhere",
}


@pytest.fixture(scope="module")
def secured(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    data_dir = tmp_path_factory.mktemp("isolation-service")
    with ServiceProcess.secured(data_dir, BOOTSTRAP).running() as process:
        yield process


def admin_key(api: ServiceProcess, org: str) -> str:
    done = api.cli("keys", "create", "--org", org, "--name", f"{org} admin")
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


@pytest.fixture(scope="module")
def orgs(secured: ServiceProcess) -> dict[str, Any]:
    """alpha's key and one memory; beta's key, memories (one linked), fact and a second key.
    Both orgs use the default project, so only the key tells them apart."""
    alpha, beta = admin_key(secured, "alpha"), admin_key(secured, "beta")
    store = """mutation($input: StoreMemoryInput!) { storeMemory(input: $input) {
      ... on StoreSuccess { memory { id } facts { results { factId } } } } }"""
    own = secured.graphql(store, {"input": {"content": "alpha's note"}}, key=alpha)
    first = secured.graphql(
        store,
        {
            "input": {
                "content": "Zed Quux moved to Oslo",
                "entities": ["Zed Quux"],
                "facts": [{"subject": "Zed Quux", "predicate": "lives in", "object": "Oslo"}],
            }
        },
        key=beta,
    )["data"]["storeMemory"]
    second = secured.graphql(
        store,
        {
            "input": {
                "content": "beta's second secret",
                "related": [{"targetId": first["memory"]["id"], "type": "CAUSED_BY"}],
            }
        },
        key=beta,
    )["data"]["storeMemory"]
    beta_key_id = secured.create_key(["PROJECT_READ"], name="beta reader", key=beta)[0]
    ids = {"memory": first["memory"]["id"], "second": second["memory"]["id"]}
    return {
        "before": beta_state(secured, beta, ids["memory"]),
        "alpha": alpha,
        "alpha_memory": own["data"]["storeMemory"]["memory"]["id"],
        "beta": beta,
        "memory": first["memory"]["id"],
        "second": second["memory"]["id"],
        "fact": first["facts"]["results"][0]["factId"],
        "key": beta_key_id,
        "entity": "Zed Quux",
    }


BETA_STATE = """query($id: ID!) {
  memory(id: $id) { ... on Memory { content pinned visibility status reactivationCount
                                   supersededBy lastAccessedAt score } }
  memories(first: 100) { ... on MemoryConnection { nodes { id content } } }
  stats { ... on Stats { memories orphans edges { type count } } }
  facts(subject: "Zed Quux") { ... on FactList { facts { id state validTo } } }
  apiKeys { ... on ApiKeyList { keys { id revokedAt } } } }"""


def beta_state(api: ServiceProcess, key: str, memory_id: str) -> dict[str, Any]:
    body = api.graphql(BETA_STATE, {"id": memory_id}, key=key)
    assert "errors" not in body, body
    data: dict[str, Any] = body["data"]
    return data


def probe(api: ServiceProcess, name: str, target: str, orgs: dict[str, Any]) -> str:
    text, _ = PROBES[name]
    variables = {"id": target}
    if "$own" in text:
        variables["own"] = orgs["alpha_memory"]
    members = (*MEMBERS.get(name, ("NotFound", "InvalidInput")), "Forbidden", "Unauthenticated")
    selection = " ".join(f"... on {m} {{ {FAILURES[m]} }}" for m in members)
    body = api.graphql(text.replace("ALL", f"__typename {selection}"), variables, key=orgs["alpha"])
    assert "errors" not in body, body
    return json.dumps(body["data"]["r"], sort_keys=True).replace(target, "<TARGET>")


@pytest.mark.parametrize("name", sorted(PROBES))
def test_another_orgs_object_answers_like_one_that_never_existed(
    secured: ServiceProcess, orgs: dict[str, Any], name: str
) -> None:
    kind = PROBES[name][1]
    theirs = probe(secured, name, orgs[kind], orgs)
    nowhere = probe(secured, name, GHOSTS[kind], orgs)
    assert theirs == nowhere
    assert "Forbidden" not in theirs and "Unauthenticated" not in theirs


def test_listings_show_only_the_callers_org(secured: ServiceProcess, orgs: dict[str, Any]) -> None:
    body = secured.graphql(
        """{ memories(first: 100) { ... on MemoryConnection { nodes { id content } } }
             stats { ... on Stats { memories } }
             apiKeys { ... on ApiKeyList { keys { id org } } }
             search(query: "Zed Quux Oslo secret") { ... on Recall { hits { id } } }
             coreMemories { ... on MemoryConnection { nodes { id } } } }""",
        key=orgs["alpha"],
    )
    assert "errors" not in body, body
    data = body["data"]
    assert [n["id"] for n in data["memories"]["nodes"]] == [orgs["alpha_memory"]]
    assert data["stats"]["memories"] == 1
    assert {k["org"] for k in data["apiKeys"]["keys"]} == {"alpha"}
    beta_ids = {orgs["memory"], orgs["second"]}
    assert not beta_ids & {h["id"] for h in data["search"]["hits"]}
    assert data["coreMemories"]["nodes"] == []


def test_naming_another_org_is_refused_like_an_unknown_one(
    secured: ServiceProcess, orgs: dict[str, Any]
) -> None:
    query = "{ stats { __typename ... on Forbidden { message } } }"
    answers = [
        secured.graphql(query, headers={"X-Retentia-Org": org}, key=orgs["alpha"])["data"]["stats"]
        for org in ("beta", "gamma")
    ]
    assert answers[0]["__typename"] == "Forbidden"
    assert answers[0]["message"].replace("beta", "X") == answers[1]["message"].replace("gamma", "X")


def test_the_other_org_is_untouched(secured: ServiceProcess, orgs: dict[str, Any]) -> None:
    """After every probe above (run in any order), beta's objects are as beta left them."""
    for name in PROBES:
        probe(secured, name, orgs[PROBES[name][1]], orgs)
    after = beta_state(secured, orgs["beta"], orgs["memory"])
    assert after == orgs["before"]
    assert after["memory"]["content"] == "Zed Quux moved to Oslo"
    assert len(after["memories"]["nodes"]) == 2 and len(after["apiKeys"]["keys"]) == 2
    assert after["facts"]["facts"][0] == {"id": orgs["fact"], "state": "ACTIVE", "validTo": None}

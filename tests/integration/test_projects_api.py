"""Projects over real HTTP: a key restricted to some projects works in them and gets, for any
other project, exactly the answer it gets for a project that exists nowhere, so it can neither
touch nor confirm another project; it can pass on only a subset of its projects. `projects`
lists what a write created, with sizes; `dropProject` needs its name repeated in `confirm`,
refuses the system project, and leaves nothing of the project reachable — a key restricted to
it alone stops working."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from tests.integration.service_process import ServiceProcess, ask

BOOTSTRAP = "projects-bootstrap-0123456789abcdef0123456789"
DENIED = "... on Forbidden { message permission } ... on Unauthenticated { message }"
INVALID = "... on InvalidInput { field message }"
FAILURES = f"{DENIED} {INVALID} ... on NotFound {{ kind key message }}"
STORE = (
    'mutation { r: storeMemory(input: {content: "a note on the plan"}) '
    f"{{ __typename ... on StoreSuccess {{ memory {{ id }} }} {FAILURES} }} }}"
)
READ_ONE = (
    "query($id: ID!) { r: memory(id: $id) "
    f"{{ __typename ... on Memory {{ id content }} {FAILURES} }} }}"
)
STATS = f"{{ r: stats {{ __typename ... on Stats {{ memories }} {DENIED} {INVALID} }} }}"
PROJECTS = (
    "{ r: projects { __typename ... on ProjectList { projects { name memories edges } } "
    f"{DENIED} }} }}"
)
DROP = (
    "mutation($p: String!, $c: String!) { r: dropProject(project: $p, confirm: $c) { __typename "
    f"... on DroppedProject {{ name memories edges keysChanged keysRevoked }} {FAILURES} }} }}"
)
CREATE = (
    'mutation($projects: [String!]) { r: createApiKey(name: "child", '
    "permissions: [PROJECT_READ], projects: $projects) { __typename "
    f"... on NewApiKey {{ key apiKey {{ id projects admin }} }} {DENIED} {INVALID} }} }}"
)


@pytest.fixture(scope="module")
def secured(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    data_dir = tmp_path_factory.mktemp("projects-service")
    with ServiceProcess.secured(data_dir, BOOTSTRAP).running() as process:
        yield process


def restricted_key(api: ServiceProcess, permissions: list[str], projects: list[str]) -> str:
    body = api.graphql(
        """mutation($perms: [Permission!]!, $projects: [String!]) {
             r: createApiKey(name: "restricted", permissions: $perms, projects: $projects) {
               __typename ... on NewApiKey { key apiKey { projects admin } } } }""",
        {"perms": permissions, "projects": projects},
    )
    created = body["data"]["r"]
    assert created["__typename"] == "NewApiKey", created
    assert created["apiKey"]["projects"] == sorted(p.lower() for p in projects)
    assert created["apiKey"]["admin"] is False
    return str(created["key"])


def fresh(prefix: str) -> str:
    return f"{prefix}-{uuid.uuid4().hex[:8]}"


def test_a_restricted_key_cannot_touch_or_confirm_another_project(
    secured: ServiceProcess,
) -> None:
    mine, theirs, nowhere = fresh("mine"), fresh("theirs"), fresh("nowhere")
    their_id = ask(secured, STORE, project=theirs)["memory"]["id"]
    key = restricted_key(secured, ["PROJECT_READ", "PROJECT_WRITE"], [mine.upper()])

    stored = ask(secured, STORE, project=mine, key=key)
    assert stored["__typename"] == "StoreSuccess", stored
    assert ask(secured, STATS, project=mine, key=key) == {"__typename": "Stats", "memories": 1}

    # Another project that exists, and one that exists nowhere: one and the same answer.
    for query, variables in ((READ_ONE, {"id": their_id}), (STATS, None), (STORE, None)):
        there = ask(secured, query, variables, project=theirs, key=key)
        assert there["__typename"] == "Forbidden", there
        assert there == ask(secured, query, variables, project=nowhere, key=key)
    # Nothing was written there, and the other project is untouched.
    assert ask(secured, STATS, project=theirs) == {"__typename": "Stats", "memories": 1}
    assert ask(secured, READ_ONE, {"id": their_id}, project=theirs)["id"] == their_id
    listed = ask(secured, PROJECTS)["projects"]
    assert nowhere not in {p["name"] for p in listed}


def test_a_restricted_key_passes_on_only_its_own_projects(secured: ServiceProcess) -> None:
    mine, other = fresh("mine"), fresh("other")
    key = restricted_key(secured, ["PROJECT_READ", "PROJECT_MANAGE", "MEMBERS_WRITE"], [mine])
    for projects in ([other], [], None, [mine, other]):
        denied = ask(secured, CREATE, {"projects": projects}, key=key)
        assert denied["__typename"] == "Forbidden", (projects, denied)
    child = ask(secured, CREATE, {"projects": [mine]}, key=key)
    assert child["__typename"] == "NewApiKey" and child["apiKey"]["projects"] == [mine]
    ask(secured, STORE, project=mine)
    ask(secured, STORE, project=other)
    seen = ask(secured, PROJECTS, key=key)["projects"]
    assert seen == [{"name": mine, "memories": 1, "edges": 0}]
    refused = ask(secured, DROP, {"p": other, "c": other}, key=key)
    assert refused["__typename"] == "Forbidden", refused
    assert ask(secured, STATS, project=other)["memories"] == 1


def test_a_restricted_key_learns_no_other_project_from_the_key_list(
    secured: ServiceProcess,
) -> None:
    """Issue 50: a key limited to one project, holding members:read, saw every org key's
    project names through `apiKeys`, while `projects` hid them. It sees its own projects'
    names only, and how many others a key holds."""
    mine, secret = fresh("mine"), fresh("secret")
    restricted_key(secured, ["PROJECT_READ"], [secret])
    restricted_key(secured, ["PROJECT_READ"], [mine, secret])
    key = restricted_key(secured, ["MEMBERS_READ"], [mine])
    listing = """{ r: apiKeys { __typename ... on ApiKeyList {
                   keys { projects hiddenProjects admin } } } }"""
    keys = ask(secured, listing, key=key)["keys"]
    assert all(secret not in k["projects"] for k in keys), keys
    assert {"projects": [], "hiddenProjects": 1, "admin": False} in keys
    assert {"projects": [mine], "hiddenProjects": 1, "admin": False} in keys
    everyone = ask(secured, listing)["keys"]  # the bootstrap key may name every project
    assert any(secret in k["projects"] for k in everyone)
    assert all(k["hiddenProjects"] == 0 for k in everyone)


@pytest.mark.parametrize(
    ("projects", "field"),
    [(["no:colons"], "projects"), (["retentia.system"], "projects"), (["-dash"], "projects")],
)
def test_bad_project_names_in_a_key_are_invalid_input_naming_projects(
    secured: ServiceProcess, projects: list[str], field: str
) -> None:
    refused = ask(secured, CREATE, {"projects": projects})
    assert refused["__typename"] == "InvalidInput" and refused["field"] == field, refused


def test_drop_needs_its_name_and_leaves_nothing_reachable(secured: ServiceProcess) -> None:
    doomed, kept = fresh("doomed"), fresh("kept")
    ids = [ask(secured, STORE, project=doomed)["memory"]["id"] for _ in range(2)]
    ask(secured, STORE, project=kept)
    only = restricted_key(secured, ["PROJECT_READ"], [doomed])
    both = restricted_key(secured, ["PROJECT_READ"], [doomed, kept])
    assert ask(secured, STATS, project=doomed, key=only)["memories"] == 2
    listed = {p["name"]: p for p in ask(secured, PROJECTS)["projects"]}
    assert listed[doomed] == {"name": doomed, "memories": 2, "edges": listed[doomed]["edges"]}
    assert "retentia.system" not in listed

    wrong = ask(secured, DROP, {"p": doomed, "c": kept})
    assert (wrong["__typename"], wrong["field"]) == ("InvalidInput", "confirm"), wrong
    system = ask(secured, DROP, {"p": "Retentia.System", "c": "retentia.system"})
    assert (system["__typename"], system["field"]) == ("InvalidInput", "project"), system
    assert ask(secured, STATS, project=doomed)["memories"] == 2  # refusals dropped nothing

    dropped = ask(secured, DROP, {"p": doomed, "c": doomed})
    assert dropped["__typename"] == "DroppedProject", dropped
    assert (dropped["name"], dropped["memories"], dropped["keysChanged"]) == (doomed, 2, 2)
    assert dropped["keysRevoked"] == 1

    names = {p["name"] for p in ask(secured, PROJECTS)["projects"]}
    assert doomed not in names and kept in names
    for memory_id in ids:
        gone = ask(secured, READ_ONE, {"id": memory_id}, project=doomed)
        assert gone["__typename"] == "NotFound", gone
    assert ask(secured, STATS, project=doomed)["memories"] == 0
    assert ask(secured, STATS, project=doomed, key=only)["__typename"] == "Unauthenticated"
    assert ask(secured, STATS, project=kept, key=both) == {"__typename": "Stats", "memories": 1}
    assert ask(secured, STATS, project=doomed, key=both)["__typename"] == "Forbidden"
    again = ask(secured, DROP, {"p": doomed, "c": doomed})
    assert again["__typename"] == "NotFound", again
    assert ask(secured, STATS, project=doomed)["memories"] == 0  # the reads created nothing
    assert doomed not in {p["name"] for p in ask(secured, PROJECTS)["projects"]}

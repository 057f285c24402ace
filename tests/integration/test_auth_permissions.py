"""Every GraphQL operation checks exactly one permission, first: over real HTTP, a key holding
every permission but that one is `Forbidden` naming it, a key holding only that one is let
through, and a request without a key is `Unauthenticated`. The table below must name every
Query and Mutation field the schema has, so a new resolver cannot ship without an entry."""

from __future__ import annotations

import ast
import inspect
import textwrap
from collections.abc import Iterator
from typing import Any

import pytest
from strawberry.types.base import StrawberryObjectDefinition
from strawberry.utils.str_converters import to_camel_case

from schema import new_memory_id
from service.api.schema import build_schema
from service.usecases.auth import Permission
from tests.integration.service_process import ServiceProcess, assert_only_denial_errors

BOOTSTRAP = "perm-test-bootstrap-0123456789abcdef0123456789"
DENIAL = "__typename ... on Forbidden { permission message } ... on Unauthenticated { message }"
GHOST = new_memory_id()  # exists nowhere: reads are NotFound, writes touch nothing

READ, WRITE, MANAGE = "PROJECT_READ", "PROJECT_WRITE", "PROJECT_MANAGE"
CONF_READ, CONF_WRITE = "CONFIGURATION_READ", "CONFIGURATION_WRITE"
MEMBERS_READ, MEMBERS_WRITE = "MEMBERS_READ", "MEMBERS_WRITE"

#: operation → (the permission it needs, a request of it aliased `r`, its variables)
OPERATIONS: dict[str, tuple[str, str, dict[str, Any]]] = {
    "memory": (READ, "query($id: ID!) { r: memory(id: $id) { D } }", {"id": GHOST}),
    "memories": (READ, "{ r: memories(first: 1) { D } }", {}),
    "traverse": (READ, "query($id: ID!) { r: traverse(id: $id) { D } }", {"id": GHOST}),
    "subgraph": (READ, "query($id: ID!) { r: subgraph(ids: [$id]) { D } }", {"id": GHOST}),
    "stats": (READ, "{ r: stats { D } }", {}),
    "analytics": (READ, "{ r: analytics { D } }", {}),
    "whyPath": (
        READ,
        "query($id: ID!) { r: whyPath(from: $id, to: $id) { D } }",
        {"id": GHOST},
    ),
    "explain": (READ, "query($id: ID!) { r: explain(id: $id) { D } }", {"id": GHOST}),
    "facts": (READ, "{ r: facts { D } }", {}),
    "factHistory": (READ, '{ r: factHistory(subject: "a", predicate: "b") { D } }', {}),
    "entity": (READ, '{ r: entity(name: "nobody") { D } }', {}),
    "coreMemories": (READ, "{ r: coreMemories { D } }", {}),
    "coreCandidates": (READ, "{ r: coreCandidates { D } }", {}),
    "recall": (READ, '{ r: recall(query: "probe", readOnly: true) { D } }', {}),
    "search": (READ, '{ r: search(query: "") { D } }', {}),
    "context": (READ, '{ r: context(query: "probe", budget: 64) { D } }', {}),
    "corePreferences": (CONF_READ, "{ r: corePreferences { D } }", {}),
    "apiKeys": (MEMBERS_READ, "{ r: apiKeys { D } }", {}),
    "storeMemory": (
        WRITE,
        'mutation { r: storeMemory(input: {content: "permission probe"}) { D } }',
        {},
    ),
    "storeMemories": (
        WRITE,
        'mutation { r: storeMemories(inputs: [{content: "permission probe"}]) { D } }',
        {},
    ),
    "amendMemory": (
        WRITE,
        'mutation($id: ID!) { r: amendMemory(id: $id, content: "x") { D } }',
        {"id": GHOST},
    ),
    "linkMemories": (
        WRITE,
        "mutation($id: ID!) { r: linkMemories(links: [{sourceId: $id, targetId: $id, "
        "type: SUPPORTS}]) { D } }",
        {"id": GHOST},
    ),
    "pinMemories": (
        WRITE,
        "mutation($id: ID!) { r: pinMemories(ids: [$id]) { D } }",
        {"id": GHOST},
    ),
    "unpinMemories": (
        WRITE,
        "mutation($id: ID!) { r: unpinMemories(ids: [$id]) { D } }",
        {"id": GHOST},
    ),
    "promoteToOrg": (
        WRITE,
        "mutation($id: ID!) { r: promoteToOrg(ids: [$id]) { D } }",
        {"id": GHOST},
    ),
    "deleteMemories": (
        WRITE,
        "mutation($id: ID!) { r: deleteMemories(ids: [$id]) { D } }",
        {"id": GHOST},
    ),
    "reactivateMemories": (
        WRITE,
        "mutation($id: ID!) { r: reactivateMemories(ids: [$id]) { D } }",
        {"id": GHOST},
    ),
    "approveCore": (
        WRITE,
        "mutation($id: ID!) { r: approveCore(ids: [$id]) { D } }",
        {"id": GHOST},
    ),
    "ingestFacts": (
        WRITE,
        'mutation { r: ingestFacts(facts: [{subject: "Probe", predicate: "likes", '
        'object: "tea"}]) { D } }',
        {},
    ),
    "retractFact": (WRITE, "mutation($id: ID!) { r: retractFact(id: $id) { D } }", {"id": GHOST}),
    "setCorePreferences": (
        CONF_WRITE,
        "mutation { r: setCorePreferences(auto: [PREFERENCES_HABITS]) { D } }",
        {},
    ),
    "registerFunctionalPredicates": (
        CONF_WRITE,
        'mutation { r: registerFunctionalPredicates(predicates: ["works at"]) { D } }',
        {},
    ),
    "erasures": (MANAGE, "{ r: erasures { D } }", {}),
    "eraseSubject": (
        MANAGE,
        'mutation { r: eraseSubject(entity: "nobody-probe") { D } }',
        {},
    ),
    "importRecords": (WRITE, 'mutation { r: importRecords(ndjson: "") { D } }', {}),
    "runMaintenance": (MANAGE, "mutation { r: runMaintenance(dryRun: true) { D } }", {}),
    "forgottenMemories": (READ, "{ r: forgottenMemories(first: 1) { D } }", {}),
    "restoreForgotten": (
        MANAGE,
        "mutation($id: ID!) { r: restoreForgotten(ids: [$id]) { D } }",
        {"id": GHOST},
    ),
    "consolidate": (MANAGE, "mutation { r: consolidate(dryRun: true) { D } }", {}),
    "projects": (MANAGE, "{ r: projects { D } }", {}),
    "dropProject": (
        MANAGE,
        'mutation { r: dropProject(project: "nowhere-probe", confirm: "nowhere-probe") { D } }',
        {},
    ),
    "createApiKey": (
        MEMBERS_WRITE,
        'mutation { r: createApiKey(name: "child", permissions: [MEMBERS_WRITE]) { D } }',
        {},
    ),
    "revokeApiKey": (
        MEMBERS_WRITE,
        'mutation { r: revokeApiKey(id: "0123456789abcdef") { D } }',
        {},
    ),
}
ALL_PERMISSIONS = [p.name for p in Permission]


@pytest.fixture(scope="module")
def secured(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    data_dir = tmp_path_factory.mktemp("perm-service")
    with ServiceProcess.secured(data_dir, BOOTSTRAP).running() as process:
        yield process


@pytest.fixture(scope="module")
def keys(secured: ServiceProcess) -> dict[tuple[str, str], str]:
    """('only' | 'without', permission) → a key holding just it, or every other one."""
    made = {}
    for p in ALL_PERMISSIONS:
        made["only", p] = secured.create_key([p], name=f"only {p}")[1]
        others = [o for o in ALL_PERMISSIONS if o != p]
        made["without", p] = secured.create_key(others, name=f"without {p}")[1]
    return made


def call(api: ServiceProcess, name: str, key: str | None, no_key: bool = False) -> dict[str, Any]:
    _, text, variables = OPERATIONS[name]
    headers = {"Authorization": ""} if no_key else None
    body = api.graphql(text.replace("{ D }", f"{{ {DENIAL} }}"), variables, headers, key=key)
    result = body["data"]["r"]
    first: dict[str, Any] = result[0] if isinstance(result, list) else result
    # A denial is also a top-level error a client selecting only the success type sees.
    assert_only_denial_errors(body, first)
    return first


def test_the_table_names_every_operation(secured: ServiceProcess) -> None:
    body = secured.graphql(
        "{ __schema { queryType { fields { name } } mutationType { fields { name } } } }"
    )
    schema = body["data"]["__schema"]
    fields = {f["name"] for t in ("queryType", "mutationType") for f in schema[t]["fields"]}
    assert fields == set(OPERATIONS), "add every new operation (and its permission) to OPERATIONS"


@pytest.mark.parametrize("name", sorted(OPERATIONS))
def test_each_operation_needs_exactly_its_permission(
    secured: ServiceProcess, keys: dict[tuple[str, str], str], name: str
) -> None:
    permission = OPERATIONS[name][0]
    without = call(secured, name, keys["without", permission])
    assert without["__typename"] == "Forbidden" and without["permission"] == permission, without
    assert permission.lower().replace("_", ":", 1) in without["message"]
    allowed = call(secured, name, keys["only", permission])
    assert allowed["__typename"] not in {"Forbidden", "Unauthenticated"}, allowed
    anonymous = call(secured, name, None, no_key=True)
    assert anonymous["__typename"] == "Unauthenticated" and "Bearer" in anonymous["message"]


def _resolvers() -> Iterator[tuple[str, Any]]:
    schema = build_schema()
    for root in ("Query", "Mutation"):
        definition = schema.get_type_by_name(root)
        assert isinstance(definition, StrawberryObjectDefinition)
        for field in definition.fields:
            assert field.base_resolver is not None, f"{field.name} has no resolver"
            yield to_camel_case(field.python_name), field.base_resolver.wrapped_func


def _require_calls(node: ast.AST) -> list[ast.Call]:
    return [
        n
        for n in ast.walk(node)
        if isinstance(n, ast.Call)
        and isinstance(n.func, ast.Attribute)
        and n.func.attr == "require"
    ]


def test_every_resolver_calls_require_once_before_anything_else() -> None:
    """Read from the source, so it holds for every resolver whatever its arguments."""
    offenders = []
    for name, func in _resolvers():
        function = ast.parse(textwrap.dedent(inspect.getsource(func))).body[0]
        assert isinstance(function, ast.AsyncFunctionDef | ast.FunctionDef)
        first = function.body[0]
        if isinstance(first, ast.Try):
            first = first.body[0]
        if len(_require_calls(function)) != 1 or len(_require_calls(first)) != 1:
            offenders.append(name)
    assert offenders == [], "each resolver's first statement must be its one require()"
    assert {name for name, _ in _resolvers()} == set(OPERATIONS)

"""Erasure and the delete rule over real HTTP (docs/adr/0018, 0021): `eraseSubject` needs
`project:manage` — a key that may only read and write is `Forbidden`, as is a managing key
restricted to another project, and neither erases anything — and returns the receipt; after it
no read over the API (facts in every state, entity, search, recall, memory, traverse, explain,
stats) returns the subject, the audit list names the key and not the subject. `deleteMemories`
retracts the facts only the deleted memories asserted (the issue's repro)."""

from __future__ import annotations

import uuid
from collections.abc import Iterator

import pytest

from tests.integration.service_process import ServiceProcess, ask

BOOTSTRAP = "erase-bootstrap-0123456789abcdef0123456789ab"
DENIED = "... on Forbidden { message permission } ... on Unauthenticated { message }"
INVALID = f"{DENIED} ... on InvalidInput {{ field message }}"
FAILURES = f"{INVALID} ... on NotFound {{ kind key }}"
STORE = (
    "mutation($content: String!, $facts: [FactInput!]!, $entities: [String!]!) { r: "
    "storeMemory(input: {content: $content, facts: $facts, entities: $entities}) { __typename "
    f"... on StoreSuccess {{ memory {{ id }} }} {FAILURES} }} }}"
)
AMEND = (
    "mutation($id: ID!, $content: String!) { r: amendMemory(id: $id, content: $content) "
    f"{{ __typename ... on StoreSuccess {{ memory {{ id }} }} {FAILURES} }} }}"
)
DELETE = (
    "mutation($ids: [ID!]!) { r: deleteMemories(ids: $ids) { __typename "
    f"... on DeleteReport {{ deleted retractedFacts }} {INVALID} }} }}"
)
ERASE = (
    "mutation($entity: String!, $memories: MemoryErasure! = DELETE) { r: eraseSubject("
    "entity: $entity, memories: $memories) { __typename ... on Erasure { id by subjectDigest "
    "memories memoriesDeleted memoriesRedacted factsDeleted factsRetracted factVectors entities "
    f"relations tombstones idempotencyRecords extractions }} {INVALID} }} }}"
)
ERASURES = (
    "query($subject: String) { r: erasures(subject: $subject) { __typename "
    f"... on ErasureList {{ erasures {{ id by subjectDigest memoriesDeleted }} }} {DENIED} }} }}"
)
FACTS = (
    "query($entity: String, $states: [FactState!], $asOf: DateTime) { r: facts(entity: $entity, "
    "states: $states, asOf: $asOf) { __typename ... on FactList { nodes { id object state "
    f"sourceId }} }} {INVALID} }} }}"
)
ENTITY = f'{{ r: entity(name: "Zoe Smith") {{ __typename {FAILURES} }} }}'
SEARCH = (
    "query($q: String!) { r: search(query: $q, limit: 50) { __typename ... on Recall { hits { id "
    f"memory {{ content }} }} }} {DENIED} }} }}"
)
RECALL = (
    "query($q: String!) { r: recall(query: $q, readOnly: true) { __typename ... on Recall { hits "
    f"{{ id memory {{ content }} }} }} {DENIED} }} }}"
)
READ_ONE = "query($id: ID!) { r: memory(id: $id) { __typename } }"
TRAVERSE = "query($id: ID!) { r: traverse(id: $id, depth: 3) { __typename } }"
EXPLAIN = "query($id: ID!) { r: explain(id: $id) { __typename } }"
STATS = f"{{ r: stats {{ __typename ... on Stats {{ memories }} {DENIED} }} }}"
EVERY_STATE = ["ACTIVE", "SUPERSEDED", "RETRACTED", "EXPIRED"]


@pytest.fixture(scope="module")
def secured(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    data_dir = tmp_path_factory.mktemp("erase-service")
    with ServiceProcess.secured(data_dir, BOOTSTRAP).running() as process:
        yield process


def zoe_facts() -> list[dict[str, str]]:
    return [
        {"subject": "Zoe Smith", "predicate": "has condition", "object": "diabetes"},
        {"subject": "Zoe Smith", "predicate": "lives in", "object": "12 Elm Street"},
    ]


def store(api: ServiceProcess, project: str, content: str, facts: list[dict[str, str]]) -> str:
    stored = ask(api, STORE, {"content": content, "facts": facts, "entities": []}, project=project)
    assert stored["__typename"] == "StoreSuccess", stored
    return str(stored["memory"]["id"])


def test_delete_memories_retracts_what_only_they_asserted(secured: ServiceProcess) -> None:
    """The issue's repro over the API: store, amend, delete both; facts(entity) no longer
    answers them, and in every state they are RETRACTED, still naming their source."""
    project = f"repro-{uuid.uuid4().hex[:8]}"
    memory = store(
        secured, project, "Zoe Smith has diabetes and lives at 12 Elm Street", zoe_facts()
    )
    amended = ask(
        secured, AMEND, {"id": memory, "content": "Zoe Smith has type 2 diabetes"}, project=project
    )
    assert amended["__typename"] == "StoreSuccess", amended
    assert len(ask(secured, FACTS, {"entity": "Zoe Smith"}, project=project)["nodes"]) == 2

    deleted = ask(secured, DELETE, {"ids": [memory, amended["memory"]["id"]]}, project=project)

    assert deleted["__typename"] == "DeleteReport" and len(deleted["retractedFacts"]) == 2
    assert ask(secured, FACTS, {"entity": "Zoe Smith"}, project=project)["nodes"] == []
    active = ask(secured, FACTS, {"entity": "Zoe Smith", "states": ["ACTIVE"]}, project=project)
    assert active["nodes"] == []
    everything = ask(
        secured,
        FACTS,
        {"entity": "Zoe Smith", "states": EVERY_STATE, "asOf": "2000-01-01T00:00:00Z"},
        project=project,
    )
    assert everything["nodes"] == []  # as of then, nothing was known yet


def test_erase_needs_manage_on_the_project_and_leaves_no_read_returning_it(
    secured: ServiceProcess,
) -> None:
    project, other = f"erase-{uuid.uuid4().hex[:8]}", f"other-{uuid.uuid4().hex[:8]}"
    named = store(secured, project, "Zoe Smith was diagnosed with diabetes", zoe_facts())
    kept = store(secured, project, "The deploy failed because the disk was full", [])
    write, manage = ["PROJECT_READ", "PROJECT_WRITE"], ["PROJECT_READ", "PROJECT_MANAGE"]
    _, writer = secured.create_key(write, name="erase", projects=[project])
    _, elsewhere = secured.create_key(manage, name="erase", projects=[other])
    manager_id, manager = secured.create_key(manage, name="erase", projects=[project])

    refused = ask(secured, ERASE, {"entity": "Zoe Smith"}, project=project, key=writer)
    assert (refused["__typename"], refused["permission"]) == ("Forbidden", "PROJECT_MANAGE")
    outside = ask(secured, ERASE, {"entity": "Zoe Smith"}, project=project, key=elsewhere)
    assert outside["__typename"] == "Forbidden", outside
    assert ask(secured, READ_ONE, {"id": named}, project=project)["__typename"] == "Memory"
    invalid = ask(secured, ERASE, {"entity": "?!"}, project=project, key=manager)
    assert (invalid["__typename"], invalid["field"]) == ("InvalidInput", "entity")

    receipt = ask(secured, ERASE, {"entity": "zoe smith"}, project=project, key=manager)

    assert receipt["__typename"] == "Erasure", receipt
    assert (receipt["by"], receipt["memories"]) == (manager_id, "DELETE")
    assert (receipt["memoriesDeleted"], receipt["factsDeleted"], receipt["factVectors"]) == (
        1,
        2,
        2,
    )
    assert (receipt["entities"], receipt["relations"]) == (2, 1)  # Zoe, 12 Elm Street
    for query, variables in (
        (FACTS, {"entity": "Zoe Smith", "states": EVERY_STATE}),
        (FACTS, {"entity": "Zoe Smith", "states": EVERY_STATE, "asOf": "2000-01-01T00:00:00Z"}),
        (FACTS, {"states": EVERY_STATE}),
    ):
        assert ask(secured, query, variables, project=project)["nodes"] == []
    assert ask(secured, ENTITY, project=project)["__typename"] == "NotFound"
    for query in (SEARCH, RECALL):
        for text in ("Zoe Smith", "diabetes"):
            hits = ask(secured, query, {"q": text}, project=project)["hits"]
            assert [h["id"] for h in hits] in ([], [kept]), hits
    for query in (READ_ONE, TRAVERSE, EXPLAIN):
        assert ask(secured, query, {"id": named}, project=project)["__typename"] == "NotFound"
    assert ask(secured, STATS, project=project)["memories"] == 1

    audit = ask(secured, ERASURES, {"subject": "Zoe Smith"}, project=project, key=manager)
    (line,) = audit["erasures"]
    assert (line["id"], line["by"], line["memoriesDeleted"]) == (receipt["id"], manager_id, 1)
    assert line["subjectDigest"] == receipt["subjectDigest"] and "zoe" not in str(audit).lower()
    denied = ask(secured, ERASURES, {"subject": None}, project=project, key=writer)
    assert denied["__typename"] == "Forbidden"


def test_redact_keeps_the_memory_without_the_name(secured: ServiceProcess) -> None:
    project = f"redact-{uuid.uuid4().hex[:8]}"
    named = store(secured, project, "Lunch with Zoe Smith at noon", [])
    receipt = ask(secured, ERASE, {"entity": "Zoe Smith", "memories": "REDACT"}, project=project)
    assert (receipt["memoriesDeleted"], receipt["memoriesRedacted"]) == (0, 1)
    body = secured.graphql(
        "query($id: ID!) { memory(id: $id) { ... on Memory { content } } }",
        {"id": named},
        {"X-Retentia-Project": project},
    )
    assert body["data"]["memory"]["content"] == "Lunch with [erased] at noon"


ERASE_ALIASES = (
    "mutation($entity: String!, $aliases: [String!]) { r: eraseSubject(entity: $entity, "
    "aliases: $aliases) { __typename ... on Erasure { memoriesDeleted aliasDigests "
    f"possibleAliases {{ name memories facts }} }} {INVALID} }} }}"
)


def test_erase_lists_possible_aliases_and_erases_the_aliases_it_is_given(
    secured: ServiceProcess,
) -> None:
    """docs/adr/0031 over the API: erasing "Melanie" answers "Mel" as a possible alias while a
    memory still names her so; erasing with `aliases: ["Mel"]` removes that memory too."""
    project = f"alias-{uuid.uuid4().hex[:8]}"
    store(secured, project, "Melanie went to a pottery class", [])
    mel = store(secured, project, "Caroline: see you soon, Mel", [])

    first = ask(secured, ERASE_ALIASES, {"entity": "Melanie", "aliases": None}, project=project)

    assert first["__typename"] == "Erasure", first
    assert (first["memoriesDeleted"], first["aliasDigests"]) == (1, [])
    assert first["possibleAliases"] == [{"name": "Mel", "memories": 1, "facts": 0}]
    assert ask(secured, READ_ONE, {"id": mel}, project=project)["__typename"] == "Memory"

    second = ask(secured, ERASE_ALIASES, {"entity": "Melanie", "aliases": ["Mel"]}, project=project)

    assert (second["memoriesDeleted"], len(second["aliasDigests"])) == (1, 1)
    assert second["possibleAliases"] == []
    assert ask(secured, READ_ONE, {"id": mel}, project=project)["__typename"] == "NotFound"
    refused = ask(secured, ERASE_ALIASES, {"entity": "Melanie", "aliases": ["?!"]}, project=project)
    assert (refused["__typename"], refused["field"]) == ("InvalidInput", "aliases")

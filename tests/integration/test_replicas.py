"""Replicas that agree (issue 22): two real `retentia serve` processes on one FalkorDB server,
and on one Neo4j server, take concurrent writes split across them, and the answers are those of
one process. The same holds for the worker processes of one `retentia serve --workers 2`
(issue 55), over a FalkorDB server and over its embedded FalkorDB: there the two "replicas" are
one port, each request a connection of its own, which the kernel gives to either worker. Each
round starts the writers on a barrier and the assertions are invariants of the final state
(never timings), so a lost race shows as a wrong state, not as a slow test."""

from __future__ import annotations

import random
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import pytest

from devtools import falkordb_server
from graph_backends import FalkorConfig, Neo4jConfig, open_backend
from schema import Tenant
from tests.integration.service_process import ServiceProcess

REPLICAS = 2
ROUNDS = 3
VALUES = 6  # per replica and round: 12 values of one slot written at once
INGEST = """mutation($facts: [FactInput!]!) { ingestFacts(facts: $facts) {
  __typename ... on FactBatch { inserted superseded skipped errors }
  ... on InvalidInput { field message } } }"""
FACTS = """query($subject: String, $asOf: DateTime) { facts(subject: $subject, asOf: $asOf) {
  __typename ... on FactList { facts { object predicate validFrom } } } }"""


CAP = 2  # auto-links one memory may receive (the engine's default is 10)
STORE_KEYED = """mutation($input: StoreMemoryInput!, $key: String) {
  storeMemory(input: $input, idempotencyKey: $key) { __typename
    ... on StoreSuccess { memory { id content createdAt } autoLinks { target } }
    ... on Conflict { message idempotencyKey retryable } } }"""
STORE_WITH_FACTS = """mutation($content: String!, $facts: [FactInput!]!) {
  storeMemory(input: {content: $content, facts: $facts}) { __typename
    ... on StoreSuccess { memory { id } } } }"""
ERASE = """mutation($entity: String!) { eraseSubject(entity: $entity, memories: DELETE) {
  __typename ... on Erasure { memoriesDeleted factsDeleted } } }"""
SUBJECT_FACTS = """query($entity: String, $states: [FactState!]) {
  facts(entity: $entity, states: $states) { __typename ... on FactList { nodes { id } } } }"""
SEARCH = """query($q: String!) { search(query: $q, limit: 50) { __typename
  ... on Recall { hits { id } } } }"""
READ_ONE = "query($id: ID!) { memory(id: $id) { __typename } }"
MEMORIES = "{ memories(first: 100) { ... on MemoryConnection { nodes { id } } } }"
EVERY_STATE = ["ACTIVE", "SUPERSEDED", "RETRACTED", "EXPIRED"]
STORE = """mutation($input: StoreMemoryInput!) { storeMemory(input: $input) { __typename
  ... on StoreSuccess { memory { id } } } }"""


def _environment(kind: str, url: str) -> dict[str, str]:
    cap = {"RETENTIA_ENGINE__AUTO_LINK_MAX_INBOUND": str(CAP)}
    if kind == "falkordb":
        return {**cap, "RETENTIA_FALKORDB_URL": url}
    return {**cap, "RETENTIA_BACKEND": "neo4j", "RETENTIA_NEO4J_URL": url}


class Replicas(list[ServiceProcess]):
    """The running replicas, and the database they share (`url`, or the embedded FalkorDB of
    `data_dir`)."""

    def __init__(
        self, kind: str, url: str, processes: list[ServiceProcess], data_dir: Path | None = None
    ) -> None:
        super().__init__(processes)
        self.kind = kind
        self.url = url
        self.data_dir = data_dir

    def config(self) -> FalkorConfig | Neo4jConfig:
        if self.data_dir is not None:  # beside the service: share its embedded FalkorDB
            return FalkorConfig(
                data_dir=self.data_dir / "falkordb", vector_dimension=384, share_running=True
            )
        if self.kind.startswith("falkordb"):
            return FalkorConfig(url=self.url, vector_dimension=384)
        return Neo4jConfig(url=self.url, vector_dimension=384)


@pytest.fixture(
    scope="module", params=["falkordb", "neo4j", "falkordb-workers", "embedded-workers"]
)
def replicas(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Replicas]:
    kind: str = request.param
    if kind == "embedded-workers":
        data_dir = tmp_path_factory.mktemp("workers-embedded")
        cap = {"RETENTIA_ENGINE__AUTO_LINK_MAX_INBOUND": str(CAP)}
        process = ServiceProcess(data_dir, {**cap, "RETENTIA_WORKERS": str(REPLICAS)})
        with process.running():
            yield Replicas(kind, "", [process] * REPLICAS, data_dir)
        return
    if kind == "falkordb-workers":
        # A server of its own: the replicas' tenants of the `falkordb` run stay on the shared
        # one, and every test here starts from an empty project.
        server, own = falkordb_server.start(tmp_path_factory.mktemp("workers-falkordb"))
        try:
            env = {**_environment("falkordb", own), "RETENTIA_WORKERS": str(REPLICAS)}
            process = ServiceProcess(tmp_path_factory.mktemp("workers-server"), env)
            with process.running():
                yield Replicas(kind, own, [process] * REPLICAS)
        finally:
            falkordb_server.stop(server)
        return
    url: str = request.getfixturevalue("neo4j_url" if kind == "neo4j" else "falkordb_url")
    processes = [
        ServiceProcess(tmp_path_factory.mktemp(f"replica-{kind}-{n}"), _environment(kind, url))
        for n in range(REPLICAS)
    ]
    with ExitStack() as stack:
        for process in processes:
            stack.enter_context(process.running())
        yield Replicas(kind, url, processes)


def _tenant(name: str) -> dict[str, str]:
    return {"X-Retentia-Org": "replicas", "X-Retentia-Project": name}


def _at_once(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run `calls` in threads released together by one barrier."""
    barrier = threading.Barrier(len(calls))

    def released(call: Callable[[], Any]) -> Any:
        barrier.wait(timeout=60)
        return call()

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(released, calls))


def _ingest(api: ServiceProcess, headers: dict[str, str], fact: dict[str, str]) -> Any:
    answer = api.graphql(INGEST, {"facts": [fact]}, headers)
    assert "errors" not in answer, answer
    batch = answer["data"]["ingestFacts"]
    assert batch["__typename"] == "FactBatch" and batch["errors"] == 0, batch
    return batch


def _values(api: ServiceProcess, headers: dict[str, str], as_of: str | None) -> list[str]:
    variables = {"subject": "Alice", **({"asOf": as_of} if as_of else {})}
    result = api.graphql(FACTS, variables, headers)["data"]["facts"]
    assert result["__typename"] == "FactList", result
    return sorted(f["object"] for f in result["facts"] if f["predicate"] == "works at")


def _day(n: int) -> str:
    return f"2020-01-{n + 1:02d}T00:00:00Z"


def _probes(days: int) -> list[str]:
    """Each valid-from instant, an instant within each interval, and one past the last."""
    return [f"2020-01-{n + 1:02d}T{hour}:00:00Z" for n in range(days) for hour in ("00", "12")]


def test_one_active_value_per_slot_across_replicas(replicas: Replicas) -> None:
    """Writes of one functional slot (`works at`), each with its own valid-from and sent in
    shuffled order to the replicas at once, leave one current value and one value at each
    instant — the same answers as the same writes sent one at a time to one process."""
    days = REPLICAS * VALUES
    shuffle = random.Random(22)
    for r in range(ROUNDS):
        facts = [
            {
                "subject": "Alice",
                "predicate": "works at",
                "object": f"Company {n}",
                "validFrom": _day(n),
            }
            for n in range(days)
        ]
        concurrent, sequential = _tenant(f"slot-{r}"), _tenant(f"slot-{r}-one-process")
        order = facts[:]
        shuffle.shuffle(order)
        _at_once(
            [
                (lambda api=replicas[i % REPLICAS], f=fact, h=concurrent: _ingest(api, h, f))
                for i, fact in enumerate(order)
            ]
        )
        shuffle.shuffle(order)
        for fact in order:
            _ingest(replicas[0], sequential, fact)

        for api in replicas:
            assert _values(api, concurrent, None) == [f"Company {days - 1}"]
        for instant in _probes(days):
            seen = [_values(api, concurrent, instant) for api in replicas]
            expected = _values(replicas[0], sequential, instant)
            assert len(expected) == 1, (instant, expected)
            assert seen == [expected] * REPLICAS, (r, instant, seen, expected)
        before = _values(replicas[1], concurrent, "2019-12-31T00:00:00Z")
        assert before == [], before


async def test_auto_link_cap_holds_across_replicas(replicas: Replicas) -> None:
    """Stores that each find the same near neighbours, sent at once to both replicas, never
    give one memory more auto-links than the configured cap: the database counts them inside
    the write. (Before that, each process read the count before its write: 4 links with a cap
    of 2 on a FalkorDB server, 12 on Neo4j.)"""
    project = "autolink-cap"
    headers = _tenant(project)
    note = "The quarterly planning meeting for the Atlas project moved to Monday morning"

    def store(api: ServiceProcess, content: str) -> str:
        answer = api.graphql(STORE, {"input": {"content": content}}, headers)
        stored = answer["data"]["storeMemory"]
        assert stored["__typename"] == "StoreSuccess", answer
        return str(stored["memory"]["id"])

    hub = store(replicas[0], f"{note}.")
    ids = [hub]
    for r in range(ROUNDS):
        ids += _at_once(
            [
                (lambda api=replicas[n % REPLICAS], n=n, r=r: store(api, f"{note} ({r}.{n})."))
                for n in range(REPLICAS * VALUES)
            ]
        )
    async with open_backend(replicas.config()) as repository:
        inbound = await repository.auto_link_inbound(Tenant(org="replicas", project=project), ids)
    assert max(inbound) <= CAP, dict(zip(ids, inbound, strict=True))
    assert inbound[0] == CAP  # the hub was offered more links than the cap allows


def _keyed_store(api: ServiceProcess, headers: dict[str, str], content: str, key: str) -> Any:
    """storeMemory under `key`, sent again while the answer is the retryable Conflict of the
    same request still being written (by this replica or the other), as a client does."""
    deadline = time.monotonic() + 60
    while True:
        answer = api.graphql(STORE_KEYED, {"input": {"content": content}, "key": key}, headers)
        stored = answer["data"]["storeMemory"]
        if stored["__typename"] != "Conflict" or not stored["retryable"]:
            return stored
        assert time.monotonic() < deadline, stored
        time.sleep(0.05)


def _memory_ids(api: ServiceProcess, headers: dict[str, str]) -> list[str]:
    page = api.graphql(MEMORIES, headers=headers)["data"]["memories"]
    return sorted(node["id"] for node in page["nodes"])


def test_one_idempotency_key_sent_to_both_replicas_writes_once(replicas: Replicas) -> None:
    """The same keyed storeMemory sent to both replicas at once, several times over: one
    memory is written and every answer — from either replica, first or retried — is the same
    (the key's record in the database decides, ADR 0014)."""
    headers = _tenant("idempotency")
    for r in range(ROUNDS):
        content, key = f"The Atlas launch review is on day {r}", f"launch-{r}"
        answers = _at_once(
            [
                (
                    lambda api=replicas[n % REPLICAS], c=content, k=key: _keyed_store(
                        api, headers, c, k
                    )
                )
                for n in range(2 * REPLICAS)
            ]
        )
        assert answers[0]["__typename"] == "StoreSuccess", answers
        assert all(a == answers[0] for a in answers), answers
        again = [_keyed_store(api, headers, content, key) for api in replicas]
        assert again == [answers[0]] * REPLICAS
    ids = [_memory_ids(api, headers) for api in replicas]
    assert ids[0] == ids[1] and len(ids[0]) == ROUNDS, ids


def test_an_erase_on_one_replica_is_seen_by_the_other(replicas: Replicas) -> None:
    """A subject erased through replica A is gone through replica B at once: no fact in any
    state, no memory by id, no search hit — also where B had just read them (nothing it keeps
    between requests answers for the erased subject)."""
    a, b = replicas
    headers = _tenant("erasure")
    facts = [
        {"subject": "Zoe Smith", "predicate": "has condition", "object": "diabetes"},
        {"subject": "Zoe Smith", "predicate": "lives in", "object": "12 Elm Street"},
    ]
    stored = a.graphql(
        STORE_WITH_FACTS,
        {"content": "Zoe Smith was diagnosed with diabetes", "facts": facts},
        headers,
    )["data"]["storeMemory"]
    assert stored["__typename"] == "StoreSuccess", stored
    named = stored["memory"]["id"]
    kept = a.graphql(
        STORE_WITH_FACTS,
        {"content": "The deploy failed because the disk was full", "facts": []},
        headers,
    )["data"]["storeMemory"]["memory"]["id"]

    def facts_via(api: ServiceProcess) -> list[str]:
        variables = {"entity": "Zoe Smith", "states": EVERY_STATE}
        answer = api.graphql(SUBJECT_FACTS, variables, headers)["data"]["facts"]
        return [n["id"] for n in answer["nodes"]]

    def hits_via(api: ServiceProcess, text: str) -> list[str]:
        return [
            h["id"] for h in api.graphql(SEARCH, {"q": text}, headers)["data"]["search"]["hits"]
        ]

    # B reads everything first, so whatever it keeps between requests holds the subject.
    assert len(facts_via(b)) == 2
    assert named in hits_via(b, "Zoe Smith diabetes")
    assert b.graphql(READ_ONE, {"id": named}, headers)["data"]["memory"]["__typename"] == "Memory"

    receipt = a.graphql(ERASE, {"entity": "Zoe Smith"}, headers)["data"]["eraseSubject"]
    assert receipt == {"__typename": "Erasure", "memoriesDeleted": 1, "factsDeleted": 2}, receipt

    for api in (b, a):
        assert facts_via(api) == []
        for text in ("Zoe Smith", "diabetes"):
            assert hits_via(api, text) in ([], [kept]), (api.url, text)
        answer = api.graphql(READ_ONE, {"id": named}, headers)["data"]["memory"]
        assert answer["__typename"] == "NotFound", answer
        assert _memory_ids(api, headers) == [kept]


ERASE_ONE = """mutation($entity: String!) { eraseSubject(entity: $entity, memories: DELETE) {
  __typename ... on Erasure { id factsDeleted } ... on Conflict { message } } }"""
AUDIT = "{ erasures { __typename ... on ErasureList { erasures { id } } } }"


def _erase_until_done(api: ServiceProcess, headers: dict[str, str], entity: str) -> Any:
    """eraseSubject, sent again while the answer is the Conflict of another erase of the
    project running (through either replica), as a client does."""
    deadline = time.monotonic() + 120
    conflicts = 0
    while True:
        answer = api.graphql(ERASE_ONE, {"entity": entity}, headers)["data"]["eraseSubject"]
        if answer["__typename"] != "Conflict":
            return answer, conflicts
        conflicts += 1
        assert time.monotonic() < deadline, answer
        time.sleep(0.05)


def test_erasures_sent_to_both_replicas_at_once_each_take_effect_and_leave_their_line(
    replicas: Replicas,
) -> None:
    """Erasures of one project sent at once through both replicas run one at a time (a lease
    in the database): each either runs or answers Conflict and runs when sent again, every
    subject's facts are gone, and the audit log — a read-modify-write of the project's
    configuration — keeps one line per erasure answered, none lost to a concurrent append."""
    headers = _tenant("erasures-at-once")
    subjects = [f"Person {r}-{n}" for r in range(ROUNDS) for n in range(2 * REPLICAS)]
    for subject in subjects:
        facts = [{"subject": subject, "predicate": "lives in", "object": f"{subject} Street"}]
        stored = replicas[0].graphql(
            STORE_WITH_FACTS, {"content": f"{subject} moved house", "facts": facts}, headers
        )["data"]["storeMemory"]
        assert stored["__typename"] == "StoreSuccess", stored
    receipts: list[str] = []
    for r in range(ROUNDS):
        names = [s for s in subjects if s.startswith(f"Person {r}-")]
        answers = _at_once(
            [
                (
                    lambda api=replicas[n % REPLICAS], name=name: _erase_until_done(
                        api, headers, name
                    )
                )
                for n, name in enumerate(names)
            ]
        )
        for answer, _ in answers:
            assert answer["__typename"] == "Erasure" and answer["factsDeleted"] == 1, answers
            receipts.append(answer["id"])
    for api in replicas:
        for subject in subjects:
            variables = {"entity": subject, "states": EVERY_STATE}
            assert api.graphql(SUBJECT_FACTS, variables, headers)["data"]["facts"]["nodes"] == []
        audit = api.graphql(AUDIT, headers=headers)["data"]["erasures"]
        assert sorted(e["id"] for e in audit["erasures"]) == sorted(receipts), audit


DROP = """mutation($project: String!) { dropProject(project: $project, confirm: $project) {
  __typename ... on DroppedProject { memories } } }"""


async def test_a_project_dropped_through_one_replica_is_rebuilt_whole_by_the_other(
    replicas: Replicas,
) -> None:
    """Replica A has written to a project (so it knows the tenant's schema is there); replica B
    drops the project; A's next write must create the tenant again with its whole schema — not
    write into a bare graph (FalkorDB: no indexes, so no full-text or vector hit) or under a
    missing tenant marker (Neo4j: the tenant reads as absent) because A's cache said ready."""
    a, b = replicas
    project = "dropped"
    headers = _tenant(project)

    def store(text: str) -> str:
        answer = a.graphql(STORE, {"input": {"content": text}}, headers)["data"]["storeMemory"]
        assert answer["__typename"] == "StoreSuccess", answer
        return str(answer["memory"]["id"])

    def hits_via(api: ServiceProcess, text: str) -> list[str]:
        return [
            h["id"] for h in api.graphql(SEARCH, {"q": text}, headers)["data"]["search"]["hits"]
        ]

    first = store("The build server listens on port 8080")
    assert first in hits_via(a, "build server port")
    dropped = b.graphql(DROP, {"project": project}, headers)["data"]["dropProject"]
    assert dropped == {"__typename": "DroppedProject", "memories": 1}, dropped

    second = store("The staging database moved to Frankfurt")
    tenant = Tenant(org="replicas", project=project)
    async with open_backend(replicas.config()) as repository:
        assert await repository.tenant_exists(tenant)
        assert await repository.schema_ready(tenant)
    for api in (a, b):
        assert second in hits_via(api, "staging database Frankfurt"), api.url
        assert _memory_ids(api, headers) == [second]

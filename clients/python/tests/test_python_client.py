"""The Python client against a real `retentia serve` (uvicorn over HTTP, production mode) with
an API key made by `retentia keys create`: what a Python user does — store, get, recall, a
context block, iterate pages, export and import — and how failures reach them: one exception
per failure kind, retryable failures retried and then raised, a write retried after its answer
was lost landing once, the wrong key refused, projects kept apart."""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta

import pytest
from lossy_proxy import lossy_proxy
from retentia_client import (
    AsyncRetentia,
    EdgeType,
    FactInput,
    ForbiddenError,
    InvalidInputError,
    NotFoundError,
    Retentia,
    RetentiaConnectionError,
    RetentiaError,
    RetryPolicy,
    UnauthenticatedError,
    UnavailableError,
    history_from_export,
)

from devtools import falkordb_server
from tests.integration.service_process import ServiceProcess

BOOTSTRAP = "bootstrap-" + "0123456789abcdef" * 3
FAST = RetryPolicy(attempts=3, initial=0.01, maximum=0.05)


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    with ServiceProcess.secured(tmp_path_factory.mktemp("python-client"), BOOTSTRAP).running() as s:
        yield s


@pytest.fixture(scope="module")
def api_key(service: ServiceProcess) -> str:
    """An admin key made as an operator makes one: `retentia keys create`."""
    done = service.cli("keys", "create", "--name", "python client tests")
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


def fresh_project() -> str:
    return f"py-{uuid.uuid4().hex[:12]}"


@pytest.fixture
def client(service: ServiceProcess, api_key: str) -> Iterator[Retentia]:
    with Retentia(service.url, api_key=api_key, project=fresh_project(), retry=FAST) as c:
        yield c


def test_store_get_recall_and_a_context_block(client: Retentia) -> None:
    stored = client.store(
        "Ada moved to Lisbon to run the harbour survey.",
        entities=["Ada", "Lisbon"],
        metadata={"source": "notes"},
        facts=[FactInput(subject="Ada", predicate="lives_in", object_="Lisbon")],
    )
    memory = client.get(stored.memory.id)
    assert memory.content == "Ada moved to Lisbon to run the harbour survey."
    assert set(memory.entities) == {"Ada", "Lisbon"}
    assert [(m.key, m.value) for m in memory.metadata] == [("source", "notes")]
    assert stored.facts is not None and stored.facts.inserted == 1

    recalled = client.recall("Where does Ada live?", k=3)
    assert recalled.hits[0].id == memory.id
    assert [f.fact.object_ for f in recalled.facts] == ["Lisbon"]

    block = client.context("Where does Ada live?", budget=256)
    assert "Lisbon" in block.text
    assert 0 < block.tokens <= 256
    assert {item.id for item in block.items} >= {memory.id}


def test_each_failure_kind_is_its_own_exception(client: Retentia) -> None:
    with pytest.raises(NotFoundError) as missing:
        client.get(str(uuid.uuid4()))
    assert missing.value.kind == "memory" and not missing.value.retryable

    future = datetime.now(UTC) + timedelta(days=30)
    with pytest.raises(InvalidInputError) as invalid:
        client.store("from the future", created_at=future)
    assert "created_at" in invalid.value.field  # the service names it memories[0].created_at
    assert client.stats().memories == 0  # nothing was written

    # A batch answers item by item: the good item is stored, the bad one is its error.
    good, bad = client.store_many(["a good item", {"content": "bad", "created_at": future}])
    assert not isinstance(good, RetentiaError) and good.content == "a good item"
    assert isinstance(bad, InvalidInputError)


def test_a_retryable_failure_is_retried_with_backoff_then_raised(api_key: str) -> None:
    """Nothing listens on the port: each try is refused, the policy's tries are made with
    growing waits, and the last error is raised (retryable, so a caller may go on)."""
    import socket

    with socket.create_server(("127.0.0.1", 0)) as s:
        port = s.getsockname()[1]  # closed on exit: nothing listens there any more
    retries: list[tuple[int, float]] = []
    policy = RetryPolicy(attempts=4, initial=0.05, multiplier=2, jitter=0)
    with Retentia(
        f"http://127.0.0.1:{port}",
        api_key=api_key,
        retry=policy,
        on_retry=lambda n, _e, delay: retries.append((n, delay)),
    ) as c:
        with pytest.raises(RetentiaConnectionError) as raised:
            c.store("never reaches a service")
    assert raised.value.retryable
    assert retries == [(1, 0.05), (2, 0.1), (3, 0.2)]


def test_an_unavailable_database_is_retried_then_raised(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """A real service whose database server is gone answers 503 with the retryable
    UNAVAILABLE error: the client retries it on the policy and raises UnavailableError."""
    server, url = falkordb_server.start(tmp_path_factory.mktemp("doomed-falkordb"))
    doomed = ServiceProcess.secured(
        tmp_path_factory.mktemp("doomed-service"), BOOTSTRAP, {"RETENTIA_FALKORDB_URL": url}
    )
    retries: list[RetentiaError] = []
    try:
        with doomed.running():
            with Retentia(
                doomed.url,
                api_key=BOOTSTRAP,
                retry=FAST,
                on_retry=lambda _n, e, _d: retries.append(e),
            ) as c:
                assert c.stats().memories == 0
                falkordb_server.stop(server)
                with pytest.raises(UnavailableError) as raised:
                    c.stats()
    finally:
        if server.poll() is None:
            falkordb_server.stop(server)
    assert raised.value.retryable and "unavailable" in raised.value.message
    assert len(retries) == FAST.attempts - 1
    assert all(isinstance(e, UnavailableError) for e in retries)


def test_a_write_retried_after_its_answer_was_lost_lands_once(
    service: ServiceProcess, api_key: str
) -> None:
    """The first answer is lost after the service wrote the memory; the client retries with
    the same idempotency key and gets the first write's answer, not a second memory."""
    project = fresh_project()
    with lossy_proxy(service.port) as proxy:
        with Retentia(proxy.url, api_key=api_key, project=project, retry=FAST) as c:
            stored = c.store("The harbour survey starts on Monday.")
    assert proxy.lost == 1 and proxy.connections == 2
    with Retentia(service.url, api_key=api_key, project=project) as c:
        assert [m.id for m in c.iter_memories()] == [stored.memory.id]


def test_without_a_shared_key_the_same_loss_would_write_twice(
    service: ServiceProcess, api_key: str
) -> None:
    """The control for the test above: two keys for one write are two memories."""
    project = fresh_project()
    with Retentia(service.url, api_key=api_key, project=project) as c:
        c.store("The harbour survey starts on Monday.", idempotency_key="first")
        c.store("The harbour survey starts on Monday.", idempotency_key="second")
        again = c.store("The harbour survey starts on Monday.", idempotency_key="second")
        assert len(list(c.iter_memories())) == 2
        assert again.memory.content == "The harbour survey starts on Monday."


def test_iterators_walk_every_page(client: Retentia) -> None:
    ids = [client.store(f"Survey log entry number {i}.").memory.id for i in range(7)]
    walked = [m.id for m in client.iter_memories(page_size=3)]
    assert walked == list(reversed(ids))  # newest first, each once, over three pages

    batch = client.ingest_facts(
        [FactInput(subject=f"Buoy {i}", predicate="colour", object_="red") for i in range(5)]
    )
    assert batch.inserted == 5
    facts = list(client.iter_facts(predicate="colour", page_size=2))
    assert sorted(f.subject for f in facts) == [f"Buoy {i}" for i in range(5)]
    assert [f.object_ for f in client.iter_fact_history("Buoy 0", "colour")] == ["red"]
    assert list(client.iter_core_memories()) == list(client.iter_forgotten()) == []

    client.link(ids[1], ids[0], EdgeType.CAUSED_BY, reason="follows")
    pages = list(client.iter_traverse(ids[0], depth=1, edge_types=["CAUSED_BY"], page_size=1))
    assert len(pages) == 2  # one memory a page
    assert {n.id for p in pages for n in p.nodes} == {ids[0], ids[1]}


def test_a_wrong_key_or_a_missing_permission_is_refused(
    service: ServiceProcess, api_key: str
) -> None:
    with Retentia(service.url, api_key="rtk_default_" + "0" * 64, retry=FAST) as c:
        with pytest.raises(UnauthenticatedError):
            c.stats()
    _, reader = service.create_key(["PROJECT_READ"], name="reader", key=api_key)
    with Retentia(service.url, api_key=reader, retry=FAST) as c:
        with pytest.raises(ForbiddenError) as refused:
            c.store("a reader may not write")
    assert refused.value.permission == "PROJECT_WRITE"


def test_the_project_header_keeps_projects_apart(service: ServiceProcess, api_key: str) -> None:
    with Retentia(service.url, api_key=api_key, project=fresh_project()) as a:
        mine = a.store("Only project A knows the tide tables.").memory.id
    with Retentia(service.url, api_key=api_key, project=fresh_project()) as b:
        assert list(b.iter_memories()) == []
        with pytest.raises(NotFoundError):
            b.get(mine)


def test_export_then_import_round_trip(service: ServiceProcess, api_key: str) -> None:
    """A project exported (streamed), converted to history and imported into another project
    keeps its memories with their own times and sessions, its written edges and its facts;
    importing again changes nothing."""
    then = datetime(2025, 3, 1, 12, 0, tzinfo=UTC)
    with Retentia(service.url, api_key=api_key, project=fresh_project()) as source:
        first = source.store("Kai adopted a grey cat.", session="s1", created_at=then).memory
        second = source.store(
            "Kai bought a cat tree.", session="s1", created_at=then + timedelta(hours=1)
        ).memory
        source.store("Kai named the cat Miso.", session="s1", created_at=then + timedelta(hours=2))
        source.link(second.id, first.id, EdgeType.CAUSED_BY, reason="for the cat")
        source.ingest_facts([FactInput(subject="Kai", predicate="owns", object_="cat")])
        exported = list(source.export())
    assert [r.split('"kind":"')[1].split('"')[0] for r in (exported[0], exported[-1])] == [
        "header",
        "end",
    ]

    left_out: Counter[str] = Counter()
    history = list(history_from_export(exported, left_out))
    with Retentia(service.url, api_key=api_key, project=fresh_project()) as target:
        # Three records a request: the edge's request carries its two memories again.
        summary = target.import_history(history, batch_records=3)
        assert summary.rejected == []
        assert summary.requests == 3
        assert summary.imported == Counter({"memory": 3, "edge": 1, "fact": 1})
        assert summary.skipped == Counter()
        restored = {m.content: m for m in target.iter_memories()}
        assert len(restored) == 3
        assert restored[first.content].created_at == then
        assert restored[second.content].source_session == "s1"
        edges = [e for p in target.iter_traverse(restored[second.content].id) for e in p.edges]
        assert any(e.type_ == EdgeType.CAUSED_BY for e in edges)
        assert [f.object_ for f in target.iter_facts(subject="Kai")] == ["cat"]

        again = target.import_history(history)
        assert sum(again.imported.values()) == 0 and again.rejected == []
    assert left_out["entity"] >= 1  # derived records are counted, not carried


async def test_the_async_client_does_the_same(service: ServiceProcess, api_key: str) -> None:
    async with AsyncRetentia(
        service.url, api_key=api_key, project=fresh_project(), retry=FAST
    ) as c:
        stored = await c.store("Noor keeps bees on the roof.", entities=["Noor"])
        assert (await c.get(stored.memory.id)).content == "Noor keeps bees on the roof."
        assert (await c.recall("Who keeps bees?", k=1)).hits[0].id == stored.memory.id
        assert [m.id async for m in c.iter_memories(page_size=1)] == [stored.memory.id]
        assert "bees" in (await c.context("bees", budget=128)).text
        lines = [line async for line in c.export()]
        assert sum('"kind":"memory"' in line for line in lines) == 1
        with pytest.raises(NotFoundError):
            await c.get(str(uuid.uuid4()))
    async with AsyncRetentia(service.url, api_key="rtk_default_" + "0" * 64, retry=FAST) as bad:
        with pytest.raises(UnauthenticatedError):
            await bad.stats()

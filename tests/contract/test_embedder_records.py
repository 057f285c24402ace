"""A project records the embedder its vectors come from, and is never searched or written with
another: recall's vector legs refuse (the recall degrades to the other legs), stores, fact
writes and explain's cosine raise `EmbedderMismatch` naming `retentia embedder migrate`. A
migration re-embeds every memory and fact in place with the running model (afterwards that model
searches and writes, the old one is refused), continues from its cursor when stopped, and leaves
no vector of the old model behind, even for a memory written while it ran."""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from typing import Any

import pytest

from graph_backends import Backend
from schema import Tenant
from schema.facts import FactQuery, FactWriter
from service.adapters.embedding import Role, Vector
from service.compose import compose_use_cases
from service.settings import Settings
from service.usecases.embedder_migration import (
    EmbedderMigration,
    MigrationInterrupted,
    MigrationReport,
    Progress,
)
from service.usecases.embedder_records import (
    RECORD_KEY,
    EmbedderGuard,
    EmbedderMismatch,
    EmbedderRecord,
)
from service.usecases.explain import ExplainService
from service.usecases.facts import FactService
from service.usecases.memories import MemoryService, StoreRequest
from service.usecases.ndjson import lines, read_header
from service.usecases.recall import Leg, RecallFailed, RecallRequest, RecallService
from tests.conftest import new_tenant
from tests.engine_support import Clock, HashEmbedder
from tests.factories import memory

pytestmark = pytest.mark.fact_layer

SETTINGS = Settings(backend="falkordb")
TEXTS = (
    "The zebra escaped from the city zoo on Tuesday",
    "Packing list for the mountain trip: boots, rope, stove",
    "Alice moved to Berlin for the robotics job",
    "The boiler was serviced in March",
    "Bob prefers green tea over coffee",
)


class OtherModel(HashEmbedder):
    """Another model of the same dimension: the same words land elsewhere."""

    name = "test:other-words"

    async def embed(self, texts: Sequence[str], *, role: Role = "passage") -> list[Vector]:
        return await super().embed([f"{_salt(t)} {t}" for t in texts], role=role)


def _salt(text: str) -> str:
    return " ".join(hashlib.sha256(w.encode()).hexdigest()[:8] for w in text.lower().split())


class Side:
    """One process's view of the project: its embedder, memories, facts, recall, explain. It
    reads the record at every check unless given a `ttl` (how long a kept record is used is
    tests/unit/test_embedder_records.py's)."""

    def __init__(
        self, repository: Backend, embedder: HashEmbedder, clock: Clock, *, ttl: float = 0.0
    ) -> None:
        self.embedder = embedder
        self.guard = EmbedderGuard(repository, embedder.name, embedder.dimension, ttl=ttl)
        self.memories = MemoryService(repository, embedder, clock, guard=self.guard)
        self.facts = FactService(repository, clock, embedder=embedder, guard=self.guard)
        self.recall_service = RecallService(repository, embedder, clock, guard=self.guard)
        self.explain = ExplainService(self.memories, self.recall_service)

    async def put(self, tenant: Tenant, content: str) -> str:
        return (await self.memories.store(tenant, StoreRequest(content=content))).memory.id

    async def recall(self, tenant: Tenant, query: str, **options: Any) -> Any:
        request = RecallRequest(query=query, read_only=True, **options)
        return await self.recall_service.recall(tenant, request)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def first(repository: Backend, clock: Clock) -> Side:
    return Side(repository, HashEmbedder(), clock)


@pytest.fixture
def second(repository: Backend, clock: Clock) -> Side:
    return Side(repository, OtherModel(), clock)


def migration(repository: Backend, side: Side, page: int = 2) -> EmbedderMigration:
    return EmbedderMigration(repository, side.embedder, page=page, settle_s=0, guard=side.guard)


async def fill(side: Side, tenant: Tenant) -> list[str]:
    ids = [await side.put(tenant, text) for text in TEXTS]
    fact = {"subject": "Alice", "predicate": "lives in", "object": "Berlin"}
    await side.facts.apply_facts(tenant, [fact], FactWriter.MEMORY, source=ids[2])
    return ids


def _cosine(a: Sequence[float], b: Sequence[float]) -> float:
    return sum(x * y for x, y in zip(a, b, strict=True)) / (
        math.sqrt(sum(x * x for x in a)) * math.sqrt(sum(y * y for y in b))
    )


async def assert_embedded_by(repository: Backend, tenant: Tenant, side: Side) -> None:
    """Every memory's stored vector is the side's embedding of its content."""
    memories = await repository.all_memories(tenant)
    stored = await repository.get_memories(tenant, [m.id for m in memories], with_embeddings=True)
    for found in stored:
        assert found is not None and found.embedding is not None
        (mine,) = await side.embedder.embed([found.content])
        assert _cosine(found.embedding, mine) > 0.999, found.content


async def test_a_project_refuses_to_be_searched_or_written_with_another_model(
    repository: Backend, tenant: Tenant, first: Side, second: Side
) -> None:
    ids = await fill(first, tenant)
    raw = await repository.get_config(tenant, RECORD_KEY)
    assert raw is not None and EmbedderRecord.from_json(raw).name == first.embedder.name

    with pytest.raises(EmbedderMismatch) as refused:
        await second.put(tenant, "Carol plays the cello")
    message = str(refused.value)
    assert first.embedder.name in message and second.embedder.name in message
    assert f"retentia embedder migrate --org {tenant.org} --project {tenant.project}" in message
    assert not refused.value.retryable
    assert len(await repository.all_memories(tenant)) == len(TEXTS)  # nothing was written

    fact = {"subject": "Carol", "predicate": "plays", "object": "cello"}
    with pytest.raises(EmbedderMismatch):
        await second.facts.apply_facts(tenant, [fact], FactWriter.MEMORY, source=ids[0])

    degraded = await second.recall(tenant, "zebra escaped zoo")
    assert degraded.degraded and "retentia embedder migrate" in degraded.failed_legs[Leg.VECTOR]
    assert Leg.FACT_VECTOR in degraded.failed_legs
    assert [h.memory.id for h in degraded.hits][:1] == [ids[0]]  # the text legs still answer
    with pytest.raises(RecallFailed):
        await second.recall(tenant, "zebra escaped zoo", legs=frozenset({Leg.VECTOR}))
    with pytest.raises(EmbedderMismatch):
        await second.explain.explain(tenant, ids[0], query="zebra")

    answered = await first.recall(tenant, "zebra escaped zoo")
    assert not answered.degraded and answered.hits[0].memory.id == ids[0]


async def test_a_project_without_a_record_adopts_the_running_model(
    repository: Backend, tenant: Tenant, second: Side
) -> None:
    """A project written before records existed: searched by whatever runs (nothing is
    written by a read), and recorded by its first write of vectors."""
    await repository.ensure_schema(tenant)
    await repository.upsert_memories(tenant, [memory(TEXTS[0])])
    assert not (await second.recall(tenant, "zebra")).degraded
    assert await repository.get_config(tenant, RECORD_KEY) is None
    await second.put(tenant, TEXTS[1])
    raw = await repository.get_config(tenant, RECORD_KEY)
    assert raw is not None and EmbedderRecord.from_json(raw).name == OtherModel.name


async def test_migrate_re_embeds_memories_and_facts_and_then_serves_the_new_model(
    repository: Backend, tenant: Tenant, first: Side, second: Side
) -> None:
    ids = await fill(first, tenant)
    seen: list[Progress] = []
    report = await migration(repository, second).migrate(tenant, progress=seen.append)
    assert report == MigrationReport(
        tenant,
        f"{first.embedder.name} (384 dimensions)",
        f"{second.embedder.name} (384 dimensions)",
        memories=len(TEXTS),
        facts=1,
        seconds=report.seconds,
    )
    assert [(p.stage, p.done, p.total) for p in seen] == [
        ("memories", 2, 5),
        ("memories", 4, 5),
        ("memories", 5, 5),
        ("facts", 1, None),
    ]
    await assert_embedded_by(repository, tenant, second)
    answered = await second.recall(tenant, "Alice lives in Berlin")
    assert not answered.degraded and ids[2] in [h.memory.id for h in answered.hits[:2]]
    assert [f.fact.object for f in answered.facts] == ["Berlin"]
    (facts,) = [await repository.find_facts(tenant, FactQuery(limit=10))]
    hits = await repository.fact_vector_search(
        tenant, (await second.embedder.embed(["Alice lives in Berlin"]))[0], facts[0].valid_from, 1
    )
    assert [h.fact_id for h in hits] == [facts[0].id] and hits[0].score > 0.999
    await second.put(tenant, "Carol plays the cello")
    with pytest.raises(EmbedderMismatch):
        await Side(repository, HashEmbedder(), Clock()).put(tenant, "Dan sings")
    again = await migration(repository, second).migrate(tenant)
    assert again.current and "already embedded" in again.line()


async def test_a_stopped_migration_continues_from_its_cursor_and_leaves_no_old_vector(
    repository: Backend, tenant: Tenant, clock: Clock, first: Side, second: Side
) -> None:
    """Stopped after one page, the project is migrating: no process searches its vectors, the
    old model cannot write (retryable), the new one can (without auto-links); a write of the
    old model that checked just before the mark (its record kept) lands after the cursor, and
    the continued migration re-embeds it too."""
    ids = await fill(first, tenant)
    stale = Side(repository, HashEmbedder(), clock, ttl=3600.0)
    await stale.put(tenant, "Erin fixed the gate")  # keeps the record: not migrating

    stopped = await migration(repository, second).migrate(tenant, max_pages=1)
    assert not stopped.finished and stopped.memories == 2
    assert "run again to continue" in stopped.line()
    raw = await repository.get_config(tenant, RECORD_KEY)
    assert raw is not None
    moving = EmbedderRecord.from_json(raw).migration
    assert moving is not None and moving.after == sorted(ids)[1] and moving.done == 2

    for side in (first, second):
        degraded = await side.recall(tenant, "zebra escaped zoo")
        assert "re-embedded" in degraded.failed_legs[Leg.VECTOR]
        assert degraded.hits[0].memory.id == ids[0]
    with pytest.raises(EmbedderMismatch) as refused:
        await first.put(tenant, "Frank lost his keys")
    assert not refused.value.retryable and "being re-embedded" in str(refused.value)
    during = await second.memories.store(tenant, StoreRequest(content=TEXTS[0]))
    # A duplicate would be auto-linked and hinted; nothing is compared while vectors are mixed.
    assert during.auto_links == () and during.possible_conflicts == ()
    late = await stale.put(tenant, "Gina found the zebra")  # checked before the mark

    resumed = await migration(repository, second).migrate(tenant)
    assert resumed.resumed and resumed.finished
    assert resumed.memories == len(TEXTS) + 3 - 2 and resumed.facts == 1
    await assert_embedded_by(repository, tenant, second)
    assert late in {m.id for m in await repository.all_memories(tenant)}
    assert not (await second.recall(tenant, "zebra escaped zoo")).degraded


class TakenOver(OtherModel):
    """Embeds its first page while another migration (back to the first model) starts."""

    def __init__(self, take_over: Any) -> None:
        self.take_over = take_over

    async def embed(self, texts: Sequence[str], *, role: Role = "passage") -> list[Vector]:
        await self.take_over()
        return await super().embed(texts, role=role)


async def test_another_migration_takes_over_and_the_first_stops(
    repository: Backend, tenant: Tenant, first: Side, clock: Clock
) -> None:
    """A migration to a third model started while one runs: the running one's next page finds
    the record changed and stops, writing nothing; the other finishes the project."""
    await fill(first, tenant)
    taken = Side(repository, TakenOver(lambda: other.migrate(tenant, max_pages=0)), clock)
    other = migration(repository, first)
    with pytest.raises(MigrationInterrupted, match="another migration took it over"):
        await migration(repository, taken).migrate(tenant)
    raw = await repository.get_config(tenant, RECORD_KEY)
    assert raw is not None
    moving = EmbedderRecord.from_json(raw).migration
    assert moving is not None and moving.name == first.embedder.name and moving.done == 0
    assert (await other.migrate(tenant)).finished
    await assert_embedded_by(repository, tenant, first)


async def test_an_import_records_the_importing_model_not_the_files(
    repository: Backend, tenant: Tenant, first: Side
) -> None:
    """An export carries its project's record; an import by another model embeds with its own
    and records that, so the restored project is searched by the model that embedded it."""
    await fill(first, tenant)
    copy = new_tenant()
    try:
        async with compose_use_cases(SETTINGS, repository, HashEmbedder(), tenant) as uses:
            texts = [t async for t in await uses.exports.ndjson(tenant, embeddings=True)]
        assert any(f'"key":"{RECORD_KEY}"' in t.replace(" ", "") for t in texts)
        records = list(lines(texts))
        header, _ = read_header(records[0])
        async with compose_use_cases(SETTINGS, repository, OtherModel(), copy) as uses:
            report = await uses.restore.restore(copy, header, records[1:])
            assert report.rejected == []
            answered = await uses.recall.recall(
                copy, RecallRequest(query="zebra escaped zoo", read_only=True)
            )
        assert not answered.degraded
        raw = await repository.get_config(copy, RECORD_KEY)
        assert raw is not None and EmbedderRecord.from_json(raw).name == OtherModel.name
        await assert_embedded_by(repository, copy, Side(repository, OtherModel(), Clock()))
    finally:
        await repository.drop_tenant(copy)

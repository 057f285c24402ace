"""Export → restore into a fresh tenant gives the same tenant on every backend: the same
`stats`, the same recall answers (ids in order) for a fixed query set, the same facts at a set
of instants, the same `explain` numbers, and an export of the restored tenant that is the
original's record for record. A truncated file is refused before anything is written, a tenant
with data of its own is refused, and a restore interrupted half-way finishes when run again
with the same file, every record once."""

from __future__ import annotations

import io
import json
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from datetime import timedelta

import networkx as nx
import pytest

from graph_backends import GraphRepository
from schema import EdgeType, InvalidInput, Tenant
from schema.facts import FactWriter
from service.compose import UseCases, compose, compose_use_cases
from service.engine.settings import EngineSettings
from service.settings import Settings
from service.usecases.core_preferences import preferences
from service.usecases.memories import RelatedEdge, StoreRequest
from service.usecases.ndjson import Header, Line, lines, read_header
from service.usecases.recall import RecallRequest
from service.usecases.restore import RestoreService, TenantNotEmpty
from tests.conftest import new_tenant
from tests.engine_support import Clock, HashEmbedder
from tests.factories import T0

pytestmark = pytest.mark.fact_layer

SETTINGS = Settings(backend="falkordb", engine=EngineSettings(auto_link_floor=0.5))
QUERIES = (
    "where does Zoe live",
    "the deploy failed because the disk was full",
    "boiler service by Hanna",
    "what did we decide about the database",
)


@asynccontextmanager
async def uses_of(
    repository: GraphRepository, tenant: Tenant, clock: Clock
) -> AsyncIterator[UseCases]:
    async with compose_use_cases(SETTINGS, repository, HashEmbedder(), tenant, clock=clock) as u:
        yield u


async def build_history(uses: UseCases, tenant: Tenant, clock: Clock) -> list[str]:
    """Memories in several statuses after maintenance, edges of several types (auto-links,
    a session chain, supersession), facts with supersessions and a retraction, core
    preferences, a functional predicate and a tombstone. Returns some memory ids."""
    writes = uses.writes

    async def put(content: str, **fields: object) -> str:
        request = StoreRequest(content=content, **fields)  # type: ignore[arg-type]
        return (await writes.store(tenant, request)).result.memory.id

    await uses.core.set_preferences(tenant, preferences(auto=["preferences_habits"]))
    await writes.register_functional(tenant, ["drives"])
    disk = await put("the deploy failed because the disk was full", entities=["deploy"])
    cause = await put(
        "the disk filled with logs from the deploy",
        related=(RelatedEdge(disk, EdgeType.CAUSED_BY),),
    )
    boiler = await put("the boiler was serviced by Hanna", entities=["Hanna"])
    await put("Hanna left the boiler invoice on the shelf", source_session="s1")
    await put("Hanna will send the boiler report", source_session="s1")
    decision = await put("we decided to move the database to a bigger disk")
    await put("I prefer tea over coffee", category="preferences_habits")
    aside = await put("an aside nobody links to")
    clock.advance(days=1)
    zoe = await put("Zoe lives in Oslo and drives a Volvo", entities=["Zoe Smith"])
    await writes.ingest_facts(
        tenant,
        [
            {"subject": "Zoe Smith", "predicate": "lives in", "object": "Oslo", "source": zoe},
            {"subject": "Zoe Smith", "predicate": "drives", "object": "Volvo", "source": zoe},
            {"subject": "Zoe Smith", "predicate": "likes", "object": "Hiking", "source": zoe},
        ],
        FactWriter.API,
    )
    clock.advance(days=10)
    moved = await put("Zoe moved to Bergen", entities=["Zoe Smith"])
    await writes.ingest_facts(
        tenant,
        [
            {"subject": "Zoe Smith", "predicate": "lives in", "object": "Bergen", "source": moved},
            {"subject": "Zoe Smith", "predicate": "drives", "object": "Tesla", "source": moved},
        ],
        FactWriter.API,
    )
    (likes,) = await uses.facts.facts(tenant, subject="Zoe Smith", predicate="likes")
    await writes.retract_fact(tenant, likes.id)
    amended = (await writes.amend(tenant, decision, "we decided to move the database")).memory
    await writes.delete(tenant, [decision])  # superseded: leaves a tombstone
    await uses.core.approve(tenant, [boiler])
    clock.advance(days=40)
    await uses.maintenance.maintain(tenant)
    await uses.recall.recall(tenant, RecallRequest("boiler service by Hanna"))  # reactivates
    clock.advance(days=3)
    late = await put("xyzzy plugh a late unrelated word salad", pinned=True)
    return [disk, cause, boiler, zoe, moved, amended.id, aside, late]


async def export_lines(uses: UseCases, tenant: Tenant, *, embeddings: bool) -> list[str]:
    return [text async for text in await uses.exports.ndjson(tenant, embeddings=embeddings)]


def parsed(texts: list[str]) -> tuple[Header, list[Line]]:
    records = list(lines(texts))
    header, was_header = read_header(records[0])
    assert was_header
    return header, records[1:]


def records_of(texts: list[str]) -> list[dict[str, object]]:
    """The file's records without its header (which names the source and the export time)."""
    return [json.loads(t) for t in texts[1:]]


@dataclass
class Answers:
    """What the round trip must keep."""

    stats: object
    recalls: list[list[str]]
    facts: list[list[object]]
    explains: list[object]


async def answers(uses: UseCases, tenant: Tenant, ids: list[str], clock: Clock) -> Answers:
    now = clock()
    recalls = []
    for query in QUERIES:
        result = await uses.recall.recall(
            tenant, RecallRequest(query, k=5, as_of=now, read_only=True)
        )
        recalls.append([h.memory.id for h in result.hits])
    instants = [T0, T0 + timedelta(days=1, hours=1), T0 + timedelta(days=12), now]
    facts = [await uses.facts.facts(tenant, at=at, limit=1000) for at in instants]
    history = await uses.facts.slot_history(tenant, "Zoe Smith", "lives in")
    present = [i for i, m in zip(ids, await uses.memories.get(tenant, ids), strict=True) if m]
    explains = [await uses.explain.explain(tenant, i) for i in present]
    return Answers(
        stats=await uses.memories.stats(tenant),
        recalls=recalls,
        facts=[*facts, history],
        explains=explains,
    )


async def test_an_export_restores_into_a_fresh_tenant_as_the_same_tenant(
    repository: GraphRepository, tenant: Tenant
) -> None:
    clock = Clock(T0)
    copy = new_tenant()
    try:
        async with uses_of(repository, tenant, clock) as uses:
            ids = await build_history(uses, tenant, clock)
            before = await answers(uses, tenant, ids, clock)
            texts = await export_lines(uses, tenant, embeddings=True)
        statuses = {json.loads(t)["status"] for t in texts if '"kind":"memory"' in t}
        assert len(statuses) >= 3, statuses  # several lifecycle states made it into the file
        kinds = {json.loads(t)["kind"] for t in texts}
        assert {"config", "entity", "memory", "edge", "fact", "relation", "tombstone"} <= kinds
        assert "forgotten" in kinds  # the aside maintenance forgot, kept with its state
        async with uses_of(repository, copy, clock) as uses:
            header, records = parsed(texts)
            report = await uses.restore.restore(copy, header, records)
            assert report.rejected == []
            end = json.loads(texts[-1])["counts"]
            assert dict(report.imported) == end
            after = await answers(uses, copy, ids, clock)
            again = await export_lines(uses, copy, embeddings=True)
            aside = ids[6]
            assert aside in {f.id for f in await uses.forgotten.page(copy, first=100)}
            assert (await uses.forgotten.restore(copy, [aside])).restored == [aside]
            assert (await uses.memories.get(copy, [aside]))[0] is not None
        assert after.stats == before.stats
        assert after.recalls == before.recalls
        assert all(after.recalls)
        assert after.facts == before.facts
        assert after.explains == before.explains and len(after.explains) >= 3
        assert records_of(again) == records_of(texts)
    finally:
        await repository.drop_tenant(copy)


async def test_without_embeddings_the_restore_embeds_and_answers_alike(
    repository: GraphRepository, tenant: Tenant
) -> None:
    """A file without vectors is restored with the service's embedder (a deterministic one
    here, so the answers are the same)."""
    clock = Clock(T0)
    copy = new_tenant()
    try:
        async with uses_of(repository, tenant, clock) as uses:
            ids = await build_history(uses, tenant, clock)
            before = await answers(uses, tenant, ids, clock)
            texts = await export_lines(uses, tenant, embeddings=False)
        assert not any('"embedding"' in t for t in texts)
        async with uses_of(repository, copy, clock) as uses:
            header, records = parsed(texts)
            report = await uses.restore.restore(copy, header, records)
            assert report.rejected == []
            after = await answers(uses, copy, ids, clock)
        assert (after.stats, after.recalls, after.facts) == (
            before.stats,
            before.recalls,
            before.facts,
        )
    finally:
        await repository.drop_tenant(copy)


async def test_a_truncated_file_or_a_tenant_with_data_is_refused_with_nothing_written(
    repository: GraphRepository, tenant: Tenant
) -> None:
    clock = Clock(T0)
    copy, other = new_tenant(), new_tenant()
    try:
        async with uses_of(repository, tenant, clock) as uses:
            await uses.writes.store(tenant, StoreRequest(content="one note"))
            await uses.writes.store(tenant, StoreRequest(content="another note"))
            texts = await export_lines(uses, tenant, embeddings=False)
        header, records = parsed(texts)
        async with uses_of(repository, copy, clock) as uses:
            for cut in (records[:-1], [r for r in records if r.kind != "edge" or r.number > 4]):
                if cut == records:
                    continue
                with pytest.raises(InvalidInput) as refused:
                    await uses.restore.restore(copy, header, cut)
                assert refused.value.field == "end"
            assert (await uses.memories.stats(copy)).memories == 0
            await uses.writes.store(copy, StoreRequest(content="data of its own"))
            with pytest.raises(TenantNotEmpty):
                await uses.restore.restore(copy, header, records)
            assert (await uses.memories.stats(copy)).memories == 1
        async with uses_of(repository, other, clock) as uses:
            bad = [
                *records[:-1],
                Line(99, "memory", {"kind": "memory", "id": "not-a-uuid", "content": "x"}),
                Line(100, "colour", {"kind": "colour"}),
            ]
            end = dict(json.loads(texts[-1])["counts"])
            end["memory"] = end.get("memory", 0) + 1
            bad.append(Line(101, "end", {"kind": "end", "counts": end}))
            report = await uses.restore.restore(other, header, bad)
            assert sorted((r.line, r.kind) for r in report.rejected) == [
                (99, "memory"),
                (100, "colour"),
            ]
            assert report.imported["memory"] == 2  # the good ones are all there
    finally:
        await repository.drop_tenant(copy)
        await repository.drop_tenant(other)


class Interrupted(Exception):
    pass


async def test_an_interrupted_restore_finishes_when_run_again(
    repository: GraphRepository, tenant: Tenant
) -> None:
    clock = Clock(T0)
    copy = new_tenant()
    try:
        async with uses_of(repository, tenant, clock) as uses:
            ids = await build_history(uses, tenant, clock)
            before = await answers(uses, tenant, ids, clock)
            texts = await export_lines(uses, tenant, embeddings=True)
        header, records = parsed(texts)
        async with compose(SETTINGS, repository, HashEmbedder(), copy, clock=clock) as composed:
            # A restore with a smaller batch than the composed one: built from the services
            # behind the use cases, as `compose` builds it.
            uses, inner = composed.uses, composed.internals
            small = RestoreService(inner.memories, inner.facts, batch=3)

            def crash(done: int) -> None:
                if done >= 12:
                    raise Interrupted

            with pytest.raises(Interrupted):
                await small.restore(copy, header, records, progress=crash)
            first = await small.restore(copy, header, records)
            assert first.rejected == []
            total = json.loads(texts[-1])["counts"]
            both = {k: first.imported[k] + first.skipped[k] for k in total}
            assert both == total and sum(first.skipped.values()) >= 12
            rerun = await small.restore(copy, header, records)
            assert dict(rerun.skipped) == total and not rerun.imported
            other_file = [*texts[:-1]]
            other_file[1:1] = ['{"kind":"config","key":"extra","value":"1"}\n']
            end = json.loads(texts[-1])
            end["counts"]["config"] = end["counts"].get("config", 0) + 1
            h, rs = parsed([*other_file, json.dumps(end)])
            with pytest.raises(TenantNotEmpty):
                await small.restore(copy, h, rs)
            after = await answers(uses, copy, ids, clock)
        assert (after.stats, after.recalls, after.facts) == (
            before.stats,
            before.recalls,
            before.facts,
        )
    finally:
        await repository.drop_tenant(copy)


async def test_graphml_has_a_node_per_memory_and_an_edge_per_edge(
    repository: GraphRepository, tenant: Tenant
) -> None:
    """What Gephi reads: every memory a node with its attributes, every memory–memory edge a
    typed edge (parallel edges of two types kept)."""
    clock = Clock(T0)
    async with uses_of(repository, tenant, clock) as uses:
        ids = await build_history(uses, tenant, clock)
        text = "".join([chunk async for chunk in await uses.exports.graphml(tenant)])
        stats = await uses.memories.stats(tenant)
        (late,) = await uses.memories.get(tenant, [ids[-1]])
    graph = nx.read_graphml(io.StringIO(text), force_multigraph=True)
    assert graph.number_of_nodes() == stats.memories
    assert graph.number_of_edges() == sum(stats.edges.values())
    types = {data["type"] for _, _, data in graph.edges(data=True)}
    assert types == {str(t) for t, n in stats.edges.items() if n} and len(types) >= 2
    assert late is not None
    assert graph.nodes[late.id]["status"] == str(late.status)
    assert graph.nodes[late.id]["pinned"] is True

"""FalkorDB applies a reactivation batch's direct recalls where the memories are stored
(`PresentsInPlace`, `write_presentations.cypher`): on the same graph and the same recalls, the
memories and reports equal those of the read-compute-write path every other backend takes —
with presentation lists cut to their limit, a memory hit by several recalls of a batch and
twice by one, cascades (of one, two and three hops over a random graph of every edge type,
reaching seeds of other recalls and reviving dormant memories), and a hit deleted before its
batch is written."""

from __future__ import annotations

import random
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest

from graph_backends import FalkorConfig, GraphRepository, PresentsInPlace, open_backend
from schema import (
    EdgeCreator,
    EdgeType,
    InvalidInput,
    Memory,
    MemoryEdge,
    MemoryStatus,
    Tenant,
)
from service.engine.settings import EngineSettings
from service.usecases.memories import MemoryService, RelatedEdge, StoreRequest
from service.usecases.reactivation import ReactivationService, Recalled
from tests.conftest import DIMENSION, new_tenant
from tests.engine_support import Clock, HashEmbedder

ENGINE = EngineSettings(max_presentations=3)
_FIELDS = (
    "reactivation_timestamps",
    "reactivation_count",
    "last_accessed_at",
    "last_reactivated_at",
    "cascade_count",
    "status",
)


class ReadComputeWrite:
    """The same FalkorDB repository without `write_presentations`: reactivation reads the
    hits, computes their new state in Python and writes it, as on Neo4j and SurrealDB."""

    def __init__(self, inner: GraphRepository) -> None:
        self._inner = inner

    def __getattr__(self, name: str) -> Any:
        if name == "write_presentations":
            raise AttributeError(name)
        return getattr(self._inner, name)


async def _reactivated(
    service: MemoryService,
    tenant: Tenant,
    ids: list[str],
    rng: random.Random,
    clock: Clock,
    batches: int,
    hits: int,
) -> list[Any]:
    """`batches` batches of one to three recalls of `hits` random ids each, reactivated; their
    reports with ids replaced by their position in `ids`."""
    position = {memory_id: n for n, memory_id in enumerate(ids)}
    reports: list[Any] = []
    for batch in range(batches):
        recalls = [
            Recalled(
                tuple(rng.choices(ids, k=hits)),
                clock.now + timedelta(minutes=10 * batch + rng.randrange(10)),
            )
            for _ in range(rng.randint(1, 3))
        ]
        report = await ReactivationService(service).reactivate_recalls(tenant, recalls)
        reports.append(
            (
                [position[i] for i in report.direct],
                {position[i]: v for i, v in report.cascaded.items()},
                [position[i] for i in report.revived],
                report.validated_auto_links,
            )
        )
    return reports


async def _run(repository: Any, seed: int) -> tuple[list[Any], list[Any]]:
    """A chain of supportive memories, one deleted, then batches of random recalls; the
    reports and every memory's reactivation fields, with ids replaced by their position."""
    tenant = new_tenant()
    clock = Clock()
    service = MemoryService(repository, HashEmbedder(), clock, ENGINE)
    ids: list[str] = []
    for n in range(10):
        related = (RelatedEdge(ids[-1], EdgeType.SUPPORTS),) if ids and n % 4 else ()
        stored = await service.store(
            tenant, StoreRequest(content=f"memory number {n} about topic {n % 3}", related=related)
        )
        ids.append(stored.memory.id)
    await service.delete(tenant, [ids[5]])
    reports = await _reactivated(service, tenant, ids, random.Random(seed), clock, 5, hits=3)
    memories: list[Memory | None] = await service.get(tenant, ids)
    fields = [
        None if m is None else ({f: getattr(m, f) for f in _FIELDS}, m.stability) for m in memories
    ]
    await repository.drop_tenant(tenant)
    return reports, fields


@pytest.mark.parametrize("seed", [1, 2, 3])
async def test_in_place_presentations_equal_read_compute_write(tmp_path: Path, seed: int) -> None:
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, PresentsInPlace)
        assert not isinstance(ReadComputeWrite(repo), PresentsInPlace)
        in_place_reports, in_place = await _run(repo, seed)
        reports, computed = await _run(ReadComputeWrite(repo), seed)
    assert in_place_reports == reports
    assert any(r[0] for r in reports) and any(r[1] for r in reports)
    assert [f and f[0] for f in in_place] == [f and f[0] for f in computed]
    for got, want in zip(in_place, computed, strict=True):
        assert (got is None) == (want is None)
        if got is not None and want is not None:
            assert got[1] == pytest.approx(want[1], rel=1e-12)
    # The limit was reached: presentation lists were cut.
    assert any(f and len(f[0]["reactivation_timestamps"]) == 3 for f in in_place)
    assert any(f and f[0]["reactivation_count"] > 3 for f in in_place)


async def _random_graph_run(
    repository: Any, seed: int, engine: EngineSettings
) -> tuple[list[Any], list[Any]]:
    """40 memories, 90 random edges of every type (some machine-made), a third of the memories
    dormant, one deleted; batches of one to three recalls of four hits. The reports and every
    memory's reactivation fields and status, with ids replaced by their position."""
    tenant = new_tenant()
    clock = Clock()
    service = MemoryService(repository, HashEmbedder(), clock, engine)
    ids = [
        (
            await service.store(tenant, StoreRequest(content=f"note {n} on subject {n % 7}"))
        ).memory.id
        for n in range(40)
    ]
    rng = random.Random(seed)
    edges = {}
    while len(edges) < 90:
        a, b = rng.sample(ids, 2)
        kind = rng.choice(list(EdgeType))
        auto = kind is EdgeType.RELATED_TO and rng.random() < 0.5
        edges[(a, b, kind)] = MemoryEdge(
            source=a,
            target=b,
            type=kind,
            created_by=EdgeCreator.AUTO if auto else EdgeCreator.WRITER,
            created_at=clock.now,
        )
    await repository.link(tenant, list(edges.values()))
    dormant = [
        m.model_copy(update={"status": MemoryStatus.DORMANT})
        for m in await service.get(tenant, ids[::3])
        if m is not None
    ]
    await repository.update_memories(tenant, dormant, fields=("status",))
    await service.delete(tenant, [ids[7]])
    reports = await _reactivated(service, tenant, ids, rng, clock, 6, hits=4)
    memories = await service.get(tenant, ids)
    fields = [None if m is None else {f: getattr(m, f) for f in _FIELDS} for m in memories]
    await repository.drop_tenant(tenant)
    return reports, fields


@pytest.mark.parametrize("hops", [1, 2, 3])
@pytest.mark.parametrize("seed", [4, 5])
async def test_in_place_cascades_over_a_random_graph_equal_read_compute_write(
    tmp_path: Path, seed: int, hops: int
) -> None:
    engine = EngineSettings(max_presentations=3, cascade_hops=hops)
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        in_place = await _random_graph_run(repo, seed, engine)
        computed = await _random_graph_run(ReadComputeWrite(repo), seed, engine)
    assert in_place == computed
    reports, fields = in_place
    assert sum(len(r[1]) for r in reports) > 20  # cascades reached many memories
    assert any(r[2] for r in reports)  # and revived some
    assert any(f and f["cascade_count"] > 1 for f in fields)


async def test_a_presentation_without_times_is_refused(tmp_path: Path) -> None:
    from datetime import UTC, datetime

    from graph_backends import Presentation, PresentedRecalls, ReactivationWrites

    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, PresentsInPlace)
        now = datetime.now(UTC)
        with pytest.raises(InvalidInput, match="no time"):
            await repo.write_presentations(
                new_tenant(),
                PresentedRecalls(
                    [Presentation("00000000-0000-4000-8000-000000000001", (), now)], 3, 0.1
                ),
                ReactivationWrites(direct=(), fields=(), validate_links_of=(), reached={}, at=now),
            )


async def test_a_batch_larger_than_one_query_is_written_whole(tmp_path: Path) -> None:
    """More presented memories than one query's batch (`_BATCH`): written in several queries,
    every one of them presented."""
    from graph_backends._cypher.memories import _BATCH
    from tests.factories import memory

    tenant = new_tenant()
    clock = Clock()
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, PresentsInPlace)
        service = MemoryService(repo, HashEmbedder(), clock, ENGINE)
        await service.ready(tenant)
        stored = [memory(f"memory {n}", created_at=clock.now) for n in range(_BATCH + 37)]
        await repo.upsert_memories(tenant, stored)
        ids = [m.id for m in stored]
        at = clock.advance(minutes=1)
        report = await ReactivationService(service).reactivate_recalls(
            tenant, [Recalled(tuple(ids), at)]
        )
        assert set(report.direct) == set(ids)
        read = await service.get(tenant, ids)
        assert all(m is not None and m.reactivation_timestamps == (at,) for m in read)
        assert all(m is not None and m.reactivation_count == 1 for m in read)
        await repo.drop_tenant(tenant)

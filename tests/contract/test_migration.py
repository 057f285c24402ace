"""Cross-backend migration: a tenant exported from embedded FalkorDB and restored into Neo4j or
SurrealDB is the same tenant there — the same `stats`, facts at a set of instants and `explain`
numbers, and an export that is the original's record for record — and restored back into
FalkorDB it gives the original's recall answers too (ids in order). Recall itself is not
compared across engines: each ranks full text with its own scorer."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from graph_backends import FalkorConfig, GraphRepository, open_backend
from tests.conftest import BACKENDS, DIMENSION, backend_config, new_tenant
from tests.contract.test_export_restore import (
    answers,
    build_history,
    export_lines,
    parsed,
    records_of,
    uses_of,
)
from tests.engine_support import Clock
from tests.factories import T0

TARGETS = [b for b in ("neo4j", "surrealdb-embedded") if b in BACKENDS]


@pytest.fixture(scope="module")
async def falkordb(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[GraphRepository]:
    """An embedded FalkorDB of its own (the session's holds its data directory)."""
    data_dir: Path = tmp_path_factory.mktemp("migration-falkordb")
    async with open_backend(FalkorConfig(data_dir=data_dir, vector_dimension=DIMENSION)) as r:
        yield r


@pytest.fixture
async def target(request: pytest.FixtureRequest) -> AsyncIterator[GraphRepository]:
    async with open_backend(backend_config(request, request.param)) as repository:
        yield repository


# Defined only when the default backend and a target are both selected, so no selection ever
# reports it skipped.
if "falkordb-embedded" in BACKENDS and TARGETS:

    @pytest.mark.parametrize("target", TARGETS, indirect=True)
    async def test_falkordb_to_another_engine_and_back(
        falkordb: GraphRepository, target: GraphRepository
    ) -> None:
        clock = Clock(T0)
        original, moved, back = new_tenant(), new_tenant(), new_tenant()
        try:
            async with uses_of(falkordb, original, clock) as uses:
                ids = await build_history(uses, original, clock)
                before = await answers(uses, original, ids, clock)
                texts = await export_lines(uses, original, embeddings=True)
            async with uses_of(target, moved, clock) as uses:
                header, records = parsed(texts)
                report = await uses.restore.restore(moved, header, records)
                assert report.rejected == []
                there = await answers(uses, moved, ids, clock)
                again = await export_lines(uses, moved, embeddings=True)
            assert json.loads(again[0])["source"]["backend"] == target.backend_name
            assert records_of(again) == records_of(texts)
            assert (there.stats, there.facts, there.explains) == (
                before.stats,
                before.facts,
                before.explains,
            )
            assert all(there.recalls)
            async with uses_of(falkordb, back, clock) as uses:
                header, records = parsed(again)
                report = await uses.restore.restore(back, header, records)
                assert report.rejected == []
                home = await answers(uses, back, ids, clock)
            assert home == before
        finally:
            await falkordb.drop_tenant(original)
            await falkordb.drop_tenant(back)
            await target.drop_tenant(moved)

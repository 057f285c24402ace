"""FalkorDB's vector indexes (memories' and facts') are created with the configured HNSW options:
efRuntime for searches, efConstruction for inserts and the rebuild on every load."""

from __future__ import annotations

from pathlib import Path

import pytest

from graph_backends import FalkorConfig, open_backend
from graph_backends.falkordb.repository import FalkorRepository
from tests.conftest import DIMENSION, new_tenant


async def _vector_options(repo: FalkorRepository, graph_key: str) -> dict[str, str]:
    """Label → the options FalkorDB lists for its vector index (`db.indexes()`)."""
    reply = await repo._db.connection.execute_command(
        "GRAPH.RO_QUERY", graph_key, "CALL db.indexes() YIELD label, types, options"
    )
    listed = [[c.decode() if isinstance(c, bytes) else str(c) for c in row] for row in reply[1]]
    return {label: options for label, types, options in listed if "VECTOR" in types}


@pytest.mark.parametrize(("settings", "expected"), [({}, 100), ({"ef_construction": 64}, 64)])
async def test_vector_indexes_take_the_configured_options(
    tmp_path: Path, settings: dict[str, int], expected: int
) -> None:
    tenant = new_tenant()
    config = FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION, **settings)
    async with open_backend(config) as repo:
        assert isinstance(repo, FalkorRepository)
        await repo.ensure_schema(tenant)
        await repo.ensure_fact_schema(tenant)
        options = await _vector_options(repo, tenant.key)
    assert set(options) == {"MemoryVector", "FactVector"}
    for listed in options.values():
        assert f"efConstruction: {expected}," in listed and "efRuntime: 100" in listed
        assert f"dimension: {DIMENSION}," in listed

"""The export-pages bench (`bench/export_pages.py`) at a tiny size, so its code path cannot rot:
every pass over a tenant on disk reads every memory once, windows or not."""

from __future__ import annotations

import json
from pathlib import Path

from bench import export_pages
from graph_backends import FalkorConfig, open_backend
from schema import Tenant
from tests.conftest import DIMENSION
from tests.factories import memory


async def test_every_pass_reads_every_memory(tmp_path: Path) -> None:
    data, out = tmp_path / "data", tmp_path / "out"
    tenant = Tenant(org="bench", project="pages")
    async with open_backend(FalkorConfig(data_dir=data, vector_dimension=DIMENSION)) as repo:
        await repo.ensure_schema(tenant)
        await repo.upsert_memories(tenant, [memory(f"note {i}") for i in range(300)])
    argv = ["--data-dir", str(data), "--tenant", "bench/pages", "--limit", "50"]
    argv += ["--dimension", str(DIMENSION), "--out", str(out)]
    results = await export_pages.run(export_pages.parse_args(argv))
    for mode in export_pages.MODES:
        assert results["memory"][mode]["rows"] == 300 and results["memory"][mode]["complete"]
        assert results["memory"][mode]["pages"] == 6
        assert results["fact"][mode]["rows"] == 0
    assert json.loads((out / "export-pages.json").read_text()) == results
    assert "| memory | one query | 300 |" in (out / "export-pages.md").read_text()

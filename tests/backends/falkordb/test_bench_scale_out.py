"""The scale-out bench (`bench/scale_out.py`) at a tiny size, so its code path cannot rot: the
curve grows one tenant through two checkpoints (a restart between them), the memories it wrote
read back through the repository as the service would have written them, the restart mode
finds them all on the curve's files and the breakdown mode on a server started on them; the
tenants mode
creates, restarts, recalls and maintains 20 small tenants."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import scale_out
from bench.harness.embedders import HashEmbedder
from bench.harness.synthetic import generate_memories
from devtools import falkordb_server
from graph_backends import FalkorConfig
from graph_backends.factory import open_backend
from schema import Tenant


async def test_curve_grows_one_tenant_and_reads_back(tmp_path: Path) -> None:
    out, data = tmp_path / "out", tmp_path / "data"
    argv = ["curve", "--sizes", "200", "300", "--recall-reps", "20", "--no-real-embedder"]
    argv += ["--out", str(out), "--data-dir", str(data), "--appendfsync", "everysec"]
    rows = await scale_out.run_curve(scale_out.parse_args(argv), data, out)

    assert [r["n"] for r in rows] == [200, 300]
    first, second = rows
    assert first["memories_stored"] == 200
    # The second segment adds 100 to what the first pass left (it forgets and consolidates).
    assert second["memories_stored"] == first["memories_after_maintenance"] + 100
    assert second["restart_at_n"] == 200 and second["restart_to_ready_s"] > 0
    assert first["edges_stored"] > 0 and first["fact_apply_per_s"] is not None
    for row in rows:
        assert row["recall_sentence_noembed_degraded"] == 0
        assert row["recall_words_noembed_degraded"] == 0
        assert row["maintenance_s"] >= 0 and row["falkordb_rss_mb"] > 0 and row["disk_mb"] > 0
    assert "final_restart_to_ready_s" in second
    saved = json.loads((out / "scale-out-curve.json").read_text())
    assert [r["n"] for r in saved["rows"]] == [200, 300]
    assert "recall sentence p50 ms (no embed)" in (out / "scale-out-curve.md").read_text()

    # What the bulk path wrote is what a store writes: content, entities, category, vector.
    memories = generate_memories(300, 42)[200:210]
    vectors = await HashEmbedder(scale_out.DIMENSION).embed([m.text for m in memories])
    config = FalkorConfig(data_dir=data / "falkordb", appendfsync="everysec")
    tenant = Tenant(org="bench", project="scale-out")
    async with open_backend(config) as repo:
        ids = [m.id for m in memories]
        got = {m.id: m for m in await repo.get_memories(tenant, ids, with_embeddings=True)}
    for m, vector in zip(memories, vectors, strict=True):
        stored = got[m.id]
        assert stored.content == m.text
        assert tuple(stored.entities) == m.entities
        assert stored.category == m.category
        assert stored.embedding is not None
        assert stored.embedding == pytest.approx(vector, abs=1e-6)

    # The restart mode re-opens the curve's files on their own and finds the tenant whole.
    argv = ["restart", "--data-dir", str(data), "--out", str(out), "--appendfsync", "everysec"]
    f = await scale_out.run_restart(scale_out.parse_args([*argv, "--breakdown", "20"]), data, out)
    assert f["memories_stored"] == rows[-1]["memories_after_maintenance"]
    assert f["restart_to_ready_s"] > 0 and f["falkordb_rss_after_restart_mb"] > 0
    # Then recalls timed call by call: each ran the full-text leg once.
    assert f["breakdown_recalls"] == 20 and f["breakdown_degraded"] == 0
    assert f["breakdown_fulltext_search_calls"] == 1 and f["breakdown_fulltext_search_ms"] > 0
    assert f["uncapped_recalls"] == f["breakdown_again_recalls"] == 20
    # And with the calls one at a time: the same recalls, the same calls.
    assert f["serial_recalls"] == 20 and f["serial_degraded"] == 0
    assert f["serial_fulltext_search_calls"] == 1
    # No word of 300 memories is in more than the postings cap (300) of them: none was timed.
    assert f["common_words_queries"] == 0 and f["common_words_tried"] > 0
    assert json.loads((out / "scale-out-restart.json").read_text())["memories_stored"] > 0

    # The breakdown mode, on a plain server started on the same files and reached by URL.
    process, url = falkordb_server.start(data / "falkordb", appendonly=True)
    try:
        argv = ["breakdown", "--url", url, "--breakdown", "20", "--out", str(out)]
        b = await scale_out.run_breakdown(scale_out.parse_args(argv), data, out)
    finally:
        process.terminate()
        process.wait()
    assert b["memories_stored"] == f["memories_stored"]
    assert b["breakdown_recalls"] == b["serial_recalls"] == 20
    assert b["breakdown_degraded"] == b["serial_degraded"] == 0
    assert b["serial_fulltext_search_calls"] == 1


async def test_tenants_mode_creates_restarts_and_sweeps(tmp_path: Path) -> None:
    out, data = tmp_path / "out", tmp_path / "data"
    argv = ["tenants", "--tenants", "20", "--tenant-size", "10", "--first-requests", "5"]
    argv += ["--out", str(out), "--appendfsync", "everysec"]
    f = await scale_out.run_tenants(scale_out.parse_args(argv), data, out)

    assert f["tenants_listed"] == 20
    assert f["last_tenant_memories"] == 10
    assert f["rss_per_tenant_kib"] > 0 and f["disk_per_tenant_kib"] > 0
    assert f["first_request_p50_ms"] > 0 and f["second_request_p50_ms"] > 0
    assert f["maintenance_sweep_s"] >= 0
    assert json.loads((out / "scale-out-tenants.json").read_text())["tenants"] == 20


async def test_cluster_mode_runs_the_same_load_on_one_node_and_a_cluster(tmp_path: Path) -> None:
    argv = ["cluster", "--tenants", "6", "--tenant-size", "10", "--first-requests", "3"]
    argv += ["--out", str(tmp_path / "out")]
    f = await scale_out.run_cluster(scale_out.parse_args(argv), tmp_path / "data", tmp_path / "out")

    for label in ("single", "cluster"):
        assert f[f"{label}_tenants_listed"] == 6
        assert f[f"{label}_first_request_p50_ms"] > 0
        assert f[f"{label}_maintenance_sweep_s"] >= 0
    assert (tmp_path / "out" / "scale-out-cluster.md").exists()

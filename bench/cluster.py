"""Cluster bench: the write latency of one FalkorDB node against a 3-master cluster (with a
replica each) and against that cluster with `WAIT 1` after every write, in one run; then a
SIGKILL of a master under load without WAIT, counting acknowledged writes lost.

    python -m bench.cluster [--writes N]

Writes are `store_memories` of one memory (384-d vector) through the repository, one at a time
from one client (latency, not throughput; on a 2-core machine the cluster's six processes share
the same cores, so this shows overhead, not scale). Starts its own servers
(`devtools/falkordb_cluster.py`; the single node has a cluster node's options). Writes
bench/results/cluster/cluster.md.
"""

from __future__ import annotations

import argparse
import asyncio
import math
import platform
import random
import signal
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bench.harness.options import add_out
from bench.harness.reports import md_table
from bench.harness.stats import percentile
from devtools import falkordb_cluster
from graph_backends import FalkorConfig, open_backend
from schema import Memory, Tenant, new_memory_id

DIMENSION = 384


def memory(content: str, *, seed: int) -> Memory:
    rng = random.Random(seed)
    values = [rng.gauss(0.0, 1.0) for _ in range(DIMENSION)]
    norm = math.sqrt(sum(v * v for v in values))
    return Memory(
        id=new_memory_id(),
        content=content,
        created_at=datetime.now(UTC),
        embedding=tuple(v / norm for v in values),
    )


async def _latencies(config: FalkorConfig, writes: int, label: str) -> list[float]:
    tenant = Tenant(org="bench", project=f"cluster-{label}")
    async with open_backend(config) as repository:
        await repository.ensure_schema(tenant)
        for n in range(20):  # warm-up
            await repository.store_memories(tenant, [memory(f"warm {n}", seed=n)], [])
        times = []
        for n in range(writes):
            m = memory(f"bench write {n}", seed=1000 + n)
            start = time.perf_counter()
            await repository.store_memories(tenant, [m], [])
            times.append((time.perf_counter() - start) * 1000)
        await repository.drop_tenant(tenant)
    return times


async def _loss_without_wait(cluster: falkordb_cluster.Cluster) -> tuple[int, int, int]:
    """(acknowledged, lost, refused) when the tenant's master is killed under load, no WAIT."""
    tenant = Tenant(org="bench", project="cluster-failover")
    config = FalkorConfig(url=cluster.url, cluster=True, vector_dimension=DIMENSION)
    acknowledged: list[str] = []
    refused = 0
    async with open_backend(config) as repository:
        await repository.ensure_schema(tenant)
        stop = asyncio.Event()

        async def writer() -> None:
            nonlocal refused
            n = 0
            while not stop.is_set():
                m = memory(f"failover write {n}", seed=n)
                try:
                    await repository.store_memories(tenant, [m], [])
                    acknowledged.append(m.id)
                except Exception:
                    refused += 1
                    await asyncio.sleep(0.05)
                n += 1

        task = asyncio.create_task(writer())
        await asyncio.sleep(2)
        with cluster.masters[0].client() as c:
            slot = int(c.execute_command("CLUSTER", "KEYSLOT", tenant.key))
        for node in cluster.masters:
            if node.process.poll() is None:
                with node.client() as c:
                    if int(c.execute_command("CLUSTER", "COUNTKEYSINSLOT", slot)):
                        node.process.send_signal(signal.SIGKILL)
                        node.process.wait()
        await asyncio.sleep(6)
        stop.set()
        await task
    survivors = [n for n in cluster.nodes if n.process.poll() is None]
    falkordb_cluster.wait_ok(cluster, nodes=survivors)
    config = FalkorConfig(url=survivors[0].url, cluster=True, vector_dimension=DIMENSION)
    async with open_backend(config) as repository:
        found = await repository.get_memories(tenant, acknowledged)
    return len(acknowledged), sum(1 for m in found if m is None), refused


async def main(writes: int) -> str:
    rows = []
    with tempfile.TemporaryDirectory() as root:
        node = falkordb_cluster.start_single(Path(root) / "single")
        try:
            config = FalkorConfig(url=node.url, vector_dimension=DIMENSION)
            single = await _latencies(config, writes, "1")
        finally:
            falkordb_cluster.stop_node(node)
        rows.append(("single node", single))
        cluster = falkordb_cluster.start(Path(root) / "cluster", replicas=True)
        try:
            base = FalkorConfig(url=cluster.url, cluster=True, vector_dimension=DIMENSION)
            rows.append(("cluster (3 masters + 3 replicas)", await _latencies(base, writes, "c")))
            waited = base.model_copy(update={"wait_replicas": 1})
            rows.append(("cluster + WAIT 1", await _latencies(waited, writes, "w")))
            acknowledged, lost, refused = await _loss_without_wait(cluster)
        finally:
            cluster.stop()
    lines = [
        "# Cluster bench (`python -m bench.cluster`)",
        "",
        f"{writes} sequential `store_memories` of one 384-d memory each, one client; "
        f"{platform.machine()}, {platform.python_version()}, loopback. All servers share the "
        "machine's cores: overhead, not scale.",
        "",
        *md_table("configuration | p50 ms | p95 ms | mean ms", "llll"),
    ]
    for label, times in rows:
        lines.append(
            f"| {label} | {percentile(times, 0.5, 'upper_index'):.2f} | "
            f"{percentile(times, 0.95, 'upper_index'):.2f} | "
            f"{statistics.fmean(times):.2f} |"
        )
    lines += [
        "",
        "Failover without WAIT (the tenant's master SIGKILLed 2 s into a write loop, 6 s more "
        f"of writing): {acknowledged} writes acknowledged, {lost} of them lost, {refused} "
        "refused.",
        "",
    ]
    text = "\n".join(lines)
    print(text)
    return text


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--writes", type=int, default=300)
    add_out(parser, "cluster")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "cluster.md").write_text(asyncio.run(main(args.writes)))

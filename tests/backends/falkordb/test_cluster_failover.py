"""Failover of a FalkorDB cluster under write load: 3 masters + 3 replicas; a writer process
stores memories into one tenant with `WAIT 1` after each write; the master of the tenant's slot
is killed with SIGKILL; its replica takes over (`cluster-node-timeout` 1000 ms); the writes
that no replica can confirm meanwhile are refused, not acknowledged; the killed node is started
again and rejoins as the new master's replica; the writer's client finds the new master by
itself and keeps writing, and every write it acknowledged — before, during and after — is in
the tenant afterwards (ADR 0022)."""

from __future__ import annotations

import asyncio
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from devtools import falkordb_cluster
from graph_backends import FalkorConfig, open_backend
from schema import Tenant
from tests.conftest import DIMENSION, new_tenant

pytestmark = pytest.mark.falkordb
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[falkordb_cluster.Cluster]:
    started = falkordb_cluster.start(tmp_path / "cluster", replicas=True)
    try:
        yield started
    finally:
        started.stop()


def _owner(cluster: falkordb_cluster.Cluster, key: str) -> falkordb_cluster.Node:
    with cluster.masters[0].client() as c:
        slot = int(c.execute_command("CLUSTER", "KEYSLOT", key))
    for node in cluster.masters:
        with node.client() as c:
            if int(c.execute_command("CLUSTER", "COUNTKEYSINSLOT", slot)):
                return node
    raise AssertionError(f"no master holds {key}")


class Writer:
    def __init__(self, url: str, tenant: Tenant, wait: int) -> None:
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.cluster_writer",
                url,
                tenant.org,
                tenant.project,
                str(wait),
            ],
            cwd=ROOT,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "HF_HUB_OFFLINE": "1"},
        )
        self.lines: queue.Queue[str] = queue.Queue()
        self.acknowledged: list[str] = []
        self.errors: list[str] = []
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            self.lines.put(line.rstrip("\n"))

    def pump(self, until_acks: int, timeout_s: float) -> None:
        """Collect the writer's lines until it acknowledged `until_acks` writes in all."""
        deadline = time.monotonic() + timeout_s
        while len(self.acknowledged) < until_acks:
            left = deadline - time.monotonic()
            if left <= 0 or self.process.poll() is not None:
                stderr = self.process.stderr.read() if self.process.poll() is not None else ""  # type: ignore[union-attr]
                raise AssertionError(
                    f"writer acknowledged {len(self.acknowledged)} of {until_acks} writes; "
                    f"errors {self.errors[-3:]}; stderr {stderr[-2000:]}"
                )
            try:
                line = self.lines.get(timeout=min(left, 0.5))
            except queue.Empty:
                continue
            if line.startswith("ok "):
                self.acknowledged.append(line[3:])
            elif line.startswith("error "):
                self.errors.append(line[6:])

    def stop(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        try:
            self.process.wait(30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self._reader.join(10)
        for stream in (self.process.stdout, self.process.stderr):
            if stream is not None:
                stream.close()
        while not self.lines.empty():  # the writes acknowledged while it stopped
            line = self.lines.get()
            if line.startswith("ok "):
                self.acknowledged.append(line[3:])


async def test_acknowledged_writes_survive_a_killed_master(
    cluster: falkordb_cluster.Cluster,
) -> None:
    tenant = new_tenant()
    writer = Writer(cluster.url, tenant, wait=1)
    try:
        writer.pump(until_acks=30, timeout_s=120)
        master = _owner(cluster, tenant.key)
        master.process.send_signal(signal.SIGKILL)
        master.process.wait()
        killed_at = len(writer.acknowledged)
        # The replica takes over, but as a master without a replica WAIT 1 refuses every write
        # (retryably) until the dead node is back: it rejoins as the new master's replica, and
        # the writer carries on by itself.
        await asyncio.sleep(3)
        master.restart()
        writer.pump(until_acks=killed_at + 30, timeout_s=90)
    finally:
        writer.stop()
    survivors = [n for n in cluster.nodes if n.process.poll() is None]
    falkordb_cluster.wait_ok(cluster, nodes=survivors)
    config = FalkorConfig(url=survivors[0].url, cluster=True, vector_dimension=DIMENSION)
    async with open_backend(config) as repository:
        found = await repository.get_memories(tenant, writer.acknowledged)
    lost = [i for i, m in zip(writer.acknowledged, found, strict=True) if m is None]
    assert not lost, f"{len(lost)} of {len(writer.acknowledged)} acknowledged writes were lost"
    assert len(writer.acknowledged) >= killed_at + 30
    print(f"failover: {len(writer.acknowledged)} acknowledged, {len(writer.errors)} refused")

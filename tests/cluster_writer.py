"""A writer process for the failover test: opens the repository in cluster mode (as
`retentia serve` does, from a `FalkorConfig`) and stores one memory after another into one
tenant, printing `ok <id>` for each write the repository acknowledged and `error <text>` for
each it refused, until stdin closes.

    python -m tests.cluster_writer SEED_URL ORG PROJECT WAIT_REPLICAS
"""

from __future__ import annotations

import asyncio
import sys

from graph_backends import FalkorConfig, open_backend
from schema import Tenant
from tests.conftest import DIMENSION
from tests.factories import memory


async def main(url: str, org: str, project: str, wait: int) -> None:
    tenant = Tenant(org=org, project=project)
    config = FalkorConfig(
        url=url, cluster=True, wait_replicas=wait, wait_timeout_ms=2000, vector_dimension=DIMENSION
    )
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_reader(sys.stdin.fileno(), lambda: stop.set() if not sys.stdin.read(1) else None)
    async with open_backend(config) as repository:
        await repository.ensure_schema(tenant)
        print("ready", flush=True)
        n = 0
        while not stop.is_set():
            m = memory(f"write {n} under failover", seed=n)
            try:
                await repository.store_memories(tenant, [m], [])
            except Exception as e:
                print(f"error {type(e).__name__}: {e}".replace("\n", " "), flush=True)
                await asyncio.sleep(0.05)
            else:
                print(f"ok {m.id}", flush=True)
            n += 1


if __name__ == "__main__":
    seed, org, project, wait = sys.argv[1:5]
    asyncio.run(main(seed, org, project, int(wait)))

"""One process storing session turns, for the cross-process session-chain test:
`python -m tests.integration.session_worker KIND URL ORG PROJECT NAME TURNS` (KIND `falkordb` or
`neo4j`) connects, prints `ready`, then for each line `go SESSION` on stdin stores TURNS turns
of SESSION at once (concurrently) and prints `done SESSION`; stops at end of input."""

from __future__ import annotations

import asyncio
import sys
from datetime import UTC, datetime

from graph_backends import FalkorConfig, Neo4jConfig, open_backend
from graph_backends.config import BackendConfig
from schema import Tenant
from service.engine.settings import EngineSettings
from service.usecases.memories import MemoryService, StoreRequest
from tests.conftest import DIMENSION
from tests.engine_support import HashEmbedder


def config(kind: str, url: str) -> BackendConfig:
    if kind == "neo4j":
        return Neo4jConfig(url=url, vector_dimension=DIMENSION)
    return FalkorConfig(url=url, vector_dimension=DIMENSION)


async def main(kind: str, url: str, org: str, project: str, name: str, turns: int) -> None:
    tenant = Tenant(org=org, project=project)
    async with open_backend(config(kind, url)) as repository:
        # No auto-links: the chain's TEMPORAL_SEQUENCE edges are the only ones between turns.
        engine = EngineSettings(auto_link_max_per_store=0)
        service = MemoryService(repository, HashEmbedder(), lambda: datetime.now(UTC), engine)
        await service.ready(tenant)
        print("ready", flush=True)
        loop = asyncio.get_running_loop()
        while line := (await loop.run_in_executor(None, sys.stdin.readline)).split():
            session = line[1]
            await asyncio.gather(
                *(
                    service.store(
                        tenant,
                        StoreRequest(
                            content=f"turn {i} of process {name} in {session}",
                            source_session=session,
                        ),
                    )
                    for i in range(turns)
                )
            )
            print(f"done {session}", flush=True)


if __name__ == "__main__":
    kind, url, org, project, name, turns = sys.argv[1:7]
    asyncio.run(main(kind, url, org, project, name, int(turns)))

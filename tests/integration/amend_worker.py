"""One process amending memories on a FalkorDB server, for the cross-process amend test:
`python -m tests.integration.amend_worker URL ORG PROJECT ID... NAME` connects, prints `ready`,
waits for a line on stdin, amends every memory at once and prints one JSON line per memory:
`{"id": …, "won": <new id> | null, "error": <type name> | null}`."""

from __future__ import annotations

import asyncio
import json
import sys
from datetime import UTC, datetime

from graph_backends import FalkorConfig, open_backend
from schema import Conflict, Tenant
from service.engine.settings import EngineSettings
from service.usecases.memories import MemoryService
from tests.conftest import DIMENSION
from tests.engine_support import HashEmbedder


async def _amend(service: MemoryService, tenant: Tenant, memory_id: str) -> dict[str, object]:
    try:
        result = await service.amend(tenant, memory_id, f"amended by process {sys.argv[-1]}")
    except Conflict:
        return {"id": memory_id, "won": None, "error": "Conflict"}
    return {"id": memory_id, "won": result.memory.id, "error": None}


async def main(url: str, org: str, project: str, ids: list[str]) -> None:
    tenant = Tenant(org=org, project=project)
    async with open_backend(FalkorConfig(url=url, vector_dimension=DIMENSION)) as repository:
        service = MemoryService(
            repository, HashEmbedder(), lambda: datetime.now(UTC), EngineSettings()
        )
        await service.ready(tenant)
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        for answer in await asyncio.gather(*(_amend(service, tenant, i) for i in ids)):
            print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:-1]))

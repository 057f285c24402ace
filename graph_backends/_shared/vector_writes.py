"""Re-embedding in place: the vectors of existing memories and facts replaced, nothing else
touched (a migration to another embedder runs beside a service that keeps writing the same
memories' other properties), the same on every backend."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Final

from graph_backends._shared.seam import RunsNamedReads, RunsWriteSteps, SharedWrite
from graph_backends.checks import check_vectors
from schema import Tenant

#: Most vectors one write step carries.
VECTOR_BATCH: Final = 200


class VectorWriteMethods(RunsNamedReads, RunsWriteSteps):
    """`replace_memory_vectors` and `replace_fact_vectors`."""

    _dimension: int

    async def replace_memory_vectors(
        self, tenant: Tenant, vectors: Mapping[str, Sequence[float]]
    ) -> int:
        return await self._replace(tenant, SharedWrite.REPLACE_MEMORY_VECTORS, vectors)

    async def replace_fact_vectors(
        self, tenant: Tenant, vectors: Mapping[str, Sequence[float]]
    ) -> int:
        return await self._replace(tenant, SharedWrite.REPLACE_FACT_VECTORS, vectors)

    async def _replace(
        self, tenant: Tenant, step: SharedWrite, vectors: Mapping[str, Sequence[float]]
    ) -> int:
        check_vectors(vectors, self._dimension)
        rows = [{"id": i, "embedding": self._vector_param(v)} for i, v in vectors.items()]
        written = 0
        for start in range(0, len(rows), VECTOR_BATCH):
            params = {"rows": rows[start : start + VECTOR_BATCH]}
            (found,) = await self._write_rows(tenant, [(step, params, {})])
            written += sum(int(r["n"]) for r in found)
        return written

"""The records a memory leaves behind — forgotten records and tombstones — and the tenant's
configuration entries, written and read by name, the same on every backend."""

from __future__ import annotations

from collections.abc import Sequence

from graph_backends._common.records import (
    forgotten_from_row,
    forgotten_params,
    tombstone_from_row,
    tombstone_params,
)
from graph_backends._shared.seam import RunsNamedReads, RunsWriteSteps, SharedRead, SharedWrite
from schema import ForgottenMemory, Tenant, Tombstone, parse_memory_id


class LifecycleRecordMethods(RunsNamedReads, RunsWriteSteps):
    """`write_forgotten`, `get_forgotten`, `write_tombstones`, `get_tombstones` and
    `put_config`."""

    async def write_forgotten(self, tenant: Tenant, forgotten: Sequence[ForgottenMemory]) -> None:
        if forgotten:
            rows = [forgotten_params(f) for f in forgotten]
            await self._write_rows(tenant, [(SharedWrite.WRITE_FORGOTTEN, {"rows": rows}, {})])

    async def get_forgotten(
        self, tenant: Tenant, ids: Sequence[str]
    ) -> list[ForgottenMemory | None]:
        wanted = [parse_memory_id(i) for i in ids]
        rows = await self._read_rows(
            tenant, SharedRead.GET_FORGOTTEN, {"ids": list(dict.fromkeys(wanted))}
        )
        found = {r["id"]: forgotten_from_row(r) for r in rows}
        return [found.get(i) for i in wanted]

    async def write_tombstones(self, tenant: Tenant, tombstones: Sequence[Tombstone]) -> None:
        if tombstones:
            rows = [tombstone_params(t) for t in tombstones]
            await self._write_rows(tenant, [(SharedWrite.WRITE_TOMBSTONES, {"rows": rows}, {})])

    async def get_tombstones(self, tenant: Tenant, ids: Sequence[str]) -> list[Tombstone | None]:
        wanted = [parse_memory_id(i) for i in ids]
        rows = await self._read_rows(
            tenant, SharedRead.GET_TOMBSTONES, {"ids": list(dict.fromkeys(wanted))}
        )
        found = {r["id"]: tombstone_from_row(r) for r in rows}
        return [found.get(i) for i in wanted]

    async def put_config(self, tenant: Tenant, key: str, value: str) -> None:
        await self._write_rows(tenant, [(SharedWrite.PUT_CONFIG, {"key": key, "value": value}, {})])

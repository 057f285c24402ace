"""`IdempotencyRepository` for the Cypher backends: one `IdempotencyKey` node per key, in the
tenant's graph (FalkorDB) or scoped by its tenant property (Neo4j)."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Final

from cypher import FactQueryName
from graph_backends._common.idempotency import claim_params, held_record
from graph_backends._common.records import epoch_us
from graph_backends._cypher.memories import _RunsCypher
from schema import Tenant
from schema.idempotency import IdempotencyRecord

Q = FactQueryName
#: Records one purge query deletes at most (a purge repeats until none are left).
_PURGE_BATCH: Final = 1000


class CypherIdempotencyMethods(_RunsCypher):
    if TYPE_CHECKING:  # provided by each backend

        async def ensure_fact_schema(self, tenant: Tenant) -> None: ...

    async def claim_idempotency_key(
        self, tenant: Tenant, record: IdempotencyRecord
    ) -> IdempotencyRecord | None:
        await self.ensure_fact_schema(tenant)
        (row,) = await self._run(tenant, Q.CLAIM_IDEMPOTENCY_KEY, claim_params(record))
        return None if row["claimed"] else held_record(record.key, row)

    async def take_over_idempotency_key(
        self, tenant: Tenant, key: str, claimed_at: datetime, now: datetime
    ) -> bool:
        rows = await self._run(
            tenant,
            Q.TAKE_OVER_IDEMPOTENCY_KEY,
            {"key": key, "claimed_at": epoch_us(claimed_at), "now": epoch_us(now)},
        )
        return bool(rows)

    async def complete_idempotency_key(
        self, tenant: Tenant, key: str, request_hash: str, answer: str
    ) -> str | None:
        rows = await self._run(
            tenant,
            Q.COMPLETE_IDEMPOTENCY_KEY,
            {"key": key, "hash": request_hash, "answer": answer},
        )
        return str(rows[0]["answer"]) if rows else None

    async def release_idempotency_key(self, tenant: Tenant, key: str, request_hash: str) -> None:
        await self._run(tenant, Q.RELEASE_IDEMPOTENCY_KEY, {"key": key, "hash": request_hash})

    async def purge_idempotency_keys(self, tenant: Tenant, now: datetime) -> int:
        await self.ensure_fact_schema(tenant)
        purged = 0
        while True:
            (row,) = await self._run(
                tenant,
                Q.PURGE_IDEMPOTENCY_KEYS,
                {"now": epoch_us(now), "limit": _PURGE_BATCH},
            )
            purged += int(row["n"])
            if row["n"] < _PURGE_BATCH:
                return purged

"""`IdempotencyRepository` on SurrealDB: one `idempotency` record per key in the tenant's
database, its key as the record id."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from graph_backends._common.idempotency import claim_params, held_record
from graph_backends._common.records import epoch_us
from graph_backends.surrealdb.steps import Step, step
from graph_backends.surrealdb.surrealql import QueryName
from schema import Tenant
from schema.idempotency import IdempotencyRecord

Q = QueryName


class SurrealIdempotencyMixin:
    if TYPE_CHECKING:  # provided by SurrealRepository

        async def ensure_fact_schema(self, tenant: Tenant) -> None: ...

        async def _write(
            self, tenant: Tenant, steps: list[Step], *, empty: list[Any] | None = None
        ) -> list[Any]: ...

    async def claim_idempotency_key(
        self, tenant: Tenant, record: IdempotencyRecord
    ) -> IdempotencyRecord | None:
        await self.ensure_fact_schema(tenant)
        (held,) = await self._write(tenant, [step(Q.CLAIM_IDEMPOTENCY_KEY, claim_params(record))])
        return None if held is None else held_record(record.key, held)

    async def take_over_idempotency_key(
        self, tenant: Tenant, key: str, claimed_at: datetime, now: datetime
    ) -> bool:
        (n,) = await self._write(
            tenant,
            [
                step(
                    Q.TAKE_OVER_IDEMPOTENCY_KEY,
                    {"key": key, "claimed_at": epoch_us(claimed_at), "now": epoch_us(now)},
                )
            ],
            empty=[0],
        )
        return bool(n)

    async def complete_idempotency_key(
        self, tenant: Tenant, key: str, request_hash: str, answer: str
    ) -> str | None:
        (recorded,) = await self._write(
            tenant,
            [
                step(
                    Q.COMPLETE_IDEMPOTENCY_KEY, {"key": key, "hash": request_hash, "answer": answer}
                )
            ],
            empty=[None],
        )
        return None if recorded is None else str(recorded)

    async def release_idempotency_key(self, tenant: Tenant, key: str, request_hash: str) -> None:
        await self._write(
            tenant,
            [step(Q.RELEASE_IDEMPOTENCY_KEY, {"key": key, "hash": request_hash})],
            empty=[0],
        )

    async def purge_idempotency_keys(self, tenant: Tenant, now: datetime) -> int:
        (n,) = await self._write(
            tenant, [step(Q.PURGE_IDEMPOTENCY_KEYS, {"now": epoch_us(now)})], empty=[0]
        )
        return int(n)

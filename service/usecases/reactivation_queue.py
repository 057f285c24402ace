"""Recall answers first; its reactivations are written just after, in batches, by one task.

A recall's reactivation (its hits' presentations and the cascade through the supportive graph,
`service.usecases.reactivation`) was about a third of a recall's cost under load and all of its
writes.
`retentia serve` queues each recall's hits instead and one task writes them: every batch holds
the recalls that arrived, per tenant, while the previous batch was being written, applied by
`ReactivationService.reactivate_recalls` with the result of applying them one after another
(each memory read fresh and written once, so two recalls of one memory no longer race to
overwrite each other's presentation). At low load a batch is one recall, written right after
its answer; under load batches grow, and so does what they save.

Reading your own reactivations: `settle(tenant)` waits until every recall of the tenant
queued before it has been written; the API settles before each request (so a client that
recalls and then reads sees the reactivation; requests of other tenants do not wait).
Reactivating memories explicitly (`reactivate_now`) settles and then writes under the same
lock as the batches.

Nothing waits without bound: at most `max_pending` recalls are queued and a recall beyond
waits for room, so a backend slower than the recalls slows the recalls instead of growing the
queue. A batch that fails is logged with its tenant and size and counted
(`retentia_reactivation_failures_total`); its recalls' answers stand, their reactivations are
lost, and waiters go on. `aclose()` writes what is queued before the backend closes; a process
killed outright loses at most the batch being written and the recalls queued behind it.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Final

from schema import Memory, Tenant
from service.runtime.metrics import REACTIVATION_BATCH_RECALLS, REACTIVATION_FAILURES
from service.usecases.reactivation import ReactivationReport, ReactivationService, Recalled

log = logging.getLogger(__name__)

#: Recalls queued (or being written) at most before a new one waits for room.
MAX_PENDING: Final = 1000


class ReactivationQueue:
    def __init__(
        self, reactivation: ReactivationService, *, max_pending: int = MAX_PENDING
    ) -> None:
        if max_pending < 1:
            raise ValueError(f"max_pending must be ≥ 1, got {max_pending}")
        self._reactivation = reactivation
        self._max_pending = max_pending
        #: Tenant key → the tenant and its recalls queued since the last batch was taken.
        self._queued: dict[str, tuple[Tenant, list[Recalled]]] = {}
        self._count = 0  # recalls queued or being written
        #: Per tenant key: recalls queued so far, and how many of those are written (or failed).
        self._submitted: Counter[str] = Counter()
        self._written: Counter[str] = Counter()
        self._changed = asyncio.Condition()
        self._writing = asyncio.Lock()  # a batch, or an explicit reactivation, being written
        self._task: asyncio.Task[None] | None = None
        self._closed = False

    def _recalled(self, hits: Sequence[Memory]) -> Recalled:
        return Recalled(tuple(m.id for m in hits), self._reactivation.now())

    @asynccontextmanager
    async def _after_queue(self, tenant: Tenant) -> AsyncIterator[None]:
        """After the queued recalls of `tenant` are written, and never beside a batch."""
        await self.settle(tenant)
        async with self._writing:
            yield

    async def submit(self, tenant: Tenant, hits: Sequence[Memory]) -> None:
        """Queue the reactivation of one recall's hits, as of now."""
        if not hits:
            return
        recalled = self._recalled(hits)
        async with self._changed:
            if self._closed:
                raise RuntimeError("the reactivation queue is closed")
            await self._changed.wait_for(lambda: self._count < self._max_pending)
            self._queued.setdefault(tenant.key, (tenant, []))[1].append(recalled)
            self._submitted[tenant.key] += 1
            self._count += 1
            self._changed.notify_all()
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="retentia-reactivation")

    async def write_now(self, tenant: Tenant, hits: Sequence[Memory]) -> None:
        """Reactivate one recall's hits before it answers (`retentia mcp`): after the queued
        recalls of `tenant`, never beside a batch; hits deleted since are left out."""
        if not hits:
            return
        recalled = self._recalled(hits)
        async with self._after_queue(tenant):
            await self._reactivation.reactivate_recalls(tenant, [recalled])

    async def settle(self, tenant: Tenant) -> None:
        """Until every recall of `tenant` queued so far has been written (or has failed)."""
        key = tenant.key
        async with self._changed:
            mark = self._submitted[key]
            await self._changed.wait_for(lambda: self._written[key] >= mark)

    async def reactivate_now(
        self, tenant: Tenant, ids: Sequence[str], *, cascade: bool = True
    ) -> ReactivationReport:
        """`reactivate` (all ids must exist) after the queued recalls of `tenant`."""
        async with self._after_queue(tenant):
            return await self._reactivation.reactivate(tenant, ids, cascade=cascade)

    async def aclose(self) -> None:
        """Write what is queued, then stop; later submissions are refused."""
        async with self._changed:
            self._closed = True
            self._changed.notify_all()
        if self._task is not None:
            await self._task

    async def _run(self) -> None:
        while True:
            async with self._changed:
                await self._changed.wait_for(lambda: bool(self._queued) or self._closed)
                if not self._queued:
                    return
                batch, self._queued = self._queued, {}
                marks = {key: self._submitted[key] for key in batch}
            async with self._writing:
                await asyncio.gather(*(self._write(t, recalls) for t, recalls in batch.values()))
            async with self._changed:
                self._count -= sum(len(recalls) for _, recalls in batch.values())
                for key, mark in marks.items():
                    self._written[key] = mark
                self._changed.notify_all()

    async def _write(self, tenant: Tenant, recalls: list[Recalled]) -> None:
        REACTIVATION_BATCH_RECALLS.observe(len(recalls))
        try:
            await self._reactivation.reactivate_recalls(tenant, recalls)
        except Exception:
            REACTIVATION_FAILURES.inc(len(recalls))
            log.exception(
                "reactivation of %d recalls of tenant %s failed; their answers stand",
                len(recalls),
                tenant,
            )

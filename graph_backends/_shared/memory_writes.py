"""Writes of the memory graph that are named write steps, the same on every backend: a backend
runs the steps (`seam.RunsWriteSteps`) and packs memories and edges into them (`_memory_rows`,
`_link_steps`); the checks, the order of the steps and what the methods return are here."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final, cast

from graph_backends._common.auto_links import capped
from graph_backends._common.reactivation_writes import (
    cascade_batches,
    write_reactivations_separately,
)
from graph_backends._common.records import edge_params, epoch_us, memory_update_rows
from graph_backends._shared.seam import MissingEnd, RunsWriteSteps, SharedWrite, WriteStep
from graph_backends.checks import check_auto_link_cap, check_embeddings
from schema import EdgeKey, Memory, MemoryEdge, MemoryStatus, NotFound, Tenant, parse_memory_id

if TYPE_CHECKING:
    from graph_backends.protocol import GraphRepository, ReactivationWrites

#: Most rows one write step carries; a larger write is several transactions.
WRITE_BATCH: Final = 500


def capped_link_step(edges: Sequence[MemoryEdge], cap: int) -> WriteStep:
    """`link_auto_memories` of `edges`: one row per target, its edges in the order given."""
    by_target: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for edge in edges:
        by_target[edge.target].append(edge_params(edge))
    targets = [{"id": target, "edges": rows} for target, rows in by_target.items()]
    params = {"targets": targets, "cap": check_auto_link_cap(cap)}
    return (SharedWrite.LINK_AUTO_MEMORIES, params, {})


def refused_auto_links(
    edges: Sequence[MemoryEdge],
    names: Sequence[str],
    replies: Sequence[Sequence[Mapping[str, Any]]],
) -> list[EdgeKey]:
    """The capped edges of `edges` that `link_auto_memories` (among the steps `names`, whose
    rows are `replies`) did not write: their target had the cap of auto-links already."""
    written = {
        (row["source"], row["target"])
        for name, rows in zip(names, replies, strict=True)
        if name == SharedWrite.LINK_AUTO_MEMORIES
        for row in rows
    }
    return [
        EdgeKey(source=e.source, target=e.target, type=e.type)
        for e in edges
        if capped(e) and (e.source, e.target) not in written
    ]


class MemoryWriteMethods(RunsWriteSteps):
    """`store_memories`, `link`, `unlink`, `update_memories`, `record_cascade`,
    `validate_auto_links` and `write_reactivations` (its three writes at once)."""

    _dimension: int

    if TYPE_CHECKING:  # provided by each backend

        def _memory_rows(self, memories: Sequence[Memory]) -> list[dict[str, Any]]:
            """`upsert_memories`'s rows of `memories`, as this backend stores them."""

        def _link_steps(self, edges: Sequence[MemoryEdge]) -> list[WriteStep]:
            """The `link_memories` steps that write `edges` (none for none)."""

        async def existing_ids(self, tenant: Tenant, ids: Collection[str]) -> frozenset[str]: ...

    async def _check_ends(self, tenant: Tenant, ends: Collection[str]) -> None:
        """`NotFound` naming the first of `ends` that is not a stored memory."""
        missing = sorted(set(ends) - await self.existing_ids(tenant, ends)) if ends else []
        if missing:
            raise NotFound("memory", missing[0])

    async def _write_linking(
        self, tenant: Tenant, steps: Sequence[WriteStep], ends: Collection[str]
    ) -> list[list[dict[str, Any]]]:
        """`_write_rows` of steps that link `ends`, checked before."""
        try:
            return await self._write_rows(tenant, steps)
        except MissingEnd:
            # An end was deleted between the check and the write, and the transaction wrote
            # nothing. Name the missing end.
            await self._check_ends(tenant, ends)
            raise

    async def _store_steps(
        self,
        tenant: Tenant,
        memories: Sequence[Memory],
        edges: Sequence[MemoryEdge],
        auto_link_cap: int | None = None,
    ) -> list[WriteStep]:
        """`store_memories`'s steps, after checking that every end not among `memories`
        exists (`NotFound` naming the first missing one). With `auto_link_cap`, the
        machine-made RELATED_TO edges go last, each written only while its target is under
        the cap (`link_auto_memories`)."""
        check_embeddings(memories, self._dimension)
        new = {m.id for m in memories}
        await self._check_ends(
            tenant, ({e.source for e in edges} | {e.target for e in edges}) - new
        )
        steps: list[WriteStep] = []
        if memories:
            steps.append((SharedWrite.UPSERT_MEMORIES, {"rows": self._memory_rows(memories)}, {}))
        if auto_link_cap is None:
            return steps + self._link_steps(edges)
        auto = [e for e in edges if capped(e)]
        steps += self._link_steps([e for e in edges if not capped(e)])
        if auto:
            steps.append(capped_link_step(auto, auto_link_cap))
        return steps

    async def store_memories(
        self,
        tenant: Tenant,
        memories: Sequence[Memory],
        edges: Sequence[MemoryEdge],
        *,
        auto_link_cap: int | None = None,
    ) -> list[EdgeKey]:
        steps = await self._store_steps(tenant, memories, edges, auto_link_cap)
        if not steps:
            return []
        ends = ({e.source for e in edges} | {e.target for e in edges}) - {m.id for m in memories}
        replies = await self._write_linking(tenant, steps, ends)
        return refused_auto_links(edges, [name for name, _, _ in steps], replies)

    async def link(self, tenant: Tenant, edges: Sequence[MemoryEdge]) -> None:
        if not edges:
            return
        ends = {e.source for e in edges} | {e.target for e in edges}
        await self._check_ends(tenant, ends)
        await self._write_linking(tenant, self._link_steps(edges), ends)

    async def unlink(self, tenant: Tenant, keys: Sequence[EdgeKey]) -> list[bool]:
        if not keys:
            return []
        edges = [{"source": k.source, "target": k.target, "type": str(k.type)} for k in keys]
        (rows,) = await self._write_rows(
            tenant, [(SharedWrite.UNLINK_MEMORIES, {"edges": edges}, {})], none_without_schema=True
        )
        removed = {(r["source"], r["target"], r["type"]) for r in rows}
        return [(k.source, k.target, str(k.type)) in removed for k in keys]

    async def update_memories(
        self,
        tenant: Tenant,
        memories: Sequence[Memory],
        fields: Collection[str] | None = None,
    ) -> list[bool]:
        rows = memory_update_rows(memories, fields)
        for row in rows:
            row["props"].pop("id", None)  # the row's id finds the memory; it never changes
        found: set[str] = set()
        for start in range(0, len(rows), WRITE_BATCH):
            batch = rows[start : start + WRITE_BATCH]
            (updated,) = await self._write_rows(
                tenant, [(SharedWrite.UPDATE_MEMORIES, {"rows": batch}, {})]
            )
            found.update(r["id"] for r in updated)
        return [m.id in found for m in memories]

    async def record_cascade(
        self,
        tenant: Tenant,
        reached: Mapping[str, int],
        at: datetime,
        *,
        revive: Collection[str] = (),
        revive_from: MemoryStatus = MemoryStatus.DORMANT,
        revive_to: MemoryStatus = MemoryStatus.EPISODIC,
    ) -> list[str]:
        revived: list[str] = []
        for counted, reviving in cascade_batches(reached, revive, WRITE_BATCH):
            params = {
                "reached": counted,
                "revive": reviving,
                "now": epoch_us(at),
                "from": str(revive_from),
                "to": str(revive_to),
            }
            (rows,) = await self._write_rows(tenant, [(SharedWrite.RECORD_CASCADE, params, {})])
            revived.extend(r["id"] for r in rows)
        return revived

    async def validate_auto_links(self, tenant: Tenant, ids: Sequence[str], at: datetime) -> int:
        if not ids:
            return 0
        params = {"ids": list(dict.fromkeys(parse_memory_id(i) for i in ids)), "now": epoch_us(at)}
        (rows,) = await self._write_rows(tenant, [(SharedWrite.VALIDATE_AUTO_LINKS, params, {})])
        return sum(int(r["validated"]) for r in rows)

    async def write_reactivations(
        self, tenant: Tenant, writes: ReactivationWrites
    ) -> tuple[int, list[str]]:
        # A mixin: the repositories it completes are GraphRepositories.
        return await write_reactivations_separately(cast("GraphRepository", self), tenant, writes)

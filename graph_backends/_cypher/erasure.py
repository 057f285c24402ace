"""`ErasureRepository` (and the fact layer's `fact_asserters`) as the same Cypher conversation
on FalkorDB and Neo4j: each backend supplies `_run` and `_transaction_rows` in its own dialect
and tenancy (docs/adr/0018)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from cypher import FactQueryName, QueryName
from graph_backends._cypher.facts import _FactRunsCypher
from graph_backends._cypher.memories import Step, _chunks
from schema import Tenant
from schema.erasure import ErasedCounts, ErasurePlan
from schema.facts import Fact

Q = FactQueryName


def erase_steps(plan: ErasurePlan) -> list[Step]:
    """The queries of one erase, each on at most one batch of ids: the traces first (they are
    found by the ids of what follows), then memories, facts, the fact layer's key nodes and
    entities."""

    def each(name: QueryName | FactQueryName, ids: Sequence[str], param: str = "ids") -> list[Step]:
        return [(name, {param: list(c)}, {}) for c in _chunks(list(dict.fromkeys(ids)))]

    return [
        *each(Q.ERASE_IDEMPOTENCY_KEYS, plan.traces),
        *each(QueryName.ERASE_TOMBSTONES, plan.traces),
        *each(Q.ERASE_EXTRACTIONS, plan.traces),
        *each(QueryName.DELETE_MEMORIES, plan.memories),
        *each(Q.ERASE_FACTS, plan.facts),
        *each(Q.ERASE_FACT_SLOTS, plan.fact_keys, "keys"),
        *each(Q.ERASE_ENTITIES, plan.entities),
    ]


def erased_counts(steps: Sequence[Step], results: Sequence[list[dict[str, Any]]]) -> ErasedCounts:
    """What the steps of `erase_steps` report, added up."""
    total = ErasedCounts()
    for (name, _, _), rows in zip(steps, results, strict=True):
        row = rows[0] if rows else {}
        if name is QueryName.DELETE_MEMORIES:
            total += ErasedCounts(memories=len(rows))
        elif name is Q.ERASE_FACTS:
            total += ErasedCounts(facts=int(row["facts"]), fact_vectors=int(row["vectors"]))
        elif name is Q.ERASE_ENTITIES:
            total += ErasedCounts(entities=int(row["entities"]), relations=int(row["relations"]))
        elif name is QueryName.ERASE_TOMBSTONES:
            total += ErasedCounts(tombstones=int(row["n"]))
        elif name is Q.ERASE_IDEMPOTENCY_KEYS:
            total += ErasedCounts(idempotency_records=int(row["n"]))
        elif name is Q.ERASE_EXTRACTIONS:
            total += ErasedCounts(extractions=int(row["n"]))
    return total


class CypherErasureMethods(_FactRunsCypher):
    if TYPE_CHECKING:  # provided by each backend

        async def _transaction_rows(
            self, tenant: Tenant, steps: Sequence[Step]
        ) -> list[list[dict[str, Any]]]:
            """Several queries in one transaction, and each one's rows."""

    async def fact_asserters(self, tenant: Tenant, fact_ids: Sequence[str]) -> dict[str, list[str]]:
        found: dict[str, list[str]] = {}
        for chunk in _chunks(list(dict.fromkeys(fact_ids))):
            rows = await self._run(tenant, Q.FACT_ASSERTERS, {"ids": list(chunk)}, read_only=True)
            found.update((r["id"], sorted(r["memories"])) for r in rows)
        return found

    async def facts_containing(self, tenant: Tenant, key: str) -> list[Fact]:
        rows = await self._run(tenant, Q.FACTS_CONTAINING, {"key": key}, read_only=True)
        return [self._fact_from_props(r["props"]) for r in rows]

    async def erase(self, tenant: Tenant, plan: ErasurePlan) -> ErasedCounts:
        steps = erase_steps(plan)
        if not steps:
            return ErasedCounts()
        return erased_counts(steps, await self._transaction_rows(tenant, steps))

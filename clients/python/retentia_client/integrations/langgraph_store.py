"""LangGraph's long-term memory interface, `BaseStore`, over Retentia: each item is one memory
of the client's project. Its content is the item's value as JSON (what recall searches), its
metadata the namespace, the key and the first put's time. `search` with a `query` is Retentia's
recall (at most 100 hits, filtered to the namespace and `filter`, scored by recall); without one
it is the namespace's items, newest first. Install with the `langgraph` extra."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from langgraph.store.base import (
    BaseStore,
    GetOp,
    Item,
    ListNamespacesOp,
    MatchCondition,
    Op,
    PutOp,
    Result,
    SearchItem,
    SearchOp,
)

from ..client import Retentia
from ..models import Memory
from ._tagged import tagged

NAMESPACE = "langgraph.namespace"
KEY = "langgraph.key"
CREATED_AT = "langgraph.created_at"
RECALL_LIMIT = 100  # the service's largest recall `k`


@dataclass
class _Stored:
    item: Item
    memory_ids: list[str]  # the newest first; more than one where a put's delete was lost


class RetentiaStore(BaseStore):
    """A LangGraph `BaseStore` in the project of `client` (give the store a project of its
    own: reads go through the project's memories). A batch reads one snapshot of the store
    before its writes, as LangGraph's `InMemoryStore` does; puts of one (namespace, key) in a
    batch collapse to the last. `abatch` runs `batch` in a worker thread."""

    __slots__ = ("client",)

    def __init__(self, client: Retentia) -> None:
        self.client = client

    def batch(self, ops: Iterable[Op]) -> list[Result]:
        ops = list(ops)
        snapshot = self._snapshot() if ops else {}
        results: list[Result] = []
        puts: dict[tuple[tuple[str, ...], str], PutOp] = {}
        for op in ops:
            if isinstance(op, GetOp):
                found = snapshot.get((op.namespace, op.key))
                results.append(found.item if found else None)
            elif isinstance(op, SearchOp):
                results.append(self._search(op, snapshot))
            elif isinstance(op, ListNamespacesOp):
                results.append(_list_namespaces(op, snapshot))
            elif isinstance(op, PutOp):
                puts[(op.namespace, op.key)] = op
                results.append(None)
            else:
                raise ValueError(f"Unknown operation type: {type(op).__name__}")
        self._apply(puts, snapshot)
        return results

    async def abatch(self, ops: Iterable[Op]) -> list[Result]:
        return await asyncio.to_thread(self.batch, list(ops))

    def _snapshot(self) -> dict[tuple[tuple[str, ...], str], _Stored]:
        snapshot: dict[tuple[tuple[str, ...], str], _Stored] = {}
        for memory, metadata in tagged(self.client, NAMESPACE):
            namespace = tuple(json.loads(metadata[NAMESPACE]))
            key = metadata.get(KEY, "")
            if (namespace, key) in snapshot:  # newest first: an older copy a put left behind
                snapshot[(namespace, key)].memory_ids.append(memory.id)
                continue
            first_put = metadata.get(CREATED_AT)
            created = datetime.fromisoformat(first_put) if first_put else memory.created_at
            item = Item(
                value=json.loads(memory.content),
                key=key,
                namespace=namespace,
                created_at=created,
                updated_at=memory.created_at,
            )
            snapshot[(namespace, key)] = _Stored(item, [memory.id])
        return snapshot

    def _search(
        self, op: SearchOp, snapshot: Mapping[tuple[tuple[str, ...], str], _Stored]
    ) -> list[SearchItem]:
        def wanted(item: Item) -> bool:
            return item.namespace[: len(op.namespace_prefix)] == op.namespace_prefix and (
                not op.filter or _matches(item.value, op.filter)
            )

        scored: list[tuple[Item, float | None]]
        if op.query:
            by_id = {stored.memory_ids[0]: stored.item for stored in snapshot.values()}
            recalled = self.client.recall(op.query, k=RECALL_LIMIT)
            scored = [
                (by_id[hit.id], hit.score)
                for hit in recalled.hits
                if hit.id in by_id and wanted(by_id[hit.id])
            ]
        else:
            items = sorted(
                (s.item for s in snapshot.values()), key=lambda i: i.updated_at, reverse=True
            )
            scored = [(item, None) for item in items if wanted(item)]
        return [
            SearchItem(
                namespace=item.namespace,
                key=item.key,
                value=item.value,
                created_at=item.created_at,
                updated_at=item.updated_at,
                score=score,
            )
            for item, score in scored[op.offset : op.offset + op.limit]
        ]

    def _apply(
        self,
        puts: Mapping[tuple[tuple[str, ...], str], PutOp],
        snapshot: Mapping[tuple[tuple[str, ...], str], _Stored],
    ) -> None:
        # Write the new memories before deleting the ones they replace, so a put that fails
        # half-way leaves the old value readable rather than nothing.
        stores: list[Mapping[str, Any]] = []
        for (namespace, key), op in puts.items():
            if op.value is None:
                continue
            old = snapshot.get((namespace, key))
            created = old.item.created_at if old else datetime.now(UTC)
            content = json.dumps(op.value, ensure_ascii=False)
            metadata = {
                NAMESPACE: json.dumps(list(namespace), ensure_ascii=False),
                KEY: key,
                CREATED_AT: created.isoformat(),
            }
            stores.append({"content": content, "metadata": metadata})
        for start in range(0, len(stores), 256):  # the service's largest storeMemories
            for result in self.client.store_many(stores[start : start + 256]):
                if not isinstance(result, Memory):
                    raise result
        replaced = [id for k in puts if k in snapshot for id in snapshot[k].memory_ids]
        for start in range(0, len(replaced), 256):
            self.client.delete(replaced[start : start + 256])


def _matches(value: Any, condition: Any) -> bool:
    """LangGraph's filter semantics (those of its InMemoryStore and Postgres store): a plain
    value is equality, a dict of `$eq`, `$ne`, `$gt`, `$gte`, `$lt`, `$lte` compares, any other
    dict matches a nested object key by key."""
    if isinstance(condition, dict):
        if any(k.startswith("$") for k in condition):
            return all(_compare(value, op, operand) for op, operand in condition.items())
        return isinstance(value, dict) and all(
            _matches(value.get(k), v) for k, v in condition.items()
        )
    if isinstance(condition, list | tuple):
        return (
            isinstance(value, list | tuple)
            and len(value) == len(condition)
            and all(_matches(v, c) for v, c in zip(value, condition, strict=True))
        )
    return bool(value == condition)


def _compare(value: Any, op: str, operand: Any) -> bool:
    if op == "$eq":
        return bool(value == operand)
    if op == "$ne":
        return bool(value != operand)
    if value is None:
        return False
    if op == "$gt":
        return float(value) > float(operand)
    if op == "$gte":
        return float(value) >= float(operand)
    if op == "$lt":
        return float(value) < float(operand)
    if op == "$lte":
        return float(value) <= float(operand)
    raise ValueError(f"Unsupported filter operator {op!r}: use $eq, $ne, $gt, $gte, $lt or $lte")


def _list_namespaces(
    op: ListNamespacesOp, snapshot: Mapping[tuple[tuple[str, ...], str], _Stored]
) -> list[tuple[str, ...]]:
    namespaces = {namespace for namespace, _ in snapshot}
    kept = [
        ns for ns in namespaces if all(_namespace_matches(c, ns) for c in op.match_conditions or ())
    ]
    if op.max_depth is not None:
        kept = [ns[: op.max_depth] for ns in kept]
    return sorted(set(kept))[op.offset : op.offset + op.limit]


def _namespace_matches(condition: MatchCondition, namespace: tuple[str, ...]) -> bool:
    path = tuple(condition.path)
    if len(namespace) < len(path):
        return False
    if condition.match_type == "prefix":
        pairs = zip(namespace, path, strict=False)
    elif condition.match_type == "suffix":
        pairs = zip(reversed(namespace), reversed(path), strict=False)
    else:
        raise ValueError(f"Unsupported match type {condition.match_type!r}: prefix or suffix")
    return all(p == "*" or n == p for n, p in pairs)

"""The queries a FalkorDB repository sends, by name and parameters, for tests that then ask
the engine how it ran them (EXPLAIN, PROFILE), and what FalkorDB's profile says they read."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from cypher import load
from graph_backends.falkordb.repository import FalkorRepository


@contextmanager
def recorded_queries(repo: FalkorRepository) -> Iterator[list[tuple[Any, dict[str, Any]]]]:
    """Within the block, every query `repo` runs is appended (name, params) to the list."""
    sent: list[tuple[Any, dict[str, Any]]] = []
    run = repo._run

    async def recorded(tenant: Any, name: Any, params: Any = None, **kw: Any) -> Any:
        sent.append((name, params or {}))
        return await run(tenant, name, params, **kw)

    repo._run = recorded  # type: ignore[method-assign]
    try:
        yield sent
    finally:
        repo._run = run  # type: ignore[method-assign]


async def records_produced(
    repo: FalkorRepository, tenant: Any, sent: list[tuple[Any, dict[str, Any]]], *operations: str
) -> int:
    """The records FalkorDB's profile of each sent query reports its `operations` produced,
    added up (each query profiled again, as sent)."""
    graph = repo._db.select_graph(tenant.key)
    total = 0
    for name, params in sent:
        query = load(name, "falkordb")
        profile = await graph.profile(query.render(), query.bind(params))
        total += sum(
            op.records_produced for kind in operations for op in profile.collect_operations(kind)
        )
    return total

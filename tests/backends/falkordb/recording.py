"""The queries a FalkorDB repository sends, by name and parameters, for tests that then ask
the engine how it ran them (EXPLAIN, PROFILE)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

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

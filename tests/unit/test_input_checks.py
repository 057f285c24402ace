"""Every backend refuses the same sizes with the same `InvalidInput` (field and message), before
it touches its database: the checks live in `graph_backends.checks`, and no backend writes a
limit of its own. The repositories here have no connection; a check that ran after a query
would fail on the missing connection instead of raising `InvalidInput`."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from types import SimpleNamespace
from typing import Any, cast

import pytest

from graph_backends.falkordb.repository import FalkorRepository
from graph_backends.neo4j.repository import Neo4jRepository
from graph_backends.protocol import (
    MAX_EXPORT_PAGE,
    MAX_LEG_K,
    MAX_RECENT_PAGE,
    MAX_STATUS_PAGE,
    MAX_TRAVERSE_DEPTH,
    MAX_TRAVERSE_NODES,
    Backend,
)
from graph_backends.surrealdb.repository import SurrealRepository
from schema import Direction, EdgeType, InvalidInput, MemoryStatus, Tenant, build
from tests.factories import memory

DIMENSION = 4
TENANT = build(Tenant, org="checks", project="input")
AT = datetime(2026, 1, 1, tzinfo=UTC)
ID = "00000000-0000-4000-8000-000000000001"


def _falkordb() -> Backend:
    db = SimpleNamespace(connection=SimpleNamespace(connection_pool=None))
    return FalkorRepository(cast(Any, db), vector_dimension=DIMENSION, ef_runtime=10)


def _neo4j() -> Backend:
    return Neo4jRepository(cast(Any, None), database="neo4j", vector_dimension=DIMENSION)


def _surrealdb() -> Backend:
    return SurrealRepository(cast(Any, None), vector_dimension=DIMENSION)


BACKENDS: dict[str, Callable[[], Backend]] = {
    "falkordb": _falkordb,
    "neo4j": _neo4j,
    "surrealdb": _surrealdb,
}

Call = Callable[[Backend], Awaitable[object]]
VECTOR = [1.0] * DIMENSION


def _walk(depth: int, max_nodes: int) -> dict[str, object]:
    return {
        "depth": depth,
        "edge_types": [EdgeType.RELATED_TO],
        "direction": Direction.BOTH,
        "max_nodes": max_nodes,
    }


#: (what is asked, the call that asks it); each must be refused alike by every backend.
REFUSED: list[tuple[str, Call]] = [
    *(
        (f"vector_search k={k}", lambda r, k=k: r.vector_search(TENANT, VECTOR, k))
        for k in (0, MAX_LEG_K + 1)
    ),
    *(
        (f"fulltext_search k={k}", lambda r, k=k: r.fulltext_search(TENANT, "word", k))
        for k in (0, MAX_LEG_K + 1)
    ),
    *(
        (f"fact_vector_search k={k}", lambda r, k=k: r.fact_vector_search(TENANT, VECTOR, AT, k))
        for k in (0, MAX_LEG_K + 1)
    ),
    *(
        (f"fact_fulltext_search k={k}", lambda r, k=k: r.fact_fulltext_search(TENANT, "w", AT, k))
        for k in (0, MAX_LEG_K + 1)
    ),
    *(
        (f"memories_mentioning limit={n}", lambda r, n=n: r.memories_mentioning(TENANT, {"a"}, n))
        for n in (0, MAX_LEG_K + 1)
    ),
    (
        "memories_mentioning max_mentions=0",
        lambda r: r.memories_mentioning(TENANT, {"a"}, 10, max_mentions=0),
    ),
    *(
        (
            f"memories_about_entities limit={n}",
            lambda r, n=n: r.memories_about_entities(TENANT, {"e"}, AT, n),
        )
        for n in (0, MAX_LEG_K + 1)
    ),
    (
        "memories_about_entities max_facts=0",
        lambda r: r.memories_about_entities(TENANT, {"e"}, AT, 10, max_facts=0),
    ),
    *(
        (f"recent_memories limit={n}", lambda r, n=n: r.recent_memories(TENANT, limit=n))
        for n in (0, MAX_RECENT_PAGE + 1)
    ),
    *(
        (
            f"memories_with_status limit={n}",
            lambda r, n=n: r.memories_with_status(TENANT, [MemoryStatus.EPISODIC], limit=n),
        )
        for n in (0, MAX_STATUS_PAGE + 1)
    ),
    *(
        (f"neighbourhood depth={d}", lambda r, d=d: r.neighbourhood(TENANT, ID, **_walk(d, 10)))
        for d in (-1, MAX_TRAVERSE_DEPTH + 1)
    ),
    *(
        (f"neighbourhood max_nodes={n}", lambda r, n=n: r.neighbourhood(TENANT, ID, **_walk(1, n)))
        for n in (0, MAX_TRAVERSE_NODES + 1)
    ),
    *(
        (f"traverse depth={d}", lambda r, d=d: r.traverse(TENANT, ID, **_walk(d, 10)))
        for d in (-1, MAX_TRAVERSE_DEPTH + 1)
    ),
    *(
        (f"{name} limit={n}", lambda r, name=name, n=n: getattr(r, name)(TENANT, limit=n))
        for name in ("forgotten_page", "tombstone_page")
        for n in (0, MAX_EXPORT_PAGE + 1)
    ),
    *(
        (f"edge_page limit={n}", lambda r, n=n: r.edge_page(TENANT, [EdgeType.RELATED_TO], limit=n))
        for n in (0, MAX_EXPORT_PAGE + 1)
    ),
    *(
        (f"{name} limit={n}", lambda r, name=name, n=n: getattr(r, name)(TENANT, after="", limit=n))
        for name in ("memory_page", "entity_page", "fact_page")
        for n in (0, MAX_EXPORT_PAGE + 1)
    ),
    ("vector_search of another dimension", lambda r: r.vector_search(TENANT, [1.0], 10)),
    (
        "fact_vector_search of another dimension",
        lambda r: r.fact_vector_search(TENANT, [1.0], AT, 10),
    ),
    (
        "upsert_memories of another dimension",
        lambda r: r.upsert_memories(TENANT, [memory("m", id=ID)]),
    ),
]


async def _refusal(backend: str, call: Call) -> tuple[str, str]:
    with pytest.raises(InvalidInput) as refused:
        await call(BACKENDS[backend]())
    return refused.value.field, str(refused.value)


@pytest.mark.parametrize(("asked", "call"), REFUSED, ids=[asked for asked, _ in REFUSED])
async def test_every_backend_refuses_the_same_sizes_alike(asked: str, call: Call) -> None:
    """Each out-of-range size is refused by every backend, with one field and one message."""
    refusals = {backend: await _refusal(backend, call) for backend in BACKENDS}
    assert len(set(refusals.values())) == 1, refusals

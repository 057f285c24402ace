"""Vector searches whose filter runs after the index: ask the index for more until k pass.

The fact vector leg keeps the facts in force at an instant, and HNSW cannot filter inside its
walk (FalkorDB, SurrealDB: ADR 0008; Neo4j's index also spans every tenant, ADR 0007). One
fixed over-fetch came back short wherever most near facts were history: a slot that changed
seven times holds one fact in force among eight.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from typing import Final, TypeVar

T = TypeVar("T")

#: The first read asks for this many times k (+ 1), each next one this many times more.
OVERFETCH: Final = 4
#: Candidates a fact vector search asks a per-tenant index for at most (FalkorDB, SurrealDB):
#: k = 50 reads 201, then 804, 3,216 and 4,096 where that many are history. A query whose
#: 4,096 nearest facts hold fewer than k in force gets those (the search stays bounded on a
#: tenant of 170,000 facts, 1M memories).
FACT_VECTOR_MOST: Final = 4096


async def widened(
    read: Callable[[int], Awaitable[tuple[int, Sequence[T]]]],
    k: int,
    *,
    first: int | None = None,
    most: int | None = None,
) -> Sequence[T]:
    """What passes the filter, from `read(fetch)` → (the candidates the index returned, those
    of them that pass), asked for `first` (default `OVERFETCH` × k + 1) candidates and then
    `OVERFETCH` times more each time, until k pass, the index returned fewer than asked (it
    has no more), or `most` candidates were asked for (None: no bound)."""
    fetch = first if first is not None else OVERFETCH * k + 1
    while True:
        candidates, passed = await read(fetch)
        if len(passed) >= k or candidates < fetch or (most is not None and fetch >= most):
            return passed
        fetch = OVERFETCH * fetch if most is None else min(OVERFETCH * fetch, most)

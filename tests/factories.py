"""Builders for domain objects in tests (real models, validated as in production)."""

from __future__ import annotations

import math
import random
from datetime import UTC, datetime, timedelta

from schema import EdgeType, Memory, MemoryEdge, new_memory_id
from tests.conftest import DIMENSION

T0 = datetime(2026, 1, 1, tzinfo=UTC)


def unit_vector(seed: int, dimension: int = DIMENSION) -> tuple[float, ...]:
    rng = random.Random(seed)
    values = [rng.gauss(0.0, 1.0) for _ in range(dimension)]
    norm = math.sqrt(sum(v * v for v in values))
    return tuple(v / norm for v in values)


def memory(
    content: str = "a memory",
    *,
    seed: int | None = None,
    created_at: datetime = T0,
    **fields: object,
) -> Memory:
    mid = str(fields.pop("id", new_memory_id()))
    embedding = unit_vector(seed if seed is not None else hash(mid) & 0xFFFF)
    return Memory(
        id=mid,
        content=content,
        created_at=created_at,
        embedding=embedding,
        **fields,  # type: ignore[arg-type]
    )


def memories(n: int, *, start: datetime = T0) -> list[Memory]:
    return [
        memory(f"memory number {i}", seed=i, created_at=start + timedelta(seconds=i))
        for i in range(n)
    ]


def edge(
    source: Memory | str, target: Memory | str, type: EdgeType, **fields: object
) -> MemoryEdge:
    return MemoryEdge(
        source=source if isinstance(source, str) else source.id,
        target=target if isinstance(target, str) else target.id,
        type=type,
        created_at=fields.pop("created_at", T0),  # type: ignore[arg-type]
        **fields,  # type: ignore[arg-type]
    )

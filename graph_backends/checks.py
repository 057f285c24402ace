"""Input checks every backend passes through before it touches its database, so all of them
refuse the same sizes with the same `InvalidInput`. The limits are the contract's
(`graph_backends.protocol`); no backend writes a limit of its own."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from graph_backends.protocol import (
    MAX_EXPORT_PAGE,
    MAX_LEG_K,
    MAX_RECENT_PAGE,
    MAX_STATUS_PAGE,
    MAX_TRAVERSE_DEPTH,
    MAX_TRAVERSE_NODES,
)
from schema import InvalidInput, Memory


def _check_range(field: str, value: int, low: int, high: int) -> None:
    if not low <= value <= high:
        raise InvalidInput(field, f"{value} is outside {low}–{high}")


def check_leg_k(k: int) -> None:
    """A recall leg's size (`k`, or a leg's `limit`): 1–MAX_LEG_K."""
    _check_range("k", k, 1, MAX_LEG_K)


def check_recent_page(limit: int) -> None:
    """`recent_memories`' page: 1–MAX_RECENT_PAGE."""
    _check_range("limit", limit, 1, MAX_RECENT_PAGE)


def check_status_page(limit: int) -> None:
    """`memories_with_status`' page: 1–MAX_STATUS_PAGE."""
    _check_range("limit", limit, 1, MAX_STATUS_PAGE)


def check_export_page(limit: int) -> None:
    """An export read's page: 1–MAX_EXPORT_PAGE."""
    _check_range("limit", limit, 1, MAX_EXPORT_PAGE)


def check_depth(depth: int) -> None:
    """How many hops a traversal or neighbourhood walks: 0–MAX_TRAVERSE_DEPTH."""
    _check_range("depth", depth, 0, MAX_TRAVERSE_DEPTH)


def check_traverse_nodes(field: str, nodes: int) -> None:
    """How many memories one traversal page or neighbourhood holds: 1–MAX_TRAVERSE_NODES."""
    _check_range(field, nodes, 1, MAX_TRAVERSE_NODES)


def check_hub_cap(field: str, cap: int | None) -> None:
    """The cap on what one name or entity may reach (None: no cap): `max_mentions`,
    `max_facts`."""
    if cap is not None and cap < 1:
        raise InvalidInput(field, f"{cap} is below 1")


def check_auto_link_cap(cap: int) -> int:
    """`store_memories`' `auto_link_cap`: 0 or more (0: no auto-links)."""
    if cap < 0:
        raise InvalidInput("auto_link_cap", f"{cap} is negative; 0 means no auto-links")
    return cap


def check_dimension(vector: Sequence[float], dimension: int) -> None:
    """A query vector must have the index's dimension."""
    if len(vector) != dimension:
        raise InvalidInput("vector", f"has {len(vector)} dimensions; the index has {dimension}")


def check_vectors(vectors: Mapping[str, Sequence[float]], dimension: int) -> None:
    """Every vector written in place of a memory's or fact's must have the index's dimension."""
    for key, vector in vectors.items():
        if len(vector) != dimension:
            raise InvalidInput(
                "vector",
                f"{key} has {len(vector)} dimensions; the vector index has {dimension}",
            )


def check_embeddings(memories: Sequence[Memory], dimension: int) -> None:
    """Every embedding written must have the vector index's dimension."""
    for memory in memories:
        if memory.embedding is not None and len(memory.embedding) != dimension:
            raise InvalidInput(
                "embedding",
                f"memory {memory.id} has {len(memory.embedding)} dimensions; the vector index "
                f"has {dimension}",
            )

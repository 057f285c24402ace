"""Which edges the inbound auto-link cap applies to, for every backend's `store_memories`: the
machine-made RELATED_TO edges. The cap itself is counted by each database inside the write
(see `GraphRepository.store_memories`), so it holds across processes."""

from __future__ import annotations

from schema import EdgeCreator, EdgeType, MemoryEdge


def capped(edge: MemoryEdge) -> bool:
    """Whether the inbound auto-link cap applies to `edge`."""
    return edge.type is EdgeType.RELATED_TO and edge.created_by is EdgeCreator.AUTO

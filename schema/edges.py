"""Edge types and their partitions: the one table κ and δ are computed from (docs/design.md §2).

κ (causal degree) counts causal edges; δ (supportive degree, which decides orphanhood) counts
causal and supportive edges. Negative and neutral edges count toward neither.
"""

from __future__ import annotations

from enum import StrEnum
from typing import Final


class EdgeType(StrEnum):
    """Memory–memory edge types."""

    CAUSED_BY = "CAUSED_BY"
    SUPPORTS = "SUPPORTS"
    DERIVED_FROM = "DERIVED_FROM"
    RELATED_TO = "RELATED_TO"
    CONTRADICTS = "CONTRADICTS"
    SUPERSEDES = "SUPERSEDES"
    TEMPORAL_SEQUENCE = "TEMPORAL_SEQUENCE"


class Partition(StrEnum):
    CAUSAL = "causal"
    SUPPORTIVE = "supportive"
    NEGATIVE = "negative"
    NEUTRAL = "neutral"


EDGE_PARTITION: Final[dict[EdgeType, Partition]] = {
    EdgeType.CAUSED_BY: Partition.CAUSAL,
    EdgeType.SUPPORTS: Partition.CAUSAL,
    EdgeType.DERIVED_FROM: Partition.CAUSAL,
    EdgeType.RELATED_TO: Partition.SUPPORTIVE,
    EdgeType.CONTRADICTS: Partition.NEGATIVE,
    EdgeType.SUPERSEDES: Partition.NEGATIVE,
    EdgeType.TEMPORAL_SEQUENCE: Partition.NEUTRAL,
}

#: Edge types counted by κ, in a stable order (queries receive them as a parameter).
CAUSAL_TYPES: Final[tuple[EdgeType, ...]] = tuple(
    t for t, p in EDGE_PARTITION.items() if p is Partition.CAUSAL
)
#: Edge types counted by δ: a memory with none of these is an orphan.
SUPPORTIVE_TYPES: Final[tuple[EdgeType, ...]] = tuple(
    t for t, p in EDGE_PARTITION.items() if p in (Partition.CAUSAL, Partition.SUPPORTIVE)
)


class EdgeCreator(StrEnum):
    """Who made an edge; machine-made edges age differently from written ones."""

    WRITER = "writer"
    AUTO = "auto"
    CONSOLIDATION = "consolidation"
    FACT = "fact"
    USER = "user"
    #: The offline update detector (service.engine.updates): a SUPERSEDES edge whose weight is
    #: its confidence and whose reason is the evidence (docs/adr/0027).
    DETECTOR = "detector"


class StructuralEdge(StrEnum):
    """Edges that are not memory–memory; they never count toward κ or δ."""

    MENTIONS = "MENTIONS"
    ASSERTS = "ASSERTS"
    SUBJECT = "SUBJECT"
    OBJECT = "OBJECT"
    RELATES = "RELATES"


class Direction(StrEnum):
    """Which way a traversal follows edges."""

    OUT = "out"
    IN = "in"
    BOTH = "both"

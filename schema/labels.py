"""Node labels of the graph model (docs/design.md §2)."""

from __future__ import annotations

from enum import StrEnum


class NodeLabel(StrEnum):
    MEMORY = "Memory"
    ENTITY = "Entity"
    FACT = "Fact"
    TOMBSTONE = "Tombstone"

"""Memory statuses, fact states and visibility (docs/design.md §2, §4, §5)."""

from __future__ import annotations

from enum import StrEnum


class MemoryStatus(StrEnum):
    TAGGED = "tagged"
    ACTIVE = "active"
    EPISODIC = "episodic"
    SEMANTIC = "semantic"
    DORMANT = "dormant"
    CORE = "core"


class FactState(StrEnum):
    ACTIVE = "active"
    SUPERSEDED = "superseded"
    RETRACTED = "retracted"
    EXPIRED = "expired"


class Visibility(StrEnum):
    PRIVATE = "private"
    ORG = "org"

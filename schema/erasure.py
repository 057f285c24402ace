"""Erasing a subject (docs/adr/0018): what one erase asks a backend to delete, and what it
deleted. The service decides *which* records hold the subject; a backend deletes exactly those,
with everything that hangs off them, in one transaction where it can."""

from __future__ import annotations

from dataclasses import dataclass, fields
from enum import StrEnum


class MemoryErasure(StrEnum):
    """What an erase does with the memories that mention the subject."""

    #: Delete them (the default): with their embeddings, indexed text, edges and facts.
    DELETE = "delete"
    #: Keep them with the subject's name replaced (`REDACTION`) and re-embedded; their facts
    #: about the subject are deleted all the same.
    REDACT = "redact"


#: What a redacted memory reads where it named the subject.
REDACTION = "[erased]"


@dataclass(frozen=True, slots=True)
class ErasurePlan:
    """The records one erase deletes, by id.

    - `memories`: with their embedding and indexed-text nodes and every edge touching them
      (memory–memory edges, ASSERTS).
    - `facts`: with their embedding (`FactVector`) and every link (SUBJECT, OBJECT, ASSERTS);
      a backend that keeps a node or lock record per conflict key or fingerprint (Neo4j's
      `FactSlot`, SurrealDB's `fact_lock`) deletes those of these facts too.
    - `entities`: with their RELATES edges (and SurrealDB's `relation_lock` records).
    - `traces`: memory and fact ids whose traces go — the tombstones of those memories (or
      naming one as successor), the extraction records of those memories, and every
      idempotency record whose plan or answer names any of the ids.
    - `fact_keys`: the conflict keys and fingerprints of `facts`, for the lock records.
    """

    memories: tuple[str, ...] = ()
    facts: tuple[str, ...] = ()
    entities: tuple[str, ...] = ()
    traces: tuple[str, ...] = ()
    fact_keys: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return not (self.memories or self.facts or self.entities or self.traces)


@dataclass(frozen=True, slots=True)
class ErasedCounts:
    """How many of each kind of record one erase deleted."""

    memories: int = 0
    facts: int = 0
    fact_vectors: int = 0
    entities: int = 0
    relations: int = 0
    tombstones: int = 0
    idempotency_records: int = 0
    extractions: int = 0

    def __add__(self, other: ErasedCounts) -> ErasedCounts:
        return ErasedCounts(
            *(getattr(self, f.name) + getattr(other, f.name) for f in fields(ErasedCounts))
        )


__all__ = ["REDACTION", "ErasedCounts", "ErasurePlan", "MemoryErasure"]

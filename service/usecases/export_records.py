"""The records of an export file (docs/ndjson-format.md, mode `export`): their kinds in file
order, how each stored object becomes a line, and how a line becomes it again. Export writes
them; restore reads them; both go through here, so the two cannot drift apart."""

from __future__ import annotations

import json
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from schema import ForgottenMemory, InvalidInput, Memory, MemoryEdge, Tombstone
from schema.facts import Entity, ExtractionRecord, ExtractionStatus, Fact, StoredRelation
from schema.values import MemoryId, UtcDatetime

#: The record kinds of an export, in the order a file holds them (and a restore writes them:
#: each kind only names kinds before it).
KINDS: Final = (
    "config",
    "entity",
    "memory",
    "extraction",
    "edge",
    "fact",
    "relation",
    "tombstone",
    "forgotten",
)
#: A configuration entry a restore keeps for itself (ADR 0017); never exported.
RESTORE_MARKER_KEY: Final = "retentia.restore"


class ConfigRecord(BaseModel):
    """One configuration entry as stored: its key and its value, the JSON text verbatim."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    key: str = Field(min_length=1, max_length=200)
    value: str


class ExtractionLine(BaseModel):
    """An `ExtractionRecord` (the outcome of LLM fact extraction for one memory)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    memory_id: MemoryId
    status: ExtractionStatus
    at: UtcDatetime
    facts: int = Field(default=0, ge=0)
    error: str | None = None
    attempts: int = Field(default=1, ge=1)

    @classmethod
    def of(cls, record: ExtractionRecord) -> ExtractionLine:
        return cls(
            memory_id=record.memory_id,
            status=record.status,
            at=record.at,
            facts=record.facts,
            error=record.error,
            attempts=record.attempts,
        )

    def record(self) -> ExtractionRecord:
        return ExtractionRecord(
            self.memory_id, self.status, self.at, self.facts, self.error, self.attempts
        )


class EndRecord(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["end"] = "end"
    counts: dict[str, int] = Field(default_factory=dict)


def line(kind: str, data: dict[str, Any]) -> str:
    """One record as a line: `kind` first, then the fields."""
    return json.dumps({"kind": kind, **data}, ensure_ascii=False, separators=(",", ":"))


def memory_line(memory: Memory, *, embeddings: bool) -> str:
    data = memory.model_dump(mode="json", exclude={"embedding"})
    if embeddings and memory.embedding is not None:
        data["embedding"] = list(memory.embedding)
    return line("memory", data)


def forgotten_line(forgotten: ForgottenMemory) -> str:
    """A forgotten memory as exported: kept without an embedding (a restore embeds it)."""
    return line("forgotten", forgotten.model_dump(mode="json", exclude={"memory": {"embedding"}}))


def model_line(kind: str, model: BaseModel) -> str:
    return line(kind, model.model_dump(mode="json"))


#: What each kind's record is validated as (memory and fact carry an optional embedding).
_MODELS: Final[dict[str, type[BaseModel]]] = {
    "config": ConfigRecord,
    "entity": Entity,
    "memory": Memory,
    "extraction": ExtractionLine,
    "edge": MemoryEdge,
    "fact": Fact,
    "relation": StoredRelation,
    "tombstone": Tombstone,
    "forgotten": ForgottenMemory,
}


def parse(kind: str, record: dict[str, Any]) -> BaseModel:
    """The stored object a record describes; `InvalidInput` naming the field that is wrong
    (a record of another Retentia version, or edited by hand)."""
    model = _MODELS.get(kind)
    if model is None:
        raise InvalidInput("kind", f"{kind!r} is not a record of an export")
    data = {k: v for k, v in record.items() if k != "kind"}
    try:
        return model.model_validate(data)
    except InvalidInput:
        raise
    except ValidationError as e:
        problem = e.errors()[0]
        where = ".".join(str(p) for p in problem["loc"]) or kind
        raise InvalidInput(where, str(problem["msg"]).removeprefix("Value error, ")) from None

"""Retentia NDJSON (docs/ndjson-format.md): the header, reading a file line by line with errors
that name the line, and the report an import ends with. Export, restore and history import
share these; each owns its record kinds."""

from __future__ import annotations

import json
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from schema.errors import InvalidInput
from schema.values import UtcDatetime

FORMAT: Final = "retentia-ndjson"
VERSION: Final = 1
#: Longest line a reader accepts (a memory's content is bounded far below this).
MAX_LINE_BYTES: Final = 4 * 1024 * 1024


class Mode(StrEnum):
    HISTORY = "history"
    EXPORT = "export"


class Source(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    org: str
    project: str
    backend: str


class Embedder(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    name: str
    dimension: int


class Header(BaseModel):
    """The first line of a file. A history file may omit it (`Header()` is assumed)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    kind: Literal["header"] = "header"
    format: Literal["retentia-ndjson"] = FORMAT
    version: int = VERSION
    mode: Mode = Mode.HISTORY
    retentia: str | None = None
    exported_at: UtcDatetime | None = None
    source: Source | None = None
    embedder: Embedder | None = None
    embeddings: bool = False
    counts: dict[str, int] = Field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Line:
    """One record of a file: its 1-based line number and its decoded object (with `kind`)."""

    number: int
    kind: str
    record: dict[str, Any]


def encode(record: BaseModel | dict[str, Any]) -> str:
    """One record as one line (no trailing newline)."""
    data = record.model_dump(mode="json") if isinstance(record, BaseModel) else record
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def decode(number: int, text: str) -> Line:
    """Decode one line; `InvalidInput` names the line and what is wrong with it."""
    if len(text.encode()) > MAX_LINE_BYTES:
        raise InvalidInput(f"line {number}", f"longer than {MAX_LINE_BYTES} bytes")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise InvalidInput(f"line {number}", f"not JSON ({e.msg} at column {e.colno})") from None
    except RecursionError:
        raise InvalidInput(f"line {number}", "nests JSON too deeply") from None
    except ValueError:
        # json's only other ValueError: an integer past Python's conversion limit.
        raise InvalidInput(
            f"line {number}",
            f"holds an integer of more than {sys.get_int_max_str_digits()} digits",
        ) from None
    if not isinstance(data, dict):
        raise InvalidInput(f"line {number}", "a record is a JSON object")
    kind = data.get("kind")
    if not isinstance(kind, str) or not kind:
        raise InvalidInput(f"line {number}", "a record needs a string 'kind'")
    return Line(number, kind, data)


def read_header(first: Line | None) -> tuple[Header, bool]:
    """The file's header and whether `first` was it (a history file may start with a record)."""
    if first is None or first.kind != "header":
        return Header(), False
    try:
        header = Header.model_validate(first.record)
    except ValidationError as e:
        problem = e.errors()[0]
        where = ".".join(str(p) for p in problem["loc"]) or "header"
        raise InvalidInput(f"line {first.number}", f"{where}: {problem['msg']}") from None
    if header.version != VERSION:
        raise InvalidInput(
            f"line {first.number}",
            f"format version {header.version} is not supported (this Retentia reads {VERSION})",
        )
    return header, True


def lines(texts: Iterable[str]) -> Iterator[Line]:
    """Decode a file's lines in order, skipping blank ones; raises on the first bad line."""
    for number, text in enumerate(texts, start=1):
        if text.strip():
            yield decode(number, text)


@dataclass(frozen=True, slots=True)
class Rejection:
    line: int
    kind: str
    reason: str


@dataclass(slots=True)
class ImportReport:
    """What an import did: records written and skipped (already there: a resumed run) per kind,
    and each rejected record with its line and reason. A rejection never stops the others."""

    mode: Mode
    imported: Counter[str] = field(default_factory=Counter)
    skipped: Counter[str] = field(default_factory=Counter)
    rejected: list[Rejection] = field(default_factory=list)

    def reject(self, line: Line, reason: str) -> None:
        self.rejected.append(Rejection(line.number, line.kind, reason))

    def as_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode.value,
            "imported": dict(self.imported),
            "skipped": dict(self.skipped),
            "rejected": [
                {"line": r.line, "kind": r.kind, "reason": r.reason} for r in self.rejected
            ],
        }

"""NDJSON for import (docs/ndjson-format.md): a history file cut into requests the API takes
(`importRecords`: at most 5,000 records and the request body limit each), and an export turned
into a history file, since the API imports history only (an export is restored verbatim by the
CLI, `retentia import`, into an empty project)."""

from __future__ import annotations

import json
import uuid
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import InvalidInputError

#: The API's per-request bound (MAX_IMPORT_RECORDS), the header not counted.
MAX_RECORDS = 5000
#: Well under the service's default request body limit (16 MiB), leaving room for JSON escaping.
MAX_BYTES = 4 * 1024 * 1024


@dataclass(frozen=True)
class Batch:
    """The text of one `importRecords` request; for each of its lines, the line of the input
    it came from (the service's rejections name lines of the request); and how many of its
    memory records were carried again from an earlier request (see `batches`)."""

    text: str
    lines: tuple[int, ...]
    carried: int = 0


def _line_text(record: str | Mapping[str, Any]) -> str:
    if isinstance(record, str):
        return record.strip()
    return json.dumps(record, ensure_ascii=False, default=str)


def _references(record: Mapping[str, Any]) -> list[str]:
    """The memories an edge or fact record names (client ids, or server ids)."""
    kind = record.get("kind")
    names = (
        [record.get("source"), record.get("target")]
        if kind == "edge"
        else [record.get("source")]
        if kind == "fact"
        else []
    )
    return [n for n in names if isinstance(n, str) and n]


def _is_server_id(name: str) -> bool:
    try:
        uuid.UUID(name)
    except ValueError:
        return False
    return True


@dataclass
class _Batcher:
    max_records: int
    max_bytes: int
    texts: list[str] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    in_batch: set[str] = field(default_factory=set)
    carried: int = 0
    size: int = 0

    def full(self, extra: int, extra_bytes: int) -> bool:
        return bool(self.texts) and (
            len(self.texts) + extra > self.max_records or self.size + extra_bytes > self.max_bytes
        )

    def add(self, text: str, line: int, memory_id: str | None, carried: bool = False) -> None:
        self.texts.append(text)
        self.lines.append(line)
        self.size += len(text.encode("utf-8")) + 1
        self.carried += carried
        if memory_id is not None:
            self.in_batch.add(memory_id)

    def take(self) -> Batch:
        batch = Batch("\n".join(self.texts), tuple(self.lines), self.carried)
        self.texts, self.lines, self.in_batch, self.carried, self.size = [], [], set(), 0, 0
        return batch


def batches(
    records: Iterable[str | Mapping[str, Any]],
    *,
    max_records: int = MAX_RECORDS,
    max_bytes: int = MAX_BYTES,
) -> Iterator[Batch]:
    """The records (NDJSON lines or dicts) in requests the API takes. A history header is
    dropped (each request is a history file of its own); an export header is refused.

    The service resolves an edge's or fact's client ids within one request only, so an edge or
    fact naming a memory of an earlier request carries that memory's record along again (the
    service skips it: it is there, same id and content), and one naming a memory not seen yet
    waits for the end, as the service's own import defers it."""
    if max_records < 3:
        raise ValueError(f"max_records={max_records}: at least 3 (an edge and its two ends)")
    memories: dict[str, tuple[str, int]] = {}
    deferred: list[tuple[str, int, dict[str, Any]]] = []
    batcher = _Batcher(max_records, max_bytes)

    def place(text: str, number: int, record: dict[str, Any]) -> Iterator[Batch]:
        refs = _references(record)
        carry = [memories[r] for r in dict.fromkeys(refs) if r in memories]
        carry = [(t, n) for t, n in carry if json.loads(t)["id"] not in batcher.in_batch]
        extra_bytes = len(text) + sum(len(t) for t, _ in carry) + len(carry) + 1
        if batcher.full(1 + len(carry), extra_bytes):
            yield batcher.take()
            carry = [memories[r] for r in dict.fromkeys(refs) if r in memories]
        for carried_text, carried_line in carry:
            batcher.add(carried_text, carried_line, json.loads(carried_text)["id"], True)
        memory_id = record.get("id") if record.get("kind") == "memory" else None
        if isinstance(memory_id, str):
            memories[memory_id] = (text, number)
        batcher.add(text, number, memory_id if isinstance(memory_id, str) else None)

    for number, source in enumerate(records, start=1):
        text = _line_text(source)
        if not text:
            continue
        try:
            record = json.loads(text)
        except ValueError:
            record = None
        if not isinstance(record, dict):
            yield from place(text, number, {})  # the service rejects it, naming the line
            continue
        if record.get("kind") == "header":
            if record.get("mode", "history") != "history":
                raise InvalidInputError(
                    f"mode {record.get('mode')!r}: the API imports history files; convert an "
                    "export with history_from_export(), or restore it with the CLI",
                    field="ndjson",
                )
            continue
        unseen = [r for r in _references(record) if r not in memories and not _is_server_id(r)]
        if unseen:
            deferred.append((text, number, record))
            continue
        yield from place(text, number, record)
    for text, number, record in deferred:
        yield from place(text, number, record)
    if batcher.texts:
        yield batcher.take()


@dataclass
class ExportToHistory:
    """An export's records as history records: each memory with its content, own time,
    session, entities, category, summary, event time, pin, visibility and metadata (its client
    id is its exported id); the edges a writer or user made (session chains are remade by the
    import); the facts not retracted, with their validity and source. What is not carried is
    counted in `left_out` by kind (lifecycle state, derived entities and relations, tombstones,
    forgotten memories, settings, extraction records)."""

    left_out: Counter[str] = field(default_factory=Counter)

    def convert(self, lines: Iterable[str | Mapping[str, Any]]) -> Iterator[dict[str, Any]]:
        yield {"kind": "header", "format": "retentia-ndjson", "version": 1, "mode": "history"}
        for line in lines:
            record = dict(line) if isinstance(line, Mapping) else json.loads(line or "null")
            if not record:
                continue
            converted = self._record(record)
            if converted is None:
                if record.get("kind") not in ("header", "end"):
                    self.left_out[str(record.get("kind"))] += 1
                continue
            yield converted

    def _record(self, r: dict[str, Any]) -> dict[str, Any] | None:
        kind = r.get("kind")
        if kind == "memory":
            return {
                "kind": "memory",
                "id": r["id"],
                "content": r["content"],
                "created_at": r.get("created_at"),
                "session": r.get("source_session"),
                "entities": r.get("entities", []),
                "category": r.get("category"),
                "summary": r.get("summary"),
                "event_time": r.get("event_time"),
                "pinned": r.get("pinned", False),
                "visibility": r.get("visibility", "private"),
                "metadata": r.get("metadata") or {},
            }
        if kind == "edge":
            if r.get("created_by") not in ("writer", "user") or r["type"] == "TEMPORAL_SEQUENCE":
                return None
            return {
                "kind": "edge",
                "source": r["source"],
                "target": r["target"],
                "type": r["type"],
                "weight": r.get("weight", 1.0),
                "reason": r.get("reason"),
            }
        if kind == "fact" and r.get("state") != "retracted":
            fact = {
                "kind": "fact",
                **{k: r.get(k) for k in ("subject", "predicate", "object", "category")},
                **{k: r.get(k) for k in ("confidence", "valid_from", "valid_to", "event_time")},
            }
            if r.get("source"):
                fact["source"] = r["source"]
            return fact
        return None


def history_from_export(
    lines: Iterable[str | Mapping[str, Any]], left_out: Counter[str] | None = None
) -> Iterator[dict[str, Any]]:
    """An export (NDJSON lines or dicts) as a history file's records (`ExportToHistory`);
    what is not carried is counted into `left_out` by kind, when given."""
    converter = ExportToHistory(left_out if left_out is not None else Counter())
    return converter.convert(lines)

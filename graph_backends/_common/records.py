"""Memory ⇄ stored properties. Graph stores keep scalars and lists, so datetimes travel as
integer epoch microseconds (FalkorDB prints doubles with too few digits to keep microseconds)
and maps as JSON text; the same record shape serves every Cypher backend."""

from __future__ import annotations

import json
import logging
from collections.abc import Collection, Iterable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, Final, TypeVar, cast, overload

from schema import (
    EARLIEST_INSTANT,
    LATEST_INSTANT,
    Category,
    ForgottenMemory,
    InvalidInput,
    Memory,
    MemoryEdge,
    MemoryFacets,
    MemoryStatus,
    Tombstone,
    build,
)
from schema.models import MAX_MENTIONED_SPAN

_DATETIMES = (
    "created_at",
    "received_at",
    "last_accessed_at",
    "last_reactivated_at",
    "event_time",
    "last_evaluated_at",
    "mentioned_start",
    "mentioned_end",
)
_JSON_MAPS = ("category_weights", "metadata")


log = logging.getLogger(__name__)

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND = timedelta(microseconds=1)
#: The stored values of `EARLIEST_INSTANT` and `LATEST_INSTANT`: a stored value outside them
#: (written before inputs were checked) reads as the nearer one.
EARLIEST_US: Final = (EARLIEST_INSTANT - _EPOCH) // _MICROSECOND
LATEST_US: Final = (LATEST_INSTANT - _EPOCH) // _MICROSECOND

#: Instants converted each way are kept (both are immutable values; at most ~2 × 10 MB). A
#: memory keeps up to 64 presentation times, and a recall reads ~50 memories and a reactivation
#: rewrites its hits: converting them was ~60 % of reading a memory (27 of 44 µs).
_INSTANTS_KEPT: Final = 1 << 16
_from_epoch: dict[int, datetime] = {}
_to_epoch: dict[datetime, int] = {}
K = TypeVar("K")
V = TypeVar("V")


@overload
def epoch_us(value: datetime) -> int: ...
@overload
def epoch_us(value: None) -> None: ...
@overload
def epoch_us(value: datetime | None) -> int | None: ...
def epoch_us(value: datetime | None) -> int | None:
    return None if value is None else _epoch(value)


def from_epoch_us(value: int) -> datetime:
    """The instant `epoch_us` stored."""
    return _instant(value)


def session_turn_params(turns: Sequence[tuple[str, datetime, str]]) -> list[dict[str, object]]:
    """The `turns` parameter of the session-neighbour queries: (session, created_at, id)."""
    return [
        {"i": i, "session": session, "at": _epoch(at), "id": memory_id}
        for i, (session, at, memory_id) in enumerate(turns)
    ]


def align_session_neighbours(
    n: int, before: Iterable[Mapping[str, Any]], after: Iterable[Mapping[str, Any]]
) -> list[tuple[tuple[str, datetime] | None, tuple[str, datetime] | None]]:
    """The rows of the two session-neighbour queries as (previous, next) per turn; a turn
    without a row, or with a null id, has none on that side."""

    def places(rows: Iterable[Mapping[str, Any]]) -> dict[int, tuple[str, datetime]]:
        return {
            int(r["i"]): (str(r["id"]), _instant(int(r["created_at"])))
            for r in rows
            if r.get("id") is not None
        }

    previous, following = places(before), places(after)
    return [(previous.get(i), following.get(i)) for i in range(n)]


def dated_within_params(start: datetime, end: datetime, limit: int) -> dict[str, int]:
    """`memories_dated_within`'s parameters: the window, and the floor an overlapping
    mentioned window starts at or after (no stored one is wider than `MAX_MENTIONED_SPAN`;
    a window open to the earliest instant has that as its floor)."""
    floor = EARLIEST_INSTANT + MAX_MENTIONED_SPAN
    return {
        "floor": _epoch(max(start, floor) - MAX_MENTIONED_SPAN),
        "start": _epoch(start),
        "end": _epoch(end),
        "limit": limit,
    }


def instant_us(value: datetime) -> int:
    """`epoch_us` of an instant that is always set."""
    return _epoch(value)


def _epoch(value: datetime) -> int:
    found = _to_epoch.get(value)
    return _keep(_to_epoch, value, (value - _EPOCH) // _MICROSECOND) if found is None else found


def _datetime(value: int | None) -> datetime | None:
    return None if value is None else _instant(value)


def _instant(value: int) -> datetime:
    found = _from_epoch.get(value)
    if found is not None:
        return found
    if not EARLIEST_US <= value <= LATEST_US:
        return _out_of_range(value)
    return _keep(_from_epoch, value, _EPOCH + value * _MICROSECOND)


def _out_of_range(value: int) -> datetime:
    """A stored instant outside Python's range (written before inputs were checked) reads as
    the nearest bound, so the record stays readable: an end past year 9999 is an end at its
    last instant, a start before year 1 a start at its first."""
    bound = LATEST_INSTANT if value > LATEST_US else EARLIEST_INSTANT
    log.warning(
        "stored instant %d (epoch µs) lies outside the datetime range; read as %s "
        "(written before instants were checked; docs/operations.md)",
        value,
        bound.isoformat(),
    )
    return bound


def _keep(kept: dict[K, V], key: K, value: V) -> V:
    """`value` kept under `key`; a full store is emptied first (it refills with what is read)."""
    if len(kept) >= _INSTANTS_KEPT:
        kept.clear()
    kept[key] = value
    return value


def _datetimes(values: Sequence[int]) -> tuple[datetime, ...]:
    """`_instant` of each: looked up without a Python call each when all are kept."""
    found = tuple(map(_from_epoch.get, values))
    if all(found):  # a datetime is never false, None is
        return cast("tuple[datetime, ...]", found)
    return tuple(map(_instant, values))


def _epochs(values: Sequence[datetime]) -> list[int]:
    """`_epoch` of each, likewise."""
    found = list(map(_to_epoch.get, values))
    if all(found):  # None is false (and so is the epoch itself, which takes the long way)
        return cast("list[int]", found)
    return list(map(_epoch, values))


#: A stored-only property: the entity names lower-cased, so an index answers "memories naming
#: X" (FalkorDB scanned every memory for it: 8.5 ms at 10,000, 0.5 ms through the index).
ENTITY_KEYS: Final = "entity_keys"


def entity_keys(entities: Sequence[str]) -> list[str]:
    return sorted({e.lower() for e in entities})


def memory_props(memory: Memory) -> tuple[dict[str, Any], list[float] | None]:
    """The stored properties of a memory (nulls omitted) and its embedding."""
    data = memory.model_dump(mode="python", exclude={"embedding"})
    for key in _DATETIMES:
        data[key] = epoch_us(data[key])
    data["reactivation_timestamps"] = _epochs(memory.reactivation_timestamps)
    data["entities"] = list(memory.entities)
    data[ENTITY_KEYS] = entity_keys(memory.entities)
    for key in _JSON_MAPS:
        data[key] = json.dumps({str(k): v for k, v in data[key].items()}, sort_keys=True)
    for key in ("category", "status", "visibility"):
        data[key] = str(data[key])
    props = {k: v for k, v in data.items() if v is not None}
    embedding = None if memory.embedding is None else list(memory.embedding)
    return props, embedding


def memory_update_props(memory: Memory) -> dict[str, Any]:
    """Every stored property but content and embedding, with None as an explicit null so an
    update removes what the model no longer has."""
    props, _ = memory_props(memory)
    fields = (set(Memory.model_fields) - {"content", "embedding"}) | {ENTITY_KEYS}
    return {key: props.get(key) for key in sorted(fields)}


def memory_update_rows(
    memories: Sequence[Memory], fields: Collection[str] | None = None
) -> list[dict[str, Any]]:
    """An in-place update's rows: each memory's id and `memory_update_props` (only `fields`,
    when given; a field the model does not have is refused)."""
    unknown = set(fields or ()) - set(Memory.model_fields)
    if unknown:
        raise InvalidInput("fields", f"unknown memory fields {sorted(unknown)}")
    rows = []
    for m in memories:
        props = memory_update_props(m)
        if fields is not None:
            props = {k: v for k, v in props.items() if k in fields}
        rows.append({"id": m.id, "props": props})
    return rows


def forgotten_params(forgotten: ForgottenMemory) -> dict[str, Any]:
    """A forgotten memory as stored: its id and instant apart (pages and the purge read them),
    the rest — memory, edges, facts, reason — as one JSON text, restored verbatim."""
    return {
        "id": forgotten.id,
        "forgotten_at": epoch_us(forgotten.forgotten_at),
        "record": forgotten.model_dump_json(exclude={"memory": {"embedding"}}),
    }


def forgotten_from_row(row: Mapping[str, Any]) -> ForgottenMemory:
    return ForgottenMemory.model_validate_json(str(row["record"]))


def tombstone_params(tombstone: Tombstone) -> dict[str, Any]:
    return {
        "id": tombstone.id,
        "superseded_by": tombstone.superseded_by,
        "content_hash": tombstone.content_hash,
        "deleted_at": epoch_us(tombstone.deleted_at),
    }


def tombstone_from_row(row: Mapping[str, Any]) -> Tombstone:
    return build(
        Tombstone,
        id=row["id"],
        superseded_by=row.get("superseded_by"),
        content_hash=row["content_hash"],
        deleted_at=_datetime(row["deleted_at"]),
    )


def memory_from_props(props: Mapping[str, Any], embedding: list[float] | None = None) -> Memory:
    data = {k: v for k, v in props.items() if v is not None and k not in ("embedding", ENTITY_KEYS)}
    for key in _DATETIMES:
        if key in data:
            data[key] = _datetime(data[key])
    data["reactivation_timestamps"] = _datetimes(data.get("reactivation_timestamps", ()))
    data["entities"] = tuple(data.get("entities", ()))
    for key in _JSON_MAPS:
        data[key] = json.loads(data[key]) if key in data else {}
    if embedding is not None:
        data["embedding"] = tuple(embedding)
    return build(Memory, **data)


#: What a stored memory without the property has (properties equal to None are not stored).
_DEFAULT_CATEGORY: Final = Memory.model_fields["category"].default
_DEFAULT_STATUS: Final = Memory.model_fields["status"].default


def facets_from_row(row: Mapping[str, Any]) -> MemoryFacets:
    """A `memory_facets` row, as the memory's own fields would read: stored values are the
    service's own writes, so they are converted, not validated again."""
    weights = row["category_weights"]
    created_at = _datetime(row["created_at"])
    if created_at is None:
        raise InvalidInput("created_at", f"memory {row['id']} has none stored")
    return MemoryFacets(
        id=row["id"],
        created_at=created_at,
        category=Category(row["category"] or _DEFAULT_CATEGORY),
        category_weights=(
            {Category(k): float(v) for k, v in json.loads(weights).items()} if weights else {}
        ),
        status=MemoryStatus(row["status"] or _DEFAULT_STATUS),
        pinned=bool(row["pinned"]),
        last_accessed_at=_datetime(row["last_accessed_at"]),
        event_time=_datetime(row["event_time"]),
        superseded_by=row["superseded_by"],
        mentioned_start=_datetime(row["mentioned_start"]),
        mentioned_end=_datetime(row["mentioned_end"]),
    )


def edge_params(edge: MemoryEdge) -> dict[str, Any]:
    return {
        "source": edge.source,
        "target": edge.target,
        "type": str(edge.type),
        "weight": edge.weight,
        "reason": edge.reason,
        "created_by": str(edge.created_by),
        "created_at": epoch_us(edge.created_at),
        "last_validated_at": epoch_us(edge.last_validated_at),
    }


def edge_from_row(row: Mapping[str, Any]) -> MemoryEdge:
    return build(
        MemoryEdge,
        source=row["source"],
        target=row["target"],
        type=row["type"],
        weight=row["weight"] if row.get("weight") is not None else 1.0,
        reason=row.get("reason"),
        created_by=row.get("created_by") or "writer",
        created_at=_datetime(row.get("created_at")) or _EPOCH,
        last_validated_at=_datetime(row.get("last_validated_at")),
    )

"""Validated scalar types shared by every model: ids, UTC datetimes, memory content.

Each validator raises `InvalidInput` naming the offending value, so callers at any layer get the
same typed error for the same mistake.
"""

from __future__ import annotations

import math
import re
import uuid
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Annotated, Final

import uuid6
from pydantic import AfterValidator, BeforeValidator, ValidationInfo

from schema.errors import InvalidInput

#: Largest memory content accepted, in UTF-8 bytes (256 KiB). Larger texts should be split.
MAX_CONTENT_BYTES: Final = 262_144
#: Largest summary, reason or other short text, in UTF-8 bytes.
MAX_SHORT_TEXT_BYTES: Final = 4_096
#: Most entity names one memory may carry.
MAX_ENTITIES: Final = 64
#: Most metadata entries one memory may carry.
MAX_METADATA_ENTRIES: Final = 64
#: Largest metadata key, in UTF-8 bytes.
MAX_METADATA_KEY_BYTES: Final = 256
#: Largest metadata value, in UTF-8 bytes.
MAX_METADATA_VALUE_BYTES: Final = 4_096
#: Largest metadata of one memory, keys and values together, in UTF-8 bytes (16 KiB).
MAX_METADATA_BYTES: Final = 16_384

#: The instants Retentia accepts and keeps, in UTC: Python's whole datetime range. Every backend
#: stores an instant as epoch microseconds in a 64-bit integer, which holds this range many
#: times over, so the bound is what the service can read back, not what a database can keep.
EARLIEST_INSTANT: Final = datetime.min.replace(tzinfo=UTC)
LATEST_INSTANT: Final = datetime.max.replace(tzinfo=UTC)
INSTANT_RANGE: Final = (
    f"an ISO 8601 instant with a time zone, from {EARLIEST_INSTANT.isoformat()} "
    f"to {LATEST_INSTANT.isoformat()} in UTC"
)

_TENANT_PART: Final = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,62}")


#: A UUID already in canonical form; most ids (every one read back from a store) are, and
#: matching is ~4× cheaper than parsing — ids are checked tens of thousands of times a second.
_CANONICAL_UUID: Final = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")


def parse_memory_id(value: object) -> str:
    """Return the canonical (lowercase, hyphenated) form of a UUID memory id."""
    if not isinstance(value, str):
        raise InvalidInput("id", f"expected a UUID string, got {type(value).__name__}")
    if _CANONICAL_UUID.fullmatch(value):
        return value
    try:
        return str(uuid.UUID(value.strip()))
    except ValueError as e:
        raise InvalidInput("id", f"{value[:80]!r} is not a UUID") from e


def new_memory_id() -> str:
    """A UUIDv7: its first 48 bits are the time it was made (ms) and ids made by one process
    are strictly increasing, so ids sort in the order memories were stored. Recall breaks
    every tie by id (the turns either side of an anchor, equal scores): with random ids the
    same conversation stored twice ranked differently (11 of 72 LongMemEval questions changed
    their top five between two runs), and two turns stored in one batch, with one timestamp,
    had no order at all."""
    return str(uuid6.uuid7())


def check_instant(field: str, value: datetime) -> datetime:
    """`value` in UTC, or `InvalidInput` naming `field` and the accepted range: every instant
    a caller gives goes through here (model fields as `UtcDatetime`, query arguments directly).
    An instant without a zone has no place on the time line; one whose UTC value leaves
    Python's range (`9999-12-31T23:59:59-14:00`) would be stored but never read back."""
    if value.tzinfo is UTC:  # every instant read back from a store, and most written
        return value
    if value.utcoffset() is None:
        raise InvalidInput(field, f"{value.isoformat()} has no time zone; expected {INSTANT_RANGE}")
    try:
        return value.astimezone(UTC)
    except OverflowError:  # the conversion itself leaves the range
        raise InvalidInput(
            field, f"{value.isoformat()} lies outside the range; expected {INSTANT_RANGE}"
        ) from None


def check_optional_instant(field: str, value: datetime | None) -> datetime | None:
    return None if value is None else check_instant(field, value)


def _utc_field(value: datetime, info: ValidationInfo) -> datetime:
    return check_instant(info.field_name or "instant", value)


def _all_utc_field(values: tuple[datetime, ...], info: ValidationInfo) -> tuple[datetime, ...]:
    """`check_instant` of each, in one validator call: a memory keeps up to 64 presentation
    times, and a call per element cost ~2 of the ~13 µs of validating a memory read back."""
    if all(v.tzinfo is UTC for v in values):
        return values
    field = info.field_name or "instant"
    return tuple(check_instant(f"{field}.{i}", v) for i, v in enumerate(values))


def check_text(field: str, value: str, limit: int, *, allow_empty: bool = False) -> str:
    """Reject text a graph store cannot keep byte for byte, or that exceeds `limit` bytes."""
    if not allow_empty and not value.strip():
        raise InvalidInput(field, "must not be empty or only whitespace")
    if "\x00" in value:
        raise InvalidInput(
            field, "contains a NUL character (U+0000), which graph stores truncate; remove it"
        )
    try:
        size = len(value.encode("utf-8"))
    except UnicodeEncodeError as e:
        raise InvalidInput(field, f"is not valid Unicode text ({e.reason})") from e
    if size > limit:
        raise InvalidInput(field, f"is {size} bytes in UTF-8; the limit is {limit} bytes")
    return value


def check_metadata(field: str, metadata: Mapping[str, str]) -> Mapping[str, str]:
    """Metadata a writer gives a memory, within the entry, key, value and total limits: every
    memory of a page carries it whole, so an unbounded one would make a page of any size."""
    if len(metadata) > MAX_METADATA_ENTRIES:
        raise InvalidInput(
            field, f"has {len(metadata)} entries; the limit is {MAX_METADATA_ENTRIES}"
        )
    total = 0
    for key, value in metadata.items():
        check_text(f"{field}.key", key, MAX_METADATA_KEY_BYTES)
        try:
            check_text(f"{field}.value", value, MAX_METADATA_VALUE_BYTES, allow_empty=True)
        except InvalidInput as e:
            raise InvalidInput(e.field, f"of {key[:40]!r} {e.message}") from e
        total += len(key.encode("utf-8")) + len(value.encode("utf-8"))
    if total > MAX_METADATA_BYTES:
        raise InvalidInput(
            field, f"is {total} bytes in UTF-8 (keys and values); the limit is {MAX_METADATA_BYTES}"
        )
    return metadata


def check_tenant_part(field: str, value: str) -> str:
    if not isinstance(value, str) or not _TENANT_PART.fullmatch(value):
        raise InvalidInput(
            field,
            f"{str(value)[:80]!r} is not a valid name: use 1–63 letters, digits, '_', '.' or '-', "
            "starting with a letter or digit",
        )
    return value


def check_finite(field: str, value: float) -> float:
    if not math.isfinite(value):
        raise InvalidInput(field, f"{value!r} is not a finite number")
    return value


MemoryId = Annotated[str, BeforeValidator(parse_memory_id)]
#: An instant a model keeps: with a zone, within [EARLIEST_INSTANT, LATEST_INSTANT], in UTC.
UtcDatetime = Annotated[datetime, AfterValidator(_utc_field)]
UtcDatetimes = Annotated[tuple[datetime, ...], AfterValidator(_all_utc_field)]
Content = Annotated[str, AfterValidator(lambda v: check_text("content", v, MAX_CONTENT_BYTES))]
ShortText = Annotated[str, AfterValidator(lambda v: check_text("text", v, MAX_SHORT_TEXT_BYTES))]
EntityName = Annotated[
    str, AfterValidator(lambda v: check_text("entities", v, MAX_SHORT_TEXT_BYTES))
]

"""Domain models refuse bad values with `InvalidInput` naming the field, and keep datetimes
in UTC."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from schema import (
    CAUSAL_TYPES,
    EDGE_PARTITION,
    MAX_CONTENT_BYTES,
    SUPPORTIVE_TYPES,
    EdgeType,
    InvalidInput,
    Memory,
    Partition,
    build,
    new_memory_id,
    parse_memory_id,
)
from schema.values import (
    MAX_METADATA_BYTES,
    MAX_METADATA_ENTRIES,
    MAX_METADATA_KEY_BYTES,
    MAX_METADATA_VALUE_BYTES,
    check_metadata,
)

NOW = datetime(2026, 1, 1, tzinfo=UTC)


def test_partition_table_matches_design() -> None:
    assert set(CAUSAL_TYPES) == {EdgeType.CAUSED_BY, EdgeType.SUPPORTS, EdgeType.DERIVED_FROM}
    assert set(SUPPORTIVE_TYPES) == set(CAUSAL_TYPES) | {EdgeType.RELATED_TO}
    assert EDGE_PARTITION[EdgeType.SUPERSEDES] is Partition.NEGATIVE
    assert EDGE_PARTITION[EdgeType.TEMPORAL_SEQUENCE] is Partition.NEUTRAL
    assert set(EDGE_PARTITION) == set(EdgeType)


@pytest.mark.parametrize(
    ("fields", "field", "fragment"),
    [
        ({"content": ""}, "content", "empty"),
        ({"content": "   \n"}, "content", "empty"),
        ({"content": "a\x00b"}, "content", "NUL"),
        ({"content": "x" * (MAX_CONTENT_BYTES + 1)}, "content", str(MAX_CONTENT_BYTES)),
        ({"content": "\ud800"}, "content", "Unicode"),
        ({"id": "12345"}, "id", "not a UUID"),
        ({"category": "gossip"}, "category", "gossip"),
        ({"status": "zombie"}, "status", "zombie"),
        ({"embedding": (float("nan"),)}, "embedding", "non-finite"),
        ({"category_weights": {"other": 0.5}}, "category_weights", "sum to 1"),
        ({"created_at": datetime(2026, 1, 1)}, "created_at", "time zone"),
    ],
)
def test_bad_values_name_their_field(fields: dict[str, object], field: str, fragment: str) -> None:
    data: dict[str, object] = {"id": new_memory_id(), "content": "ok", "created_at": NOW}
    data.update(fields)
    with pytest.raises(InvalidInput) as caught:
        build(Memory, **data)
    assert caught.value.field == field
    assert fragment in str(caught.value)


def test_content_at_the_limit_is_accepted() -> None:
    m = build(Memory, id=new_memory_id(), content="é" * (MAX_CONTENT_BYTES // 2), created_at=NOW)
    assert len(m.content.encode()) == MAX_CONTENT_BYTES


def test_datetimes_are_normalised_to_utc() -> None:
    plus_two = timezone(timedelta(hours=2))
    m = build(
        Memory,
        id=new_memory_id(),
        content="x",
        created_at=datetime(2026, 1, 1, 2, 0, tzinfo=plus_two),
    )
    assert m.created_at.tzinfo is UTC and m.created_at.hour == 0
    at_utc = datetime(2026, 1, 1, 5, tzinfo=UTC)
    presented = build(
        Memory,
        id=new_memory_id(),
        content="x",
        created_at=NOW,
        reactivation_timestamps=(at_utc, datetime(2026, 1, 1, 8, tzinfo=plus_two)),
    )
    first, second = presented.reactivation_timestamps
    assert first is at_utc and second.tzinfo is UTC and second.hour == 6
    with pytest.raises(InvalidInput, match=r"reactivation_timestamps\.1"):
        build(
            Memory,
            id=new_memory_id(),
            content="x",
            created_at=NOW,
            reactivation_timestamps=(at_utc, datetime(2026, 1, 1)),  # naive
        )


def test_ids_are_canonical() -> None:
    assert parse_memory_id("A0000000-0000-4000-8000-00000000000B") == (
        "a0000000-0000-4000-8000-00000000000b"
    )


def test_metadata_is_accepted_at_each_limit_and_refused_just_past_it() -> None:
    """Entries, key size, value size and the total, each at its limit and one past it; UTF-8
    bytes are counted, not characters."""
    many = {f"k{i}": "v" for i in range(MAX_METADATA_ENTRIES)}
    per_entry = MAX_METADATA_BYTES // MAX_METADATA_ENTRIES
    full = {f"{i:04d}": "v" * (per_entry - 4) for i in range(MAX_METADATA_ENTRIES)}
    for fine in (
        many,
        {"k" * MAX_METADATA_KEY_BYTES: "v"},
        {"k": "é" * (MAX_METADATA_VALUE_BYTES // 2)},
        full,
        {"k": ""},
    ):
        assert check_metadata("metadata", fine) == fine
    past = {**full, "0000": full["0000"] + "v"}
    for bad, field, limit in [
        ({**many, "one more": "v"}, "metadata", MAX_METADATA_ENTRIES),
        ({"k" * MAX_METADATA_KEY_BYTES + "k": "v"}, "metadata.key", MAX_METADATA_KEY_BYTES),
        (
            {"k": "é" * (MAX_METADATA_VALUE_BYTES // 2) + "e"},
            "metadata.value",
            MAX_METADATA_VALUE_BYTES,
        ),
        (past, "metadata", MAX_METADATA_BYTES),
    ]:
        with pytest.raises(InvalidInput) as raised:
            check_metadata("metadata", bad)
        assert raised.value.field == field and f"the limit is {limit}" in raised.value.message

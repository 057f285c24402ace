"""Every instant a caller gives is checked at the door (`schema.values.check_instant`): it
needs a time zone and must lie, in UTC, within [EARLIEST_INSTANT, LATEST_INSTANT]; anything
else is `InvalidInput` naming the field and the range, never an `OverflowError` or a naive
datetime reaching a store. An instant already stored outside the range (by an earlier version)
reads back as the nearest bound instead of failing the read."""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta, timezone

import pytest
from hypothesis import given
from hypothesis import strategies as st

from graph_backends._common.fact_records import fact_from_props, fact_props
from graph_backends._common.records import EARLIEST_US, LATEST_US, epoch_us, from_epoch_us
from schema import EARLIEST_INSTANT, LATEST_INSTANT, InvalidInput, Memory, build
from schema.facts import FactInput
from schema.values import INSTANT_RANGE, check_instant
from service.engine.fact_time import event_expiry
from service.engine.settings import EngineSettings
from tests.factories import T0

LAST_WEST = datetime(9999, 12, 31, 23, 59, 59, tzinfo=timezone(timedelta(hours=-14)))
FIRST_EAST = datetime(1, 1, 1, tzinfo=timezone(timedelta(hours=14)))
OFFSETS = st.integers(min_value=-14 * 60, max_value=14 * 60).map(
    lambda m: timezone(timedelta(minutes=m))
)


@pytest.mark.parametrize("value", [LAST_WEST, FIRST_EAST])
def test_an_instant_whose_utc_value_leaves_the_range_is_invalid_input(value: datetime) -> None:
    """The issue's instants: astimezone(UTC) of them raised OverflowError."""
    with pytest.raises(InvalidInput) as caught:
        check_instant("at", value)
    assert caught.value.field == "at"
    assert INSTANT_RANGE in caught.value.message


def test_a_naive_instant_is_invalid_input_naming_the_range() -> None:
    with pytest.raises(InvalidInput, match="no time zone") as caught:
        check_instant("asOf", datetime(2025, 1, 1))
    assert caught.value.field == "asOf" and INSTANT_RANGE in caught.value.message


@given(st.datetimes(timezones=OFFSETS))
def test_an_accepted_instant_is_the_same_instant_in_utc(value: datetime) -> None:
    """Whatever is accepted is returned in UTC and equal to what was given; whatever is
    refused really lies outside the range."""
    try:
        got = check_instant("at", value)
    except InvalidInput:
        naive = value.replace(tzinfo=None)
        offset = value.utcoffset()
        assert offset is not None
        assert (offset > timedelta(0) and naive - datetime.min < offset) or (
            offset < timedelta(0) and datetime.max - naive < -offset
        )
        return
    assert got.tzinfo is UTC and got == value
    assert EARLIEST_INSTANT <= got <= LATEST_INSTANT


@pytest.mark.parametrize("field", ["valid_from", "valid_to", "event_time"])
@pytest.mark.parametrize("value", [LAST_WEST, FIRST_EAST, datetime(2025, 1, 1)])
def test_a_fact_input_refuses_an_instant_out_of_range_or_without_a_zone(
    field: str, value: datetime
) -> None:
    """`ingestFacts` and `storeMemory(facts)`: was an unexpected error (OverflowError)."""
    with pytest.raises(InvalidInput) as caught:
        build(FactInput, subject="Alice", predicate="lives in", object="Oslo", **{field: value})
    assert caught.value.field == field


@pytest.mark.parametrize("value", [LAST_WEST, FIRST_EAST])
def test_a_memory_refuses_an_event_time_out_of_range(value: datetime) -> None:
    """`storeMemory(eventTime)`: was an unexpected error (OverflowError)."""
    with pytest.raises(InvalidInput) as caught:
        build(
            Memory,
            id="0190a5a4-0000-7000-8000-000000000000",
            content="x",
            created_at=T0,
            event_time=value,
        )
    assert caught.value.field == "event_time"


def test_an_event_at_the_end_of_the_time_line_expires_at_its_last_instant() -> None:
    assert event_expiry(LATEST_INSTANT - timedelta(hours=1), EngineSettings()) == LATEST_INSTANT


@given(st.datetimes(timezones=st.just(UTC)))
def test_every_instant_in_the_range_survives_its_stored_form(value: datetime) -> None:
    assert EARLIEST_US <= epoch_us(value) <= LATEST_US
    assert from_epoch_us(epoch_us(value)) == value


@pytest.mark.parametrize(
    ("stored", "read"), [(LATEST_US + 1, LATEST_INSTANT), (EARLIEST_US - 1, EARLIEST_INSTANT)]
)
def test_a_poisoned_stored_instant_reads_as_the_nearest_bound_with_a_warning(
    stored: int, read: datetime, caplog: pytest.LogCaptureFixture
) -> None:
    """Data written before inputs were checked: the read used to raise OverflowError."""
    with caplog.at_level(logging.WARNING):
        assert from_epoch_us(stored) == read
    assert "lies outside the datetime range" in caplog.text


def test_a_fact_with_a_poisoned_retraction_reads_back_closed_at_the_end(
    caplog: pytest.LogCaptureFixture,
) -> None:
    fact = fact_from_props(
        {
            "id": "f1",
            "subject": "Alice",
            "predicate": "lives in",
            "object": "Oslo",
            "subject_key": "alice",
            "predicate_key": "lives in",
            "object_key": "oslo",
            "subject_entity": "e1",
            "conflict_key": "alice|lives in",
            "single_valued": True,
            "fingerprint": "fp",
            "recorded_at": epoch_us(T0),
        }
    )
    props = fact_props(fact) | {"invalid_at": LATEST_US + 50_400_000_000}
    with caplog.at_level(logging.WARNING):
        read = fact_from_props(props)
    assert read.invalid_at == LATEST_INSTANT and read.recorded_at == T0


def test_the_mcp_tools_need_a_zone_too() -> None:
    """The MCP search and context tools took an instant without a zone as UTC (papez's
    reading): a local time was silently another instant. Now it is refused, naming the field."""
    from service.mcp.arguments import tool_instant

    with pytest.raises(InvalidInput) as refused:
        tool_instant("since", datetime(2026, 1, 1, 12))
    assert refused.value.field == "since" and "zone" in refused.value.message
    aware = datetime(2026, 1, 1, 12, tzinfo=timezone(timedelta(hours=2)))
    assert tool_instant("since", aware) == datetime(2026, 1, 1, 10, tzinfo=UTC)
    assert tool_instant("since", None) is None

"""Stored instants travel as integer epoch microseconds; converting them keeps every
microsecond, before and after the conversions kept are dropped."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from graph_backends._common import records as _records
from graph_backends._common.records import _datetime, epoch_us, memory_from_props, memory_props
from tests.factories import T0, memory


def test_instants_round_trip_to_the_microsecond() -> None:
    for at in (
        T0,
        T0 + timedelta(microseconds=1),
        datetime(1969, 12, 31, 23, 59, 59, 999_999, tzinfo=UTC),
        datetime(2262, 4, 11, 23, 47, 16, 854_775, tzinfo=UTC),
        datetime(2026, 6, 1, 12, tzinfo=timezone(timedelta(hours=-7))),
    ):
        us = epoch_us(at)
        assert isinstance(us, int) and _datetime(us) == at and epoch_us(at) == us
        assert _datetime(us).tzinfo is UTC  # type: ignore[union-attr]
    assert epoch_us(None) is None and _datetime(None) is None
    assert epoch_us(datetime(1970, 1, 1, 0, 0, 1, tzinfo=UTC)) == 1_000_000


def test_conversions_stay_right_when_the_kept_ones_are_dropped(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(_records, "_INSTANTS_KEPT", 8)
    times = [T0 + timedelta(seconds=i, microseconds=i) for i in range(50)]
    for _ in range(2):
        assert [_datetime(epoch_us(t)) for t in times] == times
    assert len(_records._from_epoch) <= 8 and len(_records._to_epoch) <= 8


def test_a_memory_with_its_presentations_reads_back_equal() -> None:
    stored = memory(
        "read back",
        reactivation_timestamps=tuple(
            T0 + timedelta(hours=i, microseconds=7 * i) for i in range(64)
        ),
        reactivation_count=64,
        last_accessed_at=T0 + timedelta(days=3),
    )
    props, _ = memory_props(stored)
    assert props["reactivation_timestamps"][1] == epoch_us(T0) + 3_600_000_007  # type: ignore[operator]
    assert memory_from_props(props) == stored.model_copy(update={"embedding": None})

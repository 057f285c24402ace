"""The window a memory's own words date it to (`service.engine.mentioned_time`): LoCoMo-style
turns resolved against their anchor — the event time when there is one, else the creation —
into the span their date expressions name; the future forms a query never reads ("tomorrow",
"next month") count in a memory; a relative expression counts from the anchor even beside a
named date; no expression, or a span wider than a quarter, dates nothing; and `dated` derives
the stored fields from content and anchor alone."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from schema import Memory
from schema.models import MAX_MENTIONED_SPAN
from service.engine.mentioned_time import dated, mentioned_window, overlaps
from service.engine.temporal import Window, parse_window

#: The turn's creation: Monday 8 May 2023, 13:56 (LoCoMo's "1:56 pm on 8 May, 2023").
SAID = datetime(2023, 5, 8, 13, 56, tzinfo=UTC)


def day(month: int, d: int, year: int = 2023) -> datetime:
    return datetime(year, month, d, tzinfo=UTC)


@pytest.mark.parametrize(
    ("turn", "start", "end"),
    [
        ("I went to a LGBTQ support group yesterday and it was so powerful.", day(5, 7), day(5, 8)),
        ("Last Friday I finally took my kids to the museum!", day(5, 5), day(5, 6)),
        ("I ran a charity race for mental health last Saturday.", day(5, 6), day(5, 7)),
        ("We went camping two weeks ago, the kids loved it.", day(4, 20), day(4, 29)),
        ("Painted that lake sunrise last week, it's my favourite.", day(5, 1), day(5, 9)),
        ("I'm going to a pride parade next month!", day(6, 1), day(7, 1)),
        ("Our family trip is next Friday.", day(5, 12), day(5, 13)),
        ("Job interview tomorrow, wish me luck", day(5, 9), day(5, 10)),
        ("I signed up for pottery on 3 May.", day(5, 3), day(5, 4)),
        ("Back in June 2022 we adopted Oliver.", day(6, 1, 2022), day(7, 1, 2022)),
        ("I moved here last month.", day(4, 1), day(5, 9)),
        ("We went hiking last weekend, the views were amazing!", day(5, 6), day(5, 8)),
        ("Last night we watched the meteor shower.", day(5, 7), day(5, 8)),
        ("Next weekend we're camping by the lake.", day(5, 20), day(5, 22)),
        ("This weekend I'm painting with the kids.", day(5, 13), day(5, 15)),
        # several expressions: the span over them; "yesterday" counts from the turn, not 3 May
        ("Yesterday I finished the mural I started on 3 May.", day(5, 3), day(5, 8)),
    ],
)
def test_a_turn_is_dated_by_its_words(turn: str, start: datetime, end: datetime) -> None:
    window = mentioned_window(turn, None, SAID)
    assert window is not None
    assert (window.start, window.end) == (start, end)


@pytest.mark.parametrize(
    "turn",
    [
        "Hey Mel! Good to see you! How have you been?",
        "I may go to the beach, who knows.",  # "may" is a verb
        "This year has been a wild ride.",  # a year says too little
        "I've been painting since 2016.",  # open-ended: from 2016 to the turn
        "Yesterday reminded me of our trip in 2019.",  # the two disagree by years
        "Last year I went to Paris.",
    ],
)
def test_a_turn_without_a_narrow_date_is_not_dated(turn: str) -> None:
    assert mentioned_window(turn, None, SAID) is None


def test_the_event_time_is_the_anchor_before_the_creation() -> None:
    """A turn stored later with its event time resolves "yesterday" against the event."""
    window = mentioned_window("Saw the doctor yesterday.", day(3, 10), SAID)
    assert window is not None
    assert (window.start, window.end) == (day(3, 9), day(3, 10))


def test_a_query_reads_the_weekend_and_last_night() -> None:
    """The forms added for memories are shared: a question names them too."""
    weekend = parse_window("What did Melanie do last weekend?", SAID)
    night = parse_window("Where did John go last night?", SAID)
    assert weekend is not None and (weekend.start, weekend.end) == (day(5, 6), day(5, 8))
    assert night is not None and (night.start, night.end) == (day(5, 7), day(5, 8))


def test_a_query_still_reads_no_future_form() -> None:
    """The future forms are read in a memory only: a question's "next month" names no time."""
    assert parse_window("What is Caroline doing next month?", SAID) is None
    assert parse_window("What did Melanie do tomorrow?", SAID) is None
    assert parse_window("Where is Caroline going next weekend?", SAID) is None


def test_no_stored_window_is_wider_than_the_storage_bound() -> None:
    """The storage's range read (`memories_dated_within`) finds an overlapping window by its
    start within `MAX_MENTIONED_SPAN` of the query's: no resolved window may be wider."""
    texts = ["last month", "in the past three months", "a few months ago", "in March 2023"]
    for text in texts:
        window = mentioned_window(text, None, SAID)
        assert window is None or window.end - window.start <= MAX_MENTIONED_SPAN


def test_overlap_is_half_open() -> None:
    may_7 = Window(day(5, 7), day(5, 8), "on 7 May")
    assert overlaps(day(5, 7), day(5, 8), may_7)
    assert overlaps(day(5, 1), day(5, 9), may_7)
    assert not overlaps(day(5, 8), day(5, 9), may_7)  # starts at the window's end
    assert not overlaps(day(5, 6), day(5, 7), may_7)  # ends at the window's start
    assert not overlaps(None, None, may_7)


def test_dated_derives_the_stored_fields_from_content_and_anchor() -> None:
    """Stored fields that disagree with the content (an old file, other rules) are replaced;
    a memory whose words name no time has none."""
    base = Memory(
        id="00000000-0000-4000-8000-000000000001",
        content="I baked bread yesterday",
        created_at=SAID,
    )
    stale = base.model_copy(update={"mentioned_start": day(1, 1), "mentioned_end": day(1, 2)})
    assert (dated(stale).mentioned_start, dated(stale).mentioned_end) == (day(5, 7), day(5, 8))
    plain = dated(base.model_copy(update={"content": "I bake bread", **_window(stale)}))
    assert (plain.mentioned_start, plain.mentioned_end) == (None, None)
    assert dated(dated(base)) == dated(base)


def _window(memory: Memory) -> dict[str, datetime | None]:
    return {"mentioned_start": memory.mentioned_start, "mentioned_end": memory.mentioned_end}


def test_the_window_is_never_empty() -> None:
    for hours in range(0, 48, 5):
        window = mentioned_window("see you tomorrow", None, SAID + timedelta(hours=hours))
        assert window is not None and window.start < window.end

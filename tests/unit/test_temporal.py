"""The temporal leg's query parser (`service.engine.temporal`): each form of date expression
reads into the window checked here by hand, relative to the recall's instant; words that only
look like dates ("may", "now", "second", "sat", a count) name no window; and a query that names
no time is answered None."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from service.engine.temporal import EARLIEST, Window, event_instant, parse_window

#: The recall's instant: Wednesday 17 May 2023, noon.
NOW = datetime(2023, 5, 17, 12, 0, tzinfo=UTC)


def day(month: int, d: int, year: int = 2023) -> datetime:
    return datetime(year, month, d, tzinfo=UTC)


TOMORROW = day(5, 18)


@pytest.mark.parametrize(
    ("query", "start", "end"),
    [
        # absolute dates
        ("What did I eat on 8 May 2023?", day(5, 8), day(5, 9)),
        (
            "What did Audrey eat for dinner on October 24, 2022?",
            day(10, 24, 2022),
            day(10, 25, 2022),
        ),
        ("Where was the picture taken on December 1,2022?", day(12, 1, 2022), day(12, 2, 2022)),
        ("What movie did Tim watch on 8th December, 2022?", day(12, 8, 2022), day(12, 9, 2022)),
        ("What happened on the 3rd of May?", day(5, 3), day(5, 4)),
        # a day without a year: its latest occurrence not after the recall's day
        ("What did I do on 8 May?", day(5, 8), day(5, 9)),
        ("What did I buy on May 20?", day(5, 20, 2022), day(5, 21, 2022)),
        # months and years
        ("What did Dave open in May 2023?", day(5, 1), day(6, 1)),
        ("Which team did I join in March?", day(3, 1), day(4, 1)),
        ("Where did I travel in August?", day(8, 1, 2022), day(9, 1, 2022)),
        ("What did I do in May?", day(5, 1), day(6, 1)),
        ("Which country did James visit in 2021?", day(1, 1, 2021), day(1, 1, 2022)),
        ("How many weddings did I attend this year?", day(1, 1), day(1, 1, 2024)),
        ("How many times did I run this month?", day(5, 1), day(6, 1)),
        # relative days and weekdays
        ("What did I cook yesterday?", day(5, 16), day(5, 17)),
        ("What did I cook today?", day(5, 17), day(5, 18)),
        ("I got a gift last Saturday from whom?", day(5, 13), day(5, 14)),
        ("Who did I meet last Wednesday?", day(5, 10), day(5, 11)),  # said on a Wednesday
        ("What time did I reach the clinic on Monday?", day(5, 15), day(5, 16)),
        # "N units ago": the unit centred on the day N units back
        ("What did I buy 3 days ago?", day(5, 13), day(5, 16)),
        ("What did I do two weeks ago?", day(4, 29), day(5, 8)),
        ("I mentioned a museum a couple of months ago", day(3, 2), day(4, 2)),
        ("Where did I move from 4 years ago?", day(11, 15, 2018), day(11, 17, 2019)),
        # "last/past N units", "last week": up to the end of the recall's day
        ("How much did I spend in the last four months?", day(1, 17), TOMORROW),
        ("How many times did I bake in the past two weeks?", day(5, 3), TOMORROW),
        ("How many plants did I buy in the past few days?", day(5, 14), TOMORROW),
        ("How many hours did I jog last week?", day(5, 8), TOMORROW),
        ("Which store did I use most in the past month?", day(4, 1), TOMORROW),
        ("Where did I go camping last year?", day(1, 1, 2022), TOMORROW),
        # bounds
        ("What did I own before April?", EARLIEST, day(4, 1)),
        ("What did I own before June?", EARLIEST, day(6, 1, 2022)),
        ("What have I learned since March?", day(3, 1), TOMORROW),
        ("What changed after 2 May 2023?", day(5, 3), TOMORROW),
        ("How many tournaments had Nate won by July 10, 2022?", EARLIEST, day(7, 11, 2022)),
        (
            "What did Joanna do on the Sunday before October 25, 2022?",
            day(10, 18, 2022),
            day(10, 25, 2022),
        ),
        ("Where was Tim in the week before 16 November 2022?", day(11, 9, 2022), day(11, 16, 2022)),
        # several expressions: the span over them all; relative ones count from a named day
        ("What did I read between January and March?", day(1, 1), day(4, 1)),
        (
            "Where was John between August 11 and August 15 2022?",
            day(8, 11, 2022),
            day(8, 16, 2022),
        ),
        (
            "What did Joanna finish last Friday, on 23 January, 2022?",
            day(1, 21, 2022),
            day(1, 24, 2022),
        ),
        ("Where was Calvin in the last week of October 2022?", day(10, 1, 2022), day(11, 1, 2022)),
    ],
)
def test_each_form_reads_into_its_window(query: str, start: datetime, end: datetime) -> None:
    """Each expression form gives the window worked out by hand for Wednesday 17 May 2023."""
    window = parse_window(query, NOW)
    assert window is not None, query
    assert (window.start, window.end) == (start, end), window.phrase


@pytest.mark.parametrize(
    "query",
    [
        "May I ask what you think of my plan?",
        "What may have caused the delay?",
        "What am I reading now?",
        "Who came second in the race?",
        "Where do I usually go on Saturdays?",
        "I sat on the couch and read",
        "We will march to the hall together",
        "I walked 2000 steps with 20 friends",
        "Do you have any documentary recommendations tonight?",
        "What did we talk about the last time?",
        "What was the first thing I bought?",
        "What is this about?",
        "How did Caroline's 18th birthday go?",
        "Which mar product did I like in the sept meetup?",
        "What happened on 31 June?",
        "",
    ],
)
def test_words_that_only_look_like_dates_name_no_window(query: str) -> None:
    """Modal "may", "now", ordinals, "sat", lower-case month-like words, counts, an impossible
    date: no window (the temporal leg then runs nothing)."""
    assert parse_window(query, NOW) is None


def test_the_phrase_and_the_window_are_half_open() -> None:
    """The window holds its start and not its end; the phrase is the words that named it."""
    window = parse_window("What did I cook yesterday?", NOW)
    assert window == Window(start=day(5, 16), end=day(5, 17), phrase="yesterday")
    assert window.holds(day(5, 16))
    assert window.holds(day(5, 17) - timedelta(microseconds=1))
    assert not window.holds(day(5, 17))


def test_the_recall_instant_is_read_in_utc() -> None:
    """An instant given in another zone is the same UTC day's recall."""
    from zoneinfo import ZoneInfo

    late = datetime(2023, 5, 17, 23, 30, tzinfo=ZoneInfo("America/New_York"))  # 18 May UTC
    window = parse_window("what did I cook yesterday", late)
    assert window is not None and window.start == day(5, 17)


def test_the_event_instant_is_the_event_time_when_set() -> None:
    """A memory is about its event time when it has one, else its creation."""
    assert event_instant(day(1, 2), day(3, 4)) == day(1, 2)
    assert event_instant(None, day(3, 4)) == day(3, 4)

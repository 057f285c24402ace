"""The time window a recall query names (docs/design.md §7, the temporal leg): "last week", "in
May 2023", "yesterday", "two weeks ago", "on 8 May", "last Saturday", "this year", "in 2022",
"before June", "since March", "last weekend", "last night" — read without an LLM into a
half-open window [start, end) of instants, relative to the recall's instant. Pure: text and
instant in, a window or None out. A memory's own words are read by the same rules, as a
statement (`find_window`; `service.engine.mentioned_time`).

A rule set of our own rather than `dateparser`, measured on the benches' 2,484 questions
(LoCoMo and LongMemEval-S, docs/design.md §7): its `search_dates` answers a day, not the span
the words name ("in April 2022" → 20 April 2022, "in 2023" → the base's day and month), so the
window would need these rules anyway; and it matches words that name no time ("we", "18th",
"and the Sunday", "tonight" in "any recommendations tonight?"). A query that names no time
costs one regular-expression search (`_CUE`).

Conventions: days are UTC days; a week starts on Monday; an expression without a year means
its latest occurrence not after the recall's day (a recall asks about the past); a month or a
weekday named alone counts only capitalised and after a preposition ("in May", "on Sunday":
"may" and "march" are also verbs). "N units ago" is one unit centred on the day N units back
(a day either side for days: people round); "last week / month / year" runs from the start of
the previous calendar unit to the end of the recall's day (both readings of "last month");
"last weekend" is the Saturday and Sunday of the week before the recall's, "this weekend" of
its own, "last night" the day before; "the last / past N units" from N units back to the end
of the recall's day; "before X" from the earliest instant to X's start, "by X" to X's end,
"after X" from X's end and "since X" from X's start, both to the end of the recall's day;
"the day / week / Sunday before X" is the day or the week before X. A relative expression
beside a named date counts from that date ("last Friday, on 23 January 2022"); several
expressions give the span over them all ("between January and March").
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Final

_MONTHS: Final = {
    name: n
    for n, names in enumerate(
        (
            ("january", "jan"),
            ("february", "feb"),
            ("march", "mar"),
            ("april", "apr"),
            ("may",),
            ("june", "jun"),
            ("july", "jul"),
            ("august", "aug"),
            ("september", "sep", "sept"),
            ("october", "oct"),
            ("november", "nov"),
            ("december", "dec"),
        ),
        start=1,
    )
    for name in names
}
_FULL_MONTHS: Final = frozenset(
    "january february march april may june july august september october november december".split()
)
_WEEKDAYS: Final = {
    name: n
    for n, name in enumerate(
        ("monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday")
    )
}
_NUMBERS: Final = {
    "a": 1,
    "an": 1,
    "one": 1,
    "two": 2,
    "three": 3,
    "four": 4,
    "five": 5,
    "six": 6,
    "seven": 7,
    "eight": 8,
    "nine": 9,
    "ten": 10,
    "eleven": 11,
    "twelve": 12,
    "a couple of": 2,
    "couple of": 2,
    "a few": 3,
    "few": 3,
    "several": 3,
}

_MONTH: Final = r"(?P<month>" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_WEEKDAY: Final = r"(?P<weekday>" + "|".join(_WEEKDAYS) + r")"
_YEAR: Final = r"(?P<year>(?:19|20)\d\d)"
_DAY: Final = r"(?P<day>[0-3]?\d)(?:st|nd|rd|th)?"
_COUNT: Final = r"(?P<count>\d{1,3}|" + "|".join(sorted(_NUMBERS, key=len, reverse=True)) + ")"
_UNIT: Final = r"(?P<unit>day|week|month|year)s?"
#: What precedes a month or a year named alone for it to be a time ("in May", "during 2022"):
#: without one, "may" is a verb and "2022" may be a count.
_LEAD: Final = (
    r"(?:in|during|of|since|before|after|by|until|till|from|to|between|and|early|late|mid)"
)

#: Any word that can open an expression: a query without one is not parsed further.
_CUE: Final = re.compile(
    r"\b(?:"
    + "|".join(sorted(_MONTHS, key=len, reverse=True))
    + "|"
    + "|".join(_WEEKDAYS)
    + r"|yesterday|today|ago|last|past|this|(?:19|20)\d\d)\b",
    re.IGNORECASE,
)

_FORMS: Final = (
    # 8 May 2023, the 8th of May, 2023; May 8, 2023; December 1,2023
    ("date", re.compile(rf"\b{_DAY}(?:\s+of)?\s+{_MONTH},?\s*{_YEAR}\b", re.IGNORECASE)),
    ("date", re.compile(rf"\b{_MONTH}\s+{_DAY},?\s*{_YEAR}\b", re.IGNORECASE)),
    # 8 May, the 8th of May, May 8 (the latest one not after the recall's day)
    ("day", re.compile(rf"\b{_DAY}(?:\s+of)?\s+{_MONTH}(?![\w'])", re.IGNORECASE)),
    ("day", re.compile(rf"\b{_MONTH}\s+{_DAY}\b", re.IGNORECASE)),
    # May 2023, in August 2023
    ("month_year", re.compile(rf"\b{_MONTH},?\s+{_YEAR}\b", re.IGNORECASE)),
    # in May, during March (capitalised: "may" and "march" are also verbs)
    (
        "month",
        re.compile(rf"\b{_LEAD}(?:\s+the\s+month\s+of)?\s+{_MONTH}(?![\w'])", re.IGNORECASE),
    ),
    # in 2022
    ("year", re.compile(rf"\b{_LEAD}\s+(?:the\s+year\s+)?{_YEAR}(?![\w%])", re.IGNORECASE)),
    # yesterday, today, the day before yesterday, last night
    (
        "day_word",
        re.compile(r"\b(?P<word>(?:the\s+day\s+before\s+)?yesterday|today|last\s+night)\b", re.I),
    ),
    # two weeks ago, a couple of days ago
    ("ago", re.compile(rf"\b{_COUNT}\s+{_UNIT}\s+ago\b", re.IGNORECASE)),
    # in the last four months, over the past 3 weeks, the past few days
    (
        "past_n",
        re.compile(rf"\b(?:last|past)\s+{_COUNT}\s+{_UNIT}\b(?!\s+of\b)", re.IGNORECASE),
    ),
    # last week, this month, last year (not "the last week of August": the month says it)
    (
        "calendar",
        re.compile(r"\b(?P<which>last|past|this)\s+(?P<unit>week|month|year)\b(?!\s+of\b)", re.I),
    ),
    # last weekend, this weekend: the Saturday and Sunday of the week before, of this week
    ("weekend", re.compile(r"\b(?P<which>last|this\s+past|past|this)\s+weekend\b", re.I)),
    # last Saturday, this past Friday, on Sunday
    (
        "weekday",
        re.compile(rf"\b(?P<which>last|this\s+past|past|on|this)\s+{_WEEKDAY}\b", re.IGNORECASE),
    ),
)
#: Forms that name a date whatever the recall's instant (one without a year: its latest
#: occurrence); the relative forms count from the first of them when there is one.
_ABSOLUTE: Final = tuple(
    f for f in _FORMS if f[0] in {"date", "day", "month_year", "month", "year"}
)
_RELATIVE: Final = tuple(f for f in _FORMS if f not in _ABSOLUTE)
#: Forms that name the future, read only in a statement (`find_window`).
_AHEAD: Final = (
    ("day_word", re.compile(r"\b(?P<word>tomorrow)\b", re.IGNORECASE)),
    (
        "next",
        re.compile(
            rf"\bnext\s+(?:(?P<unit>week|month|year)|{_WEEKDAY}|(?P<weekend>weekend))\b"
            r"(?!\s+of\b)",
            re.I,
        ),
    ),
)
_AHEAD_CUE: Final = re.compile(r"\b(?:tomorrow|next)\b", re.IGNORECASE)
_BOUND: Final = re.compile(
    r"(?:\b(?P<unit>day|week|weekend|"
    + "|".join(_WEEKDAYS)
    + r")\s+)?\b(?P<bound>before|after|since|by|until|till)\s+(?:the\s+)?$",
    re.IGNORECASE,
)

#: The earliest instant a window can start at ("before June").
EARLIEST: Final = datetime(1, 1, 1, tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Window:
    """A half-open window of instants [start, end), and the words that named it."""

    start: datetime
    end: datetime
    phrase: str

    def holds(self, instant: datetime) -> bool:
        return self.start <= instant < self.end


def event_instant(event_time: datetime | None, created_at: datetime) -> datetime:
    """The instant a memory is about: its event time when it has one, else its creation."""
    return event_time if event_time is not None else created_at


def parse_window(query: str, now: datetime) -> Window | None:
    """The window `query` names, relative to `now` (aware), or None when it names none."""
    return find_window(query, now)


def find_window(text: str, now: datetime, *, statement: bool = False) -> Window | None:
    """The span over the date expressions in `text`, relative to `now` (aware), or None when
    it has none. `statement`: `text` is what a memory says, not a question — the forms that
    name the future count too ("tomorrow", "next month", "next Friday": a memory may say what
    is planned, while a question's "the next time" names no time), and a relative expression
    counts from `now` even beside a named date (a turn's "yesterday" is the day before it was
    said, whatever other date it names)."""
    if not (_CUE.search(text) or (statement and _AHEAD_CUE.search(text))):
        return None
    today = _day(now)
    found: list[tuple[int, int, datetime, datetime]] = []
    taken: list[tuple[int, int]] = []
    named: list[datetime] = []  # the first day each absolute expression names
    for forms in (_ABSOLUTE, _RELATIVE + _AHEAD) if statement else (_ABSOLUTE, _RELATIVE):
        for form, pattern in forms:
            for match in pattern.finditer(text):
                if any(match.start() < e and s < match.end() for s, e in taken):
                    continue
                span = _span(form, match, today)
                if span is None:
                    continue
                taken.append((match.start(), match.end()))
                named.append(span[0])
                found.append(
                    (match.start(), match.end(), *_bounded(text, _words_start(match), span, today))
                )
        if named and not statement:
            # "last Friday, on 23 January 2022": what is relative counts from the named day
            today = min(named)
    if not found:
        return None
    first, last = min(f[0] for f in found), max(f[1] for f in found)
    start, end = min(f[2] for f in found), max(f[3] for f in found)
    if start >= end:
        return None
    return Window(start=start, end=end, phrase=text[first:last])


def _words_start(match: re.Match[str]) -> int:
    """Where the date words of a match start ("before" in "before April" is a bound)."""
    return min(match.start(g) for g, v in match.groupdict().items() if v is not None)


def _day(instant: datetime) -> datetime:
    instant = instant.astimezone(UTC)
    return datetime(instant.year, instant.month, instant.day, tzinfo=UTC)


def _month_start(year: int, month: int) -> datetime:
    while month < 1:
        year, month = year - 1, month + 12
    while month > 12:
        year, month = year + 1, month - 12
    return datetime(year, month, 1, tzinfo=UTC)


def _month(year: int, month: int) -> tuple[datetime, datetime]:
    return _month_start(year, month), _month_start(year, month + 1)


def _year(year: int) -> tuple[datetime, datetime]:
    return datetime(year, 1, 1, tzinfo=UTC), datetime(year + 1, 1, 1, tzinfo=UTC)


def _week(day: datetime) -> tuple[datetime, datetime]:
    monday = day - timedelta(days=day.weekday())
    return monday, monday + timedelta(days=7)


def _date(year: int, month: int, day: int) -> datetime | None:
    try:
        return datetime(year, month, day, tzinfo=UTC)
    except ValueError:  # "31 June"
        return None


def _count(text: str) -> int:
    text = " ".join(text.lower().split())
    return int(text) if text.isdigit() else _NUMBERS[text]


def _span(form: str, m: re.Match[str], today: datetime) -> tuple[datetime, datetime] | None:
    """The span one matched expression names (None: the words name no valid date)."""
    g = m.groupdict()
    month = _MONTHS[g["month"].lower()] if g.get("month") else 0
    match form:
        case "date":
            day = _date(int(g["year"]), month, int(g["day"]))
            return None if day is None else (day, day + timedelta(days=1))
        case "day":
            for year in (today.year, today.year - 1):
                day = _date(year, month, int(g["day"]))
                if day is not None and day <= today:
                    return day, day + timedelta(days=1)
            return None
        case "month_year":
            return _month(int(g["year"]), month)
        case "month":
            name = g["month"]
            if not name[0].isupper() or name.lower() not in _FULL_MONTHS:
                return None  # "in march order", "by Jan": not a month alone
            year = today.year if month <= today.month else today.year - 1
            return _month(year, month)
        case "year":
            return _year(int(g["year"]))
        case "day_word":
            word = " ".join(g["word"].lower().split())
            days = _DAY_WORDS[word]
            day = today - timedelta(days=days)
            return day, day + timedelta(days=1)
        case "ago":
            n, unit = _count(g["count"]), g["unit"].lower()
            then, half = _back(today, n, unit), timedelta(days=_HALF_UNIT[unit])
            return then - half, then + half + timedelta(days=1)
        case "past_n":
            n, unit = _count(g["count"]), g["unit"].lower()
            return _back(today, n, unit), today + timedelta(days=1)
        case "calendar":
            which, unit = g["which"].lower(), g["unit"].lower()
            if which == "this":
                return _unit_of(today, unit)
            # "last month": the calendar month before this one, or the month up to today
            return _unit_of(_back(today, 1, unit), unit)[0], today + timedelta(days=1)
        case "weekday":
            which = " ".join(g["which"].lower().split())
            name = g["weekday"]
            if which == "on" and not name[0].isupper():
                return None
            days = (today.weekday() - _WEEKDAYS[name.lower()]) % 7
            if days == 0 and which in ("last", "this past", "past"):
                days = 7  # "last Monday", said on a Monday: a week ago
            day = today - timedelta(days=days)
            return day, day + timedelta(days=1)
        case "weekend":
            monday = today - timedelta(days=today.weekday())
            back = 0 if g["which"].lower() == "this" else 7  # "last weekend": the week before
            return monday + timedelta(days=5 - back), monday + timedelta(days=7 - back)
        case "next":
            if g["weekend"]:
                saturday = today - timedelta(days=today.weekday()) + timedelta(days=12)
                return saturday, saturday + timedelta(days=2)
            if g["unit"]:  # the calendar unit after this one
                return _unit_of(_ahead(today, g["unit"].lower()), g["unit"].lower())
            # "next Friday": the first one after today
            day = today + timedelta(days=(_WEEKDAYS[g["weekday"].lower()] - today.weekday()) % 7)
            day = day if day > today else day + timedelta(days=7)
            return day, day + timedelta(days=1)
    raise AssertionError(form)  # pragma: no cover - every form is matched above


#: How many days before the recall's day each day word names ("last night": the evening
#: before, so the day before).
_DAY_WORDS: Final = {
    "today": 0,
    "yesterday": 1,
    "last night": 1,
    "the day before yesterday": 2,
    "tomorrow": -1,
}
#: Days either side of the day "N units ago" names that its window holds: people round.
_HALF_UNIT: Final = {"day": 1, "week": 4, "month": 15, "year": 183}


def _back(today: datetime, n: int, unit: str) -> datetime:
    """The day `n` units before `today` (the month's last day when it has no such day)."""
    if unit in ("day", "week"):
        return today - timedelta(days=n * (7 if unit == "week" else 1))
    months = n * (12 if unit == "year" else 1)
    start = _month_start(today.year, today.month - months)
    last = (_month_start(start.year, start.month + 1) - start).days
    return start.replace(day=min(today.day, last))


def _ahead(today: datetime, unit: str) -> datetime:
    """A day of the calendar week, month or year after the one that holds `today`."""
    if unit == "week":
        return today + timedelta(days=7)
    if unit == "month":
        return _month_start(today.year, today.month + 1)
    return datetime(today.year + 1, 1, 1, tzinfo=UTC)


def _unit_of(day: datetime, unit: str) -> tuple[datetime, datetime]:
    """The calendar week, month or year that holds `day`."""
    if unit == "week":
        return _week(day)
    if unit == "month":
        return _month(day.year, day.month)
    return _year(day.year)


def _bounded(
    query: str, at: int, span: tuple[datetime, datetime], today: datetime
) -> tuple[datetime, datetime]:
    """The span, opened on one side when a bound word precedes it ("before June")."""
    bound = _BOUND.search(query, 0, at)
    if bound is None:
        return span
    tomorrow = today + timedelta(days=1)
    if bound["unit"] and bound["bound"].lower() in ("before", "after"):
        # "the Sunday before 25 October": a day of the week before it, not all time before it
        reach = timedelta(days=1 if bound["unit"].lower() == "day" else 7)
        if bound["bound"].lower() == "before":
            return span[0] - reach, span[0]
        return span[1], span[1] + reach
    match bound["bound"].lower():
        case "before":
            return EARLIEST, span[0]
        case "by" | "until" | "till":
            return EARLIEST, span[1]
        case "after":
            return span[1], max(tomorrow, span[1])
        case _:  # since
            return span[0], max(tomorrow, span[1])

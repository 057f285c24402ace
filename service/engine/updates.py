"""Offline update detection (docs/adr/0027): does a new memory restate what an earlier one said
about the same subject and attribute with a different value? Pure: text in, hints out.

A memory is cut into first-person sentences ("I", "my", "we" …; an assistant's state nobody's
situation), each with its *words* (content words, lightly stemmed), the words of the sentence
before it (*context*: what it is about is often said there), its *values* (numbers, number
words, ordinals, amounts, times, normalised: "five" = "5th" = "5", "for a month" = "for 1
month"; dates, "three weeks ago" and identifiers such as "GT350R" are not values), a negation
flag (doubt — "not sure" — is not one) and a change marker ("switched", "moved", "currently",
"no longer" …). A new sentence updates an earlier one of the same speaker when
- `changed_value`: both carry values (at most `MAX_VALUES` each), they differ, the two with
  their context share at least `MIN_SHARED` words, and one of those is the counted thing next
  to a changed value on both sides ("17 new postcards" → "25 new postcards", "page 200" →
  "page 220"; a duration only by another count of its unit: "for a month" → "3 months");
- `negation`: they share `MIN_SHARED_STATE` words covering `NEGATION_COVER` of the smaller,
  carry the same values, and exactly one is negated;
- `changed_state`: the new one marks a change, they share `MIN_SHARED_STATE` words covering
  `STATE_COVER`, and the new one names something the old one did not.

The conversational idioms of `service.engine.conflicts` ("no worries", "can't wait") negate
nothing. Precision and the false-update rate: bench/updates.py.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from service.engine.conflicts import IDIOMS, NEGATIONS

UpdateKind = Literal["changed_value", "changed_state", "negation"]

#: A changed value: keys the sentences, each with the one before it, share — one of them next
#: to the changed value on both sides (the counted thing).
MIN_SHARED: Final = 3
#: … and of those, the statements' own words: one shared word and a number in each is no
#: evidence of one slot ("my salary is $85,000" / "my weekly word count is 5,000").
MIN_SHARED_OWN: Final = 2
#: Short statements sharing this share of the smaller one's words need no context ("The
#: thesis deadline is April 1" → "The new deadline for the thesis is April 5").
SHORT_COVER: Final = 0.6
#: A changed state or a negation: keys the sentences share, and the share of the smaller one's.
MIN_SHARED_STATE: Final = 4
STATE_COVER: Final = 0.7
NEGATION_COVER: Final = 0.8
#: A sentence listing more values than this is a list or a table, not one attribute's value.
MAX_VALUES: Final = 3
#: Where a value's counted thing stands, in content words: just before it ("page 200") or up
#: to two after it ("4 engineers", "25 new postcards").
BEFORE_VALUE: Final = 2
AFTER_VALUE: Final = 3
#: At most this many statements of one memory are searched for (the write path's cost).
MAX_STATEMENTS: Final = 4
#: A memory updates at most this many earlier ones (the best evidenced): a statement that
#: matches more is not about one slot.
MAX_UPDATED: Final = 2
CONFIDENCE: Final[dict[UpdateKind, float]] = {
    "changed_value": 0.8,
    "changed_state": 0.6,
    "negation": 0.7,
}

_UNSURE: Final = re.compile(
    r"^(?:not|never|n't|\w+n't) (?:really )?(?:sure|know|knew|think|catch|remember|understand|"
    r"certain|giving up|give up)"
)
#: Speakers whose sentences state nobody's situation (an assistant's "I'd recommend 3 …").
_NOT_A_SUBJECT: Final = frozenset({"assistant", "system", "bot", "ai", "tool"})
_SPEAKER: Final = re.compile(r"^\s*([A-Za-z][\w .'-]{0,40}?):\s")
_SENTENCE: Final = re.compile(r"(?<=[.!?])\s+|\n+|;\s+")
#: A dash between clauses ("my highest score in Ticket to Ride - 132 points!"): a clause that
#: names no one continues the one before it, one that says "I" or "my" is a statement of its own.
_DASH: Final = re.compile(r"\s+[-–—]\s+")
#: Words, numbers ("$1,200", "27:12", "5th") and identifiers ("gt350r", "f-150", "bxc3"),
#: which are names, not values.
_TOKEN: Final = re.compile(r"[a-z0-9$][a-z0-9$',.:/%-]*[a-z0-9%]|[a-z0-9]")
_NUMBER: Final = re.compile(r"\$?\d+(?:[.,:/]\d+)*(?:st|nd|rd|th|k|%)?")
#: A range or a record of two numbers ("5-6 hours", "we're 3-2"): one value.
_PAIR: Final = re.compile(r"\d{1,4}-\d{1,4}")
_MONTH_NUMBER: Final = {
    name: n
    for n, names in enumerate(
        (
            "january jan",
            "february feb",
            "march mar",
            "april apr",
            "may",
            "june jun",
            "july jul",
            "august aug",
            "september sep sept",
            "october oct",
            "november nov",
            "december dec",
        ),
        1,
    )
    for name in names.split()
}
_MONTHS: Final = frozenset(_MONTH_NUMBER)
_DAY: Final = re.compile(r"(\d{1,2})(?:st|nd|rd|th)?")
#: Units after which a number says when, not how many ("three weeks ago").
_WHEN: Final = frozenset({"ago", "later", "earlier", "before", "after"})
#: Words just before a date that make it the value of an attribute ("the deadline is April 5",
#: "moved the launch to May 2nd", "due by March 12"), not when something happened ("we met on
#: May 5").
_SETS_A_DATE: Final = frozenset(
    "is was 's be now to until till by due moved pushed set scheduled planned rescheduled "
    "changed postponed delayed brought extended back".split()
)
#: A sentence that names no one but states an attribute of theirs with its value ("The
#: deadline is April 1", "Our budget is now $12,000"): a statement too, when it holds a value.
#: Verbs by which someone changes an attribute's value ("the landlord raised my rent").
_CHANGE_VERBS: Final = frozenset(
    "moved pushed raised increased decreased lowered cut reduced bumped extended rescheduled "
    "postponed delayed approved changed switched upgraded replaced updated".split()
)
_ATTRIBUTE: Final = re.compile(
    r"(?:(?:the|our|my)\s+(?:[\w'-]+\s+){0,6}?|they\s+)(?:"
    + "|".join(sorted({*_CHANGE_VERBS, *"is are was were has have will got went goes set".split()}))
    + r")\b"
)
#: A sentence that reports what happened at one time ("I wrote 900 words today", "ran 5 km
#: yesterday") measures an event, not an attribute: its numbers update nothing and are
#: updated by nothing (the next day's count is another event).
_EVENT: Final = re.compile(
    r"\b(?:today|yesterday|tonight|tomorrow|this (?:morning|afternoon|evening)|last night|"
    r"just now|(?:this|last|next) (?:week|weekend|month)|"
    r"on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b"
)
_FIRST_PERSON: Final = frozenset(
    "i i'm i've i'd i'll my me mine myself we we're we've our ours us".split()
)
_SECOND_PERSON: Final = frozenset("you you're you've you'd your yours".split())
_NUMBER_WORDS: Final = {
    w: str(n)
    for n, w in enumerate(
        "zero _ two three four five six seven eight nine ten eleven twelve thirteen fourteen "
        "fifteen sixteen seventeen eighteen nineteen twenty".split()
    )
} | {"thirty": "30", "forty": "40", "fifty": "50", "hundred": "100", "dozen": "12"}
#: How often ("twice a week" → "three times a week") counts too.
_NUMBER_WORDS.update({"once": "1", "twice": "2", "thrice": "3"})
#: "for a month", "about an hour": one of a unit of time, a value only where a duration is
#: said ("it's been a month" → "for 3 months now"; not "a day trip", "an hour and a half"),
#: and updated only by another count of the same unit.
_ONE: Final = frozenset({"a", "an"})
_DURATIONS: Final = frozenset(
    "second minute hour day night week weekend fortnight month year decade".split()
)
_HOW_LONG: Final = frozenset("for been about around almost nearly over only just".split())
_ORDINALS: Final = {
    "second": "2",
    "third": "3",
    "fourth": "4",
    "fifth": "5",
    "sixth": "6",
    "seventh": "7",
    "eighth": "8",
    "ninth": "9",
    "tenth": "10",
}
#: Words that mark the new statement as a change of state.
_CHANGE: Final = re.compile(
    r"\b(?:currently|these days|switched|switching|moved|changed|instead|"
    r"no longer|anymore|any more|upgraded|replaced)\b"
)
_STOPWORDS: Final = frozenset(
    """a an the and or but if so as of at by for from in into on onto to up with about over
    under than then that this these those there here it its it's is are was were be been being
    am do does did doing done have has had having get got getting go going gone went will would
    shall should can could may might must just really very quite also too still even again
    already actually lately recently ever yet not no never nor none what which who whom whose
    when where why how all any both each few more most other some such only own same so than
    you your yours you're you've he him his she her hers they them their theirs one ones
    thing things something anything way lot lots bit kind sort like well oh yeah hey hi thanks
    thank please sure okay ok by since now currently current new time times around maybe
    think thought know knew want wanted need needed make made let lets say said tell told
    back great good pretty best better hoping hope looking help love loved enjoy enjoying
    excited glad happy wondering trying try tried start started use using ago like thinking
    working seen big part every last next first""".split()
)


@dataclass(frozen=True, slots=True)
class Statement:
    text: str
    speaker: str | None
    #: Content words, lightly stemmed, in order.
    words: tuple[str, ...]
    #: Normalised values and the position (index in `words`) each stands at.
    values: tuple[tuple[str, int], ...]
    negated: bool
    changed: bool
    #: Content words of the sentence before it in the same memory (what it is about is often
    #: said there: "I love Korean food. I've tried four different ones so far").
    context: frozenset[str] = frozenset()
    #: Positions of the values that are one of a unit of time ("for a month"): a changed
    #: value updates them only when the unit is what both count.
    units: frozenset[int] = frozenset()
    #: It reports what happened at one time ("… today", "… yesterday"): its values are an
    #: event's, not an attribute's.
    event: bool = False
    #: The periods its values are per ("weekly", "a month", "per day"): a weekly target and
    #: a total one are two slots.
    rates: frozenset[str] = frozenset()

    @property
    def keys(self) -> frozenset[str]:
        return frozenset(self.words)

    @property
    def value_set(self) -> frozenset[str]:
        return frozenset(v for v, _ in self.values)


@dataclass(frozen=True, slots=True)
class UpdateHint:
    """The new memory updates `memory_id` (stored earlier): how, how sure, and the evidence."""

    memory_id: str
    kind: UpdateKind
    confidence: float
    evidence: str


def _stem(word: str) -> str:
    if len(word) > 4 and word.endswith("ies"):
        return word[:-3] + "y"
    if len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        return word[:-1]
    return word


def _value(token: str) -> str | None:
    if _PAIR.fullmatch(token):
        return token
    if _NUMBER.fullmatch(token):
        digits = token.lstrip("$").rstrip("%k")
        for suffix in ("st", "nd", "rd", "th"):
            if digits.endswith(suffix):
                digits = digits[: -len(suffix)]
        digits = digits.replace(",", "")
        # Money and shares keep their kind: "$20" is not "20 items", "40%" not "40 pages".
        return f"${digits}" if token.startswith("$") else f"{digits}%" if "%" in token else digits
    return _NUMBER_WORDS.get(token) or _ORDINALS.get(token)


def _tokens(plain: str) -> list[str]:
    """Tokens of lowercased text: "30-mile" is a number and a word, "5-6" a range, "f-150" and
    "gt350r" identifiers; trailing punctuation is dropped."""
    out: list[str] = []
    for raw in _TOKEN.findall(plain):
        token = raw.strip("'.,:/-")
        if not token:
            continue
        parts = token.split("-")
        if _PAIR.fullmatch(token):
            out.append(token)  # a range or a record: one value
        elif len(parts) > 1 and parts[0].isdigit() and not all(p.isdigit() for p in parts):
            out.extend(p for p in parts if p)  # "30-mile", "7-year-old"
        elif (
            any(c.isdigit() for c in token)
            and any(c.isalpha() for c in token)
            and not (_NUMBER.fullmatch(token))
        ):
            out.append(token.replace("-", ""))  # an identifier: a name, not a value
        else:
            out.append(token)
    return out


def speaker_of(text: str) -> str | None:
    """The speaker a memory's text names first ("Caroline: …", "user: …"), lowercased."""
    match = _SPEAKER.match(text)
    return match.group(1).strip().lower() if match else None


def statements(text: str) -> list[Statement]:
    """The first-person statements of `text` (sentences saying I, my, we …)."""
    named = _SPEAKER.match(text)
    speaker = named.group(1).strip().lower() if named else None
    body = text[named.end() :] if named else text
    out: list[Statement] = []
    if speaker in _NOT_A_SUBJECT:
        return out
    before: frozenset[str] = frozenset()
    for sentence in _clauses(body):
        plain = sentence.lower().replace("’", "'")
        tokens = _tokens(IDIOMS.sub(" ", plain))
        context, before = (
            before,
            frozenset(
                _stem(t)
                for t in tokens
                if t not in _STOPWORDS and len(t) >= 3 and _value(t) is None
            ),
        )
        personal = bool(_FIRST_PERSON.intersection(tokens))
        if not personal and not _ATTRIBUTE.match(plain.strip()):
            continue
        words: list[str] = []
        values: list[tuple[str, int]] = []
        units: list[int] = []
        negated = False
        for at, token in enumerate(tokens):
            if token in _MONTHS and (day := _day_of(tokens, at)) is not None:
                if _sets_a_date(tokens, at):  # "the deadline is April 5": a value
                    values.append((f"d{_MONTH_NUMBER[token]:02d}-{day:02d}", len(words)))
                continue  # a date: not a word of what the sentence is about
            if token in NEGATIONS or token.endswith("n't"):
                # "not sure", "didn't know": doubt, not a negated statement
                negated = negated or not _UNSURE.match(" ".join(tokens[at : at + 3]))
                continue
            one = _one_unit(tokens, at)
            value = "1" if one else _value(token)
            around = tokens[max(0, at - 2) : at + 3]
            if value is not None and (_MONTHS.intersection(around) or _WHEN.intersection(around)):
                continue  # a date or a time ago: when, not a value of the attribute
            if value is not None:
                if one:
                    units.append(len(words))
                values.append((value, len(words)))
                continue
            if token in _STOPWORDS or token in _FIRST_PERSON or len(token) < 3:
                continue
            words.append(_stem(token))
        if words and (personal or values):
            out.append(
                Statement(
                    sentence.strip(),
                    speaker,
                    tuple(words),
                    tuple(values),
                    negated,
                    bool(_CHANGE.search(plain)),
                    context,
                    frozenset(units),
                    bool(_EVENT.search(plain)) or _told_as_past(tokens, plain),
                    _rates(tokens),
                )
            )
    return out


#: Verbs in the simple past that tell what happened ("we had 7 people over", "my model hit
#: 86% on one batch"), and what makes a sentence a state, a record or a change all the same
#: ("I've had", "my highest score", "I just finished my 5th").
_PAST: Final = frozenset(
    "had did went got ran made took spent saw ate hit scored sold bought drove "
    "wrote read caught flew swam rode lost won paid met sent".split()
)
_STATE: Final = re.compile(
    r"\b(?:i've|i'm|we've|we're|i have|i am|we have|we are|is|are|has|have|now|currently|"
    r"since|so far|in total|total|anymore|any more|new|instead|no longer|up to|i just|we just|"
    r"highest|lowest|best|record|latest|most recent)\b"
)


def _told_as_past(tokens: Sequence[str], plain: str) -> bool:
    """Whether a sentence tells what happened, in the simple past or once more ("we had 7
    people over for dinner", "the train was late again"), and nothing in it says a state
    holds or changed ("I've had 7 so far", "the committee moved my defense")."""
    past = "again" in tokens or any(
        t in _PAST or (t.endswith("ed") and len(t) > 4 and not _CHANGE.search(t)) for t in tokens
    )
    return (
        past
        and not _STATE.search(plain)
        and not _CHANGE.search(plain)
        and not any(t in _CHANGE_VERBS for t in tokens)
    )


_PERIODIC: Final = {
    "daily": "day",
    "weekly": "week",
    "monthly": "month",
    "yearly": "year",
    "annual": "year",
    "annually": "year",
    "hourly": "hour",
    "nightly": "night",
}
_PER: Final = frozenset({"a", "an", "per", "each", "every"})


def _rates(tokens: Sequence[str]) -> frozenset[str]:
    """The periods a sentence's values are per: "weekly", "a week", "per month", "each day"
    (not "for a month": that is how long)."""
    out = {_PERIODIC[t] for t in tokens if t in _PERIODIC}
    for at in range(1, len(tokens)):
        unit = _stem(tokens[at])
        if unit in _DURATIONS and tokens[at - 1] in _PER and not _one_unit(tokens, at - 1):
            out.add(unit)
    return frozenset(out)


def tells_only_events(text: str) -> bool:
    """Whether every sentence of `text` that says something tells what happened at one time
    ("Pushed 14 commits this morning.", "I wrote 800 words today."), whoever it names."""
    named = _SPEAKER.match(text)
    body = text[named.end() :] if named else text
    told = False
    for sentence in _clauses(body):
        plain = sentence.lower().replace("’", "'")
        tokens = _tokens(IDIOMS.sub(" ", plain))
        if not any(t not in _STOPWORDS and len(t) >= 3 for t in tokens):
            continue  # "Thanks!", "Ok."
        if not (_EVENT.search(plain) or _told_as_past(tokens, plain)):
            return False
        told = True
    return told


def _day_of(tokens: Sequence[str], at: int) -> int | None:
    """The day of the month of a date whose month name is tokens[at] ("April 5", "5th of
    April", "5 April"), or None when no day stands beside it."""
    for near in (at + 1, at - 1, at - 2):
        if not 0 <= near < len(tokens) or (near == at - 2 and tokens[at - 1] != "of"):
            continue
        match = _DAY.fullmatch(tokens[near])
        if match and 1 <= int(match.group(1)) <= 31:
            return int(match.group(1))
    return None


def _sets_a_date(tokens: Sequence[str], at: int) -> bool:
    """Whether the date at tokens[at] (its month) is what an attribute is set to: one of
    `_SETS_A_DATE` stands among the two words before it ("on" and "the" and its day skipped)."""
    start = at
    if at >= 2 and tokens[at - 1] == "of" and _DAY.fullmatch(tokens[at - 2]):
        start = at - 2  # "the 12th of March"
    elif at >= 1 and _DAY.fullmatch(tokens[at - 1]):
        start = at - 1  # "12 March"
    before = [t for t in tokens[max(0, start - 3) : start] if t != "the"]
    if not before:
        return False
    if before[-1] in ("on", "for"):  # "due on April 5", "scheduled for May 2"
        return len(before) > 1 and before[-2] in _SETS_A_DATE and before[-2] != "to"
    return before[-1] in _SETS_A_DATE


def _one_unit(tokens: Sequence[str], at: int) -> bool:
    """Whether tokens[at] is the "a" of a duration: "for a month", "been an hour" (not "an
    hour and a half")."""
    return (
        tokens[at] in _ONE
        and at > 0
        and tokens[at - 1] in _HOW_LONG
        and at + 1 < len(tokens)
        and tokens[at + 1] in _DURATIONS
        and tokens[at + 2 : at + 5] != ["and", "a", "half"]
    )


def _clauses(body: str) -> list[str]:
    """Sentences, each cut at its dashes where the part after a dash names someone itself."""
    out: list[str] = []
    for sentence in _SENTENCE.split(body):
        parts = _DASH.split(sentence)
        merged = [parts[0]]
        for part in parts[1:]:
            words = set(_tokens(part.lower().replace("’", "'")))
            if _FIRST_PERSON & words:
                merged.append(part)
            else:
                merged[-1] = f"{merged[-1]} - {part}"
        out.extend(merged)
    return out


def searchable(text: str) -> list[Statement]:
    """The statements of a new memory worth looking for an earlier version of: those with a
    value, a change marker or a negation, at most `MAX_STATEMENTS`."""
    found = [s for s in statements(text) if s.values or s.changed or s.negated]
    return found[:MAX_STATEMENTS]


def _near(statement: Statement, changed: frozenset[str]) -> set[str]:
    """The keys where a changed value's counted thing stands (`BEFORE_VALUE`, `AFTER_VALUE`)."""
    out: set[str] = set()
    for value, at in statement.values:
        if value in changed:
            lo, hi = max(0, at - BEFORE_VALUE), at + AFTER_VALUE
            out.update(statement.words[lo:hi])
    return out


def _counted(statement: Statement, changed: frozenset[str]) -> set[str]:
    """The words right after a changed value ("3 *months*", "a *month*")."""
    return {
        statement.words[at]
        for v, at in statement.values
        if v in changed and at < len(statement.words)
    }


def _kinds(values: frozenset[str]) -> set[str]:
    """What the values measure: a date, an amount of money, a share, a time of day or a
    count (a range is a count)."""
    return {
        "date"
        if v.startswith("d")
        else "money"
        if v.startswith("$")
        else "share"
        if v.endswith("%")
        else "clock"
        if ":" in v
        else "count"
        for v in values
    }


def _beside(statement: Statement, changed: frozenset[str]) -> set[str]:
    """The words right before and right after a changed value ("page *200*", "*25* postcards")."""
    words = statement.words
    return {
        words[i]
        for v, at in statement.values
        if v in changed
        for i in (at - 1, at)
        if 0 <= i < len(words)
    }


def _changed_value(
    new: Statement, old: Statement, shared: frozenset[str], about: frozenset[str]
) -> tuple[UpdateKind, str] | None:
    """`changed_value`: the same slot with another value. The slot is evidenced by the
    statements' own words — at least `MIN_SHARED_OWN` in common (or the counted thing right
    beside the value on both sides, with more than `MIN_SHARED` words in common with their
    context), one of them next to a changed value on both sides — and by values of one kind
    (a salary is not a word count, a date not a price) per the same period (a weekly target is
    not a total one); an event's numbers ("… today") are not an attribute's."""
    was, now = old.value_set, new.value_set
    gone, came = was - now, now - was
    if (
        not gone
        or not came
        or new.event
        or old.event
        or new.rates != old.rates
        or max(len(was), len(now)) > MAX_VALUES
        or not _kinds(gone) & _kinds(came)
    ):
        return None
    if len(shared) < MIN_SHARED_OWN and not (
        # One word in common: the counted thing itself, right beside the value on both sides
        # ("on page 200" → "now on page 220"), with what both are about in their context.
        _beside(new, came) & _beside(old, gone) and len(about) > MIN_SHARED
    ):
        return None
    anchors = _near(new, came) & _near(old, gone)
    if new.units or old.units:  # "for a month": only another count of months updates it
        anchors &= _counted(new, came) & _counted(old, gone)
    if not anchors:
        return None
    return (
        "changed_value",
        f"{', '.join(sorted(anchors))}: {', '.join(sorted(map(_shown, gone)))} → "
        f"{', '.join(sorted(map(_shown, came)))}",
    )


def _shown(value: str) -> str:
    """A value as evidence shows it: a date as month-day."""
    return value[1:] if value.startswith("d") else value


def compare(new: Statement, old: Statement) -> tuple[UpdateKind, str] | None:
    """How `new` updates `old` (same speaker, same attribute, another value), or None."""
    if new.speaker != old.speaker:
        return None
    shared = new.keys & old.keys
    about = (new.keys | new.context) & (old.keys | old.context)
    cover = len(shared) / min(len(new.keys), len(old.keys))
    if len(about) < MIN_SHARED and cover < SHORT_COVER:
        return None
    found = _changed_value(new, old, shared, about)
    if found is not None:
        return found
    if len(about) < MIN_SHARED or len(shared) < MIN_SHARED_STATE:
        return None
    was, now = old.value_set, new.value_set
    if len(shared) < MIN_SHARED_STATE:
        return None
    if new.negated != old.negated and was == now and cover >= NEGATION_COVER:
        which = "now negated" if new.negated else "no longer negated"
        return ("negation", f"{', '.join(sorted(shared))}: {which}")
    if new.changed and not new.negated and cover >= STATE_COVER and new.keys - old.keys:
        return (
            "changed_state",
            f"{', '.join(sorted(shared))}: now {', '.join(sorted(new.keys - old.keys)[:4])}",
        )
    return None


def detect_updates(
    new_statements: Sequence[Statement], earlier: Sequence[tuple[str, str]]
) -> list[UpdateHint]:
    """The earlier memories (id, content) that a memory with `new_statements` (its
    `searchable` ones) updates, at most one hint per memory (the most confident), in order,
    and at most `MAX_UPDATED` of them: the best evidenced (confidence, then words shared)."""
    found: list[tuple[float, int, int, UpdateHint]] = []
    for at, (memory_id, text) in enumerate(earlier):
        best: tuple[float, int] | None = None
        hint: UpdateHint | None = None
        for old in statements(text):
            for new in new_statements:
                compared = compare(new, old)
                if compared is None:
                    continue
                kind, detail = compared
                strength = (CONFIDENCE[kind], len(new.keys & old.keys))
                if best is None or strength > best:
                    best = strength
                    hint = UpdateHint(
                        memory_id,
                        kind,
                        CONFIDENCE[kind],
                        f"{detail} (was: “{_clip(old.text)}”; now: “{_clip(new.text)}”)",
                    )
        if best is not None and hint is not None:
            found.append((-best[0], -best[1], at, hint))
    kept = sorted(found)[:MAX_UPDATED]
    return [hint for *_, hint in sorted(kept, key=lambda f: f[2])]


def _clip(text: str, limit: int = 120) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _restates_for(later: str, earlier: str) -> bool:
    """Whether `later`'s speaker can restate what `earlier` said: the same person, or someone
    after an assistant's turn; another person's later statement is not an update."""
    speaker, before = speaker_of(later), speaker_of(earlier)
    return speaker not in _NOT_A_SUBJECT and (before == speaker or before in _NOT_A_SUBJECT)


def topic_words(text: str) -> frozenset[str]:
    """The content words of `text` (the speaker's name left out), stemmed as statements' are."""
    return _topic(text)[0]


def _topic(text: str) -> tuple[frozenset[str], bool]:
    """`topic_words(text)`, and whether it states a number (in digits or words), from one
    tokenisation."""
    named = _SPEAKER.match(text)
    body = text[named.end() :] if named else text
    words: set[str] = set()
    valued = False
    for t in _tokens(body.lower().replace("’", "'")):
        if _value(t) is not None:
            valued = True
        elif t not in _STOPWORDS and t not in _FIRST_PERSON and len(t) >= 3:
            words.add(_stem(t))
    return frozenset(words), valued


@dataclass(frozen=True, slots=True)
class Said:
    """A recalled memory as `restated_first` weighs it."""

    id: str
    text: str
    created_at: float
    session: str | None
    score: float


def _same_topic(asked: frozenset[str], shared: frozenset[str], values: bool) -> bool:
    """Whether two statements are of one topic: they share two of the query's words, or one
    and a word of their own, or one and both state a value (a count, an amount: "three tops
    from H&M", "five tops from H&M so far"). One query word alone is not a topic: "Where was I
    born?" is matched by "I was born in Lisbon" and by "my sister's baby was born last week"."""
    return len(asked) >= 2 or (bool(asked) and (len(shared) > len(asked) or values))


def _as_fully(later: frozenset[str], earlier: frozenset[str]) -> bool:
    """Whether a later statement carries at least half of the query's words the earlier one
    carries (each set: the query's words a statement holds). A restatement says again what
    the earlier said; a later turn that shares one of its several query words ("science" of
    "my Bachelor's degree in Computer Science", "party" of "my niece's birthday party") is
    about something else. Issue 53, LongMemEval-S: session recall_any@1 0.889 → 0.904 overall
    (single-session-user 0.859 → 0.906), newest_first@5 of its knowledge updates unchanged."""
    return 2 * len(later & earlier) >= len(earlier)


def _roots(words: frozenset[str]) -> frozenset[str]:
    """Words with an -ing, -ed or -e ending cut, for comparing two statements' topics only
    ("keeping" and "keep", "moved" and "move")."""
    out = set()
    for word in words:
        for ending in ("ing", "ed", "e"):
            if word.endswith(ending) and len(word) - len(ending) >= 3:
                word = word[: -len(ending)]
                break
        out.add(word)
    return frozenset(out)


def restated_first(
    query: str, hits: Sequence[Said], ratio: float, window: int
) -> list[tuple[str, str]]:
    """Moves that put a later restatement above what it restates, for current intent: a hit
    moves above an earlier-ranked one when it was said later, in another session, by a
    speaker who states a situation (not an assistant) and who said the earlier one too (or an
    assistant did, replying in that session), within `window` places below it, with
    at least `ratio` of its score, of one topic with it (`_same_topic`) and saying it as
    fully (`_as_fully`). Answers
    (moved, above) pairs in order; each hit moves at most once. Two statements of one topic
    that nearly tie are the case a detector missed the update in (a place, a brand, a count
    said in other words); recent chatter that shares only the query's word with a stable fact
    is not of its topic, so the fact keeps its place; nor is a hit that states nothing but
    events ("I wrote 800 words today")."""
    asked = _roots(topic_words(query))
    topics = {h.id: _topic(h.text) for h in hits}
    said = {i: _roots(words) for i, (words, _) in topics.items()}
    words = {i: w & asked for i, w in said.items()}
    valued = {i for i, (_, stated) in topics.items() if stated}
    # What tells only of events ("I wrote 800 words today") restates no state (issue 51: a
    # fact said once lost its place to later chatter of its topic). Read last, and once, for
    # a hit that passes every other test: most never do.
    events: dict[str, bool] = {}

    def only_events(hit: Said) -> bool:
        if hit.id not in events:
            events[hit.id] = tells_only_events(hit.text)
        return events[hit.id]

    order = list(hits)
    moves: list[tuple[str, str]] = []
    moved: set[str] = set()
    i = 0
    while i < len(order):
        top = order[i]
        for j in range(i + 1, min(len(order), i + 1 + window)):
            later = order[j]
            if (
                later.id not in moved
                and later.created_at > top.created_at
                and later.session != top.session
                and _restates_for(later.text, top.text)
                and later.score >= ratio * top.score
                and _same_topic(
                    words[later.id] & words[top.id],
                    said[later.id] & said[top.id],
                    later.id in valued and top.id in valued,
                )
                and _as_fully(words[later.id], words[top.id])
                and not only_events(later)
            ):
                order.insert(i, order.pop(j))
                moved.add(later.id)
                moves.append((later.id, top.id))
                break
        else:
            i += 1
    return moves


def own_words_first(
    query: str,
    hits: Sequence[Said],
    ratio: float,
    window: int,
    stale: Collection[str] = frozenset(),
) -> list[tuple[str, str]]:
    """Moves that put what the asker said above what an assistant said about it, for a
    question about the asker ("my", "I"): a hit of someone who states a situation moves above
    an assistant's hit of the same session ranked at most `window` places above it, when it
    has at least `ratio` of its score (issue 51: an assistant's reply paraphrasing the user's
    topic ranked first for 42 % of such questions). A question that asks what the assistant
    said ("you") moves nothing, nor does a `stale` hit (one a later hit updates: its place is
    below its update). Answers (moved, above) pairs in order; each hit moves at most
    once."""
    asked = set(_tokens(query.lower().replace("’", "'")))
    if not _FIRST_PERSON & asked or _SECOND_PERSON & asked:  # "what did you suggest …": theirs
        return []
    order = list(hits)
    moves: list[tuple[str, str]] = []
    moved: set[str] = set()
    i = 0
    while i < len(order):
        top = order[i]
        if top.session is not None and speaker_of(top.text) in _NOT_A_SUBJECT:
            for j in range(i + 1, min(len(order), i + 1 + window)):
                own = order[j]
                if (
                    own.id not in moved
                    and own.id not in stale
                    and own.session == top.session
                    and speaker_of(own.text) not in _NOT_A_SUBJECT
                    and own.score >= ratio * top.score
                ):
                    order.insert(i, order.pop(j))
                    moved.add(own.id)
                    moves.append((own.id, top.id))
                    break
        i += 1
    return moves

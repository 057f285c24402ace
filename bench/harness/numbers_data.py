"""Number-heavy conversations (issue 51), generated from `bench/fixtures/number_slots.json`.

On held-out project-tracking conversations, where a user states many numbers across sessions
(commit counts, budgets, word-count targets, deadlines, accuracy rates, hours), most of which
never change and some of which do, the offline update detector linked more SUPERSEDES edges
than there were turns — two first-person sentences sharing one topic word and holding
different numbers, a salary and a weekly word count — and recall@10 fell far below plain BM25,
while real updates stated as dates ("the deadline is April 1" → "the new deadline is April 5")
were never linked. This is such a set of our own, labelled, to measure the detector and recall
on: a `tune` family to adjust them against and a `report` family, sharing no attribute and no
phrasing with it, for the figures quoted afterwards.

A conversation: ~40 sessions a few days apart from 2024-01-08, each 6–12 turns alternating
user and assistant (`"user: …"`, `"assistant: …"`). It picks `SLOTS` slots of its family
(attributes with a value); each is stated once early, about a third are updated once or twice
later (each time to a value it never had), some are restated with the value they hold. The
other user turns are events (numbers of the moment sharing words with the slots: "I wrote 800
words today") and small talk, most with a number. An assistant turn sometimes paraphrases the
user's slot line before it. Questions, asked five days after the last session: for each
updated slot its current value (gold: the turns holding the newest value; stale: the slot's
earlier value turns), for each other slot its stable value (gold: its state and restatements).

Pure and deterministic: `conversations(family, n, seed)` is the same for the same arguments,
each conversation drawn from its own `random.Random`.
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any, Final, Literal

FIXTURE: Final = Path(__file__).resolve().parent.parent / "fixtures" / "number_slots.json"
FAMILIES: Final = ("tune", "report")
#: The seed each family's benches use (bench/updates.py, bench/numbers.py).
SEEDS: Final = {"tune": 51, "report": 5151}

START: Final = datetime(2024, 1, 8, 9, 0, tzinfo=UTC)
SESSIONS: Final = (38, 42)
#: Days between two sessions, and hours into the day a session starts.
GAP_DAYS: Final = (2, 5)
START_HOURS: Final = (0, 11)
#: User turns a session (each followed by an assistant turn): 6–12 turns.
USER_TURNS: Final = (3, 6)
SLOTS: Final = 14
#: Slots updated per conversation, and how many times each (weights of 1 and 2).
UPDATED: Final = (4, 6)
UPDATE_TIMES: Final = (1, 1, 2)
#: Sessions in which every slot is first stated.
EARLY_SESSIONS: Final = 10
#: A slot's later mentions come at least this many sessions after the one before.
MIN_GAP_SESSIONS: Final = 2
#: Chance that a slot is restated (once or twice) with the value it holds then.
RESTATE_CHANCE: Final = 0.4
#: Slot lines a session holds at most (the rest are events and small talk).
SLOT_LINES_PER_SESSION: Final = 3
#: Of the other user lines: the share of events, and of small talk the share with a number.
EVENT_SHARE: Final = 0.6
NUMBERED_CHATTER: Final = 0.5
#: Chance that the assistant paraphrases the user's slot line before it.
PARAPHRASE_CHANCE: Final = 0.5
ASKED_AFTER: Final = timedelta(days=5)

Kind = Literal["state", "restate", "update", "event", "chatter", "reply"]
Role = Literal["user", "assistant"]
QuestionKind = Literal["current", "stable"]
#: Kinds of the user turns that say a slot's value.
VALUE_KINDS: Final = frozenset({"state", "restate", "update"})
MONTHS: Final = (
    "January February March April May June July August September October November December"
).split()


# -- templates --------------------------------------------------------------------------------


@dataclass(frozen=True)
class ValueSpec:
    """How a slot's values are drawn: `kind` (count, money, percent, date, duration, number),
    the range (`low`..`high` by `step`; months for a date) and the unit the text names."""

    kind: str
    low: int
    high: int
    step: int = 1
    unit: str | None = None


@dataclass(frozen=True)
class Slot:
    id: str
    attribute: str
    value: ValueSpec
    state: tuple[str, ...]
    restate: tuple[str, ...]
    update: tuple[str, ...]
    question: str
    replies: tuple[str, ...]


@dataclass(frozen=True)
class NumberLine:
    """An event or small-talk line with a number `{n}` between `low` and `high`."""

    text: str
    low: int
    high: int


@dataclass(frozen=True)
class Family:
    name: str
    slots: tuple[Slot, ...]
    events: tuple[NumberLine, ...]
    numbered_chatter: tuple[NumberLine, ...]
    plain_chatter: tuple[str, ...]
    replies: tuple[str, ...]

    def lines(self) -> list[str]:
        """Every template line of the family (slots, events, small talk, replies)."""
        out: list[str] = []
        for s in self.slots:
            out += [*s.state, *s.restate, *s.update, s.question, *s.replies]
        out += [e.text for e in (*self.events, *self.numbered_chatter)]
        return [*out, *self.plain_chatter, *self.replies]


def _value_spec(raw: Mapping[str, Any]) -> ValueSpec:
    if raw["kind"] == "date":
        low, high = MONTHS.index(raw["from"]) + 1, MONTHS.index(raw["to"]) + 1
        return ValueSpec("date", low, high)
    return ValueSpec(raw["kind"], raw["min"], raw["max"], raw.get("step", 1), raw.get("unit"))


def _slot(raw: Mapping[str, Any]) -> Slot:
    return Slot(
        raw["id"],
        raw["attribute"],
        _value_spec(raw["value"]),
        tuple(raw["state"]),
        tuple(raw["restate"]),
        tuple(raw["update"]),
        raw["question"],
        tuple(raw["replies"]),
    )


def _number_lines(raw: Sequence[Mapping[str, Any]]) -> tuple[NumberLine, ...]:
    return tuple(NumberLine(r["text"], r["min"], r["max"]) for r in raw)


@cache
def load_family(name: str, path: Path = FIXTURE) -> Family:
    """Family `name` ("tune" or "report") of the template file."""
    raw = json.loads(path.read_text())[name]
    return Family(
        name,
        tuple(_slot(s) for s in raw["slots"]),
        _number_lines(raw["events"]),
        _number_lines(raw["chatter"]["numbered"]),
        tuple(raw["chatter"]["plain"]),
        tuple(raw["replies"]),
    )


# -- values -----------------------------------------------------------------------------------


def _ordinal(day: int) -> str:
    if 10 <= day % 100 <= 20:
        return f"{day}th"
    return f"{day}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(day % 10, 'th') }"


def _raw_values(rng: random.Random, spec: ValueSpec, count: int) -> list[tuple[int, int]]:
    """`count` distinct raw values: (month, day) for a date, (number, 0) otherwise."""
    if spec.kind == "date":
        pool = [(m, d) for m in range(spec.low, spec.high + 1) for d in range(1, 29)]
    else:
        pool = [(n, 0) for n in range(spec.low, spec.high + 1, spec.step)]
    return rng.sample(pool, count)


def _written(rng: random.Random, spec: ValueSpec, raw: tuple[int, int]) -> str:
    """A raw value as the text says it: "April 5" or "March 12th", "$1,250", "85%", "45,000"."""
    number, day = raw
    if spec.kind == "date":
        return f"{MONTHS[number - 1]} {rng.choice((str(day), _ordinal(day)))}"
    if spec.kind == "money":
        return f"${number:,}"
    if spec.kind == "percent":
        return f"{number}%"
    return f"{number:,}"


def values(rng: random.Random, spec: ValueSpec, count: int) -> list[str]:
    """`count` values of a slot, no two the same."""
    return [_written(rng, spec, raw) for raw in _raw_values(rng, spec, count)]


# -- the conversation -------------------------------------------------------------------------


@dataclass(frozen=True)
class Turn:
    key: str  # "<conversation>-s<NN>#<i>"
    session: str
    at: datetime
    role: Role
    content: str  # "user: …" / "assistant: …"
    slot: str | None
    value: str | None
    kind: Kind

    @property
    def says_value(self) -> bool:
        """A user turn saying a slot's value (its state, a restatement or an update)."""
        return self.kind in VALUE_KINDS


@dataclass(frozen=True)
class Session:
    id: str
    at: datetime
    turns: tuple[Turn, ...]


@dataclass(frozen=True)
class Question:
    qid: str
    kind: QuestionKind
    slot: str
    text: str
    asked_at: datetime
    #: The turns holding the value asked for (the newest for a current question).
    gold: frozenset[str]
    #: A current question's turns holding the slot's earlier values (none for a stable one).
    stale: frozenset[str]


@dataclass(frozen=True)
class Conversation:
    id: str
    family: str
    sessions: tuple[Session, ...]
    questions: tuple[Question, ...]
    #: The slot of each slot id the conversation uses, and the value kind of each.
    value_kinds: Mapping[str, str]

    @property
    def turns(self) -> list[Turn]:
        return [t for s in self.sessions for t in s.turns]


@dataclass(frozen=True)
class Mention:
    """A slot line planned for a session: state, restate or update, with its value."""

    session: int
    slot: Slot
    kind: Kind
    value: str


def _session_for(rng: random.Random, lo: int, hi: int, load: Mapping[int, int]) -> int:
    """A session in [lo, hi] with room for a slot line, else the least loaded of them."""
    room = [s for s in range(lo, hi + 1) if load.get(s, 0) < SLOT_LINES_PER_SESSION]
    if room:
        return rng.choice(room)
    return min(range(lo, hi + 1), key=lambda s: (load.get(s, 0), s))


def _chosen_slots(rng: random.Random, fam: Family) -> tuple[list[Slot], list[Slot]]:
    """The conversation's slots, and those of them it updates: at least one date-valued."""
    slots = rng.sample(fam.slots, SLOTS)
    dates = [s for s in slots if s.value.kind == "date"]
    if not dates:
        slots[0] = rng.choice([s for s in fam.slots if s.value.kind == "date"])
        dates = [slots[0]]
    first = rng.choice(dates)
    others = [s for s in slots if s is not first]
    updated = [first, *rng.sample(others, rng.randint(*UPDATED) - 1)]
    return slots, updated


def _slot_plan(
    rng: random.Random,
    slot: Slot,
    times: int,
    restates: int,
    sessions: int,
    load: dict[int, int],
) -> list[Mention]:
    """One slot's lines: stated in an early session, then `times` updates and `restates`
    restatements in later sessions, in shuffled order; each update to a new value."""
    held = values(rng, slot.value, times + 1)
    later = ["update"] * times + ["restate"] * restates
    rng.shuffle(later)
    at = _session_for(rng, 0, EARLY_SESSIONS - 1, load)
    load[at] = load.get(at, 0) + 1
    out = [Mention(at, slot, "state", held[0])]
    current = 0
    for n, kind in enumerate(later):
        # leave room after this line for the ones still to come
        hi = sessions - 1 - MIN_GAP_SESSIONS * (len(later) - 1 - n)
        lo = min(at + MIN_GAP_SESSIONS, hi)
        at = _session_for(rng, lo, hi, load)
        load[at] = load.get(at, 0) + 1
        if kind == "update":
            current += 1
        out.append(Mention(at, slot, "update" if kind == "update" else "restate", held[current]))
    return out


def plan_mentions(rng: random.Random, fam: Family, sessions: int) -> list[Mention]:
    """Every slot line of a conversation of `sessions` sessions."""
    slots, updated = _chosen_slots(rng, fam)
    load: dict[int, int] = {}
    out: list[Mention] = []
    for slot in slots:
        times = rng.choice(UPDATE_TIMES) if slot in updated else 0
        restates = rng.randint(1, 2) if rng.random() < RESTATE_CHANCE else 0
        out += _slot_plan(rng, slot, times, restates, sessions, load)
    return out


def _filler(rng: random.Random, fam: Family) -> tuple[str, Kind]:
    """A user line that is no slot's value: an event or small talk (often with a number)."""
    if rng.random() < EVENT_SHARE:
        line = rng.choice(fam.events)
        return line.text.format(n=rng.randint(line.low, line.high)), "event"
    if rng.random() < NUMBERED_CHATTER:
        line = rng.choice(fam.numbered_chatter)
        return line.text.format(n=rng.randint(line.low, line.high)), "chatter"
    return rng.choice(fam.plain_chatter), "chatter"


def _slot_line(rng: random.Random, mention: Mention) -> str:
    templates = {
        "state": mention.slot.state,
        "restate": mention.slot.restate,
        "update": mention.slot.update,
    }[mention.kind]
    return rng.choice(templates).format(v=mention.value)


def _session(
    rng: random.Random, fam: Family, sid: str, at: datetime, mentions: Sequence[Mention]
) -> Session:
    """A session: its slot lines at random places among events and small talk, each user
    line followed by an assistant turn (a paraphrase of a slot line, or a generic reply)."""
    users = max(rng.randint(*USER_TURNS), len(mentions))
    places = sorted(rng.sample(range(users), len(mentions)))
    planned = dict(zip(places, mentions, strict=True))
    turns: list[Turn] = []

    def add(role: Role, text: str, slot: str | None, value: str | None, kind: Kind) -> None:
        i = len(turns)
        turns.append(
            Turn(
                f"{sid}#{i}",
                sid,
                at + timedelta(minutes=i),
                role,
                f"{role}: {text}",
                slot,
                value,
                kind,
            )
        )

    for place in range(users):
        mention = planned.get(place)
        if mention is None:
            text, kind = _filler(rng, fam)
            add("user", text, None, None, kind)
            add("assistant", rng.choice(fam.replies), None, None, "reply")
            continue
        add("user", _slot_line(rng, mention), mention.slot.id, mention.value, mention.kind)
        if rng.random() < PARAPHRASE_CHANCE:
            reply = rng.choice(mention.slot.replies).format(v=mention.value)
            add("assistant", reply, mention.slot.id, mention.value, "reply")
        else:
            add("assistant", rng.choice(fam.replies), None, None, "reply")
    return Session(sid, at, tuple(turns))


def _questions(
    conv_id: str, fam: Family, turns: Sequence[Turn], asked_at: datetime
) -> tuple[Question, ...]:
    """A current question for each updated slot, a stable one for each other slot."""
    out: list[Question] = []
    for slot in fam.slots:
        said = [t for t in turns if t.slot == slot.id and t.says_value]
        if not said:
            continue
        updated = any(t.kind == "update" for t in said)
        newest = said[-1].value
        gold = frozenset(t.key for t in said if t.value == newest)
        stale = frozenset(t.key for t in said if t.value != newest)
        out.append(
            Question(
                f"{conv_id}-{slot.id}",
                "current" if updated else "stable",
                slot.id,
                slot.question,
                asked_at,
                gold,
                stale,
            )
        )
    return tuple(out)


def conversation(fam: Family, conv_id: str, rng: random.Random) -> Conversation:
    """One conversation of family `fam`, drawn from `rng`."""
    count = rng.randint(*SESSIONS)
    mentions = plan_mentions(rng, fam, count)
    sessions: list[Session] = []
    at = START
    for n in range(count):
        if n:
            at += timedelta(days=rng.randint(*GAP_DAYS))
        day = at.replace(hour=START.hour) + timedelta(hours=rng.randint(*START_HOURS))
        here = [m for m in mentions if m.session == n]
        rng.shuffle(here)
        sessions.append(_session(rng, fam, f"{conv_id}-s{n:02d}", day, here))
    asked_at = sessions[-1].at + ASKED_AFTER
    turns = [t for s in sessions for t in s.turns]
    kinds = {s.id: s.value.kind for s in fam.slots if any(t.slot == s.id for t in turns)}
    return Conversation(
        conv_id, fam.name, tuple(sessions), _questions(conv_id, fam, turns, asked_at), kinds
    )


def conversations(family: str, n: int, seed: int) -> list[Conversation]:
    """`n` conversations of `family` ("tune" or "report"), the same for the same seed;
    conversation i is the same whatever `n`."""
    fam = load_family(family)
    return [
        conversation(fam, f"{family}-{i:02d}", random.Random(f"{family}:{seed}:{i}"))
        for i in range(n)
    ]


# -- ground truth for the update detector -----------------------------------------------------


def true_updates(conv: Conversation) -> set[tuple[str, str]]:
    """(newer turn key, older turn key): user turns of one slot holding different values, the
    newer's value having replaced the older's."""
    said = [t for t in conv.turns if t.says_value]
    return {
        (new.key, old.key)
        for i, new in enumerate(said)
        for old in said[:i]
        if new.slot == old.slot and new.value != old.value
    }


@dataclass(frozen=True)
class ValueChange:
    """One update of a slot: the turns holding the value before it and those holding the new."""

    slot: str
    value_kind: str
    older: frozenset[str]
    newer: frozenset[str]


def value_changes(conv: Conversation) -> list[ValueChange]:
    """Each slot's consecutive values, as pairs: what a detector's recall is counted on (a
    change is found when an edge joins a turn of the newer value to one of the older)."""
    out: list[ValueChange] = []
    said = [t for t in conv.turns if t.says_value]
    for slot in dict.fromkeys(t.slot for t in said if t.slot is not None):
        held: dict[str, set[str]] = {}
        for t in said:
            if t.slot == slot and t.value is not None:
                held.setdefault(t.value, set()).add(t.key)
        runs = list(held.values())
        for older, newer in pairwise(runs):
            out.append(
                ValueChange(slot, conv.value_kinds[slot], frozenset(older), frozenset(newer))
            )
    return out

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
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

from service.engine.conflicts import IDIOMS, NEGATIONS

UpdateKind = Literal["changed_value", "changed_state", "negation"]

#: A changed value: keys the sentences, each with the one before it, share — one of them next
#: to the changed value on both sides (the counted thing).
MIN_SHARED: Final = 3
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
_MONTHS: Final = frozenset(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec".split()
)
#: Units after which a number says when, not how many ("three weeks ago").
_WHEN: Final = frozenset({"ago", "later", "earlier", "before", "after"})
_FIRST_PERSON: Final = frozenset(
    "i i'm i've i'd i'll my me mine myself we we're we've our ours us".split()
)
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
        return digits.replace(",", "")
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
        if not _FIRST_PERSON.intersection(tokens):
            continue
        words: list[str] = []
        values: list[tuple[str, int]] = []
        units: list[int] = []
        negated = False
        for at, token in enumerate(tokens):
            if token in NEGATIONS or token.endswith("n't"):
                # "not sure", "didn't know": doubt, not a negated statement
                negated = negated or not _UNSURE.match(" ".join(tokens[at : at + 3]))
                continue
            one = _one_unit(tokens, at)
            value = "1" if one else _value(token)
            around = tokens[max(0, at - 1) : at + 3]
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
        if words:
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
                )
            )
    return out


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


def compare(new: Statement, old: Statement) -> tuple[UpdateKind, str] | None:
    """How `new` updates `old` (same speaker, same attribute, another value), or None."""
    if new.speaker != old.speaker:
        return None
    shared = new.keys & old.keys
    about = (new.keys | new.context) & (old.keys | old.context)
    if len(about) < MIN_SHARED:
        return None
    cover = len(shared) / min(len(new.keys), len(old.keys))
    was, now = old.value_set, new.value_set
    if (
        was
        and now
        and was != now
        and len(about) >= MIN_SHARED
        and max(len(was), len(now)) <= MAX_VALUES
    ):
        anchors = _near(new, now - was) & _near(old, was - now)
        if new.units or old.units:  # "for a month": only another count of months updates it
            anchors &= _counted(new, now - was) & _counted(old, was - now)
        if anchors:
            return (
                "changed_value",
                f"{', '.join(sorted(anchors))}: {', '.join(sorted(was - now)) or '…'} → "
                f"{', '.join(sorted(now - was)) or '…'}",
            )
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
    `searchable` ones) updates, at most one hint per memory (the most confident), in order."""
    hints: list[UpdateHint] = []
    for memory_id, text in earlier:
        best: UpdateHint | None = None
        for old in statements(text):
            for new in new_statements:
                found = compare(new, old)
                if found is None:
                    continue
                kind, detail = found
                if best is None or CONFIDENCE[kind] > best.confidence:
                    best = UpdateHint(
                        memory_id,
                        kind,
                        CONFIDENCE[kind],
                        f"{detail} (was: “{_clip(old.text)}”; now: “{_clip(new.text)}”)",
                    )
        if best is not None:
            hints.append(best)
    return hints


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
    at least `ratio` of its score, and it is of one topic with it (`_same_topic`). Answers
    (moved, above) pairs in order; each hit moves at most once. Two statements of one topic
    that nearly tie are the case a detector missed the update in (a place, a brand, a count
    said in other words); recent chatter that shares only the query's word with a stable fact
    is not of its topic, so the fact keeps its place."""
    asked = _roots(topic_words(query))
    topics = {h.id: _topic(h.text) for h in hits}
    said = {i: _roots(words) for i, (words, _) in topics.items()}
    words = {i: w & asked for i, w in said.items()}
    valued = {i for i, (_, stated) in topics.items() if stated}
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
            ):
                order.insert(i, order.pop(j))
                moved.add(later.id)
                moves.append((later.id, top.id))
                break
        else:
            i += 1
    return moves

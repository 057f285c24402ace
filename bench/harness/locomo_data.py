"""LoCoMo as the benches read it (`../shared/bench/locomo10.json`): the conversations with
their sessions in order, their date-times and their scorable questions (evidence repaired), each
turn as the text stored for it, and a conversation as a history file imported into Retentia
(the vectors are `vector_cache`'s)."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Final

from bench.harness.clock import BenchClock
from bench.harness.run import REPO_ROOT, log
from schema import Tenant
from service.usecases.history_import import HistoryImporter, open_history
from service.usecases.ndjson import Header, encode

DEFAULT_DATA: Final = REPO_ROOT.parent / "shared" / "bench" / "locomo10.json"
DATE_FORMAT: Final = "%I:%M %p on %d %B, %Y"  # "1:56 pm on 8 May, 2023"
CATEGORIES: Final = {1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop"}
#: After the last session, when every question is asked.
ASK_AFTER: Final = timedelta(days=1)
#: Evidence ids as the data spells them, malformed ones included ("D:11:26", "D30:05").
_EVIDENCE: Final = re.compile(r"D:?(\d+):(\d+)")


def session_keys(conv: Mapping[str, Any]) -> list[str]:
    """The conversation's session keys in order ("session_1", "session_2", …)."""
    keys = [k for k, v in conv.items() if k.startswith("session_") and isinstance(v, list)]
    return sorted(keys, key=lambda k: int(k.removeprefix("session_")))


def turn_content(turn: Mapping[str, Any]) -> str:
    """A turn as it is stored: `speaker: text`, and the image's caption when it has one."""
    content = f"{turn['speaker']}: {turn['text']}"
    caption = turn.get("blip_caption")
    return f"{content} [image: {caption}]" if caption else content


def session_time(conv: Mapping[str, Any], key: str) -> datetime:
    """When session `key` of a conversation took place (UTC)."""
    return datetime.strptime(conv[f"{key}_date_time"], DATE_FORMAT).replace(tzinfo=UTC)


@dataclass(frozen=True, slots=True)
class Turn:
    dia_id: str
    #: 0-based position in the conversation (sessions in order, then turns).
    index: int
    content: str


@dataclass(frozen=True, slots=True)
class Session:
    key: str
    at: datetime
    turns: tuple[Turn, ...]


@dataclass(frozen=True, slots=True)
class Question:
    #: Position among all scorable questions of the run.
    qid: int
    conversation: str
    text: str
    category: str
    evidence: tuple[str, ...]
    answer: str


@dataclass(slots=True)
class Conversation:
    sample_id: str
    sessions: list[Session]
    questions: list[Question] = field(default_factory=list)

    @property
    def turns(self) -> list[Turn]:
        return [t for s in self.sessions for t in s.turns]

    @property
    def asked_at(self) -> datetime:
        return max(s.at for s in self.sessions) + ASK_AFTER

    @property
    def tenant(self) -> Tenant:
        return Tenant(org="bench", project=f"locomo-{self.sample_id}")


@dataclass(slots=True)
class DataReport:
    turns: int = 0
    adversarial: int = 0
    repaired: list[str] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    no_evidence: int = 0
    scorable: int = 0


def parse_evidence(raw: Iterable[str]) -> tuple[list[str], list[str]]:
    """Evidence ids in order without repeats, and the strings that needed repair: several ids
    in one string ("D8:6; D9:17"), a stray colon ("D:11:26"), a leading zero ("D30:05"), or no
    id at all ("D")."""
    ids: dict[str, None] = {}
    repaired: list[str] = []
    for text in raw:
        found = [f"D{int(s)}:{int(t)}" for s, t in _EVIDENCE.findall(text)]
        if found != [text]:
            repaired.append(text)
        ids.update(dict.fromkeys(found))
    return list(ids), repaired


def load_locomo(
    path: Path, conversations: int | None, questions: int | None
) -> tuple[list[Conversation], DataReport]:
    """The first `conversations` conversations (all when None), and at most `questions`
    scorable questions of each (all when None)."""
    raw: list[dict[str, Any]] = json.loads(path.read_text())
    report = DataReport()
    out: list[Conversation] = []
    qid = 0
    for sample in raw[:conversations]:
        conv = sample["conversation"]
        sessions: list[Session] = []
        index = 0
        for key in session_keys(conv):
            at = session_time(conv, key)
            turns = []
            for turn in conv[key]:
                turns.append(Turn(str(turn["dia_id"]), index, turn_content(turn)))
                index += 1
            sessions.append(Session(key, at, tuple(turns)))
        conversation = Conversation(str(sample["sample_id"]), sessions)
        known = {t.dia_id for t in conversation.turns}
        report.turns += len(known)
        for qa in sample["qa"]:
            if qa["category"] not in CATEGORIES:
                report.adversarial += 1
                continue
            ids, repaired = parse_evidence(qa.get("evidence", []))
            report.repaired += [f"{conversation.sample_id} {r!r}" for r in repaired]
            report.missing += [f"{conversation.sample_id} {i}" for i in ids if i not in known]
            evidence = tuple(i for i in ids if i in known)
            if not evidence:
                report.no_evidence += 1
                continue
            if questions is not None and len(conversation.questions) >= questions:
                continue
            conversation.questions.append(
                Question(
                    qid,
                    conversation.sample_id,
                    str(qa["question"]),
                    CATEGORIES[qa["category"]],
                    evidence,
                    str(qa.get("answer", "")),
                )
            )
            qid += 1
        out.append(conversation)
    report.scorable = qid
    return out, report


def all_questions(conversations: Sequence[Conversation]) -> list[Question]:
    return [q for c in conversations for q in c.questions]


def history_lines(conv: Conversation) -> list[list[str]]:
    """The conversation as a history file (docs/ndjson-format.md): a header, then each turn a
    `memory` record created at its session's date-time, in turn order. One slice per session
    (the header in the first), so that importing the slices one after another writes each
    session as one batch, as a client storing a session at a time would."""
    header = encode(Header())
    slices = []
    for session in conv.sessions:
        slices.append(
            [
                encode(
                    {
                        "kind": "memory",
                        "id": t.dia_id,
                        "content": t.content,
                        "created_at": session.at.isoformat(),
                        "event_time": session.at.isoformat(),
                        "session": f"{conv.sample_id}:{session.key}",
                        "metadata": {"dia_id": t.dia_id},
                    }
                )
                for t in session.turns
            ]
        )
    if slices:
        slices[0].insert(0, header)
    return slices


async def import_conversations(
    importer: HistoryImporter, conversations: Sequence[Conversation], clock: BenchClock
) -> tuple[float, int]:
    """Each conversation's history file through the public import path (`retentia import`'s
    importer), a session per batch, in turn order: the seconds spent inside it and the turns
    imported."""
    ingest_s, ingested = 0.0, 0
    clock.now = datetime.now(UTC)
    for n, conv in enumerate(conversations, 1):
        spent = 0.0
        for lines in history_lines(conv):
            _, records = open_history(lines)
            t0 = time.perf_counter()
            report = await importer.run(conv.tenant, records, batch=max(1, len(lines)))
            spent += time.perf_counter() - t0
            if report.rejected:
                raise SystemExit(f"{conv.sample_id}: import rejected {report.rejected[0]}")
        turns = len(conv.turns)
        ingest_s += spent
        ingested += turns
        log(
            f"  retentia ingest {n}/{len(conversations)} {conv.sample_id}: {turns} turns, "
            f"{len(conv.sessions)} sessions in {spent:.1f} s ({turns / spent:.0f}/s)"
        )
    return ingest_s, ingested

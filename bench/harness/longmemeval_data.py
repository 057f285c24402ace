"""LongMemEval-S's knowledge-update questions as the benches read them
(`../shared/bench/longmemeval_s_knowledge_update.json`): each answerable question with its own
haystack of sessions in date order, every turn as `role: content`, and its two gold sessions."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Final

from schema import Tenant

DATE_FORMAT: Final = "%Y/%m/%d (%a) %H:%M"  # "2023/05/11 (Thu) 02:02"


@dataclass(frozen=True)
class Turn:
    key: str  # "<session id>#<index>"
    session: str
    content: str
    gold: bool


@dataclass(frozen=True)
class Session:
    id: str
    at: datetime
    turns: tuple[Turn, ...]


@dataclass(frozen=True)
class Item:
    qid: str
    question: str
    asked_at: datetime
    sessions: tuple[Session, ...]
    #: The two gold sessions, older first (by date, then position in the haystack).
    gold: tuple[str, str]

    @property
    def turns(self) -> list[Turn]:
        return [t for s in self.sessions for t in s.turns]

    def tenant(self, n: int) -> Tenant:
        return Tenant(org="bench", project=f"lme-{n:03d}")


def parse_date(text: str) -> datetime:
    return datetime.strptime(text, DATE_FORMAT).replace(tzinfo=UTC)


def load_items(path: Path, limit: int | None) -> list[Item]:
    raw = json.loads(path.read_text())
    items = []
    for q in raw:
        if q["question_id"].endswith("_abs"):
            continue
        sessions = []
        for sid, date, turns in zip(
            q["haystack_session_ids"], q["haystack_dates"], q["haystack_sessions"], strict=True
        ):
            sessions.append(
                Session(
                    sid,
                    parse_date(date),
                    tuple(
                        Turn(
                            f"{sid}#{j}",
                            sid,
                            f"{t['role']}: {t['content']}",
                            bool(t.get("has_answer")),
                        )
                        for j, t in enumerate(turns)
                    ),
                )
            )
        position = {s.id: i for i, s in enumerate(sessions)}
        at = {s.id: s.at for s in sessions}
        gold = sorted(q["answer_session_ids"], key=lambda s: (at[s], position[s]))
        if len(gold) != 2:
            raise SystemExit(f"{q['question_id']}: expected two gold sessions, got {gold}")
        items.append(
            Item(
                q["question_id"],
                q["question"],
                parse_date(q["question_date"]),
                tuple(sorted(sessions, key=lambda s: (s.at, position[s.id]))),
                (gold[0], gold[1]),
            )
        )
        if limit is not None and len(items) >= limit:
            break
    return items

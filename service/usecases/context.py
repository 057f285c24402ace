"""`context(query, budget, intent, asOf)`: a ready-to-paste block for the answering model and
its structured parts, within a token budget counted by a real tokenizer (ADR 0029).

What goes in, in this order: the current facts matching the query (by their fused fact-leg
score: "Carol lives in Oslo — since 2025-06"), what changed in those facts' slots (earlier
values, newest first: "Carol lives in: previously Rome, until 2025-06"), the core identity
memories (newest first), then the memories recall ranks for the query (a memory replaced by a
newer one is marked as previous, and followed by its update where that ranked lower). Items
are added whole in that order while the block, counted whole by the tokenizer, stays within
the budget; an item that does not fit is left out, with the reason, and the later, smaller
ones are still tried. Nothing is cut in half.

A memory's date and session head its group, once: within a section the memories of one day
and session sit under one heading (`[2023-05-08, session 3]`), the groups in the order of
their best item, the memories in a group in the order they were stored. A per-line prefix cost
~18 tokens a LoCoMo turn — half the length of its text (35 on average) — so at the same budget
the block held fewer turns than a bare top-k cut."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Final, Literal

from schema import InvalidInput, Memory, Tenant
from schema.facts import Fact
from schema.values import MAX_SHORT_TEXT_BYTES, check_text
from service.adapters.tokens import TokenCounter
from service.engine.query import Intent
from service.usecases.core_preferences import CorePreferencesService
from service.usecases.recall import MAX_K, RecallHit, RecallRequest, RecallService

MIN_BUDGET: Final = 16
MAX_BUDGET: Final = 32_768
#: Core memories considered for the identity section.
MAX_CORE: Final = 20
#: Budget tokens per memory recall is asked for: fewer than a memory takes, so that the budget,
#: not the number of candidates, ends the block (a LoCoMo turn under its heading takes ~25–30).
TOKENS_PER_CANDIDATE: Final = 20


def recall_k(budget: int) -> int:
    """The memories the block's recall asks for: budget / `TOKENS_PER_CANDIDATE`, 10–`MAX_K`."""
    return min(MAX_K, max(10, budget // TOKENS_PER_CANDIDATE))


Kind = Literal["fact", "change", "identity", "memory"]
#: The sections in the order they fill, with their headers in the block.
SECTIONS: Final[tuple[tuple[Kind, str], ...]] = (
    ("fact", "Current facts:"),
    ("change", "What changed:"),
    ("identity", "About the user:"),
    ("memory", "Relevant memories:"),
)
ORDER: Final = (
    "current facts by fused fact-leg score, then what changed in their slots (earlier values, "
    "newest first), then core identity memories (newest first), then the memories in recall's "
    "ranking, a memory that was updated followed by its update; each item is added whole while "
    "the block, counted by the tokenizer, stays within the budget; one that does not fit is "
    "dropped and the later ones are still tried; within a "
    "section, memories of one day and session sit under one heading, the groups in the order of "
    "their best item, a group's memories in the order they happened"
)


@dataclass(frozen=True, slots=True)
class ContextRequest:
    query: str
    budget: int
    #: None detects it from the query, as recall does.
    intent: Intent | None = None
    as_of: datetime | None = None


@dataclass(frozen=True, slots=True)
class ContextItem:
    kind: Kind
    #: The memory or fact the line states.
    id: str
    #: The line as the block shows it (without the "- " bullet).
    text: str
    #: Tokens of the line alone (bullet included), by the same tokenizer.
    tokens: int
    #: 0-based position in the fill order.
    position: int
    #: The memory a fact or change was stated in, when there is one.
    source: str | None = None
    #: When the line is about: a fact's start, a change's end, a memory's creation.
    at: datetime | None = None
    #: The heading the line sits under in its section (a memory's date and session), shared
    #: by the items with the same one; None for a fact or change, which stand alone.
    heading: str | None = None


@dataclass(frozen=True, slots=True)
class DroppedItem:
    item: ContextItem
    reason: str


@dataclass
class ContextBlock:
    query: str
    intent: Intent
    at: datetime
    budget: int
    #: The ready-to-paste block.
    text: str
    #: Tokens of `text` by `tokenizer` (never above `budget`).
    tokens: int
    tokenizer: str
    items: list[ContextItem] = field(default_factory=list)
    dropped: list[DroppedItem] = field(default_factory=list)
    order: str = ORDER


def _month(at: datetime) -> str:
    return f"{at:%Y-%m}"


def fact_line(fact: Fact) -> str:
    line = f"{fact.subject} {fact.predicate} {fact.object} — since {_month(fact.started_at)}"
    return line if fact.confidence >= 1.0 else f"{line} (confidence {fact.confidence:.2f})"


def change_line(fact: Fact, current: Fact) -> str:
    end = fact.valid_to or fact.invalid_at or current.started_at
    return (
        f"{fact.subject} {fact.predicate}: previously {fact.object}, until {_month(end)} "
        f"(now {current.object})"
    )


def memory_heading(memory: Memory) -> str:
    """The heading of a memory's group: its date and session."""
    where = f", session {memory.source_session}" if memory.source_session else ""
    return f"[{memory.created_at:%Y-%m-%d}{where}]"


def memory_line(memory: Memory, *, updated: bool = False) -> str:
    """A memory's content on one line; one replaced by a newer one (amended, or a later memory
    recall found to update it: docs/adr/0027) is marked as previous."""
    previous = "previous (updated since): " if memory.superseded_by or updated else ""
    return f"{previous}{' '.join(memory.content.split())}"


class ContextService:
    def __init__(
        self,
        recall: RecallService,
        core: CorePreferencesService,
        tokenizer: Callable[[], TokenCounter],
    ) -> None:
        self._recall = recall
        self._core = core
        #: Loaded at the first block (a server that never builds one never loads it).
        self._tokenizer = tokenizer

    async def context(self, tenant: Tenant, request: ContextRequest) -> ContextBlock:
        check_text("query", request.query, MAX_SHORT_TEXT_BYTES)
        if not MIN_BUDGET <= request.budget <= MAX_BUDGET:
            raise InvalidInput(
                "budget", f"{request.budget} tokens is outside {MIN_BUDGET}–{MAX_BUDGET}"
            )
        counter = self._tokenizer()
        k = recall_k(request.budget)
        result = await self._recall.recall(
            tenant,
            RecallRequest(
                query=request.query,
                k=k,
                intent=request.intent,
                as_of=request.as_of,
                read_only=True,
            ),
        )
        at = result.at
        current = [h.fact for h in result.facts if h.current]
        earlier = await self._recall.earlier_values(tenant, current, at) if current else {}
        core = [m for m in await self._core.list_core(tenant, limit=MAX_CORE) if m.created_at <= at]
        lines: list[tuple[Kind, str, str, str | None, datetime | None, str | None]] = []
        for fact in current:
            lines.append(("fact", fact.id, fact_line(fact), fact.source, fact.started_at, None))
        seen_changes: set[str] = set()
        for fact in current:
            for old in earlier.get(fact.id, []):
                if old.id not in seen_changes and old.object_key != fact.object_key:
                    seen_changes.add(old.id)
                    end = old.valid_to or old.invalid_at or fact.started_at
                    line = change_line(old, fact)
                    lines.append(("change", old.id, line, old.source, end, None))
        core_ids = {m.id for m in core}
        for m in core:
            lines.append(("identity", m.id, memory_line(m), None, m.created_at, memory_heading(m)))
        for hit in _updates_after_what_they_updated(result.hits):
            m = hit.memory
            if m.id not in core_ids:
                line = memory_line(m, updated=hit.updated)
                lines.append(("memory", m.id, line, None, m.created_at, memory_heading(m)))
        items = [
            ContextItem(
                kind=kind,
                id=item_id,
                text=text,
                tokens=counter.count(f"- {text}"),
                position=i,
                source=source,
                at=when,
                heading=heading,
            )
            for i, (kind, item_id, text, source, when, heading) in enumerate(lines)
        ]
        kept, dropped, text, tokens = fill(items, request.budget, counter)
        return ContextBlock(
            query=request.query,
            intent=result.intent,
            at=at,
            budget=request.budget,
            text=text,
            tokens=tokens,
            tokenizer=counter.name,
            items=kept,
            dropped=dropped,
        )


def _updates_after_what_they_updated(hits: Sequence[RecallHit]) -> list[RecallHit]:
    """Recall's hits in its order, except that a hit a later one updates is followed by its
    update, when that ranked lower: asked for an earlier value (historical intent ranks it
    above the current one), the block states what replaced it right after it, instead of
    leaving the current value to whatever budget is left."""
    by_id = {h.memory.id: h for h in hits}
    placed: set[str] = set()
    out: list[RecallHit] = []
    for hit in hits:
        if hit.memory.id in placed:
            continue
        out.append(hit)
        placed.add(hit.memory.id)
        update = by_id.get(hit.updated_by or "")
        if update is not None and update.memory.id not in placed:
            out.append(update)
            placed.add(update.memory.id)
    return out


def render(items: Sequence[ContextItem]) -> str:
    """The block: each non-empty section's header, then its items as bullets, those with a
    heading grouped under it (groups in the order of their first item, a group's items in
    the order they happened)."""
    parts = []
    for kind, header in SECTIONS:
        mine = [i for i in items if i.kind == kind]
        if not mine:
            continue
        groups: dict[str | None, list[ContextItem]] = {}
        for item in mine:
            groups.setdefault(item.heading, []).append(item)
        lines = [header]
        for heading, group in groups.items():
            if heading is None:
                lines += [f"- {i.text}" for i in group]
                continue
            ordered = sorted(group, key=lambda i: (i.at.timestamp() if i.at else 0.0, i.position))
            lines += [heading, *(f"- {i.text}" for i in ordered)]
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


def fill(
    items: Sequence[ContextItem], budget: int, counter: TokenCounter
) -> tuple[list[ContextItem], list[DroppedItem], str, int]:
    """Items added whole in order while the rendered block's count stays within `budget`."""
    kept: list[ContextItem] = []
    dropped: list[DroppedItem] = []
    text, tokens = "", 0
    for item in items:
        trial = render([*kept, item])
        count = counter.count(trial)
        if count <= budget:
            kept.append(item)
            text, tokens = trial, count
        else:
            dropped.append(
                DroppedItem(
                    item,
                    f"over budget: the block would take {count} tokens of {budget} "
                    f"({budget - tokens} left, the item needs {count - tokens})",
                )
            )
    return kept, dropped, text, tokens

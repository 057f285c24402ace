"""The fact layer's use cases: `apply_facts` (the only way facts are written), retraction and
the temporal reads (docs/design.md §5).

Every writer — the batch API, facts stored with a memory, LLM extraction, amendments — calls
`apply_facts`. It validates each input on its own (a bad fact is an error result, never the
batch's end), builds candidates with one shared normalisation, and lets the repository run the
supersession plan atomically against what the store holds. The derived RELATES edges are
projected right after the fact write; the reconciler repairs them if that second write is lost.
"""

from __future__ import annotations

import hashlib
import json
import logging
import uuid
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any, Final

from pydantic import ValidationError

from graph_backends import Backend
from schema import (
    EdgeCreator,
    EdgeType,
    FactState,
    InvalidInput,
    NotFound,
    Tenant,
    projection,
)
from schema.facts import (
    Candidate,
    Close,
    Entity,
    ExtractionRecord,
    Fact,
    FactBatchResult,
    FactInput,
    FactOutcome,
    FactPosition,
    FactQuery,
    FactResult,
    FactSnapshot,
    FactWrite,
    FactWriter,
    Supersession,
    entity_id,
)
from schema.validation import build
from service.adapters.embedding import Embedder
from service.adapters.webhooks import WebhookSender
from service.engine.fact_plan import plan_batch
from service.engine.fact_time import event_expiry, event_time_category, event_validity
from service.engine.settings import EngineSettings
from service.engine.supersession import ConflictKey, Triple, conflict_key, normalise
from service.engine.timeline import ends_at, settle
from service.runtime import metrics
from service.usecases.embedder_records import EmbedderGuard

log = logging.getLogger(__name__)

Clock = Callable[[], datetime]
#: Called at named points of a write; a test uses it to kill the writer in between.
FaultHook = Callable[[str], Awaitable[None] | None]
#: Most facts one batch may carry.
MAX_FACT_BATCH: Final = 1000
#: Predicates that hold one value at a time whatever the category (normalised). A tenant adds
#: its own with `register_functional`.
FUNCTIONAL_PREDICATES: Final = frozenset(
    {
        "works at",
        "works for",
        "employer",
        "lives in",
        "lives at",
        "located in",
        "based in",
        "job title",
        "role",
        "age",
        "married to",
        "spouse",
        "reports to",
        "manager",
        "plan",
        "subscription",
        "timezone",
        "time zone",
        "phone number",
        "email",
        "address",
        "status",
    }
)
FUNCTIONAL_CONFIG_KEY: Final = "functional_predicates"
#: Most facts one slot's history is read with (registering a functional predicate).
_MAX_SLOT_HISTORY: Final = 10_000
#: Longest predicate a tenant may register (normalised), and most it may register.
MAX_PREDICATE_LENGTH: Final = 200
MAX_FUNCTIONAL_PREDICATES: Final = 1000
#: Facts per page when registering a functional predicate walks its stored facts.
_PAGE: Final = 1000


@dataclass(frozen=True, slots=True)
class FunctionalRegistration:
    """What `register_functional` did: the tenant's registered list, and the facts it closed
    (or, in a dry run, would close)."""

    predicates: list[str]
    closed: list[Fact]
    dry_run: bool


def fact_text(fact: Fact) -> str:
    """What every writer of a fact's vector embeds (a migration re-embeds the same)."""
    return f"{fact.subject} {fact.predicate} {fact.object}"


def is_proper_name(text: str) -> bool:
    """Every word starts with an upper-case letter or a digit: "Acme", "New York", "Q3 2026"."""
    words = text.split()
    return bool(words) and all(w[0].isupper() or w[0].isdigit() for w in words)


def fingerprint(fact: FactInput, keys: tuple[str, str, str]) -> str:
    """Identity of an assertion: the same content, time and source is the same write."""

    def iso(value: datetime | None) -> str | None:
        return None if value is None else value.isoformat()

    payload = [
        *keys,
        str(fact.category),
        repr(fact.confidence),
        iso(fact.valid_from),
        iso(fact.valid_to),
        iso(fact.event_time),
        fact.source,
        fact.functional,
    ]
    return hashlib.sha256(json.dumps(payload).encode()).hexdigest()


class FactService:
    def __init__(
        self,
        repository: Backend,
        clock: Clock,
        engine: EngineSettings | None = None,
        *,
        webhook: WebhookSender | None = None,
        fault: FaultHook | None = None,
        embedder: Embedder | None = None,
        guard: EmbedderGuard | None = None,
    ) -> None:
        self._repository = repository
        self._embedder = embedder
        if guard is None and embedder is not None:
            guard = EmbedderGuard(repository, embedder.name, embedder.dimension)
        #: The project's recorded embedder, checked before fact vectors are written.
        self._guard = guard
        self._clock = clock
        self._engine = engine or EngineSettings()
        self._webhook = webhook
        self._fault = fault

    def now(self) -> datetime:
        return self._clock()

    @property
    def repository(self) -> Backend:
        return self._repository

    # -- configuration ---------------------------------------------------------------------

    async def functional_predicates(self, tenant: Tenant) -> frozenset[str]:
        raw = await self._repository.get_config(tenant, FUNCTIONAL_CONFIG_KEY)
        registered = frozenset(json.loads(raw)) if raw else frozenset()
        return FUNCTIONAL_PREDICATES | registered

    async def register_functional(
        self, tenant: Tenant, predicates: Sequence[str], *, dry_run: bool = False
    ) -> FunctionalRegistration:
        """Register predicates as single-valued for the tenant, and apply the rule to the facts
        already stored: each subject's triples of such a predicate become one slot, settled as
        a timeline (the newest start holds; the others close at their successor's start).
        Idempotent; `dry_run` reports what would close and changes nothing."""
        names = {normalise(p) for p in predicates}
        if "" in names:
            raise InvalidInput("predicates", "a predicate has no words")
        if any(len(n) > MAX_PREDICATE_LENGTH for n in names):
            raise InvalidInput(
                "predicates", f"a predicate is longer than {MAX_PREDICATE_LENGTH} characters"
            )
        raw = await self._repository.get_config(tenant, FUNCTIONAL_CONFIG_KEY)
        merged = sorted(set(json.loads(raw) if raw else []) | names)
        if len(merged) > MAX_FUNCTIONAL_PREDICATES:
            raise InvalidInput(
                "predicates",
                f"the tenant would register {len(merged)} predicates; at most "
                f"{MAX_FUNCTIONAL_PREDICATES}",
            )
        if not dry_run:
            # First, so a fact written from now on already takes its slot key.
            await self._repository.put_config(tenant, FUNCTIONAL_CONFIG_KEY, json.dumps(merged))
        closed: list[Fact] = []
        for name in sorted(names):
            subjects: set[str] = set()
            after: FactPosition | None = None
            while True:  # every stored fact of the predicate, a page at a time
                page = await self._repository.find_facts(
                    tenant,
                    FactQuery(predicate=name, limit=_PAGE, oldest_first=True, after=after),
                )
                subjects |= {f.subject_key for f in page if not f.single_valued}
                if len(page) < _PAGE:
                    break
                after = FactPosition.of(page[-1])
            for subject in sorted(subjects):
                closed += await self._make_slot(tenant, subject, name, dry_run=dry_run)
        return FunctionalRegistration(predicates=merged, closed=closed, dry_run=dry_run)

    async def _make_slot(
        self, tenant: Tenant, subject: str, predicate: str, *, dry_run: bool
    ) -> list[Fact]:
        """Move the subject's triples of `predicate` into one slot and settle it; returns the
        facts that were active and now are closed."""
        stored = await self._repository.find_facts(
            tenant, FactQuery(subject=subject, predicate=predicate, limit=_MAX_SLOT_HISTORY)
        )
        slot_key = ConflictKey(subject, predicate, None).encoded
        keys = {f.conflict_key for f in stored} | {slot_key}
        closed: list[Fact] = []

        def plan(snapshot: FactSnapshot) -> FactWrite:
            write = FactWrite()
            closed.clear()
            members: dict[str, Fact] = {}
            for facts in snapshot.facts.values():
                for f in facts:
                    if f.subject_key != subject or f.predicate_key != predicate:
                        continue
                    if f.conflict_key != slot_key:
                        write.rekeys[f.id] = slot_key
                        f = f.model_copy(update={"conflict_key": slot_key, "single_valued": True})
                    members[f.id] = f
            for fact_id, after in settle(members.values()).items():
                before = members[fact_id]
                change = Close(
                    fact_id, after.state, after.valid_to, after.invalid_at, after.superseded_by
                )
                if before.state is FactState.ACTIVE:
                    successor = members[str(after.superseded_by)]
                    write.closes.append(change)
                    write.supersessions.append(
                        Supersession(before, successor, successor.started_at)
                    )
                    closed.append(after)
                else:
                    write.reshapes.append(change)
            return FactWrite() if dry_run else write

        write = await self._repository.commit_facts(
            tenant, keys=keys, fingerprints=(), now=self._clock(), plan=plan
        )
        if not dry_run and not write.empty:
            await self._project(tenant, write, self._clock())
            await self._announce(tenant, write)
        return sorted(closed, key=lambda f: (f.started_at, f.id))

    # -- writes ----------------------------------------------------------------------------

    def _candidate(
        self,
        index: int,
        item: FactInput,
        writer: FactWriter,
        now: datetime,
        functional: frozenset[str],
    ) -> Candidate:
        keys = (normalise(item.subject), normalise(item.predicate), normalise(item.object))
        for field, key in zip(("subject", "predicate", "object"), keys, strict=True):
            if not key:
                raise InvalidInput(field, "has no letters or digits once normalised")
        subject_key, predicate_key, object_key = keys
        competes = conflict_key(
            Triple(item.subject, item.predicate, item.object),
            item.category,
            functional,
            declared=item.functional,
        )
        resolves = (
            item.object_is_entity
            if item.object_is_entity is not None
            else is_proper_name(item.object)
        )
        valid_to = item.valid_to
        if valid_to is None and item.event_time is not None and event_time_category(item.category):
            valid_to = event_expiry(item.event_time, self._engine)
        valid_from = item.valid_from or now
        if valid_to is not None and valid_to <= valid_from:
            raise InvalidInput("event_time", "the event's expiry is before the fact starts")
        fact = Fact(
            id=str(uuid.uuid4()),
            subject=item.subject,
            predicate=item.predicate,
            object=item.object,
            subject_key=subject_key,
            predicate_key=predicate_key,
            object_key=object_key,
            subject_entity=entity_id(subject_key),
            object_entity=entity_id(object_key) if resolves else None,
            conflict_key=competes.encoded,
            single_valued=competes.is_slot,
            fingerprint=fingerprint(item, keys),
            valid_from=valid_from,
            valid_to=valid_to,
            recorded_at=now,
            category=item.category,
            confidence=item.confidence,
            event_time=item.event_time,
            source=item.source,
            writer=writer,
        )
        return Candidate(index=index, fact=fact, stamped=item.valid_from is None)

    async def apply_facts(
        self,
        tenant: Tenant,
        facts: Sequence[FactInput | Mapping[str, Any]],
        writer: FactWriter,
        *,
        source: str | None = None,
    ) -> FactBatchResult:
        """Write a batch through the one supersession path. `source` is the asserting memory
        for facts that name none."""
        if len(facts) > MAX_FACT_BATCH:
            raise InvalidInput("facts", f"{len(facts)} facts; at most {MAX_FACT_BATCH} per batch")
        now = self._clock()
        functional = await self.functional_predicates(tenant)
        errors: list[FactResult] = []
        candidates: list[Candidate] = []
        for index, raw in enumerate(facts):
            try:
                item = raw if isinstance(raw, FactInput) else build(FactInput, **dict(raw))
                if item.source is None and source is not None:
                    item = item.model_copy(update={"source": source})
                candidates.append(self._candidate(index, item, writer, now, functional))
            except InvalidInput as e:
                errors.append(_error(index, e.field, e.message))
            except (ValidationError, TypeError, ValueError) as e:
                errors.append(_error(index, None, str(e)))
        candidates = await self._check_sources(tenant, candidates, errors)
        write = FactWrite()
        if candidates:
            vectors: dict[str, tuple[float, ...]] = {}
            if self._embedder is not None:
                if self._guard is not None:
                    await self._guard.check_write(tenant)
                texts = [fact_text(c.fact) for c in candidates]
                embedded = await self._embedder.embed(texts)
                vectors = {c.fact.id: v for c, v in zip(candidates, embedded, strict=True)}

            def plan(snapshot: FactSnapshot) -> FactWrite:
                # Called inside the repository's serialised section (again after a lost race):
                # instants the server assigns are taken here, so they follow every write
                # already committed to these slots.
                at = self._clock()
                stamped = _stamp(candidates, at)
                planned = plan_batch(stamped, snapshot, at)
                planned.vectors = vectors
                return planned

            write = await self._repository.commit_facts(
                tenant,
                keys={c.fact.conflict_key for c in candidates},
                fingerprints={c.fact.fingerprint for c in candidates},
                now=now,
                plan=plan,
            )
            await self._hit("after_fact_write")
            await self._project(tenant, write, now)
            await self._announce(tenant, write)
        result = FactBatchResult.of([*write.results, *errors])
        for r in result.results:
            metrics.FACTS_APPLIED.labels(str(writer), str(r.outcome)).inc()
        return result

    async def _check_sources(
        self, tenant: Tenant, candidates: list[Candidate], errors: list[FactResult]
    ) -> list[Candidate]:
        sources = {c.fact.source for c in candidates if c.fact.source}
        if not sources:
            return candidates
        present = await self._repository.existing_ids(tenant, sources)
        kept = []
        for c in candidates:
            if c.fact.source and c.fact.source not in present:
                errors.append(_error(c.index, "source", f"memory {c.fact.source} does not exist"))
            else:
                kept.append(c)
        return kept

    async def _hit(self, point: str) -> None:
        if self._fault is not None:
            outcome = self._fault(point)
            if outcome is not None:
                await outcome

    async def _project(self, tenant: Tenant, write: FactWrite, now: datetime) -> None:
        ops = projection.for_write(write)
        if not ops.empty:
            await self._repository.project_relations(tenant, ops.upserts, ops.expiries, now)
        await self._link_superseding_memories(tenant, write.supersessions, now)

    async def _link_superseding_memories(
        self, tenant: Tenant, supersessions: Sequence[Supersession], now: datetime
    ) -> None:
        pairs = {
            (s.new.source, s.old.source)
            for s in _changes(supersessions)
            if s.new.source and s.old.source and s.new.source != s.old.source
        }
        if not pairs:
            return
        from service.usecases.memories import new_edge

        present = await self._repository.existing_ids(tenant, {m for p in pairs for m in p})
        edges = [
            new_edge(new, old, EdgeType.SUPERSEDES, now, created_by=EdgeCreator.FACT)
            for new, old in sorted(pairs)
            if new in present and old in present
        ]
        if edges:
            await self._repository.link(tenant, edges)

    async def _announce(self, tenant: Tenant, write: FactWrite) -> None:
        for s in _changes(write.supersessions):
            metrics.FACTS_SUPERSEDED.inc()
            if self._webhook is not None:
                self._webhook.send(
                    "FACT_SUPERSEDED",
                    {
                        "tenant": {"org": tenant.org, "project": tenant.project},
                        "old_id": s.old.id,
                        "new_id": s.new.id,
                        "at": s.at.isoformat(),
                        "triple": {
                            "subject": s.new.subject,
                            "predicate": s.new.predicate,
                            "object": s.new.object,
                            "previous_object": s.old.object,
                        },
                    },
                )

    async def retract(self, tenant: Tenant, fact_id: str, at: datetime | None = None) -> Fact:
        """Retract a fact at `at` (now by default): it leaves that instant and every later one,
        and stays in every earlier one. A fact already superseded retracts too (a history may
        still hold it at `at`); one that has ended by `at` is left as it is — so retractions
        and late-arriving facts give the same history in any order."""
        (fact,) = await self._repository.get_facts(tenant, [fact_id])
        if fact is None:
            raise NotFound("fact", fact_id)
        if at is not None and at < fact.started_at:
            raise InvalidInput("at", "is before the fact started")
        retracted: list[Fact] = []

        def plan(snapshot: FactSnapshot) -> FactWrite:
            instant = at or self._clock()
            slot = {f.id: f for f in snapshot.facts.get(fact.conflict_key, [])}
            current = slot.get(fact_id)
            if current is None:
                raise NotFound("fact", fact_id)
            if instant < current.started_at:
                raise InvalidInput("at", "is before the fact started")
            retracted.clear()
            write = FactWrite()
            ends = ends_at(current)
            if ends is not None and ends <= instant:
                retracted.append(current)  # it has already ended by then
                return write
            step = Close(fact_id, FactState.RETRACTED, invalid_at=instant)
            (write.closes if current.state is FactState.ACTIVE else write.reshapes).append(step)
            retracted.append(
                current.model_copy(update={"state": FactState.RETRACTED, "invalid_at": instant})
            )
            return write

        await self._repository.commit_facts(
            tenant, keys={fact.conflict_key}, fingerprints=(), now=self._clock(), plan=plan
        )
        (result,) = retracted
        if result.invalid_at is not None and result.invalid_at != fact.invalid_at:
            ops = projection.for_retraction(result, result.invalid_at)
            await self._repository.project_relations(
                tenant, ops.upserts, ops.expiries, result.invalid_at
            )
            metrics.FACTS_RETRACTED.inc()
        return result

    async def retract_facts(
        self, tenant: Tenant, ids: Sequence[str], at: datetime | None = None
    ) -> list[Fact]:
        """Retract, at `at` (now by default), each of the facts that is still active, in one
        write; the others are left as they are. A fact that only starts later is retracted
        from its start, so it never holds. Returns the facts retracted."""
        stored = await self._repository.get_facts(tenant, list(dict.fromkeys(ids)))
        wanted = {f.id: f for f in stored if f is not None and f.state is FactState.ACTIVE}
        if not wanted:
            return []
        retracted: list[Fact] = []

        def plan(snapshot: FactSnapshot) -> FactWrite:
            instant = at or self._clock()
            retracted.clear()
            write = FactWrite()
            for slot in snapshot.facts.values():
                for current in slot:
                    if current.id not in wanted or current.state is not FactState.ACTIVE:
                        continue
                    when = max(instant, current.started_at)
                    write.closes.append(Close(current.id, FactState.RETRACTED, invalid_at=when))
                    retracted.append(
                        current.model_copy(
                            update={"state": FactState.RETRACTED, "invalid_at": when}
                        )
                    )
            return write

        await self._repository.commit_facts(
            tenant,
            keys={f.conflict_key for f in wanted.values()},
            fingerprints=(),
            now=self._clock(),
            plan=plan,
        )
        upserts, expiries = [], []
        for fact in retracted:
            assert fact.invalid_at is not None
            ops = projection.for_retraction(fact, fact.invalid_at)
            upserts += ops.upserts
            expiries += ops.expiries
        if expiries:
            await self._repository.project_relations(tenant, upserts, expiries, self._clock())
        metrics.FACTS_RETRACTED.inc(len(retracted))
        return sorted(retracted, key=lambda f: f.id)

    async def asserted_only_by(self, tenant: Tenant, memory_ids: Sequence[str]) -> list[Fact]:
        """The facts some of the memories assert and no other memory does (in any state):
        what deleting those memories leaves without a source (docs/adr/0021)."""
        return await sole_assertions(self._repository, tenant, memory_ids)

    # -- reads -----------------------------------------------------------------------------

    async def extractions(
        self, tenant: Tenant, memory_ids: Sequence[str]
    ) -> list[ExtractionRecord | None]:
        """The fact-extraction outcome recorded for each memory (aligned with the ids)."""
        return await self._repository.get_extractions(tenant, memory_ids)

    async def asserted(self, tenant: Tenant, memory_ids: Sequence[str]) -> list[list[Fact]]:
        """The facts each memory asserts, every state, oldest first (aligned with the ids)."""
        found = await self._repository.facts_of_memories(tenant, memory_ids)
        return [sorted(found.get(i, ()), key=_oldest_first) for i in memory_ids]

    async def facts(
        self,
        tenant: Tenant,
        *,
        subject: str | None = None,
        predicate: str | None = None,
        entity: str | None = None,
        at: datetime | None = None,
        start: datetime | None = None,
        end: datetime | None = None,
        states: Sequence[FactState] | None = None,
        limit: int = 100,
        after: FactPosition | None = None,
    ) -> list[Fact]:
        """Facts true at `at` (now when no instant or range is given), or effective at some
        point of [start, end) — superseded part-way included. Newest first, `limit` of them
        from past `after` (the position of the last fact of the previous page)."""
        if start is not None and end is not None and end <= start:
            raise InvalidInput("end", "must be later than start")
        if at is None and start is None and end is None:
            at = self._clock()
        query = FactQuery(
            subject=normalise(subject) if subject else None,
            predicate=normalise(predicate) if predicate else None,
            entity=entity_id(normalise(entity)) if entity else None,
            states=tuple(states) if states else None,
            at=at,
            start=start,
            end=end,
            limit=limit,
            after=after,
        )
        return await self._repository.find_facts(tenant, query)

    async def slot_history(
        self,
        tenant: Tenant,
        subject: str,
        predicate: str,
        *,
        limit: int = 10_000,
        after: FactPosition | None = None,
    ) -> list[Fact]:
        """Every fact ever recorded for (subject, predicate), oldest first: `limit` of them
        from past `after`."""
        return await self._repository.find_facts(
            tenant,
            FactQuery(
                subject=normalise(subject),
                predicate=normalise(predicate),
                limit=limit,
                oldest_first=True,
                after=after,
            ),
        )

    async def entity(self, tenant: Tenant, name: str) -> Entity | None:
        (found,) = await self._repository.get_entities(tenant, [entity_id(normalise(name))])
        return found

    async def entity_history(self, tenant: Tenant, name: str) -> list[Fact]:
        """Every fact about the entity (as subject or object), oldest first."""
        return await self._repository.find_facts(
            tenant, FactQuery(entity=entity_id(normalise(name)), limit=10_000, oldest_first=True)
        )

    def relevance(self, fact: Fact, at: datetime) -> float:
        """How much the fact matters at `at`: the event-time kernel for obligations and
        logistics (rising towards the event, collapsing after), 1 for a fact true at `at`
        otherwise, 0 for one that is not."""
        if not fact.effective_at(at):
            return 0.0
        if fact.event_time is not None and event_time_category(fact.category):
            return event_validity(at, fact.event_time, self._engine)
        return 1.0


async def sole_assertions(
    repository: Backend, tenant: Tenant, memory_ids: Sequence[str]
) -> list[Fact]:
    """The facts some of the memories assert and no other memory does, in any state, by id."""
    if not memory_ids:
        return []
    asserted = await repository.facts_of_memories(tenant, list(dict.fromkeys(memory_ids)))
    facts = {f.id: f for listed in asserted.values() for f in listed}
    asserters = await repository.fact_asserters(tenant, sorted(facts))
    leaving = set(memory_ids)
    return [facts[i] for i in sorted(facts) if set(asserters.get(i, ())) <= leaving]


def _changes(supersessions: Sequence[Supersession]) -> list[Supersession]:
    """The supersessions that changed a value: a restatement (the same object from a later
    start) closes the earlier record but contradicts nothing."""
    return [s for s in supersessions if s.old.object_key != s.new.object_key]


def _stamp(candidates: Sequence[Candidate], at: datetime) -> list[Candidate]:
    """The candidates with the server's instant `at`: their record time, and the start of those
    that gave none — a microsecond apart within one slot, in batch order, so a batch reads as
    facts written one after another."""
    seen: dict[str, int] = {}
    stamped = []
    for c in candidates:
        update: dict[str, Any] = {"recorded_at": at}
        if c.stamped:
            position = seen.get(c.fact.conflict_key, 0)
            seen[c.fact.conflict_key] = position + 1
            update["valid_from"] = at + timedelta(microseconds=position)
        stamped.append(replace(c, fact=c.fact.model_copy(update=update)))
    return stamped


def _error(index: int, field: str | None, reason: str) -> FactResult:
    return FactResult(index=index, outcome=FactOutcome.ERROR, field=field, reason=reason)


__all__ = ["FUNCTIONAL_PREDICATES", "FactService", "is_proper_name", "sole_assertions"]


def _oldest_first(fact: Fact) -> tuple[datetime, datetime, str]:
    """The `FactPosition` order, ascending."""
    return fact.started_at, fact.recorded_at, fact.id

"""A batch of candidate facts against a snapshot of the store → one atomic write (pure).

The repository takes the snapshot — every fact recorded under the batch's conflict keys — and
applies the write under its concurrency control (`FactRepository.commit_facts`), calling
`plan_batch` again whenever a concurrent writer changed the slots in between; so every writer
of a slot decides against what is really there. Facts later in a batch see the earlier ones,
exactly as if they had been written one by one.

A single-valued slot is settled as a timeline (`service.engine.timeline`): its history is a
function of its facts, whatever order they arrive in. A multi-valued triple keeps the rules of
`supersession.decide` against its active facts.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from schema import FactState
from schema.facts import (
    Candidate,
    Close,
    Fact,
    FactOutcome,
    FactResult,
    FactSnapshot,
    FactWrite,
    Supersession,
)
from service.engine.supersession import ActiveFact, Triple, decide
from service.engine.timeline import confident, settle


def _triple(fact: Fact) -> Triple:
    return Triple(fact.subject_key, fact.predicate_key, fact.object_key)


def _active(fact: Fact, now: datetime) -> bool:
    return fact.state is FactState.ACTIVE and (fact.valid_to is None or fact.valid_to > now)


def plan_batch(candidates: Sequence[Candidate], snapshot: FactSnapshot, now: datetime) -> FactWrite:
    write = FactWrite()
    slots: dict[str, list[str]] = {k: [f.id for f in v] for k, v in snapshot.facts.items()}
    original: dict[str, Fact] = {f.id: f for facts in snapshot.facts.values() for f in facts}
    current: dict[str, Fact] = dict(original)
    inserted: list[str] = []
    recorded = dict(snapshot.recorded)

    def members(key: str) -> list[Fact]:
        return [current[i] for i in slots.get(key, [])]

    def add(fact: Fact) -> None:
        current[fact.id] = fact
        inserted.append(fact.id)
        slots.setdefault(fact.conflict_key, []).append(fact.id)
        recorded[fact.fingerprint] = fact.id

    def skipped(index: int, existing: str, source: str | None = None) -> None:
        write.results.append(
            FactResult(
                index=index, outcome=FactOutcome.SKIPPED, fact_id=existing, others=(existing,)
            )
        )
        if source is not None and current[existing].source != source:
            # Another memory states what is recorded already: it asserts that fact too.
            write.links.append((existing, source))

    def settle_slot(new: Fact) -> list[str]:
        """Settle `new`'s slot; returns the facts that were active and the settling closed."""
        closed = []
        for fact_id, settled in settle(members(new.conflict_key)).items():
            before = current[fact_id]
            current[fact_id] = settled
            if fact_id != new.id and before.state is FactState.ACTIVE:
                closed.append(fact_id)
                closer = current.get(settled.superseded_by or "", new)
                write.supersessions.append(Supersession(before, closer, closer.started_at))
        return sorted(closed)

    for candidate in candidates:
        new = candidate.fact
        if new.fingerprint in recorded:
            skipped(candidate.index, recorded[new.fingerprint])
            continue
        slot = members(new.conflict_key)
        if new.single_valued and confident(new):
            same = next(
                (
                    f
                    for f in slot
                    if _triple(f) == _triple(new)
                    and f.started_at == new.started_at
                    and f.confidence >= new.confidence
                ),
                None,
            )
            if same is not None:  # the same value from the same instant: already recorded
                skipped(candidate.index, same.id, new.source)
                continue
            add(new)
            closed = settle_slot(new)
            outcome = FactOutcome.SUPERSEDED if closed else FactOutcome.INSERTED
            write.results.append(
                FactResult(
                    index=candidate.index, outcome=outcome, fact_id=new.id, others=tuple(closed)
                )
            )
            continue
        active = [f for f in slot if _active(f, now)]
        decision = decide(
            _triple(new),
            new.confidence,
            new.category,
            [ActiveFact(f.id, _triple(f), f.confidence) for f in active],
        )
        if decision.outcome == "skipped":
            assert decision.existing is not None
            skipped(candidate.index, decision.existing, new.source)
            continue
        if decision.outcome == "superseded":  # a multi-valued triple confirmed
            add(new)
            for old_id in decision.others:
                before = current[old_id]
                current[old_id] = before.model_copy(
                    update={
                        "state": FactState.SUPERSEDED,
                        "valid_to": new.started_at,
                        "superseded_by": new.id,
                    }
                )
                write.supersessions.append(Supersession(before, new, new.started_at))
            outcome = FactOutcome.SUPERSEDED
        elif decision.outcome == "soft_conflict":
            add(new.model_copy(update={"soft_conflict_with": decision.others}))
            for other in decision.others:
                fact = current[other]
                current[other] = fact.model_copy(
                    update={"soft_conflict_with": (*fact.soft_conflict_with, new.id)}
                )
            outcome = FactOutcome.SOFT_CONFLICT
        else:
            add(new)
            outcome = FactOutcome.INSERTED
        if new.single_valued:
            settle_slot(new)  # a tentative fact older than the value it doubts is history
        write.results.append(
            FactResult(
                index=candidate.index, outcome=outcome, fact_id=new.id, others=decision.others
            )
        )

    write.inserts = [current[i] for i in inserted]
    new_ids = set(inserted)
    for fact_id, before in original.items():
        after = current[fact_id]
        if after == before:
            continue
        if after.soft_conflict_with != before.soft_conflict_with:
            write.soft_conflicts[fact_id] = after.soft_conflict_with
        if (after.state, after.valid_to, after.invalid_at, after.superseded_by) == (
            before.state,
            before.valid_to,
            before.invalid_at,
            before.superseded_by,
        ):
            continue
        change = Close(fact_id, after.state, after.valid_to, after.invalid_at, after.superseded_by)
        (write.closes if before.state is FactState.ACTIVE else write.reshapes).append(change)
    # A supersession names each fact in the version the projection needs: the final one.
    write.supersessions = [
        Supersession(s.old, current[s.new.id] if s.new.id in new_ids else s.new, s.at)
        for s in write.supersessions
    ]
    return write

"""A batch of candidate facts against a snapshot of the store → one atomic write (pure).

The repository takes the snapshot and applies the write under its concurrency control
(`FactRepository.commit_facts`), calling `plan_batch` again whenever a concurrent writer changed
the slots in between; so every writer of a slot decides against what is really there.
Facts later in a batch see the earlier ones, exactly as if they had been written one by one.
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


def _triple(fact: Fact) -> Triple:
    return Triple(fact.subject_key, fact.predicate_key, fact.object_key)


def plan_batch(candidates: Sequence[Candidate], snapshot: FactSnapshot) -> FactWrite:
    write = FactWrite()
    active: dict[str, list[Fact]] = {k: list(v) for k, v in snapshot.active.items()}
    recorded = dict(snapshot.recorded)
    inserted: dict[str, Fact] = {}  # id → the fact as it will be inserted (updated in place)
    existing: dict[str, Fact] = {f.id: f for facts in snapshot.active.values() for f in facts}

    def current(fact_id: str) -> Fact:
        return inserted.get(fact_id) or existing[fact_id]

    def close(old_id: str, new: Fact, at: datetime) -> None:
        old = current(old_id)
        write.supersessions.append(Supersession(old, new, at))
        update = {"state": FactState.SUPERSEDED, "valid_to": at, "superseded_by": new.id}
        if old_id in inserted:
            inserted[old_id] = old.model_copy(update=update)
        else:
            write.closes.append(Close(old_id, FactState.SUPERSEDED, at, None, new.id))

    def add_soft(fact_id: str, other: str) -> None:
        fact = current(fact_id)
        grown = (*fact.soft_conflict_with, other)
        if fact_id in inserted:
            inserted[fact_id] = fact.model_copy(update={"soft_conflict_with": grown})
        else:
            existing[fact_id] = fact.model_copy(update={"soft_conflict_with": grown})
            write.soft_conflicts[fact_id] = grown

    for candidate in candidates:
        new = candidate.fact
        if new.fingerprint in recorded:
            write.results.append(
                FactResult(
                    index=candidate.index,
                    outcome=FactOutcome.SKIPPED,
                    fact_id=recorded[new.fingerprint],
                    others=(recorded[new.fingerprint],),
                )
            )
            continue
        slot = [current(f.id) for f in active.get(new.conflict_key, [])]
        later = sorted(
            (f for f in slot if f.started_at > new.started_at and _triple(f) != _triple(new)),
            key=lambda f: f.started_at,
        )
        decision = decide(
            _triple(new),
            new.confidence,
            new.category,
            [ActiveFact(f.id, _triple(f), f.confidence) for f in slot],
        )
        if decision.outcome == "skipped":
            assert decision.existing is not None
            write.results.append(
                FactResult(
                    index=candidate.index,
                    outcome=FactOutcome.SKIPPED,
                    fact_id=decision.existing,
                    others=(decision.existing,),
                )
            )
            continue
        recorded[new.fingerprint] = new.id
        if later and decision.outcome == "superseded":
            # Older news: it was true until the active fact that now holds the slot began.
            successor = later[0]
            historical = new.model_copy(
                update={
                    "state": FactState.SUPERSEDED,
                    "valid_to": successor.started_at,
                    "superseded_by": successor.id,
                }
            )
            inserted[new.id] = historical
            write.results.append(
                FactResult(index=candidate.index, outcome=FactOutcome.INSERTED, fact_id=new.id)
            )
            continue
        inserted[new.id] = new
        if decision.outcome == "inserted":
            active.setdefault(new.conflict_key, []).append(new)
            outcome = FactOutcome.INSERTED
        elif decision.outcome == "superseded":
            for old_id in decision.others:
                close(old_id, new, new.started_at)
            active[new.conflict_key] = [new]
            outcome = FactOutcome.SUPERSEDED
        else:
            inserted[new.id] = new.model_copy(update={"soft_conflict_with": decision.others})
            for other in decision.others:
                add_soft(other, new.id)
            active.setdefault(new.conflict_key, []).append(new)
            outcome = FactOutcome.SOFT_CONFLICT
        write.results.append(
            FactResult(
                index=candidate.index, outcome=outcome, fact_id=new.id, others=decision.others
            )
        )
    write.inserts = list(inserted.values())
    # A supersession recorded against a fact later closed again within the batch keeps the
    # version the projection needs: the final one.
    write.supersessions = [
        Supersession(s.old, inserted.get(s.new.id, s.new), s.at) for s in write.supersessions
    ]
    return write

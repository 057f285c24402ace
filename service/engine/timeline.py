"""The history of a single-valued slot as a function of its facts, not of their arrival order.

Every fact recorded under a slot — active, superseded, retracted or expired — is a member of
its timeline, in `order`: valid start, then confidence, then value, a total order that
depends only on the facts themselves (equal instants included). A confident member (one sure
enough to supersede, `supersession.threshold`) closes every member before it that is still
effective at its start; so at any instant the slot holds the latest-starting confident fact
that has not ended on its own (its own valid_to or a retraction), and any tentative facts that
began since, until the next confident one. `settle` applies that rule to a whole slot; a fact
arriving late is settled into its place (it may be recorded already closed at its successor's
start), so writing the same facts in any order leaves the same answer at every instant.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from schema import FactState
from schema.facts import Fact
from service.engine.supersession import threshold


def order(fact: Fact) -> tuple[datetime, float, str, str, str]:
    """A fact's place in its slot's timeline; facts of equal start and confidence are ordered
    by their value, then by their fingerprint (content, time and source)."""
    return (fact.started_at, fact.confidence, fact.object_key, fact.fingerprint, fact.id)


def confident(fact: Fact) -> bool:
    """Sure enough to supersede what was there before it."""
    return fact.confidence >= threshold(fact.category)


def ends_at(fact: Fact) -> datetime | None:
    """When the fact stops being effective on its own terms (None: not yet known)."""
    stops = [t for t in (fact.valid_to, fact.invalid_at) if t is not None]
    return min(stops) if stops else None


def settle(facts: Iterable[Fact]) -> dict[str, Fact]:
    """The members of one slot that their next confident successor must close, each in its
    settled version (id → fact): valid until the successor starts, superseded by it (a fact
    still active becomes superseded; a retracted or expired one keeps its state). Members
    already consistent are left out, so a settled slot settles to nothing."""
    changed: dict[str, Fact] = {}
    successor: Fact | None = None
    for fact in sorted(facts, key=order, reverse=True):
        if successor is not None:
            at = successor.started_at
            stops = ends_at(fact)
            if stops is None or stops > at:
                update: dict[str, object] = {"valid_to": at, "superseded_by": successor.id}
                if fact.state is FactState.ACTIVE:
                    update["state"] = FactState.SUPERSEDED
                changed[fact.id] = fact.model_copy(update=update)
        if confident(fact):
            successor = fact
    return changed


def value_at(facts: Iterable[Fact], at: datetime) -> frozenset[str]:
    """The objects (normalised) the slot holds at `at`: docs/design.md §5.3's effective-at
    predicate."""
    return frozenset(f.object_key for f in facts if f.effective_at(at))

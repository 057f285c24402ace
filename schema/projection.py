"""Facts → derived `Entity-[:RELATES]->Entity` edges (pure, docs/design.md §5.4). One rule set for
the write path (`service.usecases.facts`) and the reconciler, so the two can never disagree.

A fact whose subject and object both resolve to entities projects one edge keyed
(source, target, predicate); at most one edge per key is open. Retraction expires the edge; a
successor with a different key expires the old edge; a successor with the same key keeps it
(repointed). Every expiry timestamp comes from the facts (the supersession or retraction
instant, or the end of valid time), never from a clock read.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from schema.facts import Fact, FactWrite, Relation, RelationExpiry
from schema.statuses import FactState


@dataclass(slots=True)
class RelationOps:
    upserts: list[Relation] = field(default_factory=list)
    expiries: list[RelationExpiry] = field(default_factory=list)

    @property
    def empty(self) -> bool:
        return not (self.upserts or self.expiries)


def relation_of(fact: Fact) -> Relation | None:
    """The edge a fact projects, or None when its object is not an entity."""
    if fact.object_entity is None:
        return None
    return Relation(
        source=fact.subject_entity,
        target=fact.object_entity,
        predicate=fact.predicate_key,
        fact_id=fact.id,
        valid_from=fact.started_at,
        valid_to=fact.valid_to,
    )


def closing_instant(fact: Fact) -> datetime | None:
    """When a fact stopped being current, from its own timestamps."""
    if fact.state is FactState.RETRACTED:
        return fact.invalid_at
    return fact.valid_to


def for_write(write: FactWrite) -> RelationOps:
    """The edge changes that follow one committed fact write."""
    ops = RelationOps()
    opened: set[tuple[str, str, str]] = set()
    for fact in write.inserts:
        relation = relation_of(fact)
        if relation is not None and fact.state is FactState.ACTIVE:
            ops.upserts.append(relation)
            opened.add(relation.key)
    for supersession in write.supersessions:
        old = relation_of(supersession.old)
        if old is not None and old.key not in opened:
            ops.expiries.append(_expiry(old, supersession.at))
    return ops


def for_retraction(fact: Fact, at: datetime) -> RelationOps:
    relation = relation_of(fact)
    return RelationOps(expiries=[] if relation is None else [_expiry(relation, at)])


def _expiry(relation: Relation, at: datetime) -> RelationExpiry:
    return RelationExpiry(
        relation.source, relation.target, relation.predicate, (relation.fact_id,), at
    )


def expected_relations(
    facts: Iterable[Fact], now: datetime
) -> dict[tuple[str, str, str], Relation]:
    """The edge each key should have open at `now`: from the facts still active and not ended,
    the latest-starting one per key."""
    expected: dict[tuple[str, str, str], tuple[datetime, str, Relation]] = {}
    for fact in facts:
        if fact.state is not FactState.ACTIVE or (
            fact.valid_to is not None and fact.valid_to <= now
        ):
            continue
        relation = relation_of(fact)
        if relation is None:
            continue
        rank = (fact.started_at, fact.id)
        held = expected.get(relation.key)
        if held is None or rank > held[:2]:
            expected[relation.key] = (*rank, relation)
    return {key: held[2] for key, held in expected.items()}


def same_edge(a: Relation, b: Relation) -> bool:
    return a.key == b.key and a.fact_id == b.fact_id and a.valid_to == b.valid_to


def group_open(relations: Sequence[Relation]) -> dict[tuple[str, str, str], list[Relation]]:
    grouped: dict[tuple[str, str, str], list[Relation]] = {}
    for relation in relations:
        grouped.setdefault(relation.key, []).append(relation)
    return grouped

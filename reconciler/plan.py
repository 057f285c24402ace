"""The reconciler's diff (pure): active facts against the RELATES edges open now.

- A fact still in state active whose valid time has ended is expired (a state step; its
  timestamps stay as they are), and its edge is closed at its `valid_to`.
- Each key the active facts project must have exactly one open edge pointing at the
  latest-starting fact of that key: missing edges are created, wrong ones repointed, duplicates
  closed.
- An open edge no active fact projects is closed at the instant its fact stopped being current
  (supersession, retraction or end of valid time); only an edge whose fact is unknown, or still
  active under another key, is closed at the pass's own instant.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from schema import FactState
from schema.facts import Close, Fact, Relation, RelationExpiry
from schema.projection import closing_instant, expected_relations, group_open, same_edge


@dataclass(slots=True)
class ReconcilePlan:
    fact_expiries: list[Close] = field(default_factory=list)
    upserts: list[Relation] = field(default_factory=list)
    expiries: list[RelationExpiry] = field(default_factory=list)

    @property
    def size(self) -> int:
        return len(self.fact_expiries) + len(self.upserts) + len(self.expiries)


def plan(
    active: Sequence[Fact],
    open_edges: Sequence[Relation],
    facts_by_id: Mapping[str, Fact],
    now: datetime,
) -> ReconcilePlan:
    """`active`: every fact in state active; `open_edges`: every RELATES edge open at `now`;
    `facts_by_id`: at least the facts those edges point at."""
    result = ReconcilePlan()
    ended = {f.id: f for f in active if f.valid_to is not None and f.valid_to <= now}
    result.fact_expiries = [Close(f.id, FactState.EXPIRED) for f in ended.values()]
    expected = expected_relations(active, now)
    grouped = group_open(open_edges)
    for key, relation in sorted(expected.items()):
        edges = grouped.get(key, [])
        if len(edges) != 1 or not same_edge(edges[0], relation):
            result.upserts.append(relation)
    for key, edges in sorted(grouped.items()):
        if key in expected:
            continue
        for edge in edges:
            fact = ended.get(edge.fact_id) or facts_by_id.get(edge.fact_id)
            at = None
            if fact is not None and (fact.state is not FactState.ACTIVE or fact.id in ended):
                at = closing_instant(fact)
            result.expiries.append(
                RelationExpiry(edge.source, edge.target, edge.predicate, (edge.fact_id,), at or now)
            )
    return result

"""The pure parts of the fact layer: batch planning against a snapshot, the projection rules
and the reconciler's diff."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from reconciler.plan import plan as reconcile_plan
from schema import Category, FactState
from schema.facts import Candidate, Fact, FactOutcome, FactSnapshot, Relation, entity_id
from schema.projection import for_write
from service.engine.fact_plan import plan_batch
from service.engine.supersession import normalise

T = datetime(2026, 1, 1, tzinfo=UTC)


def make(
    fact_id: str,
    subject: str,
    predicate: str,
    obj: str,
    *,
    start: datetime = T,
    confidence: float = 1.0,
    single: bool = True,
    entity_object: bool = True,
    fingerprint: str | None = None,
) -> Fact:
    s, p, o = normalise(subject), normalise(predicate), normalise(obj)
    return Fact(
        id=fact_id,
        subject=subject,
        predicate=predicate,
        object=obj,
        subject_key=s,
        predicate_key=p,
        object_key=o,
        subject_entity=entity_id(s),
        object_entity=entity_id(o) if entity_object else None,
        conflict_key=f"slot|{s}|{p}" if single else f"triple|{s}|{p}|{o}",
        single_valued=single,
        fingerprint=fingerprint or fact_id,
        valid_from=start,
        recorded_at=start,
        confidence=confidence,
        category=Category.OTHER,
    )


def snapshot(*facts: Fact, recorded: dict[str, str] | None = None) -> FactSnapshot:
    active: dict[str, list[Fact]] = {}
    for f in facts:
        active.setdefault(f.conflict_key, []).append(f)
    return FactSnapshot(facts=active, recorded=recorded or {})


def test_a_batch_sees_its_own_earlier_facts() -> None:
    a = make("a", "Alice", "works at", "Acme")
    b = make("b", "Alice", "works at", "Globex", start=T + timedelta(days=1))
    write = plan_batch([Candidate(0, a), Candidate(1, b)], snapshot(), T)
    assert [r.outcome for r in write.results] == [FactOutcome.INSERTED, FactOutcome.SUPERSEDED]
    inserted = {f.id: f for f in write.inserts}
    assert inserted["a"].state is FactState.SUPERSEDED and inserted["a"].superseded_by == "b"
    assert inserted["a"].valid_to == T + timedelta(days=1)
    assert write.closes == []  # closing a fact of the same batch edits its insert instead


def test_recorded_fingerprint_is_a_retry() -> None:
    a = make("a2", "Alice", "works at", "Acme", fingerprint="fp")
    write = plan_batch([Candidate(0, a)], snapshot(recorded={"fp": "a1"}), T)
    assert write.empty and write.results[0].outcome is FactOutcome.SKIPPED
    assert write.results[0].fact_id == "a1"


def test_a_memory_stating_a_recorded_fact_is_linked_to_it() -> None:
    """The same triple from another memory is skipped, and that memory asserts the recorded
    fact too (ADR 0021); from the same memory, or with no memory, nothing is linked."""
    held = make("t1", "Bob", "likes", "tea", single=False).model_copy(update={"source": "m1"})
    again = make("t2", "Bob", "likes", "tea", single=False, start=T + timedelta(days=1))
    for source, links in (("m2", [("t1", "m2")]), ("m1", []), (None, [])):
        candidate = Candidate(0, again.model_copy(update={"source": source}))
        write = plan_batch([candidate], snapshot(held), T + timedelta(days=1))
        assert write.results[0].outcome is FactOutcome.SKIPPED and write.inserts == []
        assert write.links == links and write.empty is (not links)


def test_projection_keeps_an_edge_whose_key_survives_and_expires_one_that_does_not() -> None:
    istanbul = make("i", "Alice", "lives in", "Istanbul")
    tentative = make("l1", "Alice", "lives in", "London", confidence=0.4)
    confirmed = make("l2", "Alice", "lives in", "London", start=T + timedelta(days=3))
    write = plan_batch([Candidate(0, confirmed)], snapshot(istanbul, tentative), T)
    assert write.results[0].outcome is FactOutcome.SUPERSEDED
    ops = for_write(write)
    assert [(u.target, u.fact_id) for u in ops.upserts] == [(entity_id("london"), "l2")]
    assert [(e.target, e.fact_ids, e.at) for e in ops.expiries] == [
        (entity_id("istanbul"), ("i",), T + timedelta(days=3))
    ]


def test_reconcile_plan_covers_missing_wrong_stale_and_ended() -> None:
    now = T + timedelta(days=10)
    live = make("live", "Alice", "works at", "Acme")
    missing = make("missing", "Bob", "works at", "Acme")
    ended = make("ended", "Carol", "meets", "Dan Brown").model_copy(
        update={"valid_to": T + timedelta(days=1)}
    )
    gone = make("gone", "Erin", "works at", "Initech").model_copy(
        update={"state": FactState.SUPERSEDED, "valid_to": T + timedelta(days=2)}
    )

    def edge(f: Fact, fact_id: str | None = None) -> Relation:
        assert f.object_entity is not None
        return Relation(
            source=f.subject_entity,
            target=f.object_entity,
            predicate=f.predicate_key,
            fact_id=fact_id or f.id,
            valid_to=f.valid_to,
        )

    open_edges = [edge(live, "wrong"), edge(gone).model_copy(update={"valid_to": None})]
    diff = reconcile_plan([live, missing, ended], open_edges, {"gone": gone}, now)
    assert [c.id for c in diff.fact_expiries] == ["ended"]
    assert sorted(u.fact_id for u in diff.upserts) == ["live", "missing"]
    assert [(e.fact_ids, e.at) for e in diff.expiries] == [(("gone",), T + timedelta(days=2))]

"""The retention forces of docs/design.md §3 reproduce the design's worked values and stay in their
stated bounds for any input: relevance_query in [−0.7, 1], relevance at rest in [0.1, 1],
connectivity in [0, 1] (0 exactly for orphans, ≥ 0.1 otherwise), activation in (0, 1] and never
rising without a recall, core-promotion score in [0, 1]."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from schema import MemoryStatus
from service.engine.retention import (
    activation,
    cascade_strength,
    connectivity,
    core_promotion,
    deletion_score,
    kappa_reference,
    relevance_at_rest,
    relevance_query,
    retention_score,
    stability_after_recall,
)
from service.engine.settings import EngineSettings
from service.engine.text import normalise as normalise_entity

S = EngineSettings()
NOW = datetime(2026, 1, 1, tzinfo=UTC)
TEN_YEARS_S = 10 * 365 * 86_400.0

cosines = st.floats(min_value=-1.0, max_value=1.0)
names = st.lists(st.sampled_from(["Alice", " alice ", "Bob", "BOB  smith", "bob smith", "Oslo"]))
degrees = st.integers(min_value=0, max_value=100_000)
# Seconds before NOW; negative values are presentations in the future (clock skew).
offsets = st.floats(min_value=-3600.0, max_value=TEN_YEARS_S)
unit = st.floats(min_value=0.0, max_value=1.0)


def _ago(seconds: float) -> datetime:
    return NOW - timedelta(seconds=seconds)


# -- settings -------------------------------------------------------------------------------


def test_settings_are_frozen_and_reject_unknown_constants() -> None:
    with pytest.raises(ValidationError):
        S.cosine_weight = 0.5  # type: ignore[misc]
    with pytest.raises(ValidationError, match="cosine_wieght"):
        EngineSettings(cosine_wieght=0.5)  # type: ignore[call-arg]


def test_settings_reject_weights_that_do_not_add_up_to_one() -> None:
    with pytest.raises(ValidationError, match="add up to 1"):
        EngineSettings(cosine_weight=0.8)
    with pytest.raises(ValidationError, match="core_"):
        EngineSettings(core_hub_weight=0.5)
    EngineSettings(cosine_weight=0.8, entity_weight=0.2)


def test_settings_defaults_match_design() -> None:
    assert (S.forget_threshold, S.min_age_days, S.auto_link_stale_days) == (0.01, 7.0, 90.0)
    assert S.forgettable_statuses == (
        MemoryStatus.TAGGED,
        MemoryStatus.EPISODIC,
        MemoryStatus.DORMANT,
    )


# -- relevance ------------------------------------------------------------------------------


def test_normalise_entity_casefolds_strips_and_collapses_whitespace() -> None:
    assert normalise_entity("  Straße \t Köln\n") == "strasse köln"


def test_relevance_query_worked_value() -> None:
    r = relevance_query(0.5, ["Alice", "Bob", "Oslo", "Paris"], [" alice", "OSLO", "Rome"], S)
    assert r.overlap == pytest.approx(0.5)
    assert r.value == pytest.approx(0.7 * 0.5 + 0.3 * 0.5)
    assert r.shared_entities == ("alice", "oslo")


def test_relevance_query_without_memory_entities_is_cosine_only() -> None:
    r = relevance_query(0.4, [], ["alice"], S)
    assert r.overlap == 0.0
    assert r.value == pytest.approx(0.28)


def test_relevance_query_does_not_clamp_a_negative_cosine() -> None:
    assert relevance_query(-1.0, ["a"], ["b"], S).value == pytest.approx(-0.7)


@given(cosines, names, names)
def test_relevance_query_stays_in_bounds(cosine: float, mine: list[str], query: list[str]) -> None:
    r = relevance_query(cosine, mine, query, S)
    assert -0.7 <= r.value <= 1.0
    assert 0.0 <= r.overlap <= 1.0


def test_relevance_at_rest_decays_linearly_then_hits_its_floor() -> None:
    assert relevance_at_rest(NOW, NOW, S).value == 1.0
    half = relevance_at_rest(NOW - timedelta(days=182.5), NOW, S)
    assert half.value == pytest.approx(0.5)
    assert half.days_since_access == pytest.approx(182.5)
    assert relevance_at_rest(NOW - timedelta(days=300), NOW, S).value == pytest.approx(
        1 - 300 / 365
    )
    assert relevance_at_rest(NOW - timedelta(days=340), NOW, S).value == 0.1
    assert relevance_at_rest(NOW - timedelta(days=3650), NOW, S).value == 0.1


@given(offsets)
def test_relevance_at_rest_stays_in_bounds(seconds: float) -> None:
    assert 0.1 <= relevance_at_rest(_ago(seconds), NOW, S).value <= 1.0


# -- connectivity ---------------------------------------------------------------------------


def test_kappa_reference_max_and_empty() -> None:
    assert kappa_reference([], S) == 0
    assert kappa_reference([3, 9, 1], S) == 9


def test_kappa_reference_percentile_is_nearest_rank() -> None:
    p = EngineSettings(kappa_reference="percentile", kappa_percentile=95.0)
    assert kappa_reference(list(range(1, 101)), p) == 95
    assert kappa_reference([1, 2, 1000], p) == 1000
    p50 = EngineSettings(kappa_reference="percentile", kappa_percentile=50.0)
    assert kappa_reference([7, 1, 3, 5], p50) == 3
    p0 = EngineSettings(kappa_reference="percentile", kappa_percentile=0.0)
    assert kappa_reference([7, 1, 3], p0) == 1


def test_orphans_have_zero_connectivity_whatever_their_kappa() -> None:
    assert connectivity(0, 0, 10, S).value == 0.0
    assert connectivity(5, 0, 10, S).value == 0.0
    assert connectivity(5, 0, 10, S).orphan


def test_non_orphans_get_at_least_the_floor() -> None:
    assert connectivity(0, 1, 10, S).value == 0.1  # supportive only, no causal edge
    assert connectivity(3, 3, 0, S).value == 0.1  # κ_ref = 0: C_raw = 0
    assert connectivity(3, 3, 0, S).raw == 0.0


def test_the_biggest_hub_has_connectivity_one() -> None:
    assert connectivity(10, 12, 10, S).value == pytest.approx(1.0)


def test_a_hub_loses_connectivity_when_another_memory_becomes_a_bigger_hub() -> None:
    before = connectivity(10, 10, kappa_reference([10, 4, 2], S), S)
    after = connectivity(10, 10, kappa_reference([10, 4, 2, 40], S), S)
    assert after.value < before.value
    assert after.kappa_ref == 40


def test_connectivity_is_capped_when_kappa_exceeds_a_percentile_reference() -> None:
    assert connectivity(50, 50, 10, S).raw > 1.0
    assert connectivity(50, 50, 10, S).value == 1.0


@given(degrees, degrees, degrees)
def test_connectivity_stays_in_bounds(kappa: int, delta: int, kappa_ref: int) -> None:
    c = connectivity(kappa, delta, kappa_ref, S).value
    assert 0.0 <= c <= 1.0
    assert (c == 0.0) if delta == 0 else (c >= 0.1)


# -- activation and stability ---------------------------------------------------------------


@pytest.mark.parametrize(("age", "expected"), [(1.0, 1.0), (100.0, 0.1), (1e4, 0.01)])
def test_write_once_activation_worked_values(age: float, expected: float) -> None:
    assert activation([_ago(age)], NOW, S).value == pytest.approx(expected)


def test_presentations_younger_than_a_second_or_in_the_future_count_as_one_second() -> None:
    a = activation([_ago(0.2), NOW + timedelta(hours=1)], NOW, S)
    assert a.ages_seconds == (1.0, 1.0)
    assert a.total == pytest.approx(2.0)
    assert a.value == 1.0


def test_activation_needs_the_creation_presentation() -> None:
    with pytest.raises(ValueError, match="at least one presentation"):
        activation([], NOW, S)


def test_each_additional_recall_raises_activation() -> None:
    times = [_ago(1e6)]
    previous = activation(times, NOW, S).value
    for age in (5e5, 2e5, 1e5, 5e4):
        times.append(_ago(age))
        current = activation(times, NOW, S).value
        assert previous < current < 1.0
        previous = current


@given(st.lists(offsets, min_size=1, max_size=20), offsets)
def test_an_additional_recall_raises_activation_below_the_cap(
    history: list[float], recall: float
) -> None:
    before = activation([_ago(x) for x in history], NOW, S)
    after = activation([_ago(x) for x in [*history, recall]], NOW, S)
    assert after.value > before.value or after.value == 1.0


@given(st.lists(offsets, min_size=1, max_size=20))
def test_activation_stays_in_bounds(history: list[float]) -> None:
    assert 0.0 < activation([_ago(x) for x in history], NOW, S).value <= 1.0


@given(
    st.lists(offsets, min_size=1, max_size=20),
    st.floats(min_value=0.0, max_value=TEN_YEARS_S),
)
def test_activation_never_rises_as_time_passes_without_recall(
    history: list[float], later: float
) -> None:
    presentations = [_ago(x) for x in history]
    now_value = activation(presentations, NOW, S).value
    later_value = activation(presentations, NOW + timedelta(seconds=later), S).value
    assert later_value <= now_value


def test_stability_update_values() -> None:
    assert stability_after_recall(1.0, S) == pytest.approx(1.1)
    assert stability_after_recall(1.1, S) == pytest.approx(1.1 + 0.1 / 1.1)
    assert stability_after_recall(2.0, S) == pytest.approx(2.05)
    with pytest.raises(ValueError, match="positive"):
        stability_after_recall(0.0, S)


@given(st.floats(min_value=0.01, max_value=100.0))
def test_stability_grows_by_less_as_it_grows(stability: float) -> None:
    once = stability_after_recall(stability, S)
    twice = stability_after_recall(once, S)
    assert stability < once < twice
    assert twice - once <= once - stability


# -- scores ---------------------------------------------------------------------------------


def test_retention_score_is_the_product_of_the_three_forces() -> None:
    score = retention_score(0.8, 0.5, 0.25)
    assert score.value == pytest.approx(0.1)
    assert (score.relevance, score.connectivity, score.activation) == (0.8, 0.5, 0.25)
    assert score.formula == "relevance × connectivity × activation"


def test_deletion_score_ignores_connectivity() -> None:
    d = deletion_score(0.1, 0.05)
    assert d.value == pytest.approx(0.005)
    assert d.formula == "relevance_at_rest × activation"


# -- core promotion and the cascade ---------------------------------------------------------


def test_core_promotion_worked_value() -> None:
    c = core_promotion(0.5, 6, 2.0, [5, 1, 3, 0], 1.5, S)
    assert (c.hub, c.schema, c.stability_n) == pytest.approx((1.0, 0.5, 0.5))
    assert c.value == pytest.approx(0.4 * 0.5 + 0.3 + 0.2 * 0.5 + 0.1 * 0.5)
    assert c.promote


def test_core_promotion_degenerate_inputs_score_zero_terms() -> None:
    c = core_promotion(0.2, 0, 0.0, [], 1.0, S)
    assert (c.hub, c.schema) == (0.0, 0.0)
    assert not c.promote


def test_core_schema_term_looks_at_the_first_ten_neighbours_only() -> None:
    c = core_promotion(0.0, 1, 1.0, [0] * 10 + [9] * 10, 1.0, S)
    assert c.schema == 0.0
    assert len(c.neighbour_deltas) == 10


@given(unit, degrees, st.floats(min_value=0.0, max_value=1e4), st.lists(degrees), unit)
def test_core_score_stays_in_bounds(
    act: float, delta: int, avg: float, neighbours: list[int], stability: float
) -> None:
    c = core_promotion(act, delta, avg, neighbours, stability * 10, S)
    assert 0.0 <= c.value <= 1.0
    assert c.promote == (c.value >= S.core_threshold)


def test_cascade_strength_decays_per_hop() -> None:
    assert cascade_strength(0, S) == 1.0
    assert cascade_strength(1, S) == pytest.approx(0.3)
    assert cascade_strength(2, S) == pytest.approx(0.09)
    with pytest.raises(ValueError, match="hop"):
        cascade_strength(-1, S)

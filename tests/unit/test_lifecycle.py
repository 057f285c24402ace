"""The status FSM of docs/design.md §4.1 only ever makes the allowed single-step transitions
(tagged → active | dormant, active → episodic, episodic | semantic → dormant), never skips a state,
settles at a fixed point that it then keeps; dormant memories come back only through a strong
enough cascade; and forgetting never holds for a pinned, core, org-visible, too-young or
connected (δ > 0) memory."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schema import MemoryStatus, Visibility
from service.engine.lifecycle import (
    ForgettingCheck,
    Transition,
    clock_start,
    forgetting_check,
    forgetting_guard,
    is_history,
    next_status,
    next_transition_conditions,
    pending_transition,
    revive,
)
from service.engine.settings import EngineSettings

S = EngineSettings()
NOW = datetime(2026, 1, 1, tzinfo=UTC)
T, A, E, SEM, D, C = (
    MemoryStatus.TAGGED,
    MemoryStatus.ACTIVE,
    MemoryStatus.EPISODIC,
    MemoryStatus.SEMANTIC,
    MemoryStatus.DORMANT,
    MemoryStatus.CORE,
)
ALLOWED = {(T, A), (T, D), (A, E), (E, D), (SEM, D)}


@dataclass(frozen=True)
class Inputs:
    """Everything but the status and the counter, which the FSM feeds back to itself."""

    score: float = 0.5
    has_supportive_edge: bool = False
    created_at: datetime = NOW - timedelta(days=1)
    last_reactivated_at: datetime | None = None
    reactivation_count: int = 0

    def step(self, status: MemoryStatus, counter: int = 0) -> Transition:
        return next_status(
            status,
            irrelevance_counter=counter,
            score=self.score,
            has_supportive_edge=self.has_supportive_edge,
            created_at=self.created_at,
            last_reactivated_at=self.last_reactivated_at,
            reactivation_count=self.reactivation_count,
            now=NOW,
            s=S,
        )


def _days_ago(days: float) -> datetime:
    return NOW - timedelta(days=days)


inputs = st.builds(
    Inputs,
    score=st.floats(min_value=0.0, max_value=1.0),
    has_supportive_edge=st.booleans(),
    created_at=st.floats(min_value=-1.0, max_value=400.0).map(_days_ago),
    last_reactivated_at=st.none() | st.floats(min_value=-1.0, max_value=400.0).map(_days_ago),
    reactivation_count=st.integers(min_value=0, max_value=10),
)
statuses = st.sampled_from(MemoryStatus)
counters = st.integers(min_value=0, max_value=S.episodic_evaluations - 1)


# -- worked transitions ---------------------------------------------------------------------


def test_tagged_becomes_active_on_a_supportive_edge() -> None:
    t = Inputs(has_supportive_edge=True, created_at=NOW).step(T)
    assert (t.status, t.irrelevance_counter) == (A, 0)


def test_tagged_becomes_dormant_after_the_timeout_without_an_edge() -> None:
    assert Inputs(created_at=NOW - timedelta(hours=23, minutes=59)).step(T).status is T
    t = Inputs(created_at=NOW - timedelta(hours=24)).step(T)
    assert t.status is D
    assert "24 h" in t.reason


def test_active_becomes_episodic_after_three_consecutive_low_scores() -> None:
    low = Inputs(score=0.59)
    first = low.step(A, 0)
    second = low.step(A, first.irrelevance_counter)
    third = low.step(A, second.irrelevance_counter)
    assert [first.status, second.status, third.status] == [A, A, E]
    assert [first.irrelevance_counter, second.irrelevance_counter] == [1, 2]
    assert third.irrelevance_counter == 0


def test_a_good_score_resets_the_hysteresis_counter() -> None:
    t = Inputs(score=0.6).step(A, 2)
    assert (t.status, t.irrelevance_counter) == (A, 0)
    assert "resets" in t.reason


@pytest.mark.parametrize("status", [E, SEM])
def test_fading_memories_go_dormant_only_when_all_three_conditions_hold(
    status: MemoryStatus,
) -> None:
    fading = Inputs(score=0.1, created_at=_days_ago(200), last_reactivated_at=_days_ago(91))
    assert fading.step(status).status is D
    never_reactivated = Inputs(score=0.1, created_at=_days_ago(91))
    assert never_reactivated.step(status).status is D
    for kept in (
        Inputs(score=0.15, created_at=_days_ago(200), last_reactivated_at=_days_ago(91)),
        Inputs(score=0.1, created_at=_days_ago(200), last_reactivated_at=_days_ago(90)),
        Inputs(score=0.1, created_at=_days_ago(200), reactivation_count=3),
    ):
        t = kept.step(status)
        assert t.status is status
        assert t.reason.startswith(f"stays {status}")


def test_the_frequency_shield_is_named_in_the_reason() -> None:
    t = Inputs(score=0.1, created_at=_days_ago(200), reactivation_count=5).step(E)
    assert "5 direct recalls ≥ 3" in t.reason


@pytest.mark.parametrize("status", [D, C])
def test_dormant_and_core_stay_put(status: MemoryStatus) -> None:
    worst = Inputs(score=0.0, has_supportive_edge=True, created_at=_days_ago(1000))
    t = worst.step(status, 1)
    assert (t.status, t.irrelevance_counter) == (status, 1)
    assert t.reason.startswith(f"stays {status}")


def test_revive_needs_a_dormant_memory_and_enough_strength() -> None:
    assert revive(D, 0.3, S) is E
    assert revive(D, 0.1, S) is E
    assert revive(D, 0.09, S) is D
    assert revive(A, 1.0, S) is A


# -- FSM properties -------------------------------------------------------------------------


@given(statuses, counters, inputs)
def test_one_step_is_an_allowed_transition_or_none(
    status: MemoryStatus, counter: int, given_inputs: Inputs
) -> None:
    after = given_inputs.step(status, counter).status
    assert after == status or (status, after) in ALLOWED
    if status is T:
        assert after not in {E, SEM, C}
    if status is A:
        assert after is not D


@given(statuses, counters, inputs)
def test_repeated_evaluation_settles_at_a_fixed_point_through_allowed_steps(
    status: MemoryStatus, counter: int, given_inputs: Inputs
) -> None:
    # Longest path: tagged → active, N low evaluations → episodic → dormant.
    bound = S.episodic_evaluations + 3
    state = Transition(status, counter, "start")
    for _ in range(bound):
        after = given_inputs.step(state.status, state.irrelevance_counter)
        assert after.status == state.status or (state.status, after.status) in ALLOWED
        if (after.status, after.irrelevance_counter) == (state.status, state.irrelevance_counter):
            break
        state = after
    else:
        pytest.fail(f"no fixed point within {bound} evaluations from {status}")
    # Idempotent from here on: the same inputs keep returning the same state.
    for _ in range(3):
        again = given_inputs.step(after.status, after.irrelevance_counter)
        assert again == after


@given(statuses, st.floats(min_value=0.0, max_value=1.0))
def test_revive_only_ever_moves_dormant_to_episodic(status: MemoryStatus, strength: float) -> None:
    after = revive(status, strength, S)
    assert after == status or (status, after) == (D, E)


@pytest.mark.parametrize(
    ("status", "fragment"),
    [
        (T, "→ active on its first supportive edge; → dormant at 2025-12-31T00:00:00+00:00"),
        (A, "→ episodic after 2 more consecutive evaluation(s)"),
        (E, "→ dormant when score < 0.15 after 2026-03-31"),
        (SEM, "has 1)"),
        (D, "up to 1 hop(s) away"),
        (C, "explicit action"),
    ],
)
def test_next_transition_conditions_describe_the_next_move(
    status: MemoryStatus, fragment: str
) -> None:
    text = next_transition_conditions(
        status,
        irrelevance_counter=1,
        created_at=_days_ago(2),
        last_reactivated_at=None if status is SEM else _days_ago(1),
        reactivation_count=1,
        s=S,
    )
    assert fragment in text


def test_next_transition_conditions_mention_the_frequency_shield() -> None:
    text = next_transition_conditions(
        E,
        irrelevance_counter=0,
        created_at=_days_ago(2),
        last_reactivated_at=None,
        reactivation_count=3,
        s=S,
    )
    assert text.startswith("shielded from dormancy")


def _pending(status: MemoryStatus, last_evaluated_at: datetime | None, **fields: Any) -> Any:
    given: dict[str, Any] = {
        "irrelevance_counter": 0,
        "score": 0.9,
        "has_supportive_edge": False,
        "created_at": _days_ago(2),
        "last_reactivated_at": None,
        "reactivation_count": 0,
        **fields,
    }
    return pending_transition(status, last_evaluated_at=last_evaluated_at, now=NOW, s=S, **given)


def test_a_pending_transition_is_the_next_evaluations_with_when_a_pass_makes_it() -> None:
    """What the next maintenance evaluation would change, and the earliest pass that evaluates
    the memory: the next one when never (or long enough ago) evaluated, else the first after
    the evaluation interval."""
    assert _pending(A, None) is None  # a high score keeps it active
    assert _pending(T, None, has_supportive_edge=False, created_at=_days_ago(0.5)) is None
    now = _pending(T, None, has_supportive_edge=True)
    assert (now.to, now.due, now.when) == (A, NOW, "at the next maintenance pass")
    assert now.reason == "has a supportive edge"
    long_ago = _pending(T, _days_ago(1), has_supportive_edge=True)
    assert (long_ago.due, long_ago.when) == (NOW, "at the next maintenance pass")
    recently = _pending(T, NOW - timedelta(hours=3), has_supportive_edge=True)
    due = NOW + timedelta(hours=21)
    assert recently.due == due
    assert recently.when == (
        f"at the first maintenance pass after {due.isoformat()} (a pass evaluates a memory at "
        "most once every 24 h)"
    )
    episodic = _pending(A, None, score=0.1, irrelevance_counter=S.episodic_evaluations - 1)
    assert episodic.to is E
    assert _pending(A, None, score=0.1, irrelevance_counter=0) is None  # one low score of 3
    dormant = _pending(E, None, score=0.01, created_at=_days_ago(200))
    assert dormant.to is D and "direct recalls" in dormant.reason
    assert _pending(D, None) is None and _pending(C, None) is None


# -- active forgetting ----------------------------------------------------------------------


def _check(
    *,
    deletion_score: float = 0.001,
    fresh_delta: int = 0,
    pinned: bool = False,
    status: MemoryStatus = E,
    visibility: Visibility = Visibility.PRIVATE,
    created_at: datetime = NOW - timedelta(days=30),
    received_at: datetime | None = None,
) -> ForgettingCheck:
    return forgetting_check(
        deletion_score=deletion_score,
        fresh_delta=fresh_delta,
        pinned=pinned,
        status=status,
        visibility=visibility,
        created_at=created_at,
        received_at=received_at,
        now=NOW,
        s=S,
    )


def test_a_low_scoring_old_unprotected_orphan_is_forgotten() -> None:
    check = _check(status=D)
    assert check.forget
    assert [c.name for c in check.conjuncts] == [
        "deletion_score_below_threshold",
        "orphan",
        "unprotected",
        "old_enough_and_eligible",
    ]
    assert check.deletion_score_below_threshold.detail == "deletion score 0.001 < threshold 0.01"


@pytest.mark.parametrize(
    ("override", "failing"),
    [
        ({"deletion_score": 0.01}, ["deletion_score_below_threshold"]),
        ({"fresh_delta": 1}, ["orphan"]),
        ({"pinned": True}, ["unprotected"]),
        ({"status": C}, ["unprotected", "old_enough_and_eligible"]),
        ({"visibility": Visibility.ORG}, ["unprotected"]),
        ({"created_at": _days_ago(7)}, ["old_enough_and_eligible"]),
        ({"status": A}, ["old_enough_and_eligible"]),
        ({"status": SEM}, ["old_enough_and_eligible"]),
    ],
)
def test_each_failing_conjunct_keeps_a_memory(override: dict[str, Any], failing: list[str]) -> None:
    check = _check(**override)
    assert not check.forget
    assert [c.name for c in check.conjuncts if not c.holds] == failing


#: Ways to break a conjunct; the property applies each alone and with any others.
PROTECTIONS: dict[str, dict[str, Any]] = {
    "pinned": {"pinned": True},
    "core": {"status": C},
    "org-visible": {"visibility": Visibility.ORG},
    "too young": {"created_at": NOW - timedelta(days=S.min_age_days)},
    "brand new": {"created_at": NOW},
    "connected": {"fresh_delta": 1},
    "well connected": {"fresh_delta": 40},
    "scores at the threshold": {"deletion_score": S.forget_threshold},
    "scores high": {"deletion_score": 0.9},
}
forgettable = st.fixed_dictionaries(
    {
        "deletion_score": st.floats(min_value=0.0, max_value=S.forget_threshold, exclude_max=True),
        "status": st.sampled_from(S.forgettable_statuses),
        "created_at": st.floats(min_value=S.min_age_days + 0.01, max_value=1000.0).map(_days_ago),
    }
)


@given(forgettable)
def test_a_memory_failing_no_conjunct_is_forgotten(fields: dict[str, Any]) -> None:
    assert _check(**fields).forget


@pytest.mark.parametrize("protection", sorted(PROTECTIONS))
@given(forgettable, st.lists(st.sampled_from(sorted(PROTECTIONS)), unique=True))
def test_forgetting_never_holds_for_protected_young_or_connected_memories(
    protection: str, fields: dict[str, Any], others: list[str]
) -> None:
    for name in [protection, *others]:
        fields = fields | PROTECTIONS[name]
    assert not _check(**fields).forget


# -- the lifecycle clocks of imported history (issue 49) ------------------------------------


def test_the_clocks_start_at_receipt_for_history_and_at_creation_otherwise() -> None:
    """Ranking reads `created_at`; the clocks that can take a memory away start when the
    service received it, never earlier — and never later than a creation in the future."""
    year_ago = NOW - timedelta(days=365)
    assert clock_start(year_ago, NOW) == NOW
    assert clock_start(NOW, None) == NOW
    assert clock_start(NOW, NOW - timedelta(hours=1)) == NOW
    assert is_history(year_ago, NOW, S)
    assert not is_history(NOW - timedelta(seconds=S.created_at_max_skew_seconds), NOW, S)
    assert not is_history(year_ago, None, S)


@pytest.mark.parametrize("days_here", [0.5, 8.0, 30.0, 89.9])
def test_history_is_kept_while_it_is_new_here(days_here: float) -> None:
    """A year-old memory received `days_here` ago is not old enough to forget until it has
    been here `imported_keep_days`, though everything else about it is forgettable (on the
    old code its age counted from creation: forgotten at the first pass)."""
    received = NOW - timedelta(days=days_here)
    check = _check(status=D, created_at=NOW - timedelta(days=365), received_at=received)
    assert not check.forget
    assert not check.old_enough_and_eligible.holds
    assert "imported history" in check.old_enough_and_eligible.detail


def test_history_is_forgettable_once_the_keep_window_has_passed() -> None:
    check = _check(
        status=D,
        created_at=NOW - timedelta(days=365),
        received_at=NOW - timedelta(days=S.imported_keep_days + 1),
    )
    assert check.forget


def test_the_tagged_timeout_counts_from_the_clock_start() -> None:
    year_ago = NOW - timedelta(days=365)
    moved = next_status(
        MemoryStatus.TAGGED,
        irrelevance_counter=0,
        score=0.0,
        has_supportive_edge=False,
        created_at=clock_start(year_ago, NOW - timedelta(hours=1)),
        last_reactivated_at=None,
        reactivation_count=0,
        now=NOW,
        s=S,
    )
    assert moved.status is MemoryStatus.TAGGED


@given(
    would=st.integers(min_value=0, max_value=10_000),
    memories=st.integers(min_value=1, max_value=10_000),
)
def test_the_mass_forgetting_guard_holds_exactly_past_its_share_and_floor(
    would: int, memories: int
) -> None:
    """The guard holds a sweep iff it forgets more than the share and more than the floor,
    and its reason names the counts and the way to go ahead."""
    would = min(would, memories)
    reason = forgetting_guard(would, memories, S)
    expected = would > S.forget_guard_min and would > S.forget_guard_share * memories
    assert (reason is not None) == expected
    if reason is not None:
        assert f"{would} of {memories}" in reason
        assert "allowMassForgetting" in reason
    assert (
        forgetting_guard(would, memories, S.model_copy(update={"forget_guard_share": 1.0})) is None
    )

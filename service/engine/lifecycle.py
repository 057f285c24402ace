"""The memory status FSM, dormant revival and the active-forgetting check (docs/design.md §4).

Pure functions: the clock (`now`), the freshly computed score and the constants
(`EngineSettings`) are arguments. Each decision carries a sentence saying why, for explain.

The transitions `next_status` may make, one per maintenance evaluation:

    tagged → active                 on its first supportive edge
    tagged → dormant                tagged_timeout_hours without one
    active → episodic               episodic_evaluations consecutive scores < episodic_score
    episodic, semantic → dormant    low score, long unreactivated, few direct recalls

`revive` is the only way out of dormant (→ episodic, by a recall cascade). Semantic is minted by
consolidation and core by promotion or category fast-path, never here; core is left only by
explicit action.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Final, Literal

from schema import MemoryStatus, Visibility
from service.engine.settings import EngineSettings

_SECONDS_PER_DAY = 86_400.0


def _days(delta: timedelta) -> float:
    return delta.total_seconds() / _SECONDS_PER_DAY


def _num(value: float) -> str:
    return f"{value:.4g}"


# -- the lifecycle clocks -------------------------------------------------------------------


def clock_start(created_at: datetime, received_at: datetime | None) -> datetime:
    """Where a memory's forgetting and dormancy clocks start: its creation, or the moment this
    service received it when that was later (history imported with its real `createdAt`).

    Ranking, decay and as-of reads keep `created_at`; only the clocks that can take a memory
    away — the tagged timeout, the dormancy idle time, the forgetting age and the activation a
    forgetting decision reads — count from here, so old history is not forgotten for being old.
    """
    return created_at if received_at is None else max(created_at, received_at)


def is_history(created_at: datetime, received_at: datetime | None, s: EngineSettings) -> bool:
    """Whether a memory arrived with a creation instant earlier than its receipt by more than
    the clock skew a store allows: imported history, kept `imported_keep_days` after receipt."""
    return received_at is not None and (received_at - created_at).total_seconds() > (
        s.created_at_max_skew_seconds
    )


# -- the status FSM -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Transition:
    """The outcome of one maintenance evaluation; `status` may equal the input status."""

    status: MemoryStatus
    irrelevance_counter: int
    reason: str


def next_status(
    status: MemoryStatus,
    *,
    irrelevance_counter: int,
    score: float,
    has_supportive_edge: bool,
    created_at: datetime,
    last_reactivated_at: datetime | None,
    reactivation_count: int,
    now: datetime,
    s: EngineSettings,
) -> Transition:
    """Apply one maintenance evaluation (a rescore at rest) to a memory's status.

    The irrelevance counter only counts in `active`; other statuses pass it through unchanged,
    except that entering `active` or `episodic` starts it at 0.
    """
    match status:
        case MemoryStatus.TAGGED:
            return _from_tagged(irrelevance_counter, has_supportive_edge, created_at, now, s)
        case MemoryStatus.ACTIVE:
            return _from_active(irrelevance_counter, score, s)
        case MemoryStatus.EPISODIC | MemoryStatus.SEMANTIC:
            return _from_consolidating(
                status,
                irrelevance_counter,
                score,
                created_at,
                last_reactivated_at,
                reactivation_count,
                now,
                s,
            )
        case MemoryStatus.DORMANT:
            return Transition(
                status,
                irrelevance_counter,
                "stays dormant: only a recall cascade revives a dormant memory",
            )
        case MemoryStatus.CORE:
            return Transition(
                status, irrelevance_counter, "stays core: only an explicit action demotes core"
            )


@dataclass(frozen=True, slots=True)
class PendingTransition:
    """A status change the next maintenance evaluation of a memory would make, as things stand.

    Statuses change only in a maintenance pass (`runMaintenance`, `retentia maintain`), and a
    pass evaluates a memory at most once per `evaluation_interval_hours`."""

    to: MemoryStatus
    reason: str
    #: The earliest instant a maintenance pass evaluates the memory again (`now` when the next
    #: pass does).
    due: datetime
    #: `due` in words: "at the next maintenance pass", or the first pass after an instant.
    when: str


def pending_transition(
    status: MemoryStatus,
    *,
    irrelevance_counter: int,
    score: float,
    has_supportive_edge: bool,
    created_at: datetime,
    last_reactivated_at: datetime | None,
    reactivation_count: int,
    last_evaluated_at: datetime | None,
    now: datetime,
    s: EngineSettings,
) -> PendingTransition | None:
    """The transition `next_status` would make if a pass evaluated the memory now, with when a
    pass will; None when the memory would keep its status."""
    t = next_status(
        status,
        irrelevance_counter=irrelevance_counter,
        score=score,
        has_supportive_edge=has_supportive_edge,
        created_at=created_at,
        last_reactivated_at=last_reactivated_at,
        reactivation_count=reactivation_count,
        now=now,
        s=s,
    )
    if t.status is status:
        return None
    due = now
    if last_evaluated_at is not None:
        due = max(now, last_evaluated_at + timedelta(hours=s.evaluation_interval_hours))
    if due <= now:
        when = "at the next maintenance pass"
    else:
        when = (
            f"at the first maintenance pass after {due.isoformat()} (a pass evaluates a memory "
            f"at most once every {_num(s.evaluation_interval_hours)} h)"
        )
    return PendingTransition(t.status, t.reason, due, when)


def _tagged_deadline(created_at: datetime, s: EngineSettings) -> datetime:
    return created_at + timedelta(hours=s.tagged_timeout_hours)


def _from_tagged(
    counter: int, has_supportive_edge: bool, created_at: datetime, now: datetime, s: EngineSettings
) -> Transition:
    if has_supportive_edge:
        return Transition(MemoryStatus.ACTIVE, 0, "has a supportive edge")
    hours = s.tagged_timeout_hours
    # "After 24 h" reads as: once the full timeout has elapsed, the boundary included.
    if now >= _tagged_deadline(created_at, s):
        return Transition(
            MemoryStatus.DORMANT, counter, f"no supportive edge within {_num(hours)} h of creation"
        )
    return Transition(
        MemoryStatus.TAGGED,
        counter,
        f"stays tagged: no supportive edge yet, {_num(hours)} h timeout not reached",
    )


def _from_active(counter: int, score: float, s: EngineSettings) -> Transition:
    bar, needed = s.episodic_score, s.episodic_evaluations
    if score >= bar:
        return Transition(
            MemoryStatus.ACTIVE,
            0,
            f"stays active: score {_num(score)} ≥ {_num(bar)} resets the low-score counter",
        )
    low = counter + 1
    if low >= needed:
        return Transition(
            MemoryStatus.EPISODIC,
            0,
            f"score {_num(score)} < {_num(bar)} for {low} consecutive evaluations (≥ {needed})",
        )
    return Transition(
        MemoryStatus.ACTIVE,
        low,
        f"stays active: score {_num(score)} < {_num(bar)}, low evaluation {low} of {needed}",
    )


def _dormancy_conditions(
    score: float,
    created_at: datetime,
    last_reactivated_at: datetime | None,
    reactivation_count: int,
    now: datetime,
    s: EngineSettings,
) -> list[tuple[bool, str]]:
    # Never reactivated: idle time runs from creation.
    since = last_reactivated_at if last_reactivated_at is not None else created_at
    idle = _days(now - since)
    return [
        (
            score < s.dormant_score,
            f"score {_num(score)} {'<' if score < s.dormant_score else '≥'} "
            f"{_num(s.dormant_score)}",
        ),
        (
            idle > s.dormant_days,
            f"{_num(idle)} days since last reactivation "
            f"{'>' if idle > s.dormant_days else '≤'} {_num(s.dormant_days)}",
        ),
        (
            # The frequency shield counts direct recalls only, never cascade visits.
            reactivation_count < s.dormant_min_recalls,
            f"{reactivation_count} direct recalls "
            f"{'<' if reactivation_count < s.dormant_min_recalls else '≥'} "
            f"{s.dormant_min_recalls}",
        ),
    ]


def _from_consolidating(
    status: MemoryStatus,
    counter: int,
    score: float,
    created_at: datetime,
    last_reactivated_at: datetime | None,
    reactivation_count: int,
    now: datetime,
    s: EngineSettings,
) -> Transition:
    conditions = _dormancy_conditions(
        score, created_at, last_reactivated_at, reactivation_count, now, s
    )
    if all(holds for holds, _ in conditions):
        return Transition(MemoryStatus.DORMANT, counter, ", ".join(text for _, text in conditions))
    failed = ", ".join(text for holds, text in conditions if not holds)
    return Transition(status, counter, f"stays {status}: {failed}")


#: A recall cascade reaching a dormant memory with enough strength makes it episodic.
REVIVES_FROM: Final = MemoryStatus.DORMANT
REVIVES_TO: Final = MemoryStatus.EPISODIC


def may_revive(strength: float, s: EngineSettings) -> bool:
    """Whether a cascade of this strength revives a memory in status `REVIVES_FROM`."""
    return strength >= s.revive_strength


def revive(status: MemoryStatus, strength: float, s: EngineSettings) -> MemoryStatus:
    """The status after a recall cascade of `strength` reaches a memory in `status`."""
    if status is REVIVES_FROM and may_revive(strength, s):
        return REVIVES_TO
    return status


def next_transition_conditions(
    status: MemoryStatus,
    *,
    irrelevance_counter: int,
    created_at: datetime,
    last_reactivated_at: datetime | None,
    reactivation_count: int,
    s: EngineSettings,
) -> str:
    """What would move a memory out of `status` next, in words, for explain.

    Deadlines are absolute instants, so the text needs no clock.
    """
    match status:
        case MemoryStatus.TAGGED:
            deadline = _tagged_deadline(created_at, s).isoformat()
            return f"→ active on its first supportive edge; → dormant at {deadline} if none by then"
        case MemoryStatus.ACTIVE:
            left = max(1, s.episodic_evaluations - irrelevance_counter)
            return (
                f"→ episodic after {left} more consecutive evaluation(s) with score < "
                f"{_num(s.episodic_score)} (counter {irrelevance_counter} of "
                f"{s.episodic_evaluations}); a score ≥ {_num(s.episodic_score)} resets it"
            )
        case MemoryStatus.EPISODIC | MemoryStatus.SEMANTIC:
            return _dormancy_text(created_at, last_reactivated_at, reactivation_count, s)
        case MemoryStatus.DORMANT:
            return _revival_text(s)
        case MemoryStatus.CORE:
            return "stays core until an explicit action demotes it"


def _dormancy_text(
    created_at: datetime,
    last_reactivated_at: datetime | None,
    reactivation_count: int,
    s: EngineSettings,
) -> str:
    if reactivation_count >= s.dormant_min_recalls:
        return (
            f"shielded from dormancy: {reactivation_count} direct recalls ≥ {s.dormant_min_recalls}"
        )
    since = last_reactivated_at if last_reactivated_at is not None else created_at
    after = (since + timedelta(days=s.dormant_days)).isoformat()
    return (
        f"→ dormant when score < {_num(s.dormant_score)} after {after} (more than "
        f"{_num(s.dormant_days)} days without reactivation), unless it reaches "
        f"{s.dormant_min_recalls} direct recalls first (has {reactivation_count})"
    )


def _revival_text(s: EngineSettings) -> str:
    hops = [h for h in range(1, s.cascade_hops + 1) if s.cascade_base**h >= s.revive_strength]
    if not hops:
        return (
            f"stays dormant: no cascade within {s.cascade_hops} hop(s) reaches the revive "
            f"strength {_num(s.revive_strength)}"
        )
    return (
        f"→ episodic when a recall cascade reaches it with strength ≥ "
        f"{_num(s.revive_strength)} (a recall hit up to {max(hops)} hop(s) away)"
    )


# -- active forgetting ----------------------------------------------------------------------

ConjunctName = Literal[
    "deletion_score_below_threshold", "orphan", "unprotected", "old_enough_and_eligible"
]


@dataclass(frozen=True, slots=True)
class Conjunct:
    name: ConjunctName
    holds: bool
    detail: str


@dataclass(frozen=True, slots=True)
class ForgettingCheck:
    """The four conditions of docs/design.md §4.5; a memory is hard-deleted only when all hold."""

    deletion_score_below_threshold: Conjunct
    orphan: Conjunct
    unprotected: Conjunct
    old_enough_and_eligible: Conjunct

    @property
    def conjuncts(self) -> tuple[Conjunct, Conjunct, Conjunct, Conjunct]:
        return (
            self.deletion_score_below_threshold,
            self.orphan,
            self.unprotected,
            self.old_enough_and_eligible,
        )

    @property
    def forget(self) -> bool:
        return all(c.holds for c in self.conjuncts)


def forgetting_check(
    *,
    deletion_score: float,
    fresh_delta: int,
    pinned: bool,
    status: MemoryStatus,
    visibility: Visibility,
    created_at: datetime,
    now: datetime,
    s: EngineSettings,
    received_at: datetime | None = None,
) -> ForgettingCheck:
    """Evaluate each forgetting conjunct with values computed at sweep time.

    The age counts from `clock_start(created_at, received_at)`; history (`is_history`) must
    also have been here `imported_keep_days`.

    `deletion_score` must be fresh (`retention.deletion_score` now, not the persisted score).
    `fresh_delta` is the supportive degree δ in which a machine-made (created_by auto)
    RELATED_TO edge counts only while validated within `auto_link_stale_days`; the caller's
    degree query applies that rule, this function only tests δ = 0.
    """
    return ForgettingCheck(
        deletion_score_below_threshold=_low_score(deletion_score, s),
        orphan=Conjunct(
            "orphan",
            fresh_delta == 0,
            f"fresh supportive degree δ = {fresh_delta} (stale auto links excluded)",
        ),
        unprotected=_unprotected(pinned, status, visibility),
        old_enough_and_eligible=_old_enough(status, created_at, received_at, now, s),
    )


def _low_score(score: float, s: EngineSettings) -> Conjunct:
    below = score < s.forget_threshold
    sign = "<" if below else "≥"
    return Conjunct(
        "deletion_score_below_threshold",
        below,
        f"deletion score {_num(score)} {sign} threshold {_num(s.forget_threshold)}",
    )


def _unprotected(pinned: bool, status: MemoryStatus, visibility: Visibility) -> Conjunct:
    protections = [
        reason
        for applies, reason in (
            (pinned, "pinned"),
            (status is MemoryStatus.CORE, "core"),
            (visibility is Visibility.ORG, "org-visible"),
        )
        if applies
    ]
    detail = "protected: " + ", ".join(protections) if protections else "not pinned, core or org"
    return Conjunct("unprotected", not protections, detail)


def _old_enough(
    status: MemoryStatus,
    created_at: datetime,
    received_at: datetime | None,
    now: datetime,
    s: EngineSettings,
) -> Conjunct:
    age = _days(now - clock_start(created_at, received_at))
    eligible = status in s.forgettable_statuses
    if is_history(created_at, received_at, s):
        least = max(s.min_age_days, s.imported_keep_days)
        old = age > least
        age_text = (
            f"imported history, {_num(age)} days since it was received "
            f"{'>' if old else '≤'} {_num(least)}"
        )
    else:
        old = age > s.min_age_days
        age_text = f"{_num(age)} days old {'>' if old else '≤'} {_num(s.min_age_days)}"
    status_text = f"status {status} {'is' if eligible else 'is not'} forgettable"
    return Conjunct("old_enough_and_eligible", old and eligible, f"{age_text}; {status_text}")


def forgetting_guard(would_forget: int, memories: int, s: EngineSettings) -> str | None:
    """Why a pass must not forget `would_forget` of a project's `memories`, or None when it
    may: more than `forget_guard_share` of them, and more than `forget_guard_min`. A sweep that
    large is more likely a clock, an import or a setting gone wrong than a project's own
    forgetting, so it waits for an operator to go ahead (`allow_mass_forgetting`)."""
    if would_forget <= s.forget_guard_min or would_forget <= s.forget_guard_share * memories:
        return None
    return (
        f"the pass would forget {would_forget} of {memories} memories "
        f"({would_forget / memories:.0%}), more than the guard's "
        f"{s.forget_guard_share:.0%} (RETENTIA_ENGINE__FORGET_GUARD_SHARE); nothing was "
        "forgotten. Check the project (explain a few of them, `--dry-run` lists them all), "
        "then run again with --allow-mass-forgetting (allowMassForgetting: true) to go ahead"
    )

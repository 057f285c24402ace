"""Behavioural categories and their lifecycle constants (docs/design.md §6)."""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Final


class Category(StrEnum):
    IDENTITY_SELF_CONCEPT = "identity_self_concept"
    RELATIONAL_BONDS = "relational_bonds"
    INTELLECTUAL_INTERESTS = "intellectual_interests"
    HEALTH_WELLBEING = "health_wellbeing"
    PROJECTS_ENDEAVORS = "projects_endeavors"
    HOBBIES_RECREATION = "hobbies_recreation"
    PREFERENCES_HABITS = "preferences_habits"
    FINANCIAL_MATERIAL = "financial_material"
    OBLIGATIONS = "obligations"
    LOGISTICAL_CONTEXT = "logistical_context"
    OTHER = "other"


class Semantics(StrEnum):
    """How new assertions in a category relate to old ones."""

    ACCUMULATE = "accumulate"
    REPLACE = "replace"
    STATE_MACHINE = "state_machine"
    EVENT_TIME = "event_time"
    DECAY = "decay"


@dataclass(frozen=True, slots=True)
class CategoryPolicy:
    decay_per_hour: float  # λ_c in S_c(Δt) = exp(−λ_c·Δt_hours)
    blend_alpha: float  # α, weight of the category decay in ranking
    semantic_floor: float
    semantics: Semantics
    note: str


CATEGORY_POLICIES: Final[dict[Category, CategoryPolicy]] = {
    Category.IDENTITY_SELF_CONCEPT: CategoryPolicy(
        0.0015,
        0.10,
        0.95,
        Semantics.ACCUMULATE,
        "accumulate; supersede only on explicit, high-confidence contradiction",
    ),
    Category.RELATIONAL_BONDS: CategoryPolicy(
        0.0015, 0.10, 0.95, Semantics.ACCUMULATE, "accumulate; explicit dissolution"
    ),
    Category.INTELLECTUAL_INTERESTS: CategoryPolicy(
        0.0020, 0.15, 0.90, Semantics.ACCUMULATE, "accumulate; reactivatable"
    ),
    Category.HEALTH_WELLBEING: CategoryPolicy(
        0.0025, 0.10, 0.95, Semantics.ACCUMULATE, "chronic persists, acute expires"
    ),
    Category.PROJECTS_ENDEAVORS: CategoryPolicy(
        0.0025, 0.30, 0.75, Semantics.STATE_MACHINE, "state machine: active / done / paused"
    ),
    Category.HOBBIES_RECREATION: CategoryPolicy(
        0.0035, 0.20, 0.92, Semantics.DECAY, "slow decay, dormancy"
    ),
    Category.PREFERENCES_HABITS: CategoryPolicy(
        0.0050, 0.20, 0.85, Semantics.REPLACE, "replace (slot-key supersession)"
    ),
    Category.FINANCIAL_MATERIAL: CategoryPolicy(
        0.0055, 0.05, 0.97, Semantics.REPLACE, "replace; numbers must survive ranking"
    ),
    Category.OBLIGATIONS: CategoryPolicy(
        0.0060, 0.35, 0.70, Semantics.EVENT_TIME, "event-time validity, anticipatory"
    ),
    Category.LOGISTICAL_CONTEXT: CategoryPolicy(
        0.0080, 0.40, 0.00, Semantics.EVENT_TIME, "event-time validity, fastest expiry"
    ),
    Category.OTHER: CategoryPolicy(0.0050, 0.20, 0.85, Semantics.DECAY, "moderate default"),
}

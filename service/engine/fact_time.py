"""Time in the fact layer (pure): the event-time validity kernel of docs/design.md §6.2 and the
expiry it implies for obligations and logistics.

`V(t, h) = exp(−ν·(h−t)₊) · exp(−μ·(t−h)₊)` with μ ≫ ν: relevance rises as the event at `h`
approaches and collapses after it. A fact whose kernel has fallen below the expiry floor after
its event is no longer true; its `valid_to` is set to that instant when it is written, so every
as-of read and the reconciler treat it like any other end of valid time.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from schema import CATEGORY_POLICIES, LATEST_INSTANT, Category, Semantics
from service.engine.settings import EngineSettings


def event_time_category(category: Category) -> bool:
    return CATEGORY_POLICIES[category].semantics is Semantics.EVENT_TIME


def event_validity(at: datetime, event: datetime, s: EngineSettings) -> float:
    """V(t, h) in (0, 1]; 1 exactly at the event."""
    hours = (event - at).total_seconds() / 3600.0
    if hours >= 0:
        return math.exp(-s.event_anticipation * hours)
    return math.exp(s.event_decay * hours)


def event_expiry(event: datetime, s: EngineSettings) -> datetime:
    """The instant after the event at which V falls to the expiry floor; an event so close to
    the end of the time line that the floor comes after it expires at its last instant."""
    try:
        return event + timedelta(hours=math.log(1.0 / s.event_expiry_floor) / s.event_decay)
    except OverflowError:
        return LATEST_INSTANT

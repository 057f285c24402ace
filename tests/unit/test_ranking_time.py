"""The time terms of recall's ranking (docs/design.md §6.2, docs/adr/0028): the event-time kernel
is a soft weight blended with the category's α, as the category decay is."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime, timedelta

import pytest

from schema import CATEGORY_POLICIES, Category, MemoryStatus
from schema.models import MemoryFacets
from service.engine.fact_time import event_validity
from service.engine.ranking import blend_alpha, blended_validity
from service.engine.settings import EngineSettings

NOW = datetime(2026, 6, 1, 12, tzinfo=UTC)


def facets(event: datetime, **weights: float) -> MemoryFacets:
    soft = {Category(c): w for c, w in weights.items()}
    return MemoryFacets(
        id="m",
        created_at=NOW - timedelta(days=10),
        category=max(soft, key=soft.__getitem__),
        category_weights=soft,
        status=MemoryStatus.TAGGED,
        pinned=False,
        last_accessed_at=None,
        event_time=event,
        superseded_by=None,
    )


@pytest.mark.parametrize("days_past", [3, 30, 365])
def test_a_past_event_keeps_one_minus_alpha_not_nothing(days_past: int) -> None:
    s = EngineSettings()
    event = NOW - timedelta(days=days_past)
    m = facets(event, logistical_context=1.0)
    assert event_validity(NOW, event, s) < 1e-6  # the kernel itself has collapsed
    alpha = CATEGORY_POLICIES[Category.LOGISTICAL_CONTEXT].blend_alpha
    assert blended_validity(m, NOW, s) == pytest.approx(1 - alpha, abs=1e-6)


def test_the_kernel_still_orders_upcoming_over_past_and_peaks_at_the_event() -> None:
    s = EngineSettings()
    at_event = blended_validity(facets(NOW, obligations=1.0), NOW, s)
    near = blended_validity(facets(NOW + timedelta(hours=20), obligations=1.0), NOW, s)
    past = blended_validity(facets(NOW - timedelta(days=3), obligations=1.0), NOW, s)
    assert at_event == pytest.approx(1.0)
    assert at_event > near > past


def test_soft_weights_mix_the_alphas() -> None:
    m = facets(NOW - timedelta(days=30), obligations=0.5, logistical_context=0.5)
    a = CATEGORY_POLICIES[Category.OBLIGATIONS].blend_alpha
    b = CATEGORY_POLICIES[Category.LOGISTICAL_CONTEXT].blend_alpha
    assert blend_alpha(m) == pytest.approx((a + b) / 2)
    assert blended_validity(m, NOW, EngineSettings()) == pytest.approx(1 - (a + b) / 2)


def test_only_obligations_and_logistics_with_an_event_time_carry_the_kernel() -> None:
    s = EngineSettings()
    past = NOW - timedelta(days=30)
    assert blended_validity(facets(past, hobbies_recreation=1.0), NOW, s) == 1.0
    timeless = replace(facets(past, obligations=1.0), event_time=None)
    assert blended_validity(timeless, NOW, s) == 1.0

"""The GraphQL enums of recall's legs and switchable ranking terms name exactly the domain's
lists (`LEGS`, `TERMS`), in their order: a leg or term added to recall is added to the API."""

from __future__ import annotations

from service.api.types.recall import Leg, SwitchableTerm
from service.usecases.recall import LEGS, TERMS


def test_leg_enum_is_the_domain_legs() -> None:
    assert tuple(leg.value for leg in Leg) == LEGS


def test_switchable_term_enum_is_the_domain_terms() -> None:
    assert tuple(term.value for term in SwitchableTerm) == TERMS

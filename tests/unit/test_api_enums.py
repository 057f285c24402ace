"""The GraphQL enums of recall's legs and switchable ranking terms are the domain's enums
(`service.engine.ranker.Leg`, `Term`) registered, so they cannot drift: a leg or term added to
recall is added to the API, under the same name, in the same order."""

from __future__ import annotations

from service.api.types.recall import Leg, SwitchableTerm
from service.engine.ranker import Leg as DomainLeg
from service.engine.ranker import Term
from service.usecases.recall import LEGS, TERMS


def test_leg_enum_is_the_domain_legs() -> None:
    assert Leg is DomainLeg
    assert tuple(leg.value for leg in Leg) == LEGS


def test_switchable_term_enum_is_the_domain_terms() -> None:
    assert SwitchableTerm is Term
    assert tuple(term.value for term in SwitchableTerm) == TERMS

"""`--ablate` specs (bench.harness.ablation): a leg or a term switches that one off in the
request and reuses the ingest; a setting changes the engine and needs its own ingest; a spec
naming nothing known fails before any run, naming what is known."""

from __future__ import annotations

import pytest

from bench.harness.ablation import parse_ablation, parse_ablations
from service.engine.settings import EngineSettings
from service.usecases.recall import LEGS, TERMS


def test_a_leg_ablation_switches_only_that_leg_off_on_the_same_ingest() -> None:
    a = parse_ablation("leg:temporal")
    assert a.legs == frozenset(LEGS) - {"temporal"}
    assert a.terms == frozenset(TERMS)
    assert not a.reingest
    request = a.request("when did I move?", 20)
    assert request.k == 20 and request.read_only and "temporal" not in request.legs


def test_a_term_ablation_switches_only_that_term_off() -> None:
    a = parse_ablation("term:restated")
    assert a.terms == frozenset(TERMS) - {"restated"}
    assert a.legs == frozenset(LEGS)


def test_a_setting_ablation_changes_the_engine_and_needs_its_own_ingest() -> None:
    a = parse_ablation("setting:recall_leg_weights={}")
    assert a.reingest
    assert a.settings(EngineSettings()).recall_leg_weights == {}
    assert parse_ablation("setting:recall_rrf_k=10").settings(EngineSettings()).recall_rrf_k == 10


def test_a_list_splits_at_each_prefix_and_keeps_commas_inside_a_value() -> None:
    spec = 'leg:window, setting:recall_leg_weights={"window": 0, "neighbours": 1},term:decay'
    names = [a.name for a in parse_ablations(spec)]
    assert names == [
        "leg:window",
        'setting:recall_leg_weights={"window": 0, "neighbours": 1}',
        "term:decay",
    ]
    weights = parse_ablations(spec)[1].settings(EngineSettings()).recall_leg_weights
    assert weights == {"window": 0, "neighbours": 1}


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("leg:vectors", "unknown leg"),
        ("term:recency", "unknown term"),
        ("setting:recall_rrf=5", "engine setting"),
        ("setting:recall_rrf_k=0", "greater than or equal"),
        ("temporal", "expected one of"),
    ],
)
def test_an_unknown_signal_fails_before_any_run(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_ablation(spec)

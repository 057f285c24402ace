"""Ablations named on the command line (issue 53): each switches one signal off — a recall leg,
a ranking term or an engine setting — so a bench reruns with it off and reports what it was
worth in the field's units.

    leg:temporal                  the request without the temporal leg (same ingest)
    term:session_diversity        the request without that ranking term (same ingest)
    setting:recall_temporal_mentions=false
                                  the engine with that setting (a second ingest: a setting may
                                  act at write time)

A setting's value is read as JSON (`false`, `0`, `{"window": 0}`), else as a plain string.
Several are given comma-separated; a comma inside a JSON value is kept with it (a new
ablation starts only at a `leg:`, `term:` or `setting:` prefix).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from service.engine.settings import EngineSettings
from service.usecases.recall import LEGS, TERMS, RecallRequest

#: What an ablation switches off, by prefix.
KINDS: Final = ("leg", "term", "setting")
_START = re.compile(r",\s*(?=(?:leg|term|setting):)")


@dataclass(frozen=True, slots=True)
class Ablation:
    """One signal off: `legs` / `terms` of the request (every one but the ablated), or
    `engine` overrides of the engine settings (then `reingest` is true)."""

    name: str
    legs: frozenset[str] = frozenset(LEGS)
    terms: frozenset[str] = frozenset(TERMS)
    engine: Mapping[str, Any] = field(default_factory=dict, hash=False)

    @property
    def reingest(self) -> bool:
        """Whether the ablation needs its own ingest (an engine setting may act at write time;
        a leg or a term acts only when recalling)."""
        return bool(self.engine)

    def request(self, query: str, k: int) -> RecallRequest:
        """The read-only recall of `query` with the ablated leg or term off."""
        return RecallRequest(query, k=k, read_only=True, legs=self.legs, terms=self.terms)

    def settings(self, engine: EngineSettings) -> EngineSettings:
        """`engine` with the ablated settings (validated: a misspelt name or a value out of
        range fails here, before any ingest)."""
        if not self.engine:
            return engine
        return EngineSettings.model_validate(engine.model_dump() | dict(self.engine))


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_ablation(spec: str) -> Ablation:
    """One ablation from its spec (`leg:NAME`, `term:NAME` or `setting:NAME=VALUE`); a
    `ValueError` names what is wrong and what is known."""
    kind, sep, rest = spec.strip().partition(":")
    if not sep or kind not in KINDS or not rest:
        raise ValueError(f"ablation {spec!r}: expected one of {', '.join(k + ':…' for k in KINDS)}")
    if kind == "leg":
        if rest not in LEGS:
            raise ValueError(f"ablation {spec!r}: unknown leg; legs are {', '.join(LEGS)}")
        return Ablation(spec.strip(), legs=frozenset(LEGS) - {rest})
    if kind == "term":
        if rest not in TERMS:
            raise ValueError(f"ablation {spec!r}: unknown term; terms are {', '.join(TERMS)}")
        return Ablation(spec.strip(), terms=frozenset(TERMS) - {rest})
    name, eq, value = rest.partition("=")
    if not eq or name not in EngineSettings.model_fields:
        raise ValueError(f"ablation {spec!r}: expected setting:NAME=VALUE with an engine setting")
    ablation = Ablation(spec.strip(), engine={name: _value(value)})
    ablation.settings(EngineSettings())  # fails now on a value the setting refuses
    return ablation


def parse_ablations(text: str) -> list[Ablation]:
    """Every ablation of a comma-separated list (`parse_ablation` each), in order, once."""
    specs = [s for s in _START.split(text.strip()) if s.strip()]
    return list({a.name: a for a in map(parse_ablation, specs)}.values())


def ablation_names(ablations: Sequence[Ablation]) -> list[str]:
    """The names the runs of `ablations` are reported under (`-leg:temporal`, …)."""
    return [f"-{a.name}" for a in ablations]

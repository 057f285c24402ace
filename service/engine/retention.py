"""The retention score: relevance × connectivity × activation (docs/design.md §3), plus the deletion
score and core promotion of docs/design.md §4.

Pure functions: the clock (`now`) and the constants (`EngineSettings`) are arguments. Every
force returns a frozen dataclass carrying its value *and* the inputs it was computed from, so
explain can show the arithmetic without recomputing it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime

from schema import Memory
from service.engine.lifecycle import clock_start
from service.engine.settings import EngineSettings
from service.engine.text import normalise

_SECONDS_PER_DAY = 86_400.0
#: Presentations closer than this (or in the future) count as this old; t^(−d) explodes at 0.
_MIN_AGE_SECONDS = 1.0


# -- relevance ------------------------------------------------------------------------------


def _entity_set(names: Iterable[str]) -> frozenset[str]:
    # Names that normalise to "" carry no identity, so they neither match nor dilute |E_n|.
    return frozenset(n for n in map(normalise, names) if n)


@dataclass(frozen=True, slots=True)
class Relevance:
    """Query-path relevance. Entity tuples hold distinct normalised names, sorted."""

    value: float
    cosine: float
    overlap: float
    memory_entities: tuple[str, ...]
    query_entities: tuple[str, ...]
    shared_entities: tuple[str, ...]


def relevance_query(
    cosine: float,
    memory_entities: Iterable[str],
    query_entities: Iterable[str],
    s: EngineSettings,
) -> Relevance:
    """`cos_w·cos + ent_w·|E_n ∩ E_q| / |E_n|`; the overlap is 0 when the memory has no entities.

    Entities are compared as sets of normalised names, so duplicates that normalise alike count
    once. The cosine is deliberately not clamped: an opposed embedding lowers relevance.
    """
    mine, theirs = _entity_set(memory_entities), _entity_set(query_entities)
    shared = mine & theirs
    overlap = len(shared) / len(mine) if mine else 0.0
    return Relevance(
        value=s.cosine_weight * cosine + s.entity_weight * overlap,
        cosine=cosine,
        overlap=overlap,
        memory_entities=tuple(sorted(mine)),
        query_entities=tuple(sorted(theirs)),
        shared_entities=tuple(sorted(shared)),
    )


@dataclass(frozen=True, slots=True)
class RestRelevance:
    """Relevance without a query, from the time since the last access."""

    value: float
    last_accessed: datetime
    days_since_access: float
    floor: float
    horizon_days: float


def relevance_at_rest(last_accessed: datetime, now: datetime, s: EngineSettings) -> RestRelevance:
    """`max(rest_floor, 1 − days_since_last_access / rest_horizon_days)`.

    Pass `created_at` as `last_accessed` for a memory never accessed. An access in the future
    (clock skew) counts as zero days ago, so the value never exceeds 1.
    """
    days = max(0.0, (now - last_accessed).total_seconds() / _SECONDS_PER_DAY)
    return RestRelevance(
        value=max(s.rest_floor, 1.0 - days / s.rest_horizon_days),
        last_accessed=last_accessed,
        days_since_access=days,
        floor=s.rest_floor,
        horizon_days=s.rest_horizon_days,
    )


# -- connectivity ---------------------------------------------------------------------------


def kappa_reference(kappas: Sequence[int], s: EngineSettings) -> int:
    """κ_ref of a tenant from the causal degrees of its memories; 0 for an empty tenant.

    "max" takes κ_max. "percentile" takes the nearest-rank percentile (the ⌈p/100·n⌉-th
    smallest, the smallest for p = 0): always an observed κ, so a few extreme hubs cannot
    flatten everyone else's connectivity, and the result stays an integer degree.
    """
    if not kappas:
        return 0
    if s.kappa_reference == "max":
        return max(kappas)
    ordered = sorted(kappas)
    rank = max(1, math.ceil(s.kappa_percentile / 100.0 * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True, slots=True)
class Connectivity:
    value: float
    kappa: int
    delta: int
    kappa_ref: float
    raw: float  # C_raw = (ln(1+κ)/ln(1+κ_ref))², before the floor and the cap

    @property
    def orphan(self) -> bool:
        return self.delta == 0


def connectivity(kappa: int, delta: int, kappa_ref: float, s: EngineSettings) -> Connectivity:
    """0 for an orphan (δ = 0); else `max(floor, (ln(1+κ)/ln(1+κ_ref))²)`, capped at 1.

    C_raw is 0 when κ_ref = 0, so a non-orphan in a tenant without causal edges gets the floor.
    Under a percentile κ_ref a memory's κ may exceed κ_ref; the cap keeps C in [0, 1] so those
    hubs tie at 1 instead of outscoring the formula's range.
    """
    raw = (math.log1p(kappa) / math.log1p(kappa_ref)) ** 2 if kappa_ref > 0 else 0.0
    value = 0.0 if delta == 0 else min(1.0, max(s.connectivity_floor, raw))
    return Connectivity(value=value, kappa=kappa, delta=delta, kappa_ref=kappa_ref, raw=raw)


# -- activation and stability ---------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Activation:
    value: float
    total: float  # Σ_j t_j^(−d), before the cap at 1
    ages_seconds: tuple[float, ...]  # t_j per presentation, after clamping to ≥ 1 s
    decay: float


def activation(presentations: Sequence[datetime], now: datetime, s: EngineSettings) -> Activation:
    """ACT-R base level `min(1, Σ_j t_j^(−d))`, t_j = seconds since presentation j, each ≥ 1.

    Presentations are the creation plus every direct recall (cascade visits are not
    presentations). A presentation in the future counts as 1 s old.
    """
    if not presentations:
        # Creation is always a presentation; an empty list means the caller forgot it.
        raise ValueError("activation needs at least one presentation (the creation time)")
    ages = tuple(max(_MIN_AGE_SECONDS, (now - p).total_seconds()) for p in presentations)
    total = math.fsum(age ** (-s.activation_decay) for age in ages)
    return Activation(
        value=min(1.0, total), total=total, ages_seconds=ages, decay=s.activation_decay
    )


def stability_after_recall(stability: float, s: EngineSettings) -> float:
    """`stability + increment / stability`: each direct recall strengthens less than the last."""
    if stability <= 0.0:
        raise ValueError(f"stability must be positive, got {stability!r}")
    return stability + s.stability_increment / stability


# -- the score and the deletion score -------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Score:
    value: float
    relevance: float
    connectivity: float
    activation: float
    formula: str = "relevance × connectivity × activation"


def retention_score(relevance: float, connectivity: float, activation: float) -> Score:
    return Score(
        value=relevance * connectivity * activation,
        relevance=relevance,
        connectivity=connectivity,
        activation=activation,
    )


@dataclass(frozen=True, slots=True)
class DeletionScore:
    value: float
    relevance_at_rest: float
    activation: float
    formula: str = "relevance_at_rest × activation"


def deletion_score(relevance_at_rest: float, activation: float) -> DeletionScore:
    """The forgetting score leaves connectivity out on purpose (docs/design.md §4.5): orphanhood is
    its own conjunct, and folding it in would make every orphan score 0 and look forgettable."""
    return DeletionScore(
        value=relevance_at_rest * activation,
        relevance_at_rest=relevance_at_rest,
        activation=activation,
    )


# -- core promotion and the cascade ---------------------------------------------------------


@dataclass(frozen=True, slots=True)
class CorePromotion:
    value: float
    activation: float
    hub: float
    schema: float
    stability_n: float
    delta: int
    avg_delta: float
    neighbour_deltas: tuple[int, ...]  # the neighbours the schema term looked at
    stability: float
    threshold: float
    promote: bool


def core_promotion(
    activation: float,
    delta: int,
    avg_delta: float,
    neighbour_deltas: Sequence[int],
    stability: float,
    s: EngineSettings,
) -> CorePromotion:
    """`0.4·activation + 0.3·hub + 0.2·schema + 0.1·stability_n`, promote at ≥ threshold.

    hub = min(δ/avg δ, cap)/cap (0 when avg δ = 0); schema = share of the first
    `core_schema_neighbours` neighbours whose δ exceeds avg δ (0 without neighbours);
    stability_n = min(stability, cap)/cap. The category fast-path and per-tenant core
    preferences are policy, applied by the caller.
    """
    hub = min(delta / avg_delta, s.core_hub_cap) / s.core_hub_cap if avg_delta > 0 else 0.0
    considered = tuple(neighbour_deltas[: s.core_schema_neighbours])
    above = sum(1 for d in considered if d > avg_delta)
    schema = above / len(considered) if considered else 0.0
    stability_n = min(stability, s.core_stability_cap) / s.core_stability_cap
    weighted = math.fsum(
        (
            s.core_activation_weight * activation,
            s.core_hub_weight * hub,
            s.core_schema_weight * schema,
            s.core_stability_weight * stability_n,
        )
    )
    # Weights add up to 1 (EngineSettings checks), so only rounding could leave [0, 1].
    value = min(1.0, max(0.0, weighted))
    return CorePromotion(
        value=value,
        activation=activation,
        hub=hub,
        schema=schema,
        stability_n=stability_n,
        delta=delta,
        avg_delta=avg_delta,
        neighbour_deltas=considered,
        stability=stability,
        threshold=s.core_threshold,
        promote=value >= s.core_threshold,
    )


def cascade_strength(hop: int, s: EngineSettings) -> float:
    """`cascade_base ** hop`; the BFS itself stops at `cascade_hops`. With the defaults only
    hop 1 (0.3) reaches the revive strength 0.1; hop 2 gives 0.09."""
    if hop < 0:
        raise ValueError(f"hop must be ≥ 0, got {hop}")
    return s.cascade_base**hop


def at_rest_score(
    memory: Memory,
    kappa: int,
    delta: int,
    kappa_ref: float,
    now: datetime,
    s: EngineSettings,
) -> float:
    """relevance at rest × connectivity × activation, × superseded_factor when superseded."""
    rest = relevance_at_rest(memory.last_accessed_at or memory.created_at, now, s)
    conn = connectivity(kappa, delta, kappa_ref, s)
    act = activation([memory.created_at, *memory.reactivation_timestamps], now, s)
    score = retention_score(rest.value, conn.value, act.value).value
    if memory.superseded_by is not None:
        score *= s.superseded_factor
    # Twelve significant digits survive the database's decimal round trip exactly (FalkorDB
    # prints doubles with fewer than the 17 digits a float needs), so the score read back by
    # the next pass equals the one written and an unchanged memory is not rewritten.
    return float(f"{score:.12g}")


def fresh_deletion_score(memory: Memory, now: datetime, s: EngineSettings) -> float:
    """The deletion score a forgetting decision reads: its clocks start at `clock_start`, so
    history imported with an old `createdAt` is scored as arrived, not as created."""
    start = clock_start(memory.created_at, memory.received_at)
    accessed = memory.last_accessed_at or start
    rest = relevance_at_rest(max(accessed, start), now, s)
    act = activation([start, *memory.reactivation_timestamps], now, s)
    return deletion_score(rest.value, act.value).value

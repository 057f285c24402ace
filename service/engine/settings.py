"""Every constant of the retention score and the lifecycle (docs/design.md §3–4), with the design
defaults.

The pure engine (`service.engine.retention`, `service.engine.lifecycle`) receives an
`EngineSettings` as an argument and never reads the environment; the entry point builds one
(typically nested in the service `Settings`) and passes it down.
"""

from __future__ import annotations

import math
from typing import Literal, Self

from pydantic import BaseModel, ConfigDict, Field, model_validator

from schema import Category, MemoryStatus

#: Weights that must add up to 1 so a score stays in its documented bounds.
_WEIGHT_SUM_TOLERANCE = 1e-9


class EngineSettings(BaseModel):
    # extra="forbid": a misspelt constant must fail loudly, not silently keep its default.
    model_config = ConfigDict(frozen=True, extra="forbid")

    # -- relevance (docs/design.md §3) -------------------------------------------------------------
    cosine_weight: float = Field(default=0.7, ge=0.0, le=1.0)  # weight of cos(e_n, e_q)
    entity_weight: float = Field(default=0.3, ge=0.0, le=1.0)  # weight of |E_n ∩ E_q| / |E_n|
    rest_floor: float = Field(default=0.1, ge=0.0, le=1.0)  # relevance at rest never drops below
    rest_horizon_days: float = Field(default=365.0, gt=0.0)  # days unaccessed until the floor

    # -- connectivity -----------------------------------------------------------------------
    connectivity_floor: float = Field(default=0.1, ge=0.0, le=1.0)  # least C of a non-orphan
    kappa_reference: Literal["max", "percentile"] = "max"  # how κ_ref is taken from the tenant
    kappa_percentile: float = Field(default=95.0, ge=0.0, le=100.0)  # used when "percentile"

    # -- activation and stability -----------------------------------------------------------
    activation_decay: float = Field(default=0.5, gt=0.0)  # ACT-R d in Σ t_j^(−d)
    stability_increment: float = Field(default=0.1, ge=0.0)  # stability += this / stability
    max_presentations: int = Field(default=64, ge=1)  # reactivation timestamps kept per memory

    # -- status FSM (docs/design.md §4) ------------------------------------------------------------
    tagged_timeout_hours: float = Field(default=24.0, ge=0.0)  # tagged → dormant without an edge
    episodic_score: float = Field(default=0.6, ge=0.0, le=1.0)  # active scores below count low
    episodic_evaluations: int = Field(default=3, ge=1)  # consecutive lows for active → episodic
    dormant_score: float = Field(default=0.15, ge=0.0, le=1.0)  # score below → may go dormant
    dormant_days: float = Field(default=90.0, ge=0.0)  # days since reactivation before dormant
    dormant_min_recalls: int = Field(default=3, ge=0)  # this many direct recalls shield it

    # -- recall cascade ---------------------------------------------------------------------
    cascade_hops: int = Field(default=2, ge=0)  # BFS depth over supportive edges
    cascade_base: float = Field(default=0.3, ge=0.0, le=1.0)  # strength at hop h is base**h
    revive_strength: float = Field(default=0.1, ge=0.0, le=1.0)  # least strength reviving dormant

    # -- core promotion ---------------------------------------------------------------------
    core_activation_weight: float = Field(default=0.4, ge=0.0, le=1.0)  # weight of activation
    core_hub_weight: float = Field(default=0.3, ge=0.0, le=1.0)  # weight of the hub term
    core_schema_weight: float = Field(default=0.2, ge=0.0, le=1.0)  # weight of the schema term
    core_stability_weight: float = Field(default=0.1, ge=0.0, le=1.0)  # weight of stability
    core_threshold: float = Field(default=0.55, ge=0.0, le=1.0)  # promote at or above this
    core_schema_neighbours: int = Field(default=10, ge=1)  # neighbours the schema term looks at
    core_hub_cap: float = Field(default=3.0, gt=0.0)  # δ/avg δ saturates here
    core_stability_cap: float = Field(default=3.0, gt=0.0)  # stability saturates here
    core_fast_path: tuple[Category, ...] = ()  # categories promoted to core without scoring

    # -- active forgetting ------------------------------------------------------------------
    forget_threshold: float = Field(default=0.01, ge=0.0, le=1.0)  # θ_f on the deletion score
    auto_link_stale_days: float = Field(default=90.0, ge=0.0)  # unvalidated auto link stops δ
    min_age_days: float = Field(default=7.0, ge=0.0)  # younger memories are never forgotten
    #: History stored with an earlier createdAt (an import) is not forgotten within this many
    #: days of its receipt, whatever its age: it is new here (service.engine.lifecycle).
    imported_keep_days: float = Field(default=90.0, ge=0.0)
    #: A maintenance pass that would forget more than this share of a project's memories (and
    #: more than forget_guard_min of them) forgets nothing unless told to go ahead. 1: no guard.
    forget_guard_share: float = Field(default=0.1, ge=0.0, le=1.0)
    forget_guard_min: int = Field(default=10, ge=0)
    #: A forgotten memory stays restorable this many days, then a maintenance pass purges it
    #: for good (docs/adr/0032). 0: kept for ever.
    forgotten_retention_days: float = Field(default=180.0, ge=0.0)
    forgettable_statuses: tuple[MemoryStatus, ...] = (  # only these statuses may be forgotten
        MemoryStatus.TAGGED,
        MemoryStatus.EPISODIC,
        MemoryStatus.DORMANT,
    )

    # -- auto-linking and consolidation -----------------------------------------------------
    auto_link_floor: float = Field(default=0.8, ge=-1.0, le=1.0)  # least cosine, unknown embedders
    auto_link_max_per_store: int = Field(default=3, ge=0)  # RELATED_TO edges made per store
    auto_link_max_inbound: int = Field(default=10, ge=0)  # auto links a memory may receive
    consolidation_min_group: int = Field(default=3, ge=2)  # episodic memories per summary
    #: Hint candidates: bench/autolink.py's choice for the default (int8) embedder — at 0.80 it
    #: missed one of 8 paraphrased planted pairs (similarity 0.778; 0.803 in fp32), at 0.75 none,
    #: hinting 0.10 % of ordinary turns.
    conflict_similarity_floor: float = Field(default=0.75, ge=-1.0, le=1.0)
    conflict_token_overlap: float = Field(default=0.4, ge=0.0, le=1.0)  # same words otherwise

    #: Offline update detection at write time (service.engine.updates, docs/adr/0027).
    update_detection: bool = True
    #: The detector holds its edges back for a tenant while it would link more than this
    #: share of the tenant's last `update_detection_window` stores (issue 51: on turns full
    #: of unrelated numbers it linked more than one edge a turn; true updates are a few %).
    update_detection_max_share: float = Field(default=0.15, ge=0.0, le=1.0)
    update_detection_window: int = Field(default=200, ge=4)
    # -- storing with the original time -----------------------------------------------------
    created_at_max_skew_seconds: float = Field(default=300.0, ge=0.0)  # createdAt ahead of now

    # -- analytics (service/usecases/analytics.py) -------------------------------------------
    analytics_max_edges: int = Field(default=200_000, ge=1)  # edges exported; beyond: refused
    analytics_max_memories: int = Field(default=200_000, ge=1)  # memories read; beyond: refused
    analytics_top: int = Field(default=20, ge=1, le=1000)  # items listed per figure

    # -- maintenance ------------------------------------------------------------------------
    evaluation_interval_hours: float = Field(default=24.0, ge=0.0)  # one FSM evaluation per
    superseded_factor: float = Field(default=0.5, ge=0.0, le=1.0)  # score kept when superseded

    # -- recall (docs/design.md §7) ----------------------------------------------------------------
    recall_pool: int = Field(default=50, ge=1, le=1000)  # candidates each leg returns
    recall_rrf_k: int = Field(default=10, ge=1)  # k of reciprocal rank fusion (LoCoMo: 10 > 60)
    #: Each leg's weight in the fused rank (`ranking.fused_scores`; a leg not named weighs 1).
    #: Issue 53 measured {"neighbours": 0.75, "category": 0} with k = 5: +0.01 turn recall@10 on
    #: LongMemEval-S but −0.02 session recall_any@1 there and −0.004 LoCoMo recall@10
    #: (single-hop −0.009, temporal −0.006), so the default stays plain RRF.
    recall_leg_weights: dict[str, float] = Field(default_factory=dict)
    recall_min_similarity: float = Field(default=0.1, ge=-1.0, le=1.0)  # floor (backfill to k/2)
    recall_neighbour_anchors: int = Field(default=10, ge=0)  # best candidates whose turns join
    recall_neighbour_hops: int = Field(default=2, ge=0, le=5)  # turns either side of an anchor
    recall_window_weight: float = Field(default=0.5, ge=0.0, le=1.0)  # a nearby turn's share
    recall_graph_seeds: int = Field(default=5, ge=0)  # graph seeds expanded over supportive edges
    #: The temporal leg reads at most this many memories created in the query's time window
    #: (the newest), beside the vector and full-text hits whose event instant lies in it
    #: (LoCoMo tune split: 50 and 100 rank alike, 0 loses 0.02 recall@20 on dated questions).
    recall_temporal_scan: int = Field(default=50, ge=0, le=1000)
    #: The temporal leg also reads (as many) memories whose own words date them into the
    #: query's window ("yesterday" in a turn stored the day after it; `Memory.mentioned_start`).
    recall_temporal_mentions: bool = True
    #: A name the entity lists of more memories than this carry (a hub) seeds nothing in the
    #: graph leg's mention read: it tells none of them apart, and reading them all grows with
    #: the tenant. 0: no cap.
    recall_hub_mentions: int = Field(default=1000, ge=0)
    #: An entity more facts name than this is a hub for the graph leg's fact read: it seeds
    #: nothing and is not walked through (its facts tell none of their memories apart, and
    #: reading them grows with the tenant). 0: no cap.
    recall_hub_facts: int = Field(default=1000, ge=0)
    recall_co_retrieval_bonus: float = Field(default=0.02, ge=0.0)  # per edge to another result
    recall_co_retrieval_cap: int = Field(default=3, ge=0)  # edges counted at most
    #: Score an updated memory keeps, for current intent, per unit of the update's confidence
    #: (a detector edge of confidence c keeps 1 − c × (1 − this)); the update is lifted above it.
    recall_updated_factor: float = Field(default=0.5, ge=0.0, le=1.0)
    #: A stale value a detected update passed sinks to the bottom of the top k, but no lower than
    #: this place (issue 53: on LongMemEval-S a recall of 20 sank it to place 20, and with it
    #: gold turns out of the top 10 — turn recall@10 0.69 against 0.82 with the term off).
    recall_sink_depth: int = Field(default=10, ge=1, le=100)
    #: For current intent a later restatement of a hit (same topic words of the query, another
    #: session) moves above it when it has this share of its score and is at most this many
    #: places below it (`service.engine.updates.restated_first`).
    recall_restated_ratio: float = Field(default=0.6, ge=0.0, le=1.0)
    recall_restated_window: int = Field(default=5, ge=0, le=20)
    #: For a question asking for a set or a count about a person it names
    #: (`service.engine.enumeration`), the score a candidate another speaker said keeps
    #: (`ranker.focus`; 1: off).
    recall_focus_factor: float = Field(default=0.5, ge=0.0, le=1.0)
    #: The `focus` term for every question that names a person who speaks in the candidates,
    #: not only set and count questions (reads the candidates whole on such a question).
    #: LoCoMo recall@10 0.748 → 0.763 (report split 0.734 → 0.749), every category up.
    recall_focus_named: bool = True

    # -- facts (docs/design.md §5–6) ---------------------------------------------------------------
    event_anticipation: float = Field(default=0.02, gt=0.0)  # ν per hour before the event
    event_decay: float = Field(default=0.25, gt=0.0)  # μ per hour after it (μ ≫ ν)
    event_expiry_floor: float = Field(default=0.05, gt=0.0, lt=1.0)  # V below this: expired

    @model_validator(mode="after")
    def _leg_weights_known(self) -> Self:
        # Imported here: the ranker imports these settings (a module-level import would cycle).
        from service.engine.ranker.vocabulary import LEGS

        unknown = sorted(set(self.recall_leg_weights) - set(LEGS))
        if unknown:
            raise ValueError(
                f"recall_leg_weights names unknown legs {unknown}; legs are {', '.join(LEGS)}"
            )
        negative = sorted(leg for leg, w in self.recall_leg_weights.items() if not w >= 0.0)
        if negative:
            raise ValueError(f"recall_leg_weights of {negative} must be 0 or more")
        return self

    @model_validator(mode="after")
    def _weights_sum_to_one(self) -> Self:
        # The documented bounds (relevance ≤ 1, core score in [0, 1]) rely on these sums.
        groups = {
            "cosine_weight + entity_weight": (self.cosine_weight, self.entity_weight),
            "core_*_weight": (
                self.core_activation_weight,
                self.core_hub_weight,
                self.core_schema_weight,
                self.core_stability_weight,
            ),
        }
        for name, weights in groups.items():
            total = math.fsum(weights)
            if not math.isclose(total, 1.0, abs_tol=_WEIGHT_SUM_TOLERANCE):
                raise ValueError(f"{name} add up to {total!r}; adjust them so they add up to 1")
        return self

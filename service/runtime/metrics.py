"""Prometheus metrics of the service, on the process-wide default registry served at
`/metrics` (the reconciler's own counters live in `reconciler.metrics`)."""

from __future__ import annotations

from typing import Final

from prometheus_client import Counter, Gauge, Histogram

FACTS_APPLIED: Final = Counter(
    "retentia_facts_applied_total",
    "Facts given to apply_facts, by writer and outcome.",
    ["writer", "outcome"],
)
FACTS_SUPERSEDED: Final = Counter(
    "retentia_facts_superseded_total",
    "Facts closed because a newer fact of the same slot superseded them.",
)
FACTS_RETRACTED: Final = Counter("retentia_facts_retracted_total", "Facts retracted.")
EXTRACTIONS: Final = Counter(
    "retentia_fact_extractions_total",
    "LLM fact extractions from stored memories, by status (done, failed).",
    ["status"],
)
WEBHOOK_DELIVERIES: Final = Counter(
    "retentia_webhook_deliveries_total",
    "Webhook delivery attempts, by result (delivered, retry, failed).",
    ["result"],
)
RECALL_LEG_FAILURES: Final = Counter(
    "retentia_recall_leg_failures_total",
    "Recall legs that failed and were skipped (the response said degraded), by leg.",
    ["leg"],
)
UPDATE_DETECTION_HELD: Final = Counter(
    "retentia_update_detection_held_total",
    "Update edges the detector found but did not write because it was linking more than "
    "RETENTIA_ENGINE__UPDATE_DETECTION_MAX_SHARE of a tenant's recent stores.",
)
REACTIVATION_FAILURES: Final = Counter(
    "retentia_reactivation_failures_total",
    "Recalls whose reactivation could not be written (their answers stood; logged).",
)
REACTIVATION_BATCH_RECALLS: Final = Histogram(
    "retentia_reactivation_batch_recalls",
    "Recalls of one tenant whose reactivations were written together in one batch.",
    buckets=(1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 1024),
)
MEMORIES_FORGOTTEN: Final = Counter(
    "retentia_memories_forgotten_total",
    "Memories the forgetting sweep of a maintenance pass moved to the archive of forgotten "
    "memories (dry runs excluded): out of every read of the present, restorable.",
)
MEMORIES_RESTORED: Final = Counter(
    "retentia_memories_restored_total",
    "Forgotten memories restored to the present (restoreForgotten, retentia forgotten restore).",
)
MEMORIES_PURGED: Final = Counter(
    "retentia_memories_purged_total",
    "Forgotten memories deleted for good by a maintenance pass after the retention period "
    "(RETENTIA_ENGINE__FORGOTTEN_RETENTION_DAYS).",
)
RATE_LIMITED: Final = Counter(
    "retentia_rate_limited_total",
    "Requests answered 429 because their API key (or client address) was over its rate, by path.",
    ["path"],
)
MAINTENANCE_FORGETTING_HELD: Final = Counter(
    "retentia_maintenance_forgetting_held_total",
    "Maintenance passes whose forgetting sweep the mass-forgetting guard held (it would have "
    "forgotten more than RETENTIA_ENGINE__FORGET_GUARD_SHARE of the project): nothing forgotten.",
)
MAINTENANCE_LEASE_HELD: Final = Counter(
    "retentia_maintenance_lease_held_total",
    "Maintenance passes (or consolidations) skipped because another pass held the tenant's "
    "maintenance lease.",
)

#: Request latencies from a millisecond to a minute: recall sits around 10–200 ms, a batch
#: store or a maintenance pass takes seconds.
_LATENCY_BUCKETS: Final = (
    0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0,
)  # fmt: skip
REQUEST_LATENCY: Final = Histogram(
    "retentia_request_duration_seconds",
    "HTTP request latency, by route and GraphQL operation (the operation name, or the "
    "top-level fields when unnamed; 'none' outside /graphql, 'other' past the label cap).",
    ["route", "operation"],
    buckets=_LATENCY_BUCKETS,
)
REQUESTS: Final = Counter(
    "retentia_requests_total",
    "HTTP requests answered, by route and status code.",
    ["route", "status"],
)
REQUESTS_IN_PROGRESS: Final = Gauge(
    "retentia_requests_in_progress",
    "HTTP requests being served now, by route.",
    ["route"],
    multiprocess_mode="livesum",  # with workers: the sum over the live ones
)
EMBED_SECONDS: Final = Histogram(
    "retentia_embedding_seconds",
    "Time the embedder spent computing one batch of vectors (cache hits cost none), by embedder.",
    ["embedder"],
    buckets=(0.005, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0),
)
EMBED_CPU_SECONDS: Final = Counter(
    "retentia_embedding_cpu_seconds_total",
    "CPU time of the local embedder's forward passes, on the thread that runs them (all of it "
    "with the default single torch thread); beside retentia_embedding_seconds, the wall time, "
    "it tells computing from waiting for a CPU on a busy machine.",
    ["embedder"],
)
EMBED_TEXTS: Final = Counter(
    "retentia_embedding_texts_total",
    "Texts asked of the embedder, by embedder and outcome (computed, cached).",
    ["embedder", "outcome"],
)

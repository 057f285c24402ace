"""Prometheus metrics of the service, on the process-wide default registry served at
`/metrics` (the reconciler's own counters live in `reconciler.metrics`)."""

from __future__ import annotations

from typing import Final

from prometheus_client import Counter

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

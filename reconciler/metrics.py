"""The reconciler's Prometheus counters (default registry; `retentia reconcile --metrics-port`
serves them from the reconciler's own process)."""

from __future__ import annotations

from typing import Final

from prometheus_client import Counter

EDGE_SYNC_REPAIRS: Final = Counter(
    "retentia_edge_sync_repairs_total",
    "Derived RELATES edges the reconciler repaired, by kind (created, updated, expired).",
    ["kind"],
)
RECONCILER_PASSES: Final = Counter(
    "retentia_reconciler_passes_total",
    "Reconciler passes over a tenant, by result (applied, dry_run, lease_held).",
    ["result"],
)
FACTS_EXPIRED: Final = Counter(
    "retentia_facts_expired_total",
    "Facts moved to expired because their valid time ended.",
)

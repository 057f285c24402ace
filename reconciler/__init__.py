"""The reconciler: facts are the source of truth, derived RELATES edges an index kept
consistent with them (docs/design.md §5.4). `plan` is a pure diff, `apply` writes it in idempotent
batches, `runner` loops over tenants under a lease (`retentia reconcile`)."""

from reconciler.apply import BATCH_SIZE, apply_plan
from reconciler.plan import ReconcilePlan, plan
from reconciler.runner import Reconciler, ReconcileReport

__all__ = ["BATCH_SIZE", "ReconcilePlan", "ReconcileReport", "Reconciler", "apply_plan", "plan"]

"""Tenants from the names a database keeps them under."""

from __future__ import annotations

import logging
from collections.abc import Iterable

from schema import InvalidInput, Tenant, build

log = logging.getLogger(__name__)


def tenants_named(keys: Iterable[str]) -> list[Tenant]:
    """The tenants whose `key` is among `keys`, in order. Other names are skipped: another
    application's, and mixed-case ones written before tenant names were lowercased (no request
    can reach them any more; rename them to lowercase to use them again)."""
    tenants = []
    for key in keys:
        parts = key.split(":")
        if len(parts) != 3 or parts[0] != "retentia":
            continue
        try:
            tenant = build(Tenant, org=parts[1], project=parts[2])
        except InvalidInput:
            continue
        if tenant.key != key:
            log.warning("%s is not a tenant: tenant names are lowercase (rename it)", key)
            continue
        tenants.append(tenant)
    return tenants

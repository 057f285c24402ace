"""`retentia repair-instants [--all | --org O --project P] [--dry-run]`: set every memory and
fact instant an earlier version stored outside year 1 … 9999 (docs/operations.md, "Instants
stored out of range") to the nearer bound, so that reads stop warning about it. Beside a running
service too (sharing its embedded FalkorDB). It prints, per tenant, how many values of which
property it set (or, with --dry-run, would set)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Final

from schema import EARLIEST_INSTANT, LATEST_INSTANT
from service.commands import chosen_tenants, command_start, named_tenant

_EPOCH: Final = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND: Final = timedelta(microseconds=1)
#: The bounds as the backends store instants: epoch microseconds.
LOW: Final = (EARLIEST_INSTANT - _EPOCH) // _MICROSECOND
HIGH: Final = (LATEST_INSTANT - _EPOCH) // _MICROSECOND


def register(commands: Any) -> None:
    """Add `repair-instants` to the subcommands of `retentia`."""
    repair = commands.add_parser(
        "repair-instants",
        help="set instants an earlier version stored outside year 1 … 9999 to the nearer bound",
    )
    which = repair.add_mutually_exclusive_group()
    which.add_argument("--all", action="store_true", help="every tenant in the database")
    which.add_argument("--org", help="tenant org (default RETENTIA_DEFAULT_ORG)")
    repair.add_argument("--project", help="tenant project (default RETENTIA_DEFAULT_PROJECT)")
    repair.add_argument("--dry-run", action="store_true", help="count, and write nothing")
    repair.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    repair.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return asyncio.run(_run(args))


async def _run(args: argparse.Namespace) -> int:
    from schema import RetentiaError
    from service import compose

    settings = command_start(args)
    try:
        named = named_tenant(args, settings)
        async with compose.open_repository(settings) as repository:
            tenants = await chosen_tenants(
                "repair-instants",
                named,
                every=args.all,
                list_all=repository.list_tenants,
                exists=repository.tenant_exists,
            )
            if tenants is None:
                return 2
            verb = "would set" if args.dry_run else "set"
            for tenant in tenants:
                found = await repository.clamp_instants(tenant, LOW, HIGH, dry_run=args.dry_run)
                if not found:
                    print(f"{tenant}: no instant out of range")
                for name, n in sorted(found.items()):
                    print(f"{tenant}: {verb} {n} {name} value(s) to the nearest bound")
    except RetentiaError as e:
        print(f"retentia repair-instants: {e}", file=sys.stderr)
        return 2
    return 0

"""`retentia forgotten list | restore`: the memories maintenance forgot and keeps (docs/adr/0032),
listed, and brought back to the present by id or by the pass that forgot them. Beside a
running service too (sharing its embedded FalkorDB)."""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from datetime import datetime
from pathlib import Path
from typing import Any

from service.commands import command_start, named_tenant


def register(commands: Any) -> None:
    """Add `forgotten` (with `list` and `restore`) to the subcommands of `retentia`."""
    forgotten = commands.add_parser(
        "forgotten",
        help="list the memories maintenance forgot and keeps, or restore them",
    )
    actions = forgotten.add_subparsers(dest="action", required=True)
    listing = actions.add_parser("list", help="every forgotten memory, in id order")
    listing.add_argument("--json", action="store_true", help="one JSON object a line")
    restore = actions.add_parser(
        "restore", help="bring forgotten memories back, by id or by the pass that forgot them"
    )
    restore.add_argument("ids", nargs="*", help="ids of forgotten memories")
    restore.add_argument(
        "--pass",
        dest="forgotten_at",
        help="every memory the maintenance pass at this instant forgot (its forgotten_at, "
        "ISO 8601 with a zone)",
    )
    for action in (listing, restore):
        action.add_argument("--org", help="tenant org (default RETENTIA_DEFAULT_ORG)")
        action.add_argument("--project", help="tenant project (default RETENTIA_DEFAULT_PROJECT)")
        action.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    forgotten.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return asyncio.run(_run(args))


async def _run(args: argparse.Namespace) -> int:
    from schema import RetentiaError
    from schema.values import check_instant
    from service import compose
    from service.commands import chosen_tenants

    settings = command_start(args)
    try:
        named = named_tenant(args, settings)
        at = None
        if getattr(args, "forgotten_at", None) is not None:
            try:
                parsed = datetime.fromisoformat(args.forgotten_at)
            except ValueError:
                print(
                    f"retentia forgotten: --pass {args.forgotten_at!r} is not an ISO 8601 "
                    "instant (e.g. 2026-03-01T03:00:00+00:00)",
                    file=sys.stderr,
                )
                return 2
            at = check_instant("--pass", parsed)
        async with compose.open_service(settings, named, ready=False, share_running=True) as uses:
            found = await chosen_tenants(
                "forgotten",
                named,
                every=False,
                list_all=uses.memories.tenants,
                exists=uses.memories.still_exists,
            )
            if found is None:
                return 2
            if args.action == "list":
                await _list(uses.forgotten, named, settings.engine.forgotten_retention_days, args)
                return 0
            done = await uses.forgotten.restore(named, args.ids, forgotten_at=at)
            print(
                f"{named}: restored {len(done.restored)} memories ({done.edges} edges, "
                f"{done.facts} fact assertions linked again)"
            )
            for memory_id in done.restored:
                print(f"  restored {memory_id}")
            for memory_id in done.not_found:
                print(f"  not among the forgotten memories: {memory_id}", file=sys.stderr)
            return 1 if done.not_found else 0
    except RetentiaError as e:
        print(f"retentia forgotten: {e}", file=sys.stderr)
        return 2


async def _list(service: Any, tenant: Any, retention_days: float, args: argparse.Namespace) -> None:
    from datetime import timedelta

    after: str | None = None
    count = 0
    while page := await service.page(tenant, first=1000, after=after):
        for kept in page:
            purge = (
                None
                if retention_days <= 0
                else (kept.forgotten_at + timedelta(days=retention_days)).isoformat()
            )
            if args.json:
                print(
                    json.dumps(
                        {
                            "id": kept.id,
                            "forgotten_at": kept.forgotten_at.isoformat(),
                            "purge_after": purge,
                            "content": kept.memory.content,
                            "reason": kept.reason,
                        }
                    )
                )
            else:
                text = kept.memory.content.replace("\n", " ")
                text = text if len(text) <= 60 else text[:59] + "…"
                print(
                    f"{kept.id}  forgotten {kept.forgotten_at.isoformat()}  "
                    f"purged after {purge or 'never'}  {text}"
                )
        count += len(page)
        after = page[-1].id
    if not args.json:
        print(f"{tenant}: {count} forgotten memories", file=sys.stderr)

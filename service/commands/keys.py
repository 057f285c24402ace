"""`retentia keys create|list|revoke`: the org's API keys (a key is shown once; only its hash
is stored)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from service.commands import command_start


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `keys`."""
    keys = commands.add_parser("keys", help="create, list and revoke API keys")
    keys_commands = keys.add_subparsers(dest="keys_command", required=True)
    create = keys_commands.add_parser("create", help="create a key and print it (once)")
    create.add_argument(
        "--permissions",
        help="comma-separated, e.g. project:read,project:write (default: admin, every permission)",
    )
    create.add_argument("--name", default="created with retentia keys create", help="a label")
    listing = keys_commands.add_parser("list", help="the org's keys (never their secrets)")
    revoke = keys_commands.add_parser("revoke", help="revoke a key at once")
    revoke.add_argument("id", help="the key id (the 16 hex digits after the org in the key)")
    for command in (create, listing, revoke):
        command.add_argument("--org", help="the org (default RETENTIA_DEFAULT_ORG)")
        command.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    keys.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import asyncio

    return asyncio.run(_run(args))


async def _run(args: argparse.Namespace) -> int:

    from schema import RetentiaError
    from service import compose
    from service.usecases.auth import Principal, parse_permissions, system_tenant

    settings = command_start(args)
    org = args.org or settings.default_org
    try:
        system_tenant(org)
        # Key records are configuration entries; beside a running service this shares its
        # embedded FalkorDB.
        async with compose.open_key_store(settings) as keys:
            if args.keys_command == "create":
                wanted = [p for p in (args.permissions or "").split(",") if p.strip()]
                permissions = parse_permissions(wanted)
                record, key = await keys.create(org, args.name, permissions, granted_by=None)
                held = ", ".join(record.permissions) or "admin (every permission)"
                print(f"API key {record.id} of org {org}: {held}", file=sys.stderr)
                print("shown this once, only its hash is stored — keep it now:", file=sys.stderr)
                print(key, flush=True)
            elif args.keys_command == "list":
                for r in await keys.list_keys(org):
                    state = f"revoked {r.revoked_at.isoformat()}" if r.revoked_at else "active"
                    held = ",".join(r.permissions) or "admin"
                    print(f"{r.id}\t{state}\t{held}\t{r.name}")
            else:
                admin = Principal(org=org, key_id=None, permissions=frozenset())
                record = await keys.revoke(org, args.id, by=admin)
                print(f"API key {record.id} of org {org} revoked")
    except RetentiaError as e:
        print(f"retentia keys: {e}", file=sys.stderr)
        return 2
    return 0

"""`retentia tenants list|drop`: the projects with their sizes; drop one irreversibly."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from service.commands import command_start


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `tenants`."""
    tenants = commands.add_parser("tenants", help="list the projects with their sizes; drop one")
    tenants_commands = tenants.add_subparsers(dest="tenants_command", required=True)
    tenants_list = tenants_commands.add_parser(
        "list", help="one line per project: org, project, memories, edges (tab-separated)"
    )
    tenants_list.add_argument("--org", help="only this org's projects (default: every org's)")
    drop = tenants_commands.add_parser(
        "drop", help="delete a project irreversibly, with its name in the org's API keys"
    )
    drop.add_argument("--org", help="the org (default RETENTIA_DEFAULT_ORG)")
    drop.add_argument("--project", required=True, help="the project to drop")
    drop.add_argument("--yes", action="store_true", help="confirm: without it nothing happens")
    for command in (tenants_list, drop):
        command.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    tenants.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import asyncio

    return asyncio.run(_run(args))


async def _run(args: argparse.Namespace) -> int:
    from schema import RetentiaError, Tenant, build
    from service import compose
    from service.usecases.auth import request_tenant

    settings = command_start(args)
    try:
        if args.tenants_command == "drop" and not args.yes:
            print(
                f"retentia tenants: dropping {args.project!r} deletes it irreversibly; "
                "add --yes to confirm",
                file=sys.stderr,
            )
            return 2
        org = args.org or (settings.default_org if args.tenants_command == "drop" else None)
        named = build(Tenant, org=org or settings.default_org, project=settings.default_project)
        if args.tenants_command == "drop":
            request_tenant(named.org, args.project)  # a bad or reserved name, before any I/O
        # Beside a running service this shares its embedded FalkorDB.
        async with compose.open_service(settings, named, ready=False, share_running=True) as uses:
            if args.tenants_command == "list":
                for size in await uses.projects.list_projects(org, by=None):
                    print(f"{size.org}\t{size.project}\t{size.memories}\t{size.edges}")
            else:
                dropped = await uses.projects.drop(
                    named.org, args.project, confirm=args.project, by=None
                )
                print(
                    f"project {dropped.project} of org {named.org} dropped: "
                    f"{dropped.memories} memories, {dropped.edges} edges; "
                    f"{dropped.keys_changed} API keys no longer name it, "
                    f"{dropped.keys_revoked} of them revoked"
                )
    except RetentiaError as e:
        print(f"retentia tenants: {e}", file=sys.stderr)
        return 2
    return 0

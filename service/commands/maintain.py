"""`retentia maintain`: one maintenance pass (rescoring, lifecycle, forgetting) over a project or
every project, beside a running service too."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from service.commands import chosen_tenants, command_start, named_tenant


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `maintain`."""
    maintain = commands.add_parser(
        "maintain", help="run one maintenance pass (rescoring, lifecycle, forgetting)"
    )
    which = maintain.add_mutually_exclusive_group()
    which.add_argument("--all", action="store_true", help="every tenant in the database")
    which.add_argument("--org", help="tenant org (default RETENTIA_DEFAULT_ORG)")
    maintain.add_argument("--project", help="tenant project (default RETENTIA_DEFAULT_PROJECT)")
    maintain.add_argument("--dry-run", action="store_true", help="list what would change")
    maintain.add_argument(
        "--allow-mass-forgetting",
        action="store_true",
        help="forget even when a pass would forget more than the guard's share of a project "
        "(RETENTIA_ENGINE__FORGET_GUARD_SHARE); without it such a pass forgets nothing and "
        "the command exits 3",
    )
    maintain.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    maintain.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import asyncio

    return asyncio.run(_run(args))


async def _run(args: argparse.Namespace) -> int:
    from schema import RetentiaError, Tenant
    from service import compose
    from service.usecases.auth import SYSTEM_PROJECT

    settings = command_start(args)
    held: list[Tenant] = []
    try:
        named = named_tenant(args, settings)
        # Beside a running service this shares its embedded FalkorDB, as `keys` does.
        async with compose.open_service(settings, named, ready=False, share_running=True) as uses:

            async def maintained() -> list[Tenant]:
                return [t for t in await uses.memories.tenants() if t.project != SYSTEM_PROJECT]

            tenants = await chosen_tenants(
                "maintain",
                named,
                every=args.all,
                list_all=maintained,
                exists=uses.memories.still_exists,
            )
            if tenants is None:
                return 2
            mode = "dry run: nothing is written" if args.dry_run else "writing changes"
            print(f"maintenance of {len(tenants)} tenant(s), {mode}", flush=True)
            for tenant in tenants:
                report = await uses.maintenance.maintain(
                    tenant,
                    dry_run=args.dry_run,
                    progress=lambda message: print(f"  {message}", flush=True),
                    allow_mass_forgetting=args.allow_mass_forgetting,
                )
                if report.forgetting_held is not None:
                    held.append(tenant)
                if args.dry_run:
                    for memory_id in report.forgotten:
                        print(f"  would forget {memory_id}")
                    for memory_id in report.would_forget:
                        print(f"  would forget {memory_id} (held by the mass-forgetting guard)")
                    for memory_id in report.promoted:
                        print(f"  would promote {memory_id} to core")
                    for c in report.consolidated:
                        print(f"  would consolidate {len(c.sources)} memories about {c.entity!r}")
    except RetentiaError as e:
        print(f"retentia maintain: {e}", file=sys.stderr)
        return 2
    if held and not args.dry_run:
        names = ", ".join(str(t) for t in held)
        print(
            f"retentia maintain: the mass-forgetting guard held the forgetting of {names}: "
            "nothing was forgotten there (the summary above says why); rerun with "
            "--allow-mass-forgetting to go ahead",
            file=sys.stderr,
        )
        return 3
    return 0

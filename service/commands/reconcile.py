"""`retentia reconcile`: repair derived fact edges (RELATES) against the facts, every few
minutes or once."""

from __future__ import annotations

import argparse
import logging
import sys
from pathlib import Path

from service.commands import command_settings


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `reconcile`."""
    reconcile = commands.add_parser(
        "reconcile",
        help="repair derived fact edges (RELATES) against the facts, every 5 minutes or once",
    )
    reconcile.add_argument("--once", action="store_true", help="one pass, then exit")
    reconcile.add_argument(
        "--dry-run", action="store_true", help="report what one pass would repair; write nothing"
    )
    reconcile.add_argument(
        "--interval", type=float, default=300.0, help="seconds between passes (default 300)"
    )
    reconcile.add_argument("--org", help="only this tenant's org (default: every tenant)")
    reconcile.add_argument(
        "--project", help="with --org: the project (default RETENTIA_DEFAULT_PROJECT)"
    )
    reconcile.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    reconcile.add_argument(
        "--metrics-port", type=int, help="serve Prometheus metrics on 127.0.0.1:PORT"
    )
    reconcile.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import asyncio

    try:
        return asyncio.run(_run(args))
    except KeyboardInterrupt:
        return 130


async def _run(args: argparse.Namespace) -> int:
    import asyncio
    import json

    from reconciler import ReconcileReport
    from schema import RetentiaError, Tenant, build
    from service import compose

    settings = command_settings(args)
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if args.metrics_port is not None:
        from prometheus_client import start_http_server

        start_http_server(args.metrics_port, addr="127.0.0.1")
    try:
        async with compose.open_reconciler(settings) as reconciler:
            tenants = None
            if args.org is not None:
                tenants = [
                    build(Tenant, org=args.org, project=args.project or settings.default_project)
                ]

            def show(reports: list[ReconcileReport]) -> None:
                for report in reports:
                    print(json.dumps(report.as_dict(), sort_keys=True), flush=True)

            if args.once or args.dry_run:
                show(await reconciler.run_once(tenants, dry_run=args.dry_run))
                return 0
            print(f"reconciling every {args.interval:g} s (Ctrl-C stops)", flush=True)
            while True:
                show(await reconciler.run_once(tenants))
                await asyncio.sleep(args.interval)
    except RetentiaError as e:
        print(f"retentia reconcile: {e}", file=sys.stderr)
        return 2

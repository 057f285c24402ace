"""`retentia serve`: the GraphQL service (and `/mcp`, the explorer, the probes) on one port."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from pathlib import Path

from pydantic import ValidationError

from service.commands import first_error
from service.settings import Settings


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `serve`."""
    serve = commands.add_parser("serve", help="run the GraphQL service")
    serve.add_argument("--host", help="bind address (default 127.0.0.1; RETENTIA_HOST)")
    serve.add_argument("--port", type=int, help="port (default 8000; RETENTIA_PORT)")
    serve.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    serve.add_argument(
        "--workers",
        type=int,
        help="worker processes on the one port, over the one store (default 1; RETENTIA_WORKERS)",
    )
    serve.add_argument("--no-graphiql", action="store_true", help="do not serve GraphiQL")
    serve.add_argument(
        "--dev",
        action="store_true",
        help="development mode: no authentication (only with --host 127.0.0.1, the default)",
    )
    serve.set_defaults(run=run)


def _environment(overrides: dict[str, object]) -> dict[str, str]:
    """The command line's settings as the environment variables Settings reads."""

    def text(value: object) -> str:
        return str(value).lower() if isinstance(value, bool) else str(value)

    return {f"RETENTIA_{name.upper()}": text(value) for name, value in overrides.items()}


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from service.api.app import MULTIPROCESS_DIR, create_app
    from service.runtime.http_protocol import CoalescingH11Protocol

    overrides: dict[str, object] = {}
    if args.host is not None:
        overrides["host"] = args.host
    if args.port is not None:
        overrides["port"] = args.port
    if args.data_dir is not None:
        overrides["data_dir"] = args.data_dir
    if args.workers is not None:
        overrides["workers"] = args.workers
    if args.no_graphiql:
        overrides["graphiql"] = False
    if args.dev:
        overrides["dev"] = True
    try:
        settings = Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as e:
        print(f"retentia serve: {first_error(e)}", file=sys.stderr)
        return 2
    from service.runtime.observability import configure_logging

    configure_logging(settings.log_level, settings.log_format)
    from schema import RetentiaError
    from service.compose import probe_storage

    try:  # one FalkorDB on the same files: a running one is shared (docs/adr/0033)
        probe_storage(settings, share_running=True)
    except RetentiaError as e:
        print(f"retentia serve: {e}", file=sys.stderr)
        return 2
    where = settings.storage_description()
    print(
        f"Retentia on http://{settings.host}:{settings.port}/graphql — storage: {where}", flush=True
    )
    if settings.dev:
        print(DEV_BANNER, flush=True)
    else:
        print("API keys required: send 'Authorization: Bearer <key>'", flush=True)
    served: dict[str, object] = {
        "host": settings.host,
        "port": settings.port,
        "log_level": settings.log_level.lower(),
        "log_config": None,  # uvicorn's records go to the handler configure_logging set
        "timeout_graceful_shutdown": 30,
        "http": CoalescingH11Protocol,  # each response in one socket write
    }
    if settings.workers == 1:
        uvicorn.run(create_app(settings, owns_process=True), **served)  # type: ignore[arg-type]
        return 0
    # Each worker is a process of its own (spawned): it reads its settings from the
    # environment, so the command line's overrides go there first.
    os.environ.update(_environment(overrides))
    # Each worker's metrics go to files in one directory, which /metrics sums whichever
    # worker answers the scrape (prometheus_client's multiprocess mode).
    metrics = tempfile.mkdtemp(prefix="retentia-metrics-")
    os.environ[MULTIPROCESS_DIR] = metrics
    print(f"{settings.workers} worker processes", flush=True)
    try:
        uvicorn.run(
            "service.api.asgi:from_environment",
            factory=True,
            workers=settings.workers,
            **served,  # type: ignore[arg-type]
        )
    finally:
        shutil.rmtree(metrics, ignore_errors=True)
    return 0


DEV_BANNER = """\
!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!
!!  DEVELOPMENT MODE: NO AUTHENTICATION. Every request to 127.0.0.1 acts as an admin of   !!
!!  the org it names. Never use --dev for anything but local development.                 !!
!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"""

"""`retentia serve`: the GraphQL service (and `/mcp`, the explorer, the probes) on one port."""

from __future__ import annotations

import argparse
import sys
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
    serve.add_argument("--no-graphiql", action="store_true", help="do not serve GraphiQL")
    serve.add_argument(
        "--dev",
        action="store_true",
        help="development mode: no authentication (only with --host 127.0.0.1, the default)",
    )
    serve.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import uvicorn

    from service.api.app import create_app
    from service.runtime.http_protocol import CoalescingH11Protocol

    overrides: dict[str, object] = {}
    if args.host is not None:
        overrides["host"] = args.host
    if args.port is not None:
        overrides["port"] = args.port
    if args.data_dir is not None:
        overrides["data_dir"] = args.data_dir
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
    uvicorn.run(
        create_app(settings, owns_process=True),
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level.lower(),
        log_config=None,  # uvicorn's records go to the handler configure_logging set
        timeout_graceful_shutdown=30,
        http=CoalescingH11Protocol,  # each response in one socket write
    )
    return 0


DEV_BANNER = """\
!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!
!!  DEVELOPMENT MODE: NO AUTHENTICATION. Every request to 127.0.0.1 acts as an admin of   !!
!!  the org it names. Never use --dev for anything but local development.                 !!
!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"""

"""`retentia` command line: serve the API (more commands join as capabilities land)."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from service.settings import Settings


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from service.app import create_app

    overrides: dict[str, object] = {}
    if args.host is not None:
        overrides["host"] = args.host
    if args.port is not None:
        overrides["port"] = args.port
    if args.data_dir is not None:
        overrides["data_dir"] = args.data_dir
    if args.no_graphiql:
        overrides["graphiql"] = False
    settings = Settings(**overrides)  # type: ignore[arg-type]
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    where = (
        settings.falkordb_url
        or f"embedded FalkorDB in {settings.data_dir.expanduser() / 'falkordb'}"
    )
    print(
        f"Retentia on http://{settings.host}:{settings.port}/graphql — storage: {where}", flush=True
    )
    uvicorn.run(
        create_app(settings),
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level.lower(),
        timeout_graceful_shutdown=30,
    )
    return 0


def _sdl(args: argparse.Namespace) -> int:
    from service.api.schema import build_schema

    sdl = build_schema().as_str() + "\n"
    if args.output is None:
        sys.stdout.write(sdl)
    else:
        args.output.write_text(sdl, encoding="utf-8")
    return 0


def parser() -> argparse.ArgumentParser:
    root = argparse.ArgumentParser(prog="retentia", description=__doc__)
    commands = root.add_subparsers(dest="command", required=True)
    serve = commands.add_parser("serve", help="run the GraphQL service")
    serve.add_argument("--host", help="bind address (default 127.0.0.1; RETENTIA_HOST)")
    serve.add_argument("--port", type=int, help="port (default 8000; RETENTIA_PORT)")
    serve.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    serve.add_argument("--no-graphiql", action="store_true", help="do not serve GraphiQL")
    serve.set_defaults(run=_serve)
    sdl = commands.add_parser("sdl", help="print the GraphQL schema (SDL)")
    sdl.add_argument("--output", type=Path, help="write to this file instead of stdout")
    sdl.set_defaults(run=_sdl)
    return root


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    run = args.run
    result: int = run(args)
    return result


if __name__ == "__main__":
    sys.exit(main())

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
    where = settings.storage_description()
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


def _maintain(args: argparse.Namespace) -> int:
    import asyncio

    return asyncio.run(_maintain_async(args))


async def _maintain_async(args: argparse.Namespace) -> int:
    from datetime import UTC, datetime

    from graph_backends import open_backend
    from schema import RetentiaError, Tenant, build
    from service.embedding import load_embedder
    from service.maintenance import build_summarizer, maintain
    from service.memories import MemoryService

    overrides: dict[str, object] = {}
    if args.data_dir is not None:
        overrides["data_dir"] = args.data_dir
    settings = Settings(**overrides)  # type: ignore[arg-type]
    logging.basicConfig(level="WARNING", format="%(levelname)s %(name)s: %(message)s")
    try:
        embedder = await load_embedder(settings)
        async with open_backend(settings.backend_config(embedder.dimension)) as repository:
            service = MemoryService(
                repository, embedder, lambda: datetime.now(UTC), settings.engine
            )
            if args.all:
                tenants = await repository.list_tenants()
            else:
                tenants = [
                    build(
                        Tenant,
                        org=args.org or settings.default_org,
                        project=args.project or settings.default_project,
                    )
                ]
            mode = "dry run: nothing is written" if args.dry_run else "writing changes"
            print(f"maintenance of {len(tenants)} tenant(s), {mode}", flush=True)
            for tenant in tenants:
                report = await maintain(
                    service,
                    tenant,
                    dry_run=args.dry_run,
                    summarizer=build_summarizer(settings),
                    progress=lambda message: print(f"  {message}", flush=True),
                )
                if args.dry_run:
                    for memory_id in report.forgotten:
                        print(f"  would forget {memory_id}")
                    for memory_id in report.promoted:
                        print(f"  would promote {memory_id} to core")
                    for c in report.consolidated:
                        print(f"  would consolidate {len(c.sources)} memories about {c.entity!r}")
        await embedder.aclose()
    except RetentiaError as e:
        print(f"retentia maintain: {e}", file=sys.stderr)
        return 2
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
    maintain = commands.add_parser(
        "maintain", help="run one maintenance pass (rescoring, lifecycle, forgetting)"
    )
    which = maintain.add_mutually_exclusive_group()
    which.add_argument("--all", action="store_true", help="every tenant in the database")
    which.add_argument("--org", help="tenant org (default RETENTIA_DEFAULT_ORG)")
    maintain.add_argument("--project", help="tenant project (default RETENTIA_DEFAULT_PROJECT)")
    maintain.add_argument("--dry-run", action="store_true", help="list what would change")
    maintain.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    maintain.set_defaults(run=_maintain)
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

"""`retentia export`: one tenant as NDJSON (docs/ndjson-format.md, mode export) or GraphML, to
a file or stdout, beside a running service (sharing its embedded FalkorDB) or on its own."""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import TextIO

from service.commands import command_start

#: A progress line on stderr every this many records.
PROGRESS_EVERY = 10_000


def register(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    export = commands.add_parser(
        "export",
        help="write one project as NDJSON (restorable with retentia import) or GraphML",
    )
    export.add_argument("--org", help="the org (default RETENTIA_DEFAULT_ORG)")
    export.add_argument("--project", help="the project (default RETENTIA_DEFAULT_PROJECT)")
    export.add_argument(
        "--output", default="-", help="the file to write (default '-': standard output)"
    )
    export.add_argument(
        "--embeddings",
        action="store_true",
        help="include each memory's embedding (a restore with the same embedder keeps them)",
    )
    export.add_argument("--format", choices=("ndjson", "graphml"), default="ndjson")
    export.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    export.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(_run(args))
    except KeyboardInterrupt:
        return 130


async def _run(args: argparse.Namespace) -> int:
    from schema import RetentiaError
    from service import compose
    from service.usecases.auth import request_tenant

    settings = command_start(args)
    try:
        tenant = request_tenant(
            args.org or settings.default_org, args.project or settings.default_project
        )
        async with compose.open_service(settings, tenant, ready=False, share_running=True) as uses:
            if args.format == "graphml":
                chunks = await uses.exports.graphml(tenant)
            else:
                chunks = await uses.exports.ndjson(
                    tenant, embeddings=args.embeddings, progress=_progress()
                )
            written = await _write(chunks, args.output)
    except (RetentiaError, OSError) as e:
        print(f"retentia export: {e}", file=sys.stderr)
        return 2
    where = "standard output" if args.output == "-" else args.output
    print(f"exported {tenant} ({written} lines, {args.format}) to {where}", file=sys.stderr)
    return 0


def _progress() -> Callable[[int], None]:
    shown = [0]

    def progress(done: int) -> None:
        if done - shown[0] >= PROGRESS_EVERY:
            shown[0] = done
            print(f"  {done} records", file=sys.stderr, flush=True)

    return progress


async def _write(chunks: AsyncIterator[str], output: str) -> int:
    """Write every chunk; a file appears under its name only once complete (it is written
    beside it and renamed), so an interrupted export never leaves a truncated file behind."""
    if output == "-":
        return await _copy(chunks, sys.stdout)
    target = Path(output)
    partial = target.with_name(f".{target.name}.partial")
    try:
        with partial.open("w", encoding="utf-8") as out:
            written = await _copy(chunks, out)
        os.replace(partial, target)
    finally:
        partial.unlink(missing_ok=True)
    return written


async def _copy(chunks: AsyncIterator[str], out: TextIO) -> int:
    written = 0
    async for chunk in chunks:
        out.write(chunk)
        written += 1
    out.flush()
    return written

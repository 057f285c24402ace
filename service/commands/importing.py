"""`retentia import FILE`: a history file (docs/ndjson-format.md) imported through the
client's write paths, or an export restored verbatim into an empty project, with a progress bar
on stderr and a report at the end. `--from FORMAT` reads another memory system's file instead
(`service.usecases.converters`), converted into a history file first; the report then names the
source's lines, and what the history format could not carry.

Exit codes: 0 nothing rejected, 1 some records rejected or (with `--from`) some items of the
source not carried (the others imported), 2 a usage or file error (nothing imported)."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TextIO

from schema import InvalidInput
from service.commands import command_start
from service.usecases.converters import CONVERTERS, Conversion
from service.usecases.ndjson import ImportReport, Line, Mode, Rejection

#: Width of the progress bar, in characters.
_BAR = 30


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `import` (the only line `service.cli` needs)."""
    command = commands.add_parser(
        "import",
        help="import a history file (NDJSON, docs/ndjson-format.md) through the public write "
        "paths, or restore an export into an empty project; resumable: run it again after a "
        "crash",
    )
    command.add_argument(
        "file",
        help="the NDJSON file, or - for stdin; with --from graphiti also the URL of Graphiti's "
        "database (redis://host:port/GRAPH or bolt://user:password@host:port/DATABASE)",
    )
    command.add_argument(
        "--from",
        dest="source",
        choices=sorted(CONVERTERS),
        help="the file is another memory system's (docs/import-export-erase.md#moving-in)",
    )
    command.add_argument("--org", help="tenant org (default RETENTIA_DEFAULT_ORG)")
    command.add_argument("--project", help="tenant project (default RETENTIA_DEFAULT_PROJECT)")
    command.add_argument(
        "--batch", type=int, default=100, help="records written per batch (1-256, default 100)"
    )
    command.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    command.add_argument("--json", action="store_true", help="print the report as JSON")
    command.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import asyncio
    import io

    from service.usecases.history_import import MAX_IMPORT_BATCH
    from service.usecases.peer_graphs import is_graph_url, read_graphiti

    if not 1 <= args.batch <= MAX_IMPORT_BATCH:
        print(
            f"retentia import: --batch {args.batch}: between 1 and {MAX_IMPORT_BATCH}",
            file=sys.stderr,
        )
        return 2
    stream: TextIO
    total: int | None = None
    if args.source == "graphiti" and is_graph_url(args.file):
        try:
            graph = asyncio.run(read_graphiti(args.file))
        except Exception as e:  # any failure to reach or read the peer's database
            print(f"retentia import: cannot read {args.file}: {e}", file=sys.stderr)
            return 2
        with io.StringIO(json.dumps(graph)) as read:
            return asyncio.run(_run(args, read, None))
    try:
        if args.file == "-":
            stream = sys.stdin
        else:
            path = Path(args.file)
            stream = path.open(encoding="utf-8")
            total = _records_in(path) if path.is_file() else None
    except OSError as e:
        print(f"retentia import: cannot read {args.file}: {e.strerror or e}", file=sys.stderr)
        return 2
    with stream:
        return asyncio.run(_run(args, stream, total))


def _records_in(path: Path) -> int:
    """Non-blank lines of the file but a header: the total the progress bar counts to."""
    count = 0
    with path.open("rb") as f:
        for number, line in enumerate(f):
            if line.strip() and not (number == 0 and b'"header"' in line):
                count += 1
    return count


class _Progress:
    """Records done (of the total, when known) on stderr: a bar redrawn in place on a
    terminal, else a plain line every `every` records."""

    def __init__(self, out: TextIO, total: int | None, every: int) -> None:
        self._out = out
        self._total = total
        self._every = max(1, every)
        self._tty = out.isatty()
        self._shown = 0

    def __call__(self, done: int) -> None:
        of = f"/{self._total}" if self._total is not None else ""
        if self._tty:
            bar = ""
            if self._total:
                filled = min(_BAR, _BAR * done // self._total)
                bar = f"[{'#' * filled}{'.' * (_BAR - filled)}] "
            self._out.write(f"\rimporting {bar}{done}{of} records")
            self._out.flush()
        elif done // self._every > self._shown // self._every:
            self._out.write(f"imported {done}{of} records\n")
            self._out.flush()
        self._shown = done

    def close(self) -> None:
        if self._tty and self._shown:
            self._out.write("\n")
            self._out.flush()


def _texts(stream: TextIO) -> Iterator[str]:
    yield from stream


def _converted(args: argparse.Namespace, stream: TextIO) -> tuple[Conversion | None, Iterator[str]]:
    """The file's history lines: converted from `--from`'s format, else as they are."""
    if args.source is None:
        return None, _texts(stream)
    conversion = CONVERTERS[args.source](stream)
    return conversion, conversion.texts()


def _human(report: ImportReport, conversion: Conversion | None = None) -> str:
    def counts(by_kind: dict[str, int]) -> str:
        return ", ".join(f"{n} {kind}" for kind, n in sorted(by_kind.items())) or "nothing"

    lines = [
        f"imported: {counts(dict(report.imported))}",
        f"skipped (already there): {counts(dict(report.skipped))}",
        f"rejected: {len(report.rejected)}",
    ]
    lines += [f"  line {r.line} ({r.kind}): {r.reason}" for r in report.rejected]
    if conversion is not None:
        lines.append(f"not carried from the source: {len(conversion.not_carried)}")
        lines += [f"  {what}" for what in conversion.not_carried]
        lines += [f"note: {note}" for note in conversion.notes]
    return "\n".join(lines)


def _whole(records: Iterable[Line | Rejection]) -> Iterator[Line]:
    """An export's records, refusing the file at its first line that is not a record."""
    for record in records:
        if isinstance(record, Rejection):
            raise InvalidInput(f"line {record.line}", f"{record.reason}: the export is damaged")
        yield record


async def _run(args: argparse.Namespace, stream: TextIO, total: int | None) -> int:
    from schema import RetentiaError
    from service import compose
    from service.usecases.auth import request_tenant
    from service.usecases.history_import import open_history

    settings = command_start(args)
    progress = _Progress(sys.stderr, total, args.batch)
    try:
        tenant = request_tenant(
            args.org or settings.default_org, args.project or settings.default_project
        )
        conversion, texts = _converted(args, stream)
        if conversion is not None:
            progress = _Progress(sys.stderr, len(conversion.records) - 1, args.batch)
        header, records = open_history(texts)
        # Beside a running service this shares its embedded FalkorDB.
        async with compose.open_service(settings, tenant, ready=False, share_running=True) as uses:
            if header.mode is Mode.EXPORT:
                # An export is restored verbatim, and only whole: the restore reads the file
                # through before it writes, so a damaged line refuses it with nothing written.
                report = await uses.restore.restore(
                    tenant, header, _whole(records), progress=progress
                )
            else:
                report = await uses.history.run(
                    tenant, records, batch=args.batch, progress=progress
                )
    except UnicodeDecodeError as e:
        progress.close()
        print(f"retentia import: {args.file} is not UTF-8 ({e.reason})", file=sys.stderr)
        return 2
    except RetentiaError as e:
        progress.close()
        print(f"retentia import: {e}", file=sys.stderr)
        return 2
    progress.close()
    lost = bool(report.rejected)
    if conversion is None:
        figures = report.as_dict()
    else:  # name the source's lines, not the converted file's
        report.rejected[:] = [conversion.located(r) for r in report.rejected]
        figures = report.as_dict() | {
            "not_carried": conversion.not_carried,
            "notes": conversion.notes,
        }
        lost = lost or bool(conversion.not_carried)
    print(json.dumps(figures) if args.json else _human(report, conversion), flush=True)
    return 1 if lost else 0

"""`retentia` command line: serve the API, maintain and reconcile tenants, manage API keys,
list and drop tenants, erase a subject."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from service.commands import (
    analytics,
    embedder,
    erase,
    export,
    forgotten,
    importing,
    keys,
    maintain,
    mcp,
    reconcile,
    repair_instants,
    sdl,
    serve,
    tenants,
)


def parser() -> argparse.ArgumentParser:
    """Every subcommand, in the order `retentia --help` lists them; each module of
    `service.commands` registers its own."""
    root = argparse.ArgumentParser(prog="retentia", description=__doc__)
    commands = root.add_subparsers(dest="command", required=True)
    serve.add_parser(commands)
    maintain.add_parser(commands)
    reconcile.add_parser(commands)
    keys.add_parser(commands)
    tenants.add_parser(commands)
    importing.add_parser(commands)
    erase.register(commands)
    embedder.register(commands)
    mcp.add_parser(commands)
    export.register(commands)
    repair_instants.register(commands)
    forgotten.register(commands)
    analytics.register(commands)
    sdl.add_parser(commands)
    return root


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    run = args.run
    result: int = run(args)
    return result


if __name__ == "__main__":
    sys.exit(main())

"""`retentia sdl`: the GraphQL schema as SDL (the committed `schema.graphql`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `sdl`."""
    sdl = commands.add_parser("sdl", help="print the GraphQL schema (SDL)")
    sdl.add_argument("--output", type=Path, help="write to this file instead of stdout")
    sdl.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from service.api.schema import build_schema

    sdl = build_schema().as_str() + "\n"
    if args.output is None:
        sys.stdout.write(sdl)
    else:
        args.output.write_text(sdl, encoding="utf-8")
    return 0

"""`retentia` subcommands, one module each (registered and dispatched by `service.cli`), and the
settings every command that takes `--data-dir` builds the same way."""

from __future__ import annotations

import argparse

from service.settings import Settings


def command_settings(args: argparse.Namespace) -> Settings:
    """The settings of a command that takes `--data-dir` (the environment, then that flag)."""
    overrides: dict[str, object] = {}
    if getattr(args, "data_dir", None) is not None:
        overrides["data_dir"] = args.data_dir
    return Settings(**overrides)  # type: ignore[arg-type]

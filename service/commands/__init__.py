"""`retentia` subcommands, one module each (registered and dispatched by `service.cli`), and the
settings every command that takes `--data-dir` builds the same way."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Awaitable, Callable

from pydantic import ValidationError

from schema import Tenant, build
from service.settings import Settings


def command_settings(args: argparse.Namespace) -> Settings:
    """The settings of a command that takes `--data-dir` (the environment, then that flag)."""
    overrides: dict[str, object] = {}
    if getattr(args, "data_dir", None) is not None:
        overrides["data_dir"] = args.data_dir
    return Settings(**overrides)  # type: ignore[arg-type]


def first_error(error: ValidationError) -> str:
    """The first of a settings error's complaints, as a command prints it."""
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    message = str(first["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


def command_start(args: argparse.Namespace) -> Settings:
    """A command's settings, with warnings and errors of the libraries on stderr."""
    logging.basicConfig(level="WARNING", format="%(levelname)s %(name)s: %(message)s")
    return command_settings(args)


def named_tenant(args: argparse.Namespace, settings: Settings) -> Tenant:
    """The tenant a command's `--org` and `--project` name (the settings' defaults for those not
    given); `InvalidInput` naming a bad part."""
    return build(
        Tenant,
        org=args.org or settings.default_org,
        project=args.project or settings.default_project,
    )


async def chosen_tenants(
    command: str,
    named: Tenant,
    *,
    every: bool,
    list_all: Callable[[], Awaitable[list[Tenant]]],
    exists: Callable[[Tenant], Awaitable[bool]],
) -> list[Tenant] | None:
    """The tenants a command with `--all | --org O --project P` works on: every one `list_all`
    gives, or the named one — which must exist: a typo is said (None), never a quiet success
    on nothing."""
    if every:
        return await list_all()
    if not await exists(named):
        print(
            f"retentia {command}: project {named} does not exist (nothing was ever written to "
            "it); check --org and --project, or use --all",
            file=sys.stderr,
        )
        return None
    return [named]

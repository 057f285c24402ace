"""`retentia mcp`: the memory tools to an agent over MCP on stdin/stdout, or a running
Retentia's tools (its `/mcp`) with `--url`. Nothing here imports the tools: the handshake is
answered before they are (`service.mcp.stdio`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from pydantic import ValidationError

from service.commands import command_settings, first_error, named_tenant


def add_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `mcp`."""
    mcp = commands.add_parser(
        "mcp",
        help="serve the memory tools to an agent over MCP on stdin/stdout (memory_store, "
        "memory_recall, …, the names papez and Genesys agents use)",
    )
    mcp.add_argument("--org", help="tenant org (default RETENTIA_DEFAULT_ORG)")
    mcp.add_argument("--project", help="tenant project (default RETENTIA_DEFAULT_PROJECT)")
    mcp.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    mcp.add_argument(
        "--url",
        help="serve the tools of a running Retentia (its /mcp) instead of a local store, e.g. "
        "https://retentia.example.com; --project names its project",
    )
    mcp.add_argument(
        "--key",
        help="the API key for --url (or RETENTIA_MCP_KEY, which keeps it out of the process list)",
    )
    mcp.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    import asyncio
    import os

    if args.url:  # a running Retentia's tools, over its /mcp: nothing is opened here
        from service.mcp.remote import serve_remote
        from service.runtime.observability import configure_logging

        if not args.url.startswith(("http://", "https://")):
            print(f"retentia mcp: --url {args.url!r} is not an http(s) URL", file=sys.stderr)
            return 2
        configure_logging("WARNING", "text")
        key = args.key or os.environ.get("RETENTIA_MCP_KEY")
        asyncio.run(serve_remote(args.url, key, args.project))
        return 0

    from schema import InvalidInput
    from service.mcp.stdio import serve_stdio
    from service.runtime.observability import configure_logging
    from service.usecases.auth import SYSTEM_PROJECT

    try:
        settings = command_settings(args)
        tenant = named_tenant(args, settings)
        if tenant.project == SYSTEM_PROJECT:
            raise InvalidInput("project", f"{SYSTEM_PROJECT!r} is reserved for API keys")
    except (ValidationError, InvalidInput) as e:
        message = first_error(e) if isinstance(e, ValidationError) else str(e)
        print(f"retentia mcp: {message}", file=sys.stderr)
        return 2
    # stdout carries the protocol: every log record goes to stderr.
    configure_logging(settings.log_level, settings.log_format)
    asyncio.run(serve_stdio(settings, tenant))
    return 0

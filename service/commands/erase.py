"""`retentia erase --entity NAME [--alias OTHER]... [--org O] [--project P] [--keep-memories]
--yes`: erase a subject, under its name and each of its other names, from one project
(docs/adr/0018, 0031), beside a running service too (sharing its embedded FalkorDB). Without
`--yes` nothing happens, as for `retentia tenants drop`. It prints the receipt's counts, never
the names erased, and then the names still held that may be aliases of the subject."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from service.commands import command_start

if TYPE_CHECKING:
    from service.usecases.erasure import PossibleAlias

#: How an audit line names the CLI's caller: whoever runs it holds the data directory.
OPERATOR = "operator"


def register(commands: Any) -> None:
    """Add `erase` to the subcommands of `retentia`."""
    erase = commands.add_parser(
        "erase",
        help="erase a person or thing from a project irreversibly: its facts, entity, "
        "RELATES edges and the memories that name it (or only the name in them)",
    )
    erase.add_argument("--entity", required=True, help="the subject's name, as facts name it")
    erase.add_argument(
        "--alias",
        action="append",
        default=[],
        metavar="NAME",
        help="another name of the subject (repeatable), erased as --entity is",
    )
    erase.add_argument("--org", help="the org (default RETENTIA_DEFAULT_ORG)")
    erase.add_argument("--project", help="the project (default RETENTIA_DEFAULT_PROJECT)")
    erase.add_argument(
        "--keep-memories",
        action="store_true",
        help="keep the memories that name it, with the name replaced (default: delete them)",
    )
    erase.add_argument("--yes", action="store_true", help="confirm: without it nothing happens")
    erase.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    erase.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    return asyncio.run(_run(args))


async def _run(args: argparse.Namespace) -> int:
    from schema import RetentiaError
    from schema.erasure import MemoryErasure
    from service import compose
    from service.usecases.auth import request_tenant

    settings = command_start(args)
    try:
        tenant = request_tenant(
            args.org or settings.default_org, args.project or settings.default_project
        )
        if not args.yes:
            print(
                f"retentia erase: erasing a subject from project {tenant.project!r} deletes it "
                "irreversibly; add --yes to confirm",
                file=sys.stderr,
            )
            return 2
        how = MemoryErasure.REDACT if args.keep_memories else MemoryErasure.DELETE
        async with compose.open_service(settings, tenant, ready=False, share_running=True) as uses:
            erasure = await uses.erasure.erase_subject(
                tenant, args.entity, aliases=args.alias, memories=how, by=OPERATOR
            )
    except RetentiaError as e:
        print(f"retentia erase: {e}", file=sys.stderr)
        return 2
    print(
        f"erasure {erasure.id} of project {tenant.project} of org {tenant.org}: "
        f"{erasure.memories_deleted} memories deleted, {erasure.memories_redacted} redacted; "
        f"{erasure.facts_deleted} facts deleted, {erasure.facts_retracted} retracted; "
        f"{erasure.entities} entities, {erasure.relations} RELATES edges, "
        f"{erasure.fact_vectors} fact vectors, {erasure.tombstones} tombstones, "
        f"{erasure.idempotency_records} idempotency records, {erasure.extractions} "
        f"extraction records, {erasure.forgotten_deleted} forgotten memories"
    )
    if erasure.possible_aliases:
        found = ", ".join(_possible(a) for a in erasure.possible_aliases)
        print(f"names that may be aliases: {found} (erase one too with --alias NAME)")
    return 0


def _possible(alias: PossibleAlias) -> str:
    held = [_count(alias.memories, "memory", "memories"), _count(alias.facts, "fact", "facts")]
    return f"{alias.name} ({', '.join(h for h in held if h)})"


def _count(n: int, one: str, many: str) -> str:
    return "" if n == 0 else f"{n} {one if n == 1 else many}"

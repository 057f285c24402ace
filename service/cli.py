"""`retentia` command line: serve the API, maintain and reconcile tenants, manage API keys,
list and drop tenants, erase a subject."""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Sequence
from pathlib import Path

from pydantic import ValidationError

from service.commands import chosen_tenants, command_settings, importing, named_tenant
from service.settings import Settings


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from service.api.app import create_app
    from service.runtime.http_protocol import CoalescingH11Protocol

    overrides: dict[str, object] = {}
    if args.host is not None:
        overrides["host"] = args.host
    if args.port is not None:
        overrides["port"] = args.port
    if args.data_dir is not None:
        overrides["data_dir"] = args.data_dir
    if args.no_graphiql:
        overrides["graphiql"] = False
    if args.dev:
        overrides["dev"] = True
    try:
        settings = Settings(**overrides)  # type: ignore[arg-type]
    except ValidationError as e:
        print(f"retentia serve: {_first_error(e)}", file=sys.stderr)
        return 2
    from service.runtime.observability import configure_logging

    configure_logging(settings.log_level, settings.log_format)
    from schema import RetentiaError
    from service.compose import probe_storage

    try:  # one FalkorDB on the same files: a running one is shared (docs/adr/0033)
        probe_storage(settings, share_running=True)
    except RetentiaError as e:
        print(f"retentia serve: {e}", file=sys.stderr)
        return 2
    where = settings.storage_description()
    print(
        f"Retentia on http://{settings.host}:{settings.port}/graphql — storage: {where}", flush=True
    )
    if settings.dev:
        print(DEV_BANNER, flush=True)
    else:
        print("API keys required: send 'Authorization: Bearer <key>'", flush=True)
    uvicorn.run(
        create_app(settings, owns_process=True),
        host=settings.host,
        port=settings.port,
        log_level=settings.log_level.lower(),
        log_config=None,  # uvicorn's records go to the handler configure_logging set
        timeout_graceful_shutdown=30,
        http=CoalescingH11Protocol,  # each response in one socket write
    )
    return 0


DEV_BANNER = """\
!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!
!!  DEVELOPMENT MODE: NO AUTHENTICATION. Every request to 127.0.0.1 acts as an admin of   !!
!!  the org it names. Never use --dev for anything but local development.                 !!
!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!"""


def _first_error(error: ValidationError) -> str:
    first = error.errors()[0]
    where = ".".join(str(p) for p in first["loc"])
    message = str(first["msg"]).removeprefix("Value error, ")
    return f"{where}: {message}" if where else message


def _maintain(args: argparse.Namespace) -> int:
    import asyncio

    return asyncio.run(_maintain_async(args))


async def _maintain_async(args: argparse.Namespace) -> int:
    from schema import RetentiaError, Tenant
    from service import compose
    from service.usecases.auth import SYSTEM_PROJECT

    settings = command_settings(args)
    logging.basicConfig(level="WARNING", format="%(levelname)s %(name)s: %(message)s")
    held: list[Tenant] = []
    try:
        named = named_tenant(args, settings)
        # Beside a running service this shares its embedded FalkorDB, as `keys` does.
        async with compose.open_service(settings, named, ready=False, share_running=True) as uses:

            async def maintained() -> list[Tenant]:
                return [t for t in await uses.memories.tenants() if t.project != SYSTEM_PROJECT]

            tenants = await chosen_tenants(
                "maintain",
                named,
                every=args.all,
                list_all=maintained,
                exists=uses.memories.still_exists,
            )
            if tenants is None:
                return 2
            mode = "dry run: nothing is written" if args.dry_run else "writing changes"
            print(f"maintenance of {len(tenants)} tenant(s), {mode}", flush=True)
            for tenant in tenants:
                report = await uses.maintenance.maintain(
                    tenant,
                    dry_run=args.dry_run,
                    progress=lambda message: print(f"  {message}", flush=True),
                    allow_mass_forgetting=args.allow_mass_forgetting,
                )
                if report.forgetting_held is not None:
                    held.append(tenant)
                if args.dry_run:
                    for memory_id in report.forgotten:
                        print(f"  would forget {memory_id}")
                    for memory_id in report.would_forget:
                        print(f"  would forget {memory_id} (held by the mass-forgetting guard)")
                    for memory_id in report.promoted:
                        print(f"  would promote {memory_id} to core")
                    for c in report.consolidated:
                        print(f"  would consolidate {len(c.sources)} memories about {c.entity!r}")
    except RetentiaError as e:
        print(f"retentia maintain: {e}", file=sys.stderr)
        return 2
    if held and not args.dry_run:
        names = ", ".join(str(t) for t in held)
        print(
            f"retentia maintain: the mass-forgetting guard held the forgetting of {names}: "
            "nothing was forgotten there (the summary above says why); rerun with "
            "--allow-mass-forgetting to go ahead",
            file=sys.stderr,
        )
        return 3
    return 0


def _reconcile(args: argparse.Namespace) -> int:
    import asyncio

    try:
        return asyncio.run(_reconcile_async(args))
    except KeyboardInterrupt:
        return 130


async def _reconcile_async(args: argparse.Namespace) -> int:
    import asyncio
    import json

    from reconciler import ReconcileReport
    from schema import RetentiaError, Tenant, build
    from service import compose

    settings = command_settings(args)
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    if args.metrics_port is not None:
        from prometheus_client import start_http_server

        start_http_server(args.metrics_port, addr="127.0.0.1")
    try:
        async with compose.open_reconciler(settings) as reconciler:
            tenants = None
            if args.org is not None:
                tenants = [
                    build(Tenant, org=args.org, project=args.project or settings.default_project)
                ]

            def show(reports: list[ReconcileReport]) -> None:
                for report in reports:
                    print(json.dumps(report.as_dict(), sort_keys=True), flush=True)

            if args.once or args.dry_run:
                show(await reconciler.run_once(tenants, dry_run=args.dry_run))
                return 0
            print(f"reconciling every {args.interval:g} s (Ctrl-C stops)", flush=True)
            while True:
                show(await reconciler.run_once(tenants))
                await asyncio.sleep(args.interval)
    except RetentiaError as e:
        print(f"retentia reconcile: {e}", file=sys.stderr)
        return 2


def _keys(args: argparse.Namespace) -> int:
    import asyncio

    return asyncio.run(_keys_async(args))


async def _keys_async(args: argparse.Namespace) -> int:

    from schema import RetentiaError
    from service import compose
    from service.usecases.auth import Principal, parse_permissions, system_tenant

    settings = command_settings(args)
    logging.basicConfig(level="WARNING", format="%(levelname)s %(name)s: %(message)s")
    org = args.org or settings.default_org
    try:
        system_tenant(org)
        # Key records are configuration entries; beside a running service this shares its
        # embedded FalkorDB.
        async with compose.open_key_store(settings) as keys:
            if args.keys_command == "create":
                wanted = [p for p in (args.permissions or "").split(",") if p.strip()]
                permissions = parse_permissions(wanted)
                record, key = await keys.create(org, args.name, permissions, granted_by=None)
                held = ", ".join(record.permissions) or "admin (every permission)"
                print(f"API key {record.id} of org {org}: {held}", file=sys.stderr)
                print("shown this once, only its hash is stored — keep it now:", file=sys.stderr)
                print(key, flush=True)
            elif args.keys_command == "list":
                for r in await keys.list_keys(org):
                    state = f"revoked {r.revoked_at.isoformat()}" if r.revoked_at else "active"
                    held = ",".join(r.permissions) or "admin"
                    print(f"{r.id}\t{state}\t{held}\t{r.name}")
            else:
                admin = Principal(org=org, key_id=None, permissions=frozenset())
                record = await keys.revoke(org, args.id, by=admin)
                print(f"API key {record.id} of org {org} revoked")
    except RetentiaError as e:
        print(f"retentia keys: {e}", file=sys.stderr)
        return 2
    return 0


def _tenants(args: argparse.Namespace) -> int:
    import asyncio

    return asyncio.run(_tenants_async(args))


async def _tenants_async(args: argparse.Namespace) -> int:
    from schema import RetentiaError, Tenant, build
    from service import compose
    from service.usecases.auth import request_tenant

    settings = command_settings(args)
    logging.basicConfig(level="WARNING", format="%(levelname)s %(name)s: %(message)s")
    try:
        if args.tenants_command == "drop" and not args.yes:
            print(
                f"retentia tenants: dropping {args.project!r} deletes it irreversibly; "
                "add --yes to confirm",
                file=sys.stderr,
            )
            return 2
        org = args.org or (settings.default_org if args.tenants_command == "drop" else None)
        named = build(Tenant, org=org or settings.default_org, project=settings.default_project)
        if args.tenants_command == "drop":
            request_tenant(named.org, args.project)  # a bad or reserved name, before any I/O
        # Beside a running service this shares its embedded FalkorDB.
        async with compose.open_service(settings, named, ready=False, share_running=True) as uses:
            if args.tenants_command == "list":
                for size in await uses.projects.list_projects(org, by=None):
                    print(f"{size.org}\t{size.project}\t{size.memories}\t{size.edges}")
            else:
                dropped = await uses.projects.drop(
                    named.org, args.project, confirm=args.project, by=None
                )
                print(
                    f"project {dropped.project} of org {named.org} dropped: "
                    f"{dropped.memories} memories, {dropped.edges} edges; "
                    f"{dropped.keys_changed} API keys no longer name it, "
                    f"{dropped.keys_revoked} of them revoked"
                )
    except RetentiaError as e:
        print(f"retentia tenants: {e}", file=sys.stderr)
        return 2
    return 0


def _mcp(args: argparse.Namespace) -> int:
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
        message = _first_error(e) if isinstance(e, ValidationError) else str(e)
        print(f"retentia mcp: {message}", file=sys.stderr)
        return 2
    # stdout carries the protocol: every log record goes to stderr.
    configure_logging(settings.log_level, settings.log_format)
    asyncio.run(serve_stdio(settings, tenant))
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
    serve.add_argument(
        "--dev",
        action="store_true",
        help="development mode: no authentication (only with --host 127.0.0.1, the default)",
    )
    serve.set_defaults(run=_serve)
    maintain = commands.add_parser(
        "maintain", help="run one maintenance pass (rescoring, lifecycle, forgetting)"
    )
    which = maintain.add_mutually_exclusive_group()
    which.add_argument("--all", action="store_true", help="every tenant in the database")
    which.add_argument("--org", help="tenant org (default RETENTIA_DEFAULT_ORG)")
    maintain.add_argument("--project", help="tenant project (default RETENTIA_DEFAULT_PROJECT)")
    maintain.add_argument("--dry-run", action="store_true", help="list what would change")
    maintain.add_argument(
        "--allow-mass-forgetting",
        action="store_true",
        help="forget even when a pass would forget more than the guard's share of a project "
        "(RETENTIA_ENGINE__FORGET_GUARD_SHARE); without it such a pass forgets nothing and "
        "the command exits 3",
    )
    maintain.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    maintain.set_defaults(run=_maintain)
    reconcile = commands.add_parser(
        "reconcile",
        help="repair derived fact edges (RELATES) against the facts, every 5 minutes or once",
    )
    reconcile.add_argument("--once", action="store_true", help="one pass, then exit")
    reconcile.add_argument(
        "--dry-run", action="store_true", help="report what one pass would repair; write nothing"
    )
    reconcile.add_argument(
        "--interval", type=float, default=300.0, help="seconds between passes (default 300)"
    )
    reconcile.add_argument("--org", help="only this tenant's org (default: every tenant)")
    reconcile.add_argument(
        "--project", help="with --org: the project (default RETENTIA_DEFAULT_PROJECT)"
    )
    reconcile.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    reconcile.add_argument(
        "--metrics-port", type=int, help="serve Prometheus metrics on 127.0.0.1:PORT"
    )
    reconcile.set_defaults(run=_reconcile)
    keys = commands.add_parser("keys", help="create, list and revoke API keys")
    keys_commands = keys.add_subparsers(dest="keys_command", required=True)
    create = keys_commands.add_parser("create", help="create a key and print it (once)")
    create.add_argument(
        "--permissions",
        help="comma-separated, e.g. project:read,project:write (default: admin, every permission)",
    )
    create.add_argument("--name", default="created with retentia keys create", help="a label")
    listing = keys_commands.add_parser("list", help="the org's keys (never their secrets)")
    revoke = keys_commands.add_parser("revoke", help="revoke a key at once")
    revoke.add_argument("id", help="the key id (the 16 hex digits after the org in the key)")
    for command in (create, listing, revoke):
        command.add_argument("--org", help="the org (default RETENTIA_DEFAULT_ORG)")
        command.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    keys.set_defaults(run=_keys)
    tenants = commands.add_parser("tenants", help="list the projects with their sizes; drop one")
    tenants_commands = tenants.add_subparsers(dest="tenants_command", required=True)
    tenants_list = tenants_commands.add_parser(
        "list", help="one line per project: org, project, memories, edges (tab-separated)"
    )
    tenants_list.add_argument("--org", help="only this org's projects (default: every org's)")
    drop = tenants_commands.add_parser(
        "drop", help="delete a project irreversibly, with its name in the org's API keys"
    )
    drop.add_argument("--org", help="the org (default RETENTIA_DEFAULT_ORG)")
    drop.add_argument("--project", required=True, help="the project to drop")
    drop.add_argument("--yes", action="store_true", help="confirm: without it nothing happens")
    for command in (tenants_list, drop):
        command.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    tenants.set_defaults(run=_tenants)
    importing.add_parser(commands)
    from service.commands import embedder, erase

    erase.register(commands)
    embedder.register(commands)
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
    mcp.set_defaults(run=_mcp)
    from service.commands import analytics, export, forgotten, repair_instants

    export.register(commands)
    repair_instants.register(commands)
    forgotten.register(commands)
    analytics.register(commands)
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

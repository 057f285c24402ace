"""`retentia embedder build|verify`: the local embedder's ONNX build, made once (at image build
time in the container image, docs/adr/0023) so that `serve` with an ONNX runtime never imports
torch. `build` exports and quantises the model with torch, checks it against torch and writes a
manifest beside it; `verify` loads that build without torch and checks it against the manifest.
Both print the manifest's path; `verify` exits 1 where there is no usable build."""

from __future__ import annotations

import argparse
import logging
import sys
from typing import Any

from service.commands import command_settings


def register(commands: Any) -> None:
    """Add `embedder` to the subcommands of `retentia`."""
    embedder = commands.add_parser(
        "embedder", help="build or verify the local embedder's ONNX model (serves without torch)"
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

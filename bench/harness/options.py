"""The command-line options more than one suite takes, each spelled once."""

from __future__ import annotations

import argparse
from pathlib import Path

from bench.harness.run import DEFAULT_TORCH_THREADS, REPO_ROOT, results_dir

#: The data sets (`../shared/bench/`, beside the checkout; see bench/README.md).
SHARED_DATA = REPO_ROOT.parent / "shared" / "bench"
LOCOMO_DATA = SHARED_DATA / "locomo10.json"
LONGMEMEVAL_DATA = SHARED_DATA / "longmemeval_s_knowledge_update.json"
#: All 498 questions of LongMemEval-S (the knowledge-update ones included).
LONGMEMEVAL_FULL = SHARED_DATA / "longmemeval_s.json.gz"


def add_out(parser: argparse.ArgumentParser, suite: str) -> None:
    """`--out`: where the reports go (default `bench/results/<suite>/`)."""
    parser.add_argument(
        "--out", type=Path, default=results_dir(suite),
        help=f"report directory (default: bench/results/{suite})",
    )  # fmt: skip


def add_vector_cache(
    parser: argparse.ArgumentParser,
    help: str | None = "an .npz of vectors reused across runs (written when missing or incomplete)",
) -> None:
    """`--vector-cache`: an .npz of the embedder's vectors kept between runs."""
    parser.add_argument("--vector-cache", type=Path, help=help)


def add_torch_threads(parser: argparse.ArgumentParser) -> None:
    """`--torch-threads`: CPU threads for the embedder (the service defaults to 1)."""
    parser.add_argument("--torch-threads", type=int, default=DEFAULT_TORCH_THREADS)


def add_seed(parser: argparse.ArgumentParser) -> None:
    """`--seed` of the synthetic data (42: the committed reports)."""
    parser.add_argument("--seed", type=int, default=42)


def add_keep(parser: argparse.ArgumentParser) -> None:
    """`--keep`: leave the temporary data directory behind."""
    parser.add_argument("--keep", action="store_true", help="keep the temporary data directory")


def add_run_options(parser: argparse.ArgumentParser, suite: str, *, appendfsync: str) -> None:
    """`--data-dir`, `--out` (default `bench/results/<suite>/`) and `--appendfsync` (default
    `appendfsync`)."""
    parser.add_argument(
        "--data-dir", type=Path, help="FalkorDB data root (default: a temporary dir)"
    )
    add_out(parser, suite)
    parser.add_argument("--appendfsync", choices=("always", "everysec"), default=appendfsync)


def add_locomo_run_options(parser: argparse.ArgumentParser, suite: str) -> None:
    """The options every LoCoMo bench shares: the data, the vector cache, torch's threads and
    the run options (data directory, output, fsync)."""
    parser.add_argument("--data", type=Path, default=LOCOMO_DATA, help="locomo10.json")
    add_vector_cache(parser)
    add_torch_threads(parser)
    add_run_options(parser, suite, appendfsync="everysec")

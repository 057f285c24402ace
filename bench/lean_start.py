"""Start to ready of `retentia serve` with the ONNX embedder: served from its prebuilt
manifest (no torch, docs/adr/0023) against the previous path (torch imported to check the
cached ONNX model). Prints seconds and resident memory at ready; writes
bench/results/lean_start/lean_start.json. Usage: .venv/bin/python -m bench.lean_start [--runs N]

It imports nothing of the bench harness, whose import sets HF_HUB_OFFLINE: the embedder build it
runs first may need the network."""

from __future__ import annotations

import argparse
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _start(cache: Path, data: Path) -> tuple[float, float]:
    """Seconds from launching `retentia serve --dev` to /readyz 200, and its resident MB then."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    env = {k: v for k, v in os.environ.items() if k != "RETENTIA_BACKEND"}
    env |= {"XDG_CACHE_HOME": str(cache), "HF_HUB_OFFLINE": "1"}
    env |= {"RETENTIA_DATA_DIR": str(data), "RETENTIA_PORT": str(port)}
    began = time.monotonic()
    process = subprocess.Popen(
        [sys.executable, "-m", "service.cli", "serve", "--dev"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        while time.monotonic() - began < 300 and process.poll() is None:
            try:
                if httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2).status_code == 200:
                    return time.monotonic() - began, _rss_mb(process.pid)
            except httpx.TransportError:
                pass
            time.sleep(0.1)
        raise RuntimeError("the service did not get ready")
    finally:
        process.terminate()
        process.wait(timeout=60)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument(
        "--out", type=Path, default=Path(__file__).resolve().parent / "results" / "lean_start",
        help="report directory (default: bench/results/lean_start)",
    )  # fmt: skip
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="lean-start-"))
    lean = root / "lean"
    subprocess.run(
        [sys.executable, "-m", "service.cli", "embedder", "build"],
        env={**os.environ, "XDG_CACHE_HOME": str(lean)},
        check=True,
        capture_output=True,
    )
    old = root / "torch-check"
    shutil.copytree(lean, old)
    for manifest in old.rglob("*.json"):
        manifest.unlink()
    results: dict[str, list[dict[str, float]]] = {"prebuilt, no torch": [], "torch check": []}
    for run in range(args.runs):
        for name, cache in (("prebuilt, no torch", lean), ("torch check", old)):
            if name == "torch check":
                for manifest in cache.rglob("*.json"):
                    manifest.unlink()  # the previous path every time
            ready, rss = _start(cache, root / f"data-{name[:5]}-{run}")
            results[name].append({"ready_s": round(ready, 2), "rss_mb": round(rss)})
            print(f"{name:20s} run {run}: ready in {ready:5.2f} s, {rss:6.0f} MB resident")
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "lean_start.json").write_text(json.dumps(results, indent=2))
    shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()

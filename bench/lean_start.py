"""Start to ready of `retentia serve` with the ONNX embedder: served from its prebuilt
manifest (no torch, docs/adr/0023) against the previous path (torch imported to check the
cached ONNX model). Prints seconds and resident memory at ready; writes
bench/results/lean_start.json. Usage: .venv/bin/python -m bench.lean_start [--runs N]"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.integration.service_process import ServiceProcess


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def _start(cache: Path, data: Path) -> tuple[float, float]:
    service = ServiceProcess(data, {"XDG_CACHE_HOME": str(cache)})
    began = time.monotonic()
    with service.running(timeout=300):
        ready = time.monotonic() - began
        assert service.process is not None
        rss = _rss_mb(service.process.pid)
    return ready, rss


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=2)
    args = parser.parse_args()
    root = Path(tempfile.mkdtemp(prefix="lean-start-"))
    lean = root / "lean"
    subprocess.run(
        [sys.executable, "-m", "service.cli", "embedder", "build"],
        env={**__import__("os").environ, "XDG_CACHE_HOME": str(lean)},
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
    out = Path("bench/results/lean_start.json")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2))
    shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()

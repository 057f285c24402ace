"""Keyset export pages over a tenant already on disk: id windows (as shipped on FalkorDB)
against one query past each cursor, in one process on the same data, each label paged twice
with windows (the second pass starts from what the first learned). Prints each pass and writes
export-pages.json and .md to --out.

Usage (the 250k files `bench/scale_out.py curve --keep` leaves):
    .venv/bin/python -m bench.export_pages --data-dir /var/tmp/s250/falkordb \\
        --tenant bench/scale-out --cap-s 240 --out /var/tmp/export-pages
"""

from __future__ import annotations

import argparse
import asyncio
import json
import time
from pathlib import Path
from typing import Any

from bench.harness.reports import md_table
from graph_backends import FalkorConfig, open_backend
from graph_backends._common.id_windows import WindowHints
from schema import Tenant

LABELS = ("memory", "fact", "entity", "tombstone")
MODES = ("windows", "one query", "windows again")


def log(text: str) -> None:
    print(text, flush=True)


async def one_pass(
    repo: Any, tenant: Tenant, label: str, limit: int, cap_s: float
) -> dict[str, Any]:
    page_of = getattr(repo, f"{label}_page")
    after, rows, pages, times = "", 0, 0, []
    began = time.perf_counter()
    complete = True
    while True:
        t = time.perf_counter()
        page = await page_of(tenant, after=after, limit=limit)
        times.append(time.perf_counter() - t)
        if not page:
            break
        rows, pages, after = rows + len(page), pages + 1, page[-1].id
        if time.perf_counter() - began > cap_s:
            complete = False
            break
    times.sort()
    return {
        "rows": rows,
        "pages": pages,
        "seconds": round(time.perf_counter() - began, 2),
        "complete": complete,
        "page_p50_ms": round(1000 * times[len(times) // 2], 1),
        "page_max_ms": round(1000 * times[-1], 1),
    }


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--data-dir", type=Path, required=True, help="the FalkorDB data directory")
    p.add_argument("--tenant", default="bench/scale-out", help="org/project")
    p.add_argument("--limit", type=int, default=500, help="rows a page")
    p.add_argument("--cap-s", type=float, default=240.0, help="stop a pass after this long")
    p.add_argument("--dimension", type=int, default=384)
    p.add_argument("--out", type=Path, required=True)
    return p.parse_args(argv)


async def run(args: argparse.Namespace) -> dict[str, dict[str, dict[str, Any]]]:
    org, project = args.tenant.split("/", 1)
    tenant = Tenant(org=org, project=project)
    config = FalkorConfig(
        data_dir=args.data_dir, vector_dimension=args.dimension, startup_timeout_s=3600
    )
    began = time.perf_counter()
    results: dict[str, dict[str, dict[str, Any]]] = {}
    async with open_backend(config) as repo:
        log(f"loaded {args.data_dir} in {time.perf_counter() - began:.1f} s")
        for label in LABELS:
            for mode in MODES:
                windows: Any = repo  # the FalkorDB repository's pager (id_windows.py)
                if mode == "one query":
                    windows._id_windows = None
                elif windows._id_windows is None:
                    windows._id_windows = WindowHints()
                r = await one_pass(repo, tenant, label, args.limit, args.cap_s)
                results.setdefault(label, {})[mode] = r
                log(
                    f"{label:9s} {mode:13s} {r['rows']:>9,} rows, {r['pages']} pages: "
                    f"{r['seconds']:8.1f} s{'' if r['complete'] else ' (cut off)'}; page p50 "
                    f"{r['page_p50_ms']} ms, max {r['page_max_ms']} ms"
                )
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / "export-pages.json").write_text(json.dumps(results, indent=2) + "\n")
    lines = [
        f"Export pages of tenant `{args.tenant}` in `{args.data_dir}`, pages of {args.limit}",
        "",
        *md_table("label | pass | rows | pages | seconds | page p50 / max ms", "llrrrl"),
    ]
    for label, modes in results.items():
        for mode, r in modes.items():
            cut = "" if r["complete"] else " (cut off)"
            lines.append(
                f"| {label} | {mode} | {r['rows']:,} | {r['pages']} | {r['seconds']}{cut} "
                f"| {r['page_p50_ms']} / {r['page_max_ms']} |"
            )
    (args.out / "export-pages.md").write_text("\n".join(lines) + "\n")
    log(f"wrote {args.out}/export-pages.json and .md")
    return results


if __name__ == "__main__":
    asyncio.run(run(parse_args()))

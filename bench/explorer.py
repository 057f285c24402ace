"""Explorer rendering in headless Chromium (Debian's, software WebGL: SwiftShader): time to first
render (layout + first frame) and frame time while panning, at 1,000 / 5,000 / 20,000 elements
(half memories, half edges), drawn by the committed bundle from a page on disk — no service,
so the figures are the browser's alone. Writes bench/results/explorer/explorer.md and a screenshot.

    .venv/bin/python -m bench.explorer
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

from bench.harness.options import add_out
from bench.harness.reports import md_table
from bench.harness.run import results_dir
from bench.harness.stats import percentile
from service.api.explorer import explorer_assets_dir, render_explorer_html

SIZES = (1_000, 5_000, 20_000)
#: The analytics table bench/explorer_analytics.py writes (folded into explorer.md).
ANALYTICS = results_dir("explorer_analytics") / "explorer-analytics.md"

FILL = """(n) => {
  const g = window.retentiaExplorer.graph; const nodes = Math.floor(n / 2);
  for (let i = 0; i < nodes; i++) g.addNode('n' + i, {
    x: Math.random() * 100, y: Math.random() * 100, label: 'memory ' + i,
    score: Math.random(), status: 'ACTIVE', color: '#2e7d32' });
  for (let i = 1; i < n - nodes + 1; i++) {
    const a = 'n' + (i % nodes), b = 'n' + Math.floor(Math.random() * (i % nodes || 1));
    if (a !== b) g.addEdge(a, b, { color: '#c62828', size: 1 }); }
  return g.order + g.size;
}"""

FIRST_RENDER = """() => new Promise((resolve) => {
  const t0 = performance.now(); window.retentiaExplorer.show();
  const wait = () => window.retentiaExplorer.renderer
    ? requestAnimationFrame(() => resolve(performance.now() - t0)) : setTimeout(wait, 5);
  wait();
})"""

PAN = """() => new Promise((resolve) => {
  const camera = window.retentiaExplorer.renderer.getCamera();
  const times = []; let last = null; let i = 0;
  const step = (t) => { if (last !== null) times.push(t - last); last = t;
    camera.setState({ x: 0.5 + 0.2 * Math.sin(i / 10), y: 0.5 });
    if (++i < 120) requestAnimationFrame(step); else resolve(times); };
  requestAnimationFrame(step);
})"""


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    page_dir = Path(tempfile.mkdtemp(prefix="retentia-explorer-bench-"))
    html = render_explorer_html("/graphql", explorer_assets_dir().as_uri())
    (page_dir / "index.html").write_text(html)
    rows = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox"], headless=True
        )
        for size in SIZES:
            page = browser.new_page(viewport={"width": 1400, "height": 900})
            page.goto((page_dir / "index.html").as_uri())
            elements = page.evaluate(FILL, size)
            first_ms = page.evaluate(FIRST_RENDER)
            frames = page.evaluate(PAN)
            p50 = statistics.median(frames)
            p95 = percentile(frames, 0.95, "upper_index")
            rows.append((size, elements, first_ms, p50, p95))
            print(
                f"{size:>6} elements ({elements}): first render {first_ms:.0f} ms, "
                f"pan frame p50 {p50:.1f} ms p95 {p95:.1f} ms"
            )
            if size == SIZES[-1]:
                page.screenshot(path=str(out / "explorer-20k.png"))
            page.close()
        browser.close()
    lines = [
        "# Explorer rendering (bench/explorer.py)",
        "",
        "Headless Debian Chromium, software WebGL (SwiftShader), a shared 2-core machine; random",
        "graphs, half memories and half edges; layout: ForceAtlas2 (200 synchronous iterations",
        "up to 2,000 memories, the web worker for a bounded time beyond).",
        "",
        *md_table(
            "elements | first render (layout + frame), ms | pan frame p50, ms | pan frame p95, ms",
            "rrrr",
        ),
        *[f"| {s:,} | {f:.0f} | {p:.1f} | {q:.1f} |" for s, _, f, p, q in rows],
        "",
        "![20,000 elements](explorer-20k.png)",
        "",
        "The frame times are the software rasteriser's on a machine shared by several jobs (no",
        "GPU for headless Chromium here): an upper bound, not what a desktop browser shows.",
        "Beyond 2,000 memories the page seeds the layout with Louvain communities and runs the",
        "ForceAtlas2 worker for at most 3 s; nodes shrink as 1/sqrt(n) and edges turn thin and",
        "translucent: the 20,000-element screenshot shows the communities as separate clusters.",
        "",
        "## Analytics seconds at 10,000 and 100,000 memories",
        "",
        "Where analytics run: components in FalkorDB (`algo.WCC`, the `db:` row; the other",
        "backends answer none and networkx computes them); orphans and stale auto-links are",
        "Cypher/SurrealQL queries; PageRank, articulation points, dominators, chains, Louvain",
        "communities and cycles in Python (networkx) on the bounded export (ADR 0019); the",
        "canvas-community count in the browser (graphology Louvain). Measured by",
        "`bench/explorer_analytics.py` (one backend per run):",
        "",
        ANALYTICS.read_text().split("\n\n", 2)[2] if ANALYTICS.exists() else "(not run yet)",
        "",
    ]
    (out / "explorer.md").write_text("\n".join(lines))
    print(f"wrote {out / 'explorer.md'}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    add_out(parser, "explorer")
    main(parser.parse_args().out)

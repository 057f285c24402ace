"""The graph explorer page at /explorer: a static shell around the committed browser bundle in
``static/explorer`` (built by ``scripts/build-explorer``, licences in ``static/explorer/LICENSES``).
It talks only to the public GraphQL API of its own origin, with the key the user types."""

from html import escape
from pathlib import Path

from schema import Category, EdgeType, MemoryStatus

__all__ = ["EXPLORER_ASSETS", "explorer_assets_dir", "render_explorer_html"]

EXPLORER_ASSETS: tuple[str, ...] = ("explorer.js", "explorer.css", "LICENSES", "VERSIONS.json")

# GraphQL spells enum values by their Python names.
_STATUSES = tuple(s.name for s in MemoryStatus)
_CATEGORIES = tuple(c.name for c in Category)
_EDGE_TYPES = tuple(e.name for e in EdgeType)


def explorer_assets_dir() -> Path:
    """The directory holding the committed bundle (for StaticFiles)."""
    return Path(__file__).resolve().parent / "static" / "explorer"


def _options(values: tuple[str, ...], everything: str) -> str:
    rows = [f'<option value="">{escape(everything)}</option>']
    rows += [f'<option value="{v}">{v.lower().replace("_", " ")}</option>' for v in values]
    return "".join(rows)


def render_explorer_html(endpoint: str, static_prefix: str) -> str:
    """The page, loading its script and stylesheet from ``static_prefix`` only."""
    prefix = escape(static_prefix.rstrip("/"), quote=True)
    return f"""<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <title>Retentia — explorer</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="{prefix}/explorer.css" />
  </head>
  <body data-endpoint="{escape(endpoint, quote=True)}">
    <header>
      <h1>Retentia explorer</h1>
      <form id="search-form"><input id="search" type="search" placeholder="search or recall (/)"
        aria-label="search or recall" /> <button type="submit">Recall</button></form>
      <form id="entity-form"><input id="entity-name" type="search" placeholder="entity"
        aria-label="entity" /> <button type="submit">Timeline</button></form>
      <input id="key" type="password" placeholder="API key (none in development mode)"
        aria-label="API key" autocomplete="off" />
      <input id="project" list="project-list" placeholder="project (default)"
        aria-label="project" autocomplete="off" /><datalist id="project-list"></datalist>
      <select id="filter-edge" aria-label="edge type">{_options(_EDGE_TYPES, "all edges")}</select>
      <select id="filter-status" aria-label="status">{_options(_STATUSES, "all statuses")}</select>
      <select id="filter-category" aria-label="category">
        {_options(_CATEGORIES, "all categories")}</select>
      <label>since <input id="filter-since" type="date" aria-label="created since" /></label>
      <select id="size-by" aria-label="size by"><option value="score">size: retention</option>
        <option value="pagerank">size: PageRank</option></select>
      <button id="open-dashboard" type="button">Analytics (d)</button>
      <span class="legend"><span style="background:#c62828">causal</span><span
        style="background:#1565c0">supportive</span><span
        style="background:#6a1b9a">negative</span><span
        style="background:#90a4ae">neutral</span></span>
      <span id="status" role="status">loading…</span>
    </header>
    <aside id="left"><div id="counts"></div><ol id="results"></ol>
      <p><small>double-click: expand and dim the rest · click: explain · ←/→: neighbours ·
      Enter: expand · Esc: clear</small></p></aside>
    <main id="canvas"></main>
    <aside id="panel" hidden></aside>
    <section id="dashboard" hidden></section>
    <section id="entity-view" hidden aria-label="entity timeline"></section>
    <noscript>The explorer requires JavaScript.</noscript>
    <script src="{prefix}/explorer.js"></script>
  </body>
</html>
"""

"""Offline GraphiQL page backed by browser assets vendored in ``static/graphiql``.

See ``static/graphiql/VENDORED.md`` for the vendored package versions.
"""

from html import escape
from pathlib import Path
from urllib.parse import urlsplit

__all__ = [
    "ASSET_FILES",
    "EXAMPLE_QUERY",
    "graphiql_assets_dir",
    "render_graphiql_html",
    "wants_html",
]

_REACT_JS = "react.production.min.js"
_REACT_DOM_JS = "react-dom.production.min.js"
_GRAPHIQL_JS = "graphiql.min.js"
_GRAPHIQL_CSS = "graphiql.min.css"
_EXPLORER_JS = "plugin-explorer.umd.js"
_EXPLORER_CSS = "plugin-explorer.css"

_STYLESHEETS: tuple[str, ...] = (_GRAPHIQL_CSS, _EXPLORER_CSS)
# Load order matters: the UMD bundles read the React/ReactDOM/GraphiQL globals.
_SCRIPTS: tuple[str, ...] = (_REACT_JS, _REACT_DOM_JS, _GRAPHIQL_JS, _EXPLORER_JS)

ASSET_FILES: tuple[str, ...] = _STYLESHEETS + _SCRIPTS

_TITLE = "Retentia — GraphiQL"

#: What the editor holds on a first visit (GraphiQL keeps the user's own tabs after that).
EXAMPLE_QUERY = """\
# Retentia remembers what happened and why: memories,
# the typed causal edges between them, and facts that
# stay true over time.
#
# Run an operation with Ctrl-Enter or the ▶ button (it
# asks which one); the Docs panel lists every field.
# Outside development mode each request needs an API
# key: open Headers below and add
#   { "Authorization": "Bearer rtk_…" }

# 1. Store a memory. Entities are optional (names and
#    dates are found in the text); `related` links it
#    to earlier memories, e.g.
#    related: [{ targetId: "…", type: CAUSED_BY }]
mutation Store {
  storeMemory(input: {
    content: "The web-2 deploy failed: its disk was full"
    entities: ["web-2"]
  }) {
    __typename
    ... on StoreSuccess {
      memory { id status category }
      autoLinks { target type weight }
    }
    ... on InvalidInput { field message }
  }
}

# 2. Recall it: vector, full-text, fact and graph legs
#    fused by rank, ranked by relevance × retention.
#    readOnly: true leaves the hits unreactivated.
query Recall {
  recall(query: "why did the web-2 deploy fail?", k: 5,
         readOnly: true) {
    __typename
    ... on Recall {
      intent
      hits { id summary status score }
    }
    ... on InvalidInput { field message }
  }
}
"""

# Reads its settings from data-* attributes on #graphiql, so no value is ever
# interpolated into JavaScript source.
_BOOTSTRAP_JS = """
(function () {
  "use strict";
  var root = document.getElementById("graphiql");
  var endpoint = root.dataset.endpoint;
  // A link to /graphql?query=… opens here with the query in the editor, not run.
  var params = new URLSearchParams(window.location.search);

  function fetcher(graphQLParams, opts) {
    var headers = Object.assign(
      { "Content-Type": "application/json", Accept: "application/json" },
      (opts && opts.headers) || {}
    );
    return fetch(endpoint, {
      method: "POST",
      headers: headers,
      body: JSON.stringify(graphQLParams),
      credentials: "include",
    }).then(function (response) {
      return response.text().then(function (text) {
        try {
          return JSON.parse(text);
        } catch (err) {
          return {
            errors: [{ message: "HTTP " + response.status + ": " + text }],
          };
        }
      });
    });
  }

  var plugins = [];
  if (typeof GraphiQLPluginExplorer !== "undefined") {
    plugins.push(GraphiQLPluginExplorer.explorerPlugin());
  }

  ReactDOM.createRoot(root).render(
    React.createElement(GraphiQL, {
      fetcher: fetcher,
      plugins: plugins,
      defaultQuery: root.dataset.defaultQuery,
      query: params.get("query") || undefined,
      variables: params.get("variables") || undefined,
      operationName: params.get("operationName") || undefined,
      defaultEditorToolsVisibility: true,
      isHeadersEditorEnabled: true,
      shouldPersistHeaders: true,
      inputValueDeprecation: true,
    })
  );
})();
"""

_STYLE_CSS = """
html, body { height: 100%; margin: 0; width: 100%; overflow: hidden; }
#graphiql { height: 100vh; display: flex; }
"""


def wants_html(accept: str) -> bool:
    """Whether an Accept header is a browser's navigation (HTML named, JSON not): `*/*` alone,
    curl's default, is not."""
    media = {part.split(";", 1)[0].strip().lower() for part in accept.split(",")}
    json_types = {"application/json", "application/graphql-response+json"}
    return "text/html" in media and not media & json_types


def graphiql_assets_dir() -> Path:
    """Return the directory holding the vendored GraphiQL assets (for StaticFiles)."""
    # Next to this module rather than importlib.resources: StaticFiles needs a real directory,
    # and setuptools' editable installs hand importlib.resources a non-directory reader.
    return Path(__file__).resolve().parent / "static" / "graphiql"


def _check_same_origin(name: str, url: str) -> None:
    parts = urlsplit(url)
    if parts.scheme or parts.netloc:
        raise ValueError(f"{name} must be a same-origin path, got {url!r}")


def render_graphiql_html(endpoint: str, static_prefix: str) -> str:
    """Return a GraphiQL page loading assets only from ``static_prefix``.

    Both arguments must be same-origin paths (e.g. ``"/graphql"`` and
    ``"/static/graphiql"``); absolute or protocol-relative URLs raise ValueError.
    """
    _check_same_origin("endpoint", endpoint)
    _check_same_origin("static_prefix", static_prefix)
    prefix = static_prefix.rstrip("/")

    def asset(name: str) -> str:
        return escape(f"{prefix}/{name}", quote=True)

    stylesheets = "\n".join(
        f'    <link rel="stylesheet" href="{asset(name)}" />' for name in _STYLESHEETS
    )
    scripts = "\n".join(f'    <script src="{asset(name)}"></script>' for name in _SCRIPTS)
    return f"""<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="referrer" content="no-referrer" />
    <title>{escape(_TITLE)}</title>
    <link rel="icon" href="data:," />
{stylesheets}
    <style>{_STYLE_CSS}    </style>
  </head>
  <body>
    <div id="graphiql" data-endpoint="{escape(endpoint, quote=True)}"
         data-default-query="{escape(EXAMPLE_QUERY, quote=True)}">Loading…</div>
    <noscript>GraphiQL requires JavaScript.</noscript>
{scripts}
    <script>{_BOOTSTRAP_JS}    </script>
  </body>
</html>
"""

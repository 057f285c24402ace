"""Offline GraphiQL page backed by browser assets vendored in ``static/graphiql``.

See ``static/graphiql/VENDORED.md`` for the vendored package versions.
"""

from html import escape
from pathlib import Path
from urllib.parse import urlsplit

__all__ = ["ASSET_FILES", "graphiql_assets_dir", "render_graphiql_html"]

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

# Reads its settings from data-* attributes on #graphiql, so no value is ever
# interpolated into JavaScript source.
_BOOTSTRAP_JS = """
(function () {
  "use strict";
  var root = document.getElementById("graphiql");
  var endpoint = root.dataset.endpoint;

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
    <div id="graphiql" data-endpoint="{escape(endpoint, quote=True)}">Loading…</div>
    <noscript>GraphiQL requires JavaScript.</noscript>
{scripts}
    <script>{_BOOTSTRAP_JS}    </script>
  </body>
</html>
"""

"""The explorer's committed bundle is present, built from the pinned npm versions (the lock file
and VERSIONS.json agree with package.json's exact pins), ships every bundled library's licence,
and the page loads only same-origin assets whose names it serves."""

from __future__ import annotations

import json
import re
from pathlib import Path

from service.api.explorer import EXPLORER_ASSETS, explorer_assets_dir, render_explorer_html

ROOT = Path(__file__).resolve().parents[2]
LIBRARIES = (
    "sigma",
    "graphology",
    "graphology-layout-forceatlas2",
    "graphology-communities-louvain",
)


def test_the_bundle_and_its_licences_are_committed() -> None:
    for name in EXPLORER_ASSETS:
        path = explorer_assets_dir() / name
        assert path.is_file() and path.stat().st_size > 0, f"{path} missing: scripts/build-explorer"
    licences = (explorer_assets_dir() / "LICENSES").read_text()
    for library in LIBRARIES:
        assert f"== {library} " in licences
    assert licences.count("Permission is hereby granted") >= len(LIBRARIES)


def test_the_bundle_matches_the_pinned_versions() -> None:
    package = json.loads((ROOT / "explorer" / "package.json").read_text())
    lock = json.loads((ROOT / "explorer" / "package-lock.json").read_text())
    built = json.loads((explorer_assets_dir() / "VERSIONS.json").read_text())
    pins = package["dependencies"]
    assert set(pins) == set(LIBRARIES)
    for library, version in pins.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), f"{library} is not pinned exactly"
        assert lock["packages"][f"node_modules/{library}"]["version"] == version
        assert built[library] == version, "the committed bundle is stale: scripts/build-explorer"


def test_the_page_loads_only_same_origin_assets() -> None:
    page = render_explorer_html("/graphql", "/static/explorer")
    sources = re.findall(r'(?:src|href)="([^"]*)"', page)
    assert sources == ["data:,", "/static/explorer/explorer.css", "/static/explorer/explorer.js"]
    assert "http://" not in page and "https://" not in page
    assert 'data-endpoint="/graphql"' in page

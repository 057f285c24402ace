"""The browser tests' offline fixture can fail them: a page that reaches outside its origin, asks
for something its origin does not have, logs a console error or throws is caught on each count,
and `missing_ok` forgives exactly the paths it names, nothing else."""

from __future__ import annotations

import pytest
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.routing import Route

from tests.e2e.offline_browser import OfflineBrowser, OfflinePage
from tests.integration.local_endpoint import serve

OUTSIDE = "http://cdn.example.invalid/font.woff2"
CLEAN = "<!doctype html><title>clean</title><p>nothing to see</p>"
DIRTY = f"""<!doctype html><title>dirty</title>
<img src="{OUTSIDE}">
<script src="/missing.js"></script>
<script src="/forgiven.js.map"></script>
<script>console.error("logged on purpose");</script>
<script>throw new Error("thrown on purpose");</script>"""


async def page(request: Request) -> Response:
    return HTMLResponse(DIRTY if request.path_params["name"] == "dirty" else CLEAN)


def visit(offline_browser: OfflineBrowser, name: str, events: int = 0) -> OfflinePage:
    """The page after its load, and after at least `events` recorded entries have arrived
    (Playwright delivers console and network events asynchronously; 30 s at most)."""
    with (
        serve([Route("/page/{name}", page)]) as url,
        offline_browser.open(url, missing_ok={"/forgiven.js.map"}) as seen,
    ):
        seen.page.goto(f"{url}/page/{name}", wait_until="load")
        for _ in range(300):
            if len(seen.outside + seen.failed + seen.console_errors) >= events:
                break
            seen.page.wait_for_timeout(100)
    return seen


def test_a_clean_page_passes(offline_browser: OfflineBrowser) -> None:
    visit(offline_browser, "clean").assert_clean("the clean page")


def test_each_kind_of_dirt_is_recorded_and_fails_the_check(
    offline_browser: OfflineBrowser,
) -> None:
    # One outside request; missing.js's 404 and abort; four console entries: the blocked
    # request, the 404, console.error and the uncaught throw.
    seen = visit(offline_browser, "dirty", events=7)
    assert seen.outside == [OUTSIDE]
    assert f"GET {seen.own_origin}/missing.js: HTTP 404" in seen.failed
    assert not any("forgiven" in entry for entry in seen.failed + seen.console_errors)
    assert any("logged on purpose" in entry for entry in seen.console_errors)
    uncaught = [entry for entry in seen.console_errors if entry.startswith("uncaught:")]
    assert len(uncaught) == 1 and "thrown on purpose" in uncaught[0]
    with pytest.raises(AssertionError, match="outside its origin"):
        seen.assert_clean("the dirty page")
    seen.outside.clear()
    with pytest.raises(AssertionError, match="failed requests"):
        seen.assert_clean("the dirty page")
    seen.failed.clear()
    with pytest.raises(AssertionError, match="console errors"):
        seen.assert_clean("the dirty page")

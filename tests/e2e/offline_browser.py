"""How every browser test opens a page (through the `offline_browser` fixture in conftest.py):
Debian's headless Chromium with no internet.

Every request outside the page's own origin is blocked and recorded, and so is every failed
request, every HTTP error answer, every console error and every uncaught exception;
`OfflinePage.assert_clean()` fails the test unless all of them are empty. A page may name
paths of its own origin that are allowed to be missing (`missing_ok`): their 404, the aborted
request and the console error about it are not recorded. Only the GraphiQL tests name one: the
source map their vendored bundle points at (`MISSING_SOURCE_MAP`, static/graphiql/VENDORED.md)."""

from __future__ import annotations

from collections.abc import Collection, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import (
    Browser,
    ConsoleMessage,
    Page,
    Request,
    Response,
    Route,
    ViewportSize,
)
from playwright.sync_api import Error as PlaywrightError

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
TIMEOUT_MS = 60_000
VIEWPORT: ViewportSize = {"width": 1400, "height": 900}


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


@dataclass
class OfflinePage:
    """A page and what it did that a clean offline page never does."""

    page: Page
    own_origin: str
    missing_ok: frozenset[str]
    #: Requests outside the own origin (all blocked).
    outside: list[str] = field(default_factory=list)
    #: Own-origin requests that failed, and answers with an HTTP error status.
    failed: list[str] = field(default_factory=list)
    #: Console errors and uncaught exceptions.
    console_errors: list[str] = field(default_factory=list)

    def assert_clean(self, what: str) -> None:
        assert self.outside == [], f"{what} requested something outside its origin"
        assert self.failed == [], f"{what} had failed requests"
        assert self.console_errors == [], f"{what} logged console errors"

    def _may_be_missing(self, url: str) -> bool:
        return origin(url) == self.own_origin and urlsplit(url).path in self.missing_ok

    def _route(self, route: Route) -> None:
        if origin(route.request.url) == self.own_origin:
            route.continue_()
        else:
            self.outside.append(route.request.url)
            route.abort("blockedbyclient")

    def _on_request_failed(self, request: Request) -> None:
        # Blocked outside requests are in `outside`; Chromium also aborts what answered 404.
        if origin(request.url) == self.own_origin and not self._may_be_missing(request.url):
            self.failed.append(f"{request.method} {request.url}: {request.failure}")

    def _on_response(self, response: Response) -> None:
        if response.status == 404 and self._may_be_missing(response.url):
            return
        if response.status >= 400:
            self.failed.append(f"{response.request.method} {response.url}: HTTP {response.status}")

    def _on_console(self, message: ConsoleMessage) -> None:
        if message.type != "error" or self._may_be_missing(message.location.get("url", "")):
            return
        self.console_errors.append(f"{message.text} at {message.location}")


class OfflineBrowser:
    """One Chromium for a test; each `open()` is a fresh context (no stored state)."""

    def __init__(self, browser: Browser, failures: Path) -> None:
        self._browser = browser
        self._failures = failures

    @contextmanager
    def open(self, url: str, *, missing_ok: Collection[str] = ()) -> Iterator[OfflinePage]:
        """A blank page whose own origin is `url`'s (the test navigates it); on an assertion
        or Playwright error inside, a full-page screenshot is kept and its path printed."""
        context = self._browser.new_context(viewport=VIEWPORT)
        context.set_default_timeout(TIMEOUT_MS)
        seen = OfflinePage(context.new_page(), origin(url), frozenset(missing_ok))
        context.route("**/*", seen._route)
        seen.page.on("requestfailed", seen._on_request_failed)
        seen.page.on("response", seen._on_response)
        seen.page.on("console", seen._on_console)
        seen.page.on("pageerror", lambda error: seen.console_errors.append(f"uncaught: {error}"))
        try:
            yield seen
        except (AssertionError, PlaywrightError):
            self._failures.mkdir(parents=True, exist_ok=True)
            screenshot = self._failures / f"failure-{len(list(self._failures.iterdir()))}.png"
            seen.page.screenshot(path=str(screenshot), full_page=True)
            print(f"screenshot: {screenshot}")
            raise
        finally:
            context.close()

"""The browser tests' one fixture, `offline_browser`: Debian's headless Chromium with every
request outside the page's origin blocked and recorded, failed requests and console errors
collected (tests/e2e/offline_browser.py says what counts and the one narrow exception)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import sync_playwright

from tests.e2e.offline_browser import CHROMIUM, CHROMIUM_ARGS, OfflineBrowser


@pytest.fixture
def offline_browser(tmp_path: Path) -> Iterator[OfflineBrowser]:
    assert CHROMIUM.exists(), f"{CHROMIUM} is missing: run scripts/test (apt-get chromium)"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            yield OfflineBrowser(browser, tmp_path / "screenshots")
        finally:
            browser.close()

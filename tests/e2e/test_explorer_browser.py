"""The graph explorer works in Debian's headless Chromium with no internet: /explorer loads,
a recall search puts the hits and their neighbourhood on the sigma canvas, a double-click
expands a memory's neighbourhood, a click opens its explanation (forces, forgetting conjuncts,
removal impact), and the analytics dashboard opens — with no request outside the api's origin,
no failed request and no console error. Screenshots are kept under /tmp/retentia-explorer for a
person to look at (the test prints where)."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page, expect

from tests.e2e.offline_browser import OfflineBrowser
from tests.integration.service_process import ServiceProcess

ARTEFACTS = Path("/tmp/retentia-explorer")


def seed(api: ServiceProcess) -> list[str]:
    """A small causal chain about a failed deploy, plus a supporting memory."""
    contents = [
        "The web-2 deploy failed: its disk was full",
        "The disk on web-2 filled up with unrotated nginx logs",
        "Log rotation on web-2 was disabled during the migration",
        "Disk alerts for web-2 were muted last week",
    ]
    ids = []
    for content in contents:
        got = api.graphql(
            'mutation($c: String!) { storeMemory(input: {content: $c, entities: ["web-2"]}) '
            "{ ... on StoreSuccess { memory { id } } } }",
            {"c": content},
        )
        ids.append(got["data"]["storeMemory"]["memory"]["id"])
    links = [
        {"sourceId": ids[0], "targetId": ids[1], "type": "CAUSED_BY"},
        {"sourceId": ids[1], "targetId": ids[2], "type": "CAUSED_BY"},
        {"sourceId": ids[3], "targetId": ids[0], "type": "SUPPORTS"},
    ]
    linked = api.graphql(
        "mutation($l: [LinkInput!]!) { linkMemories(links: $l) { __typename } }", {"l": links}
    )
    assert linked["data"]["linkMemories"]["__typename"] == "LinkSuccess", linked
    return ids


def test_explorer_searches_expands_explains_and_shows_analytics(
    api: ServiceProcess, offline_browser: OfflineBrowser
) -> None:
    ids = seed(api)
    ARTEFACTS.mkdir(exist_ok=True)
    print(f"screenshots: {ARTEFACTS}")
    with offline_browser.open(api.url) as seen:
        try:
            explore(seen.page, api.url, ids)
        finally:
            seen.page.screenshot(path=str(ARTEFACTS / "last.png"))
    seen.assert_clean("the explorer")


def canvas_count(page: Page, what: str) -> int:
    count: int = page.evaluate(f"window.retentiaExplorer.graph.{what}")
    return count


def node_position(page: Page, memory_id: str) -> tuple[float, float]:
    """The node's position in the page's pixels (sigma's viewport plus the canvas' offset)."""
    x, y = page.evaluate(
        """(id) => {
          const s = window.retentiaExplorer.renderer;
          const a = s.getNodeDisplayData(id);
          const p = s.framedGraphToViewport(a);
          const box = document.getElementById('canvas').getBoundingClientRect();
          return [p.x + box.left, p.y + box.top];
        }""",
        memory_id,
    )
    return float(x), float(y)


def explore(page: Page, url: str, ids: list[str]) -> None:
    page.goto(f"{url}/explorer", wait_until="load")
    expect(page.locator("#status")).to_contain_text("ready")
    page.screenshot(path=str(ARTEFACTS / "1-loaded.png"))

    page.fill("#search", "why did the web-2 deploy fail?")
    page.press("#search", "Enter")
    expect(page.locator("#status")).to_contain_text("hits")
    expect(page.locator("#results li").first).to_be_visible()
    page.wait_for_function("() => window.retentiaExplorer.renderer !== null")
    assert canvas_count(page, "order") == len(ids)
    assert canvas_count(page, "size") == 3
    assert "q=why" in page.url
    page.screenshot(path=str(ARTEFACTS / "2-search.png"))

    x, y = node_position(page, ids[1])
    page.mouse.dblclick(x, y)
    expect(page.locator("#status")).to_contain_text("expanded")
    focus = page.evaluate("[...window.retentiaExplorer.focus].sort()")
    assert focus == sorted([ids[0], ids[1], ids[2]])
    assert f"expand={ids[1]}" in page.url
    page.screenshot(path=str(ARTEFACTS / "3-expanded.png"))

    x, y = node_position(page, ids[1])
    page.mouse.click(x, y)
    panel = page.locator("#panel")
    expect(panel).to_contain_text("forces")
    expect(panel).to_contain_text("forgetting")
    expect(panel).to_contain_text("removal impact")
    expect(panel).to_contain_text("unrotated nginx logs")
    assert f"sel={ids[1]}" in page.url
    page.screenshot(path=str(ARTEFACTS / "4-explain.png"))

    page.click("#open-dashboard")
    dashboard = page.locator("#dashboard")
    expect(dashboard).to_contain_text("causal edges")
    expect(dashboard).to_contain_text("causal hubs")
    assert "view=dashboard" in page.url
    page.screenshot(path=str(ARTEFACTS / "5-dashboard.png"))

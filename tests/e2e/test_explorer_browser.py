"""The graph explorer works in Debian's headless Chromium with no internet: /explorer loads,
a recall search puts the hits and their neighbourhood on the sigma canvas (one bounded
`subgraph` request), a double-click expands a memory's neighbourhood, a click opens its
explanation (forces, forgetting conjuncts, removal impact) and its facts, an entity opens its
timeline per slot and the as-of slider steps back to the value a supersession replaced, and
the analytics dashboard opens — with no request outside the api's origin, no failed request
and no console error. Screenshots are kept under /tmp/retentia-explorer for a
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
    # web-2's disk was resized in June: the June fact supersedes January's (one slot).
    facts = [
        {
            "subject": "web-2",
            "predicate": "disk size",
            "object": size,
            "validFrom": since,
            "functional": True,
            "sourceId": ids[1],
        }
        for size, since in (("50 GB", "2025-01-01T00:00:00Z"), ("200 GB", "2025-06-01T00:00:00Z"))
    ]
    for one in facts:
        got = api.graphql(
            "mutation($f: [FactInput!]!) { ingestFacts(facts: $f) { __typename } }", {"f": [one]}
        )
        assert got["data"]["ingestFacts"]["__typename"] == "FactBatch", got
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
    # It opens on an overview of the project, not an empty canvas (issue 50).
    expect(page.locator("#status")).to_contain_text("overview of project default")
    expect(page.locator("#status")).to_contain_text("most central ones (PageRank)")
    expect(page.locator("#status")).to_contain_text("communities")
    expect(page.locator("#results li")).to_have_count(len(ids))
    page.wait_for_function(f"() => window.retentiaExplorer.graph.order === {len(ids)}")
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
    expect(panel).to_contain_text("web-2 — disk size — 200 GB")
    expect(panel.locator(".fact.superseded")).to_contain_text("50 GB")
    assert f"sel={ids[1]}" in page.url
    page.screenshot(path=str(ARTEFACTS / "4-explain.png"))

    panel.locator("button.entity", has_text="web-2").click()
    timeline = page.locator("#entity-view")
    expect(timeline).to_contain_text("web-2 — disk size")
    expect(timeline.locator(".bar")).to_have_count(2)
    # Under the tracks, an axis of dates from the first instant to now (issue 50).
    expect(timeline.locator(".axis .tick")).to_have_count(5)
    expect(timeline.locator(".axis .tick").first).to_have_text("2025-01-01")
    held = page.locator("#as-of-values li.held")
    expect(held).to_have_count(1)
    expect(held).to_have_attribute("data-value", "200 GB")
    assert "entity=web-2" in page.url
    page.screenshot(path=str(ARTEFACTS / "5-entity-now.png"))
    page.locator("#as-of").focus()
    page.keyboard.press("ArrowLeft")  # one step back through the supersession
    expect(page.locator("#as-of-label")).to_contain_text("as of 2025-01-01")
    expect(held).to_have_attribute("data-value", "50 GB")
    assert "asOf=2025-01-01" in page.url
    page.screenshot(path=str(ARTEFACTS / "6-entity-as-of.png"))
    timeline.get_by_role("button", name="close (Esc)").click()
    expect(timeline).to_be_hidden()

    page.click("#open-dashboard")
    dashboard = page.locator("#dashboard")
    expect(dashboard).to_contain_text("causal edges")
    expect(dashboard).to_contain_text("causal hubs")
    # The rankings list the memories they count, by their text (a bare heading before).
    expect(dashboard).to_contain_text("Log rotation on web-2 was disabled during the migration —")
    expect(dashboard).to_contain_text("load-bearing memories")
    expect(dashboard).to_contain_text("communities on the canvas (Louvain in the browser): ")
    assert "view=dashboard" in page.url
    page.screenshot(path=str(ARTEFACTS / "7-dashboard.png"))

    # The honest cap: drawing 2 of the 4 memories reached says so, with the real total.
    page.evaluate("location.hash = 'cap=2&q=' + encodeURIComponent('why did web-2 fail')")
    page.reload(wait_until="load")
    expect(page.locator("#status")).to_contain_text("showing 2 of 4 — narrow the filter")
    assert canvas_count(page, "order") == 2
    page.screenshot(path=str(ARTEFACTS / "8-capped.png"))


BOOTSTRAP = "explorer-e2e-bootstrap-0123456789abcdef012345"


def test_the_explorer_on_a_keyed_server_asks_for_a_key_and_finds_other_projects(
    tmp_path: Path, offline_browser: OfflineBrowser
) -> None:
    """Issue 50: on a keyed server a search showed the JavaScript error "e.nodes is not
    iterable", and after an import into another project a search said "0 hits" with no hint
    that projects exist. Without a key the page says to enter one (the server's 401 is the only
    failed request, and no script error); with the key, an empty search names the project that
    holds the memories, and choosing it (kept in the address) finds them."""
    ARTEFACTS.mkdir(exist_ok=True)
    with ServiceProcess.secured(tmp_path / "keyed", BOOTSTRAP).running() as api:
        api.post(json={"query": "{ __typename }"})  # the bootstrap key is ready
        for content in ("The web-2 deploy failed: its disk was full", "Disk alerts were muted"):
            body = api.graphql(
                'mutation($c: String!) { storeMemory(input: {content: $c, entities: ["web-2"]}) '
                "{ __typename } }",
                {"c": content},
                headers={"X-Retentia-Project": "locomo"},
            )
            assert body["data"]["storeMemory"]["__typename"] == "StoreSuccess", body
        with offline_browser.open(api.url) as seen:
            page = seen.page
            page.goto(f"{api.url}/explorer", wait_until="load")
            expect(page.locator("#status")).to_contain_text("Not signed in: enter an API key")
            page.fill("#search", "why did the web-2 deploy fail?")
            page.press("#search", "Enter")
            expect(page.locator("#status")).to_contain_text("Not signed in")
            page.screenshot(path=str(ARTEFACTS / "9-keyed-no-key.png"))

            page.fill("#key", BOOTSTRAP)
            page.press("#key", "Tab")  # change: stored for the session, projects listed
            expect(page.locator("#project-list option[value=locomo]")).to_have_count(1)
            page.fill("#search", "why did the web-2 deploy fail?")
            page.press("#search", "Enter")
            expect(page.locator("#status")).to_contain_text("0 hits in project default")
            expect(page.locator("#status")).to_contain_text("other projects: locomo (2)")

            page.fill("#project", "locomo")
            page.press("#project", "Tab")
            assert "project=locomo" in page.url
            page.fill("#search", "why did the web-2 deploy fail?")
            page.press("#search", "Enter")
            expect(page.locator("#status")).to_contain_text("2 hits in project locomo")
            expect(page.locator("#results li").first).to_be_visible()
            page.screenshot(path=str(ARTEFACTS / "10-keyed-project.png"))
        assert seen.console_errors == [e for e in seen.console_errors if "status of 401" in e], (
            seen.console_errors
        )
        assert seen.failed and all("/graphql: HTTP 401" in f for f in seen.failed), seen.failed

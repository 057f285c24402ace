"""GraphiQL works in a real browser with no internet: Debian's headless Chromium loads
GET /graphql, runs a mutation through the editor's execute button and shows the stored memory,
while every request outside the api's own origin is blocked, and none is made — no CDN, no
font, no telemetry — with no failed request and no console error on the way. A first visit
opens on a Retentia example; a link with `?query=` opens with that query in the editor, unrun."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from playwright.sync_api import (
    ConsoleMessage,
    Page,
    Request,
    Response,
    Route,
    expect,
    sync_playwright,
)
from playwright.sync_api import Error as PlaywrightError

from service.api.graphiql import EXAMPLE_QUERY
from tests.integration.service_process import ServiceProcess

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
CONTENT = "from the browser"
MUTATION = (
    f'mutation {{ storeMemory(input: {{content: "{CONTENT}"}}) '
    "{ ... on StoreSuccess { memory { id content } } } }"
)


def origin(url: str) -> str:
    parts = urlsplit(url)
    return f"{parts.scheme}://{parts.netloc}"


def is_source_map(url: str) -> bool:
    return urlsplit(url).path.endswith(".map")


def test_graphiql_runs_a_mutation_offline(api: ServiceProcess, tmp_path: Path) -> None:
    assert CHROMIUM.exists(), f"{CHROMIUM} is missing: run scripts/install (apt-get chromium)"
    own_origin = origin(api.url)
    outside: list[str] = []
    failed: list[str] = []
    console_errors: list[str] = []

    def route(route: Route) -> None:
        url = route.request.url
        if origin(url) == own_origin:
            route.continue_()
        else:
            outside.append(url)
            route.abort("blockedbyclient")

    def on_request_failed(request: Request) -> None:
        if origin(request.url) == own_origin:  # blocked outside requests are in `outside`
            failed.append(f"{request.method} {request.url}: {request.failure}")

    def on_response(response: Response) -> None:
        if response.status >= 400 and not is_source_map(response.url):
            failed.append(f"{response.request.method} {response.url}: HTTP {response.status}")

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error" and not is_source_map(message.location.get("url", "")):
            console_errors.append(f"{message.text} at {message.location}")

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            context.set_default_timeout(TIMEOUT_MS)
            context.route("**/*", route)
            page: Page = context.new_page()
            page.on("requestfailed", on_request_failed)
            page.on("response", on_response)
            page.on("console", on_console)
            page.on("pageerror", lambda error: console_errors.append(f"uncaught: {error}"))
            try:
                stored_id = run_mutation(page, f"{api.url}/graphql")
            except (AssertionError, PlaywrightError):
                screenshot = tmp_path / "graphiql-failure.png"
                page.screenshot(path=str(screenshot), full_page=True)
                print(f"screenshot: {screenshot}")
                raise
            finally:
                context.close()
        finally:
            browser.close()

    assert outside == [], "GraphiQL requested something outside the api's origin"
    assert failed == []
    assert console_errors == []
    got = api.graphql(
        "query($id: ID!) { memory(id: $id) { ... on Memory { content } } }", {"id": stored_id}
    )
    assert got["data"]["memory"] == {"content": CONTENT}


def run_mutation(page: Page, url: str) -> str:
    """Load GraphiQL, replace the editor's text with MUTATION, run it, return the memory's id."""
    page.goto(url, wait_until="load")
    editor = page.locator(".graphiql-query-editor .CodeMirror")
    expect(editor).to_be_visible(timeout=TIMEOUT_MS)
    editor.click()
    page.keyboard.press("ControlOrMeta+A")
    page.keyboard.press("Delete")
    # insert_text types no key events, so CodeMirror's bracket auto-closing stays out of it.
    page.keyboard.insert_text(MUTATION)
    query_text = page.evaluate(
        "document.querySelector('.graphiql-query-editor .CodeMirror').CodeMirror.getValue()"
    )
    assert query_text == MUTATION
    # GraphiQL reparses the editor's operations after a short debounce; clicked before that,
    # the button still sees the example's two operations and asks which one to run.
    page.wait_for_timeout(1000)
    page.locator(".graphiql-execute-button").click()
    response = page.locator(".graphiql-response")
    expect(response).to_contain_text(f'"content": "{CONTENT}"', timeout=TIMEOUT_MS)
    text = page.evaluate(
        "document.querySelector('.graphiql-response .CodeMirror').CodeMirror.getValue()"
    )
    body = json.loads(text)
    memory = body["data"]["storeMemory"]["memory"]
    assert memory["content"] == CONTENT and memory["id"], body
    stored_id: str = memory["id"]
    return stored_id


def editor_text(page: Page) -> str:
    text: str = page.evaluate(
        "document.querySelector('.graphiql-query-editor .CodeMirror').CodeMirror.getValue()"
    )
    return text


def open_page(url: str, screenshot: Path | None = None) -> tuple[str, str, list[str]]:
    """Open `url` in a fresh browser (no stored GraphiQL tabs) once the schema has loaded:
    (the editor's text, the response pane's text, the bodies of the POSTs the page sent)."""
    posts: list[str] = []
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, headless=True
        )
        try:
            context = browser.new_context(viewport={"width": 1400, "height": 900})
            context.set_default_timeout(TIMEOUT_MS)
            page = context.new_page()
            page.on(
                "request",
                lambda r: posts.append(r.post_data or "") if r.method == "POST" else None,
            )
            page.goto(url, wait_until="load")
            expect(page.locator(".graphiql-query-editor .CodeMirror")).to_be_visible(
                timeout=TIMEOUT_MS
            )
            # The docs button is enabled once the introspection answer has arrived.
            page.wait_for_function(
                "() => window.performance.getEntriesByType('resource')"
                ".some(e => e.initiatorType === 'fetch')"
            )
            page.wait_for_timeout(500)
            if screenshot is not None:
                page.screenshot(path=str(screenshot))
            response = page.evaluate(
                "document.querySelector('.graphiql-response .CodeMirror').CodeMirror.getValue()"
            )
            return editor_text(page), response, posts
        finally:
            browser.close()


def test_graphiql_opens_on_a_retentia_example(api: ServiceProcess) -> None:
    """A first visit shows a commented Retentia example (store, then recall), not strawberry's
    default text; the screenshot is kept under /tmp for a person to look at."""
    shots = Path("/tmp/retentia-graphiql")
    shots.mkdir(exist_ok=True)
    text, response, _ = open_page(f"{api.url}/graphql", shots / "example.png")
    assert text == EXAMPLE_QUERY
    assert response == ""


def test_a_link_with_a_query_opens_it_in_the_editor_unrun(api: ServiceProcess) -> None:
    """Following /graphql?query=<a mutation> in a browser opens GraphiQL with that mutation in
    the editor and runs nothing: no POST but the schema's introspection, no memory stored."""
    content = "stored by following a link"
    mutation = f'mutation {{ storeMemory(input: {{content: "{content}"}}) {{ __typename }} }}'
    before = api.graphql("{ stats { ... on Stats { memories } } }")["data"]["stats"]["memories"]
    text, response, posts = open_page(f"{api.url}/graphql?{urlencode({'query': mutation})}")
    assert text == mutation
    assert response == ""
    assert posts and all("IntrospectionQuery" in body for body in posts), posts
    after = api.graphql("{ stats { ... on Stats { memories } } }")["data"]["stats"]["memories"]
    assert after == before

"""The GraphiQL page opens on a Retentia example that is a valid document of the schema, carried
in a data attribute (never interpolated into script), and a GET with a query opens the page
only for a browser's navigation — an Accept naming HTML and not JSON."""

from __future__ import annotations

import html
import re

import pytest
from graphql import parse, validate

from service.api.graphiql import EXAMPLE_QUERY, render_graphiql_html, wants_html
from service.api.schema import build_schema


def test_the_example_is_a_valid_retentia_document() -> None:
    document = parse(EXAMPLE_QUERY)
    assert validate(build_schema()._schema, document) == []
    names = {d.name.value for d in document.definitions if getattr(d, "name", None)}  # type: ignore[attr-defined]
    assert names == {"Store", "Recall"}
    assert "storeMemory" in EXAMPLE_QUERY and "recall(" in EXAMPLE_QUERY
    assert EXAMPLE_QUERY.startswith("# Retentia remembers")


def test_the_page_carries_the_example_as_data() -> None:
    page = render_graphiql_html("/graphql", "/static/graphiql")
    found = re.search(r'data-default-query="([^"]*)"', page)
    assert found is not None and html.unescape(found.group(1)) == EXAMPLE_QUERY
    assert "defaultQuery: root.dataset.defaultQuery" in page


@pytest.mark.parametrize(
    ("accept", "browser"),
    [
        ("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8", True),
        ("text/html", True),
        ("TEXT/HTML; q=1", True),
        ("*/*", False),
        ("", False),
        ("application/json", False),
        ("text/html, application/json", False),
        ("application/graphql-response+json, text/html;q=0.1", False),
    ],
)
def test_only_a_browsers_navigation_wants_html(accept: str, browser: bool) -> None:
    assert wants_html(accept) is browser

"""A document and a body are refused by their size before their cost is paid: a document over
MAX_DOCUMENT_CHARS before it is lexed, a string or number literal over its limit with a
GraphQL error naming it (a memory's largest content still fits inline), and a JSON body with an
integer past Python's conversion limit or absurd nesting is a 400 naming the problem."""

from __future__ import annotations

import json

import pytest
from cross_web import HTTPException
from graphql import GraphQLError

from schema import MAX_CONTENT_BYTES
from service.api import limits
from service.api.limits import (
    MAX_DOCUMENT_CHARS,
    MAX_NUMBER_LITERAL_CHARS,
    MAX_STRING_LITERAL_CHARS,
    decode_request_json,
    parse_document,
)


def store(literal: str) -> str:
    return f"mutation {{ storeMemory(input: {{content: {literal}}}) {{ __typename }} }}"


def refusal(text: str) -> GraphQLError:
    with pytest.raises(GraphQLError) as caught:
        parse_document(text)
    assert caught.value.extensions is not None
    assert caught.value.extensions["code"] == "QUERY_TOO_LARGE"
    return caught.value


def test_a_memorys_largest_content_fits_inline_even_escaped() -> None:
    escaped = json.dumps("\n" * MAX_CONTENT_BYTES)
    assert len(escaped) == MAX_STRING_LITERAL_CHARS + 2
    assert len(parse_document(store(escaped)).definitions) == 1
    parse_document(store('"""' + "x" * MAX_STRING_LITERAL_CHARS + '"""'))


def test_a_document_over_its_limit_is_refused_before_it_is_lexed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Lexing a 10 MB literal held the event loop for seconds: the parser never sees it."""
    lexed: list[str] = []
    monkeypatch.setattr(limits, "parse", lambda text, **_: lexed.append(text))
    text = store('"' + "x" * (10 * 1024 * 1024) + '"')
    error = refusal(text)
    assert lexed == []
    assert f"the limit is {MAX_DOCUMENT_CHARS}" in error.message
    assert "variables" in error.message


@pytest.mark.parametrize("quotes", ['"', '"""'], ids=["string", "block-string"])
def test_a_string_literal_over_its_limit_is_refused(quotes: str) -> None:
    error = refusal(store(quotes + "x" * (MAX_STRING_LITERAL_CHARS + 1) + quotes))
    assert "a string literal of" in error.message
    assert f"the limit is {MAX_STRING_LITERAL_CHARS}" in error.message


@pytest.mark.parametrize("number", ["9" * 5000, "1." + "5" * 5000, "1e" + "9" * 200])
def test_a_number_literal_over_its_limit_is_refused(number: str) -> None:
    error = refusal(f"{{ memories(first: {number}) {{ __typename }} }}")
    assert f"a number literal of {len(number)} characters" in error.message
    assert str(MAX_NUMBER_LITERAL_CHARS) in error.message


def test_short_literals_parse() -> None:
    parse_document('{ recall(query: "deploy", k: 10) { __typename } }')


@pytest.mark.parametrize(
    ("body", "problem"),
    [
        (b'{"query": "{ __typename }", "variables": {"n": ' + b"7" * 5000 + b"}}", "4300 digits"),
        (b'{"query": "{ __typename }", "x": ' + b"[" * 20_000 + b"]" * 20_000 + b"}", "deeply"),
    ],
    ids=["huge-integer", "deep"],
)
def test_an_absurd_body_is_a_400_naming_the_problem(body: bytes, problem: str) -> None:
    with pytest.raises(HTTPException) as caught:
        decode_request_json(body)
    assert caught.value.status_code == 400
    assert problem in caught.value.reason


def test_a_syntax_error_is_left_to_strawberrys_400() -> None:
    with pytest.raises(json.JSONDecodeError):
        decode_request_json(b"{not json")

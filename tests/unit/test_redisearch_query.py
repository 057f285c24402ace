"""Plain text becomes an OR of word tokens: whatever the input, the output holds no
RediSearch syntax but the `|` separators."""

from __future__ import annotations

import re

from hypothesis import given
from hypothesis import strategies as st

from graph_backends._common.redisearch import MAX_TERMS, plain_text_query


@given(st.text(max_size=2000))
def test_output_is_words_and_or_only(text: str) -> None:
    query = plain_text_query(text)
    if query is not None:
        terms = query.split(" | ")
        assert all(re.fullmatch(r"\w+", t) for t in terms)
        assert len(terms) == len(set(terms)) <= MAX_TERMS


def test_hyphens_uuids_and_paths_split_like_the_indexer() -> None:
    assert plain_text_query("world-wide") == "world | wide"
    assert plain_text_query("a/b:c") == "a | b | c"
    assert plain_text_query("123e4567-e89b") == "123e4567 | e89b"
    assert plain_text_query("-- ** ()") is None


def test_underscores_stay_inside_words_only() -> None:
    # A lone or edge underscore is RediSearch syntax error ("0:_" failed every text leg).
    assert plain_text_query("0:_") == "0"
    assert plain_text_query("B:_") == "b"
    assert plain_text_query("__init__ snake_case _x_") == "init | snake_case | x"
    assert plain_text_query("___") is None

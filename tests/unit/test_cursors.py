"""A page cursor gives back exactly the position it was made from, for the list and arguments
it was made for, and anything else — garbage, one flipped bit, another list's or other
arguments' cursor, keys of the wrong type — is `InvalidInput` naming `after`."""

from __future__ import annotations

import base64
from datetime import UTC, datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from schema import InvalidInput
from service.api import cursors

SCOPE = cursors.scope_of("Alice", None, 3)


@given(st.integers(-(2**62), 2**62), st.uuids().map(str))
def test_a_cursor_round_trips(key: int, text: str) -> None:
    cursor = cursors.encode("facts", SCOPE, [key, text])
    assert cursors.decode(cursor, "facts", SCOPE, (int, str)) == [key, text]


def test_instants_round_trip_to_the_microsecond() -> None:
    at = datetime(2026, 3, 4, 5, 6, 7, 891_011, tzinfo=UTC)
    assert cursors.instant(cursors.instant_key(at)) == at


def flipped(cursor: str, index: int) -> str:
    raw = bytearray(base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4)))
    raw[index] ^= 1
    return base64.urlsafe_b64encode(bytes(raw)).decode().rstrip("=")


GOOD = cursors.encode("facts", SCOPE, [5, "id"])


@pytest.mark.parametrize(
    ("cursor", "kind", "scope", "says"),
    [
        ("", "facts", SCOPE, "not a cursor"),
        ("not base64 at all!", "facts", SCOPE, "not a cursor"),
        (GOOD[:-3], "facts", SCOPE, "not a cursor"),
        (flipped(GOOD, 0), "facts", SCOPE, "not a cursor"),
        (flipped(GOOD, -2), "facts", SCOPE, "not a cursor"),
        ("A" * 10_000, "facts", SCOPE, "not a cursor"),
        (GOOD, "coreMemories", SCOPE, "another list"),
        (GOOD, "facts", cursors.scope_of("Bob", None, 3), "other arguments"),
        (cursors.encode("facts", SCOPE, [True, "id"]), "facts", SCOPE, "not a cursor"),
        (cursors.encode("facts", SCOPE, ["5", "id"]), "facts", SCOPE, "not a cursor"),
        (cursors.encode("facts", SCOPE, [5]), "facts", SCOPE, "not a cursor"),
    ],
)
def test_anything_else_is_invalid_input_naming_after(
    cursor: str, kind: str, scope: str, says: str
) -> None:
    with pytest.raises(InvalidInput) as raised:
        cursors.decode(cursor, kind, scope, (int, str))
    assert raised.value.field == "after" and says in raised.value.message
    assert "pageInfo.endCursor" in raised.value.message

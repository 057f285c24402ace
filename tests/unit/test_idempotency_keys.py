"""An idempotency key is 1–200 characters of letters, digits and `_.:/-`, refused otherwise
with InvalidInput naming the field and the limit; a request's hash tells operations and bodies
apart and ignores only what means nothing (the order of a mapping's keys)."""

from __future__ import annotations

import pytest

from schema import InvalidInput
from schema.idempotency import MAX_IDEMPOTENCY_KEY, check_idempotency_key
from service.usecases.idempotency import request_hash
from service.usecases.memories import StoreRequest


@pytest.mark.parametrize(
    "key", ["a", "6d0f3a2e-0c1b-4a57-9a8e-2f4d51c0b7e1", "client:job/42_v1.2", "k" * 200]
)
def test_well_formed_keys_are_accepted(key: str) -> None:
    assert check_idempotency_key(key) == key


@pytest.mark.parametrize(
    ("key", "reason"),
    [
        ("", "1–200"),
        ("k" * (MAX_IDEMPOTENCY_KEY + 1), "1–200"),
        ("has space", "only letters"),
        ("quote'", "only letters"),
        ("naïve", "only letters"),
        ("new\nline", "only letters"),
    ],
)
def test_malformed_keys_name_the_field_and_the_limit(key: str, reason: str) -> None:
    with pytest.raises(InvalidInput) as raised:
        check_idempotency_key(key, "idempotency_key")
    assert raised.value.field == "idempotency_key"
    assert reason in raised.value.message


def test_the_hash_tells_operations_and_bodies_apart() -> None:
    one = StoreRequest(content="one", metadata={"a": "1", "b": "2"})
    same = StoreRequest(content="one", metadata={"b": "2", "a": "1"})
    assert request_hash("store", one) == request_hash("store", same)
    assert request_hash("store", one) != request_hash("amend", one)
    assert request_hash("store", one) != request_hash("store", StoreRequest(content="one "))
    assert request_hash("store", [one, same]) != request_hash("store", [one])

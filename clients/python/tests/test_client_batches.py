"""The client's pure parts: import requests stay inside the API's bounds and keep every edge's
and fact's memories in the same request; retry waits grow and honour Retry-After."""

from __future__ import annotations

import json
from typing import Any

import pytest
from retentia_client import InvalidInputError, RateLimitedError, RetentiaConnectionError
from retentia_client._ndjson import batches
from retentia_client._retry import RetryPolicy


def memory(i: int) -> dict[str, Any]:
    return {"kind": "memory", "id": f"m{i}", "content": f"memory {i}"}


def ids(text: str) -> list[str]:
    return [str(json.loads(line).get("id", json.loads(line)["kind"])) for line in text.split("\n")]


def test_an_edge_carries_the_memories_of_earlier_requests_along() -> None:
    records = [memory(1), memory(2), memory(3), {"kind": "edge", "source": "m3", "target": "m1"}]
    made = list(batches(records, max_records=3))
    assert [ids(b.text) for b in made] == [["m1", "m2", "m3"], ["m3", "m1", "edge"]]
    assert made[1].lines == (3, 1, 4)  # rejections map back to the input's lines
    assert [b.carried for b in made] == [0, 2]


def test_a_reference_to_a_memory_not_seen_yet_waits_for_the_end() -> None:
    records = [{"kind": "fact", "source": "m2"}, memory(1), memory(2)]
    made = list(batches(records, max_records=10))
    assert [ids(b.text) for b in made] == [["m1", "m2", "fact"]]
    stored = "01a251ac-25fc-7d21-92a9-4a9b8ead39e8"  # a server id: nothing to wait for
    made = list(batches([{"kind": "edge", "source": stored, "target": stored}, memory(1)]))
    assert [ids(b.text) for b in made] == [["edge", "m1"]]


def test_a_request_stays_under_the_byte_bound_and_an_export_is_refused() -> None:
    made = list(batches([memory(i) for i in range(10)], max_bytes=120))
    assert len(made) > 1 and all(len(b.text.encode()) <= 120 for b in made)
    header = {"kind": "header", "format": "retentia-ndjson", "version": 1, "mode": "export"}
    with pytest.raises(InvalidInputError):
        list(batches([header, memory(1)]))


def test_retry_waits_grow_to_the_cap_and_honour_retry_after() -> None:
    policy = RetryPolicy(initial=0.5, multiplier=3, maximum=2, jitter=0)
    lost = RetentiaConnectionError("reset")
    assert [policy.delay(n, lost) for n in (1, 2, 3)] == [0.5, 1.5, 2]
    assert policy.delay(1, RateLimitedError("slow down", retry_after=7)) == 7

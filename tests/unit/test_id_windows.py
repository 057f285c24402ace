"""Keyset pages read window by window give exactly the pages of one query past the cursor —
for UUIDs of every shape and for ids that are not UUIDs at all — and learn a window that holds
about a page."""

from __future__ import annotations

import bisect
import random
import uuid

import pytest

from graph_backends._common.id_windows import Hint, WindowHints, windowed_page


class Label:
    """Sorted ids, answering the two page queries as the engine would; counts what it read."""

    def __init__(self, ids: list[str]) -> None:
        self.ids = sorted(set(ids))
        self.queries = 0
        self.read = 0

    async def fetch(self, after: str, upto: str | None, limit: int) -> list[str]:
        self.queries += 1
        lo = bisect.bisect_right(self.ids, after)
        hi = len(self.ids) if upto is None else bisect.bisect_right(self.ids, upto)
        self.read += hi - lo
        return self.ids[lo:hi][:limit]


def _uuid7(rng: random.Random, ms: int) -> str:
    return str(
        uuid.UUID(
            int=ms << 80 | 7 << 76 | rng.getrandbits(12) << 64 | 2 << 62 | rng.getrandbits(62)
        )
    )


def _shapes(rng: random.Random) -> dict[str, list[str]]:
    now = 1_764_000_000_000
    return {
        "uuid7 one a second": [_uuid7(rng, now + 1000 * i) for i in range(3000)],
        "uuid7 in bursts": [
            _uuid7(rng, now + burst * 3_600_000 + rng.randrange(50))
            for burst in range(6)
            for _ in range(400)
        ],
        "uuid4": [str(uuid.uuid4()) for _ in range(3000)],
        "not uuids": [
            *(str(uuid.uuid4()) for _ in range(500)),
            *(str(uuid.uuid4()).upper() for _ in range(100)),
            *(f"legacy-{i}" for i in range(100)),
            "",
            "~",
            "0",
            "ffffffff-ffff-ffff-ffff-fffffffffffg",
        ],
    }


@pytest.mark.parametrize("shape", ["uuid7 one a second", "uuid7 in bursts", "uuid4", "not uuids"])
async def test_pages_are_those_of_one_query_past_the_cursor(shape: str) -> None:
    rng = random.Random(11)
    label = Label(_shapes(rng)[shape])
    hints = WindowHints()
    limit = 100
    reads = []
    for _ in range(2):  # an export passes over its memories more than once
        label.read = 0
        after, seen = "", []
        while True:
            page = await windowed_page(label.fetch, str, after, limit, hints, ("t", "Memory"))
            lo = bisect.bisect_right(label.ids, after)
            assert page == label.ids[lo : lo + limit]
            if not page:
                break
            seen += page
            after = page[-1]
        assert seen == [i for i in label.ids if i > ""]
        reads.append(label.read)
    if shape != "not uuids":
        # One query past each cursor reads ~15 times the label. The first pass reads it whole
        # once more (its first window climbs from the bottom of the id space); the second
        # starts below the smallest id the first found.
        assert reads[0] <= 4 * len(label.ids), reads
        assert reads[1] <= 3 * len(label.ids), reads


async def test_ids_below_the_floor_seen_are_still_read() -> None:
    """A first page after the label gained ids below the smallest one seen (a restore of
    older memories) finds them: the floor only sizes the first window."""
    rng = random.Random(3)
    now = 1_764_000_000_000
    label = Label([_uuid7(rng, now + 1000 * i) for i in range(500)])
    hints = WindowHints()
    first = await windowed_page(label.fetch, str, "", 100, hints, ("t", "Memory"))
    assert first == label.ids[:100]
    older = [_uuid7(rng, now - 10_000_000 + i) for i in range(30)]
    label.ids = sorted([*label.ids, *older])
    again = await windowed_page(label.fetch, str, "", 100, hints, ("t", "Memory"))
    assert again == label.ids[:100] and again[:30] == sorted(older)


async def test_a_hint_is_per_tenant_and_label_and_bounded() -> None:
    hints = WindowHints(size=2)
    hints.put(("a", "Memory"), Hint(5, 1))
    hints.put(("b", "Memory"), Hint(6, 1))
    assert hints.get(("a", "Memory")).step == 5  # now the most recent
    hints.put(("c", "Fact"), Hint(7, 1))
    assert hints.get(("b", "Memory")) == Hint()  # evicted: the default again
    assert hints.get(("a", "Memory")).step == 5 and hints.get(("c", "Fact")).step == 7

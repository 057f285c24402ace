"""Pages newest first read window by window (`time_windows`): every row once in order, whatever
the instants, and about a page read per page once the span is learned."""

from __future__ import annotations

import random

from graph_backends._common.time_windows import SpanHints, newest_first_page

NOW_S = 1_800_000_000.0
HOUR = 3_600 * 1_000_000


class Rows:
    """(created µs, id) rows and the fetches served over them."""

    def __init__(self, rows: list[tuple[int, str]]) -> None:
        self.rows = rows
        self.fetched = 0
        self.read = 0

    async def fetch(self, floor: int, before: int, before_id: str, n: int) -> list[tuple[int, str]]:
        self.fetched += 1
        inside = [
            r for r in self.rows if floor <= r[0] <= before and (r[0] < before or r[1] < before_id)
        ]
        self.read += len(inside)
        return sorted(inside, reverse=True)[:n]


async def walk(rows: Rows, limit: int, hints: SpanHints) -> list[tuple[int, str]]:
    seen: list[tuple[int, str]] = []
    before = None
    while page := await newest_first_page(
        rows.fetch, lambda r: r[0], before, limit, hints, ("t", "q"), now=lambda: NOW_S
    ):
        seen += page
        before = page[-1]
    return seen


async def test_every_row_once_newest_first_whatever_the_instants() -> None:
    rng = random.Random(3)
    now = int(NOW_S * 1_000_000)
    rows = [(now + 500 * HOUR, "ahead"), (0, "epoch"), (-HOUR, "before the epoch")]
    rows += [(now - 50 * HOUR, f"burst {i:02}") for i in range(30)]
    rows += [(now - rng.randrange(1, 10**6) * HOUR, f"spread {i:03}") for i in range(200)]
    for limit in (1, 7, 25, 1000):
        assert await walk(Rows(rows), limit, SpanHints()) == sorted(rows, reverse=True)


async def test_a_learned_span_reads_about_a_page_per_page() -> None:
    now = int(NOW_S * 1_000_000)
    rows = Rows([(now - i * HOUR, f"{i:04}") for i in range(1, 2001)])
    hints = SpanHints()
    await walk(rows, 50, hints)  # learns the span
    rows.fetched = rows.read = 0
    seen = await walk(rows, 50, hints)
    assert len(seen) == 2000
    assert rows.read <= 2 * 2000
    assert rows.fetched <= 2 * (2000 // 50) + 10  # the future and the stretch back to the epoch

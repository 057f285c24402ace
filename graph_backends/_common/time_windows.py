"""Pages of memories newest first read a window of creation instants at a time, for an engine
that cannot read an index in order (FalkorDB).

`recent_memories` — the API's memories listing, a query-less search (up to 50 pages), an
erasure's walk over every memory (pages of 1,000) — asked for the `limit` newest memories
before a (created_at, id) cursor: FalkorDB scanned every memory of the tenant and sorted them
all for each page (2.8 ms a page at 10,000 memories, linear in the tenant, so an erasure's walk
was quadratic). A window `floor ≤ created_at ≤ before` is read from the range index on
created_at, so a page reads about a page. Windows go back in time from the cursor: each sized,
from what the pages before found, to hold what is still missing, fourfold when it held nothing;
once a window reaches the epoch, the last one is unbounded below. A first page starts with what
is dated after now (normally nothing: history imported with future dates is the exception).
The hint is only a hint: any instants page correctly, spread ones page fast.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Final, TypeVar

from graph_backends._common.id_windows import KeptHints, next_width

T = TypeVar("T")

#: No bound: above or below every instant a memory can carry (epoch µs).
UNBOUNDED: Final = 1 << 62
#: The first window's span with no hint: a day (each next one sized as id windows are).
_FIRST_SPAN: Final = 86_400 * 1_000_000

#: fetch(floor, before, before_id, limit): up to `limit` rows with floor ≤ created_at and
#: (created_at, id) < (before, before_id), newest first ('' as before_id: created_at < before).
Fetch = Callable[[int, int, str, int], Awaitable[list[T]]]


class SpanHints(KeptHints[int]):
    """The span of instants that held about a page, per (tenant, query), learned from the pages
    read; bounded (least recently used). Correctness never depends on it."""

    def __init__(self, size: int = 1024) -> None:
        super().__init__(_FIRST_SPAN, size)


async def newest_first_page(
    fetch: Fetch[T],
    created_of: Callable[[T], int],
    before: tuple[int, str] | None,
    limit: int,
    hints: SpanHints,
    key: tuple[str, str],
    *,
    now: Callable[[], float] = time.time,
) -> list[T]:
    """The `limit` newest rows before the (created_at µs, id) cursor `before` (None: the
    newest of all), newest first, read window by window."""
    page: list[T] = []
    if before is None:
        present = int(now() * 1_000_000)
        page += await fetch(present, UNBOUNDED, "", limit)  # dated after now: normally none
        upper, upper_id = present, ""
    else:
        upper, upper_id = before
    span = hints.get(key)
    while len(page) < limit:
        floor = upper - span
        if floor <= 0:  # the epoch: the rest, whatever it holds
            floor = -UNBOUNDED
        wanted = limit - len(page)
        rows = await fetch(floor, upper, upper_id, wanted)
        page += rows
        if floor == -UNBOUNDED:
            break
        if len(rows) < wanted:  # sized, at this window's density, for what is missing
            span = next_width(span, len(rows), wanted - len(rows))
        upper, upper_id = floor, ""
    _learn(page, created_of, limit, hints, key)
    return page


def _learn(
    page: list[T],
    created_of: Callable[[T], int],
    limit: int,
    hints: SpanHints,
    key: tuple[str, str],
) -> None:
    """The span that would have held the page, from the spread of its instants."""
    if len(page) < 2:
        return
    spread = created_of(page[0]) - created_of(page[-1])
    if spread > 0:
        hints.put(key, max(1, spread * limit // (len(page) - 1)))

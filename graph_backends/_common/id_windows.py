"""Keyset pages by id read a window of ids at a time, for an engine that cannot read an index
in order (FalkorDB).

An export reads a label a page at a time: the `limit` smallest ids above the last one seen. On
FalkorDB `WHERE n.id > $after ORDER BY n.id LIMIT $limit` scans every node past the cursor
through the range index and sorts them all before keeping the first page — 1.06 s for the first
page of 200,000 memories — so an export was quadratic in the tenant's size. A bounded window
`$after < n.id <= $upto` reads only the nodes inside it (1.4 ms for a window of 600 of the same
200,000). The ids are UUIDs (memories v7, facts v4, entities v5), whose canonical strings sort
as their 128-bit numbers, so a window is a range of numbers. This module picks windows that
hold about a page, from the density of the pages before (a hint per tenant and label); follows
a window that comes back short with one sized for what is missing, until the page is full or
the id space is spent; and reads what lies above the last UUID window — and past any id that is
not a canonical UUID — with the unbounded query. Any id strings page correctly; only UUID-shaped
ones page fast. Measured in bench/results/scale-out.md (250,000 memories: 23.4 s a pass against
~320 s).
"""

from __future__ import annotations

import re
import uuid
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Final, Generic, TypeVar

T = TypeVar("T")
V = TypeVar("V")

#: Above the largest canonical UUID: the window past it is the unbounded query's.
_TOP: Final = 1 << 128
#: The first window's width with no hint: ~700 ids of a tenant that stored 1,000,000 memories
#: (UUIDv7: 2^80 numbers a millisecond) over a day; an empty window is followed by one fourfold.
_FIRST_STEP: Final = 1 << 96
_GROWTH: Final = 4
_CANONICAL: Final = re.compile(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}")

#: fetch(after, upto, limit): up to `limit` rows with after < id <= upto (upto None: no
#: bound above), by id.
Fetch = Callable[[str, str | None, int], Awaitable[list[T]]]


def _number(value: str) -> int | None:
    """The UUID's number when `value` is a canonical UUID string ('' is 0, below them all)."""
    if value == "":
        return 0
    return uuid.UUID(value).int if _CANONICAL.fullmatch(value) else None


@dataclass(frozen=True, slots=True)
class Hint:
    #: The width of a window that held about a page.
    step: int = _FIRST_STEP
    #: The smallest id a first page found (0: none seen yet).
    floor: int = 0


class KeptHints(Generic[V]):
    """A value per (tenant, query) key, least recently used dropped past `size`; `default` for
    a key not kept. Only a hint: correctness never depends on it."""

    def __init__(self, default: V, size: int = 1024) -> None:
        self._kept: OrderedDict[tuple[str, str], V] = OrderedDict()
        self._default = default
        self._size = size

    def get(self, key: tuple[str, str]) -> V:
        value = self._kept.get(key)
        if value is None:
            return self._default
        self._kept.move_to_end(key)
        return value

    def put(self, key: tuple[str, str], value: V) -> None:
        self._kept[key] = value
        self._kept.move_to_end(key)
        while len(self._kept) > self._size:
            self._kept.popitem(last=False)


class WindowHints(KeptHints[Hint]):
    """What the pages before learned, per (tenant, label): a hint only — correctness never
    depends on it, so two exports of one tenant at once share it harmlessly. Bounded (least
    recently used)."""

    def __init__(self, size: int = 1024) -> None:
        super().__init__(Hint(), size)


async def windowed_page(
    fetch: Fetch[T],
    id_of: Callable[[T], str],
    after: str,
    limit: int,
    hints: WindowHints,
    key: tuple[str, str],
) -> list[T]:
    """The `limit` rows with the smallest ids above `after`, by id, read window by window.

    A first page (`after` = '') starts with the window below the smallest id a first page
    found before — normally empty, so a second pass over the label (an export reads the
    memories three times) does not climb from the bottom of the id space again."""
    low = _number(after)
    if low is None:  # past the UUIDs: the unbounded query, as before
        return await fetch(after, None, limit)
    hint = hints.get(key)
    page: list[T] = []
    cursor = after
    if low == 0 and hint.floor > 1:  # below the smallest id seen: normally empty
        below = str(uuid.UUID(int=hint.floor - 1))
        page += await fetch(after, below, limit)
        cursor, low = below, hint.floor - 1
    step = hint.step
    while len(page) < limit:
        high = low + step
        if high >= _TOP:
            page += await fetch(cursor, None, limit - len(page))
            break
        upto = str(uuid.UUID(int=high))
        wanted = limit - len(page)
        rows = await fetch(cursor, upto, wanted)
        page += rows
        cursor, low = upto, high
        if len(rows) < wanted:  # wide enough, at this window's density, for what is missing
            step = next_width(step, len(rows), wanted - len(rows))
    _learn(page, id_of, limit, hints, key, first=after == "")
    return page


def next_width(step: int, found: int, missing: int) -> int:
    """A window that held `found` of what was wanted is followed by one sized for the
    `missing` rest at the same density, with a quarter to spare; by one `_GROWTH` times as
    wide when it held nothing, and never by more."""
    if found == 0:
        return step * _GROWTH
    return min(step * _GROWTH, max(1, step * missing * 5 // (found * 4)))


def _learn(
    page: Sequence[T],
    id_of: Callable[[T], str],
    limit: int,
    hints: WindowHints,
    key: tuple[str, str],
    *,
    first: bool,
) -> None:
    """The width that would have held the page, from the spread of its ids; and, from a first
    page, the smallest id."""
    if not page:
        return
    hint = hints.get(key)
    low, high = _number(id_of(page[0])), _number(id_of(page[-1]))
    floor = low if first and low else hint.floor
    step = hint.step
    if len(page) > 1 and low is not None and high is not None and high > low:
        step = max(1, (high - low) * limit // (len(page) - 1))
    hints.put(key, Hint(step, floor or 0))

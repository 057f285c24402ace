"""Iterating a cursor-paginated query (`first`/`after` → `pageInfo { hasNextPage endCursor }`)
page after page, fetching the next page only when the caller reaches it."""

from __future__ import annotations

from collections.abc import AsyncIterator, Awaitable, Callable, Iterator, Sequence
from typing import TypeVar

T = TypeVar("T")

#: One page: its items and the cursor of the next page (None on the last).
Page = tuple[Sequence[T], str | None]


def pages(fetch: Callable[[str | None], Page[T]]) -> Iterator[T]:
    after: str | None = None
    while True:
        items, after = fetch(after)
        yield from items
        if after is None:
            return


async def apages(fetch: Callable[[str | None], Awaitable[Page[T]]]) -> AsyncIterator[T]:
    after: str | None = None
    while True:
        items, after = await fetch(after)
        for item in items:
            yield item
        if after is None:
            return


def next_cursor(has_next_page: bool, end_cursor: str | None) -> str | None:
    return end_cursor if has_next_page else None

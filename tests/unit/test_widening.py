"""The fact vector leg's widening reads: more candidates until k pass the filter, the index
has no more, or the bound is reached."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from graph_backends._common.widening import OVERFETCH, widened

Read = Callable[[int], Awaitable[tuple[int, list[int]]]]


def index_of(size: int, every: int) -> tuple[list[int], Read]:
    """An index of `size` candidates of which every `every`-th passes; the reads it served."""
    asked: list[int] = []

    async def read(fetch: int) -> tuple[int, list[int]]:
        asked.append(fetch)
        found = list(range(min(fetch, size)))
        return len(found), [c for c in found if c % every == 0]

    return asked, read


async def test_one_read_when_enough_pass() -> None:
    asked, read = index_of(1000, 1)
    assert list(await widened(read, 5)) == [*range(OVERFETCH * 5 + 1)]
    assert asked == [21]


async def test_wider_reads_until_k_pass() -> None:
    asked, read = index_of(10_000, 8)  # one in eight in force
    passed = await widened(read, 50)
    assert len(passed) >= 50
    assert asked == [201, 804]


async def test_an_exhausted_index_ends_the_reads() -> None:
    asked, read = index_of(300, 100)
    assert list(await widened(read, 50)) == [0, 100, 200]
    assert asked == [201, 804]


async def test_the_bound_ends_the_reads() -> None:
    asked, read = index_of(1_000_000, 10_000)
    assert list(await widened(read, 50, most=4096)) == [0]
    assert asked == [201, 804, 3216, 4096]
    asked, read = index_of(1_000_000, 10_000)
    await widened(read, 50, first=200)
    assert asked[:3] == [200, 800, 3200] and len(asked) > 5  # unbounded

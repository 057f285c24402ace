"""Timing writes and reads: batched writes with progress, and every call of one repository
instance added up by method."""

from __future__ import annotations

import asyncio
import contextvars
import inspect
import time
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable, Sequence
from typing import Any, TypeVar

from bench.harness.run import log

T = TypeVar("T")


async def write_batches(
    items: Sequence[T], size: int, write: Callable[[Sequence[T]], Awaitable[object]], *,
    what: str, log_every: int,
) -> float:  # fmt: skip
    """`write` each slice of `size` items in turn; the seconds spent inside `write`. Logs the
    progress (`what`: "inserted", "linked") every `log_every` batches and after the last."""
    elapsed = 0.0
    for start in range(0, len(items), size):
        batch = items[start : start + size]
        t0 = time.perf_counter()
        await write(batch)
        elapsed += time.perf_counter() - t0
        done = start + len(batch)
        if done % (size * log_every) == 0 or done == len(items):
            log(f"{what:<8} {done:>7}/{len(items)}  ({done / elapsed:7.1f}/s)")
    return elapsed


#: Set inside a timed call: a method the repository calls on itself runs without the lock.
_INSIDE: contextvars.ContextVar[bool] = contextvars.ContextVar("repo_timer_inside", default=False)


class RepoTimer:
    """Wraps every public coroutine method of one repository instance to add up its wall time
    (the instance's attributes shadow the class's methods until `restore`). Calls that overlap
    (recall's legs run concurrently) each count their whole wall time, waits included; with
    `serial` they run one at a time, so each call's time is its own work and the times add up
    to the recall's."""

    def __init__(self, repository: object, *, serial: bool = False) -> None:
        self._lock = asyncio.Lock() if serial else None
        self.seconds: dict[str, float] = defaultdict(float)
        self.calls: Counter[str] = Counter()
        #: When each method was last called (which one was in flight when a pass failed).
        self._started: dict[str, float] = {}
        self._repository = repository
        self._names: list[str] = []
        for name, _ in inspect.getmembers(type(repository), inspect.iscoroutinefunction):
            if not name.startswith("_"):
                setattr(repository, name, self._wrap(name, getattr(repository, name)))
                self._names.append(name)

    def _wrap(
        self, name: str, method: Callable[..., Awaitable[Any]]
    ) -> Callable[..., Awaitable[Any]]:
        async def timed(*args: Any, **kwargs: Any) -> Any:
            if self._lock is None or _INSIDE.get():
                return await measured(*args, **kwargs)
            async with self._lock:
                token = _INSIDE.set(True)
                try:
                    return await measured(*args, **kwargs)
                finally:
                    _INSIDE.reset(token)

        async def measured(*args: Any, **kwargs: Any) -> Any:
            t0 = time.perf_counter()
            self._started[name] = t0
            try:
                return await method(*args, **kwargs)
            finally:
                self.seconds[name] += time.perf_counter() - t0
                self.calls[name] += 1

        return timed

    def reset(self) -> None:
        self.seconds.clear()
        self.calls.clear()
        self._started.clear()

    def restore(self) -> None:
        """Unwrap: the repository's own methods again."""
        for name in self._names:
            delattr(self._repository, name)
        self._names.clear()

    def last_started(self) -> tuple[str, float] | None:
        """The method started last, and how long ago."""
        if not self._started:
            return None
        name, t0 = max(self._started.items(), key=lambda kv: kv[1])
        return name, time.perf_counter() - t0


def reference_loop_ms(repeats: int = 3) -> float:
    """Milliseconds a fixed pure-Python loop (1,000,000 additions and dictionary writes) takes
    on this core, best of `repeats`: what a machine's phase or model gives one thread, so that
    figures from different runs can be set side by side. On the 2.8 GHz Xeon of 2026-12-04
    it took 77–148 ms within an hour, while the load bench ran 28–42 req/s at 8 clients."""
    best = float("inf")
    for _ in range(repeats):
        started = time.perf_counter()
        total, seen = 0, {}
        for i in range(1_000_000):
            total += i
            seen[i & 1023] = total
        best = min(best, time.perf_counter() - started)
    return round(1000 * best, 1)

"""Retries with exponential backoff for the failures that say they may pass (`retryable`: a
lost connection, a 429 or 503, a write still in flight under its idempotency key). A write
keeps its idempotency key across the retries, so one that landed before its answer was lost
lands once."""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import TypeVar

from .errors import RateLimitedError, RetentiaError

log = logging.getLogger("retentia_client")

T = TypeVar("T")

#: Called before each retry with (the retry's number from 1, the error, the delay in seconds).
OnRetry = Callable[[int, RetentiaError, float], None]


@dataclass(frozen=True)
class RetryPolicy:
    """`attempts` tries in all (1: no retry); the n-th retry waits
    `min(maximum, initial * multiplier ** (n - 1))` seconds ± `jitter` of it, and at least the
    `Retry-After` a 429 names."""

    attempts: int = 4
    initial: float = 0.25
    multiplier: float = 2.0
    maximum: float = 10.0
    jitter: float = 0.2

    def __post_init__(self) -> None:
        if self.attempts < 1:
            raise ValueError(f"attempts={self.attempts}: at least 1 (one try, no retry)")

    def delay(self, retry: int, error: RetentiaError) -> float:
        base = min(self.maximum, self.initial * self.multiplier ** (retry - 1))
        if isinstance(error, RateLimitedError) and error.retry_after is not None:
            base = max(base, error.retry_after)
        return max(0.0, base * (1 + random.uniform(-self.jitter, self.jitter)))


NO_RETRY = RetryPolicy(attempts=1)


def _next_delay(
    policy: RetryPolicy, attempt: int, error: RetentiaError, on_retry: OnRetry | None
) -> float:
    """The wait before the next try, or re-raise `error` when it is final."""
    if not error.retryable or attempt >= policy.attempts:
        raise error
    delay = policy.delay(attempt, error)
    log.info("retry %d of %d in %.2f s after %r", attempt, policy.attempts - 1, delay, error)
    if on_retry is not None:
        on_retry(attempt, error, delay)
    return delay


def call_with_retries(
    call: Callable[[], T], policy: RetryPolicy, on_retry: OnRetry | None = None
) -> T:
    attempt = 1
    while True:
        try:
            return call()
        except RetentiaError as e:
            time.sleep(_next_delay(policy, attempt, e, on_retry))
            attempt += 1


async def acall_with_retries(
    call: Callable[[], Awaitable[T]], policy: RetryPolicy, on_retry: OnRetry | None = None
) -> T:
    attempt = 1
    while True:
        try:
            return await call()
        except RetentiaError as e:
            await asyncio.sleep(_next_delay(policy, attempt, e, on_retry))
            attempt += 1

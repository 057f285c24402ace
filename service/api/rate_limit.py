"""Per-key rate limits: a token bucket per API key (per client address for requests without
one), so that one caller's burst cannot take a replica's capacity from the others.

A request over its key's rate is answered 429 with `Retry-After` (whole seconds until a token is
back) and a GraphQL-shaped error body (`extensions.code` `RATE_LIMITED`, `retryable: true`),
before anything reads its body or the database, and counted in
`retentia_rate_limited_total{path}`. The buckets live in the process: N replicas behind a load
balancer give a key up to N times the rate. Health, readiness and metrics are never limited.
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable
from typing import Final

from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Receive, Scope, Send

from service.runtime.metrics import RATE_LIMITED

#: Paths a probe or a scraper must always reach.
UNLIMITED_PATHS: Final = frozenset({"/healthz", "/readyz", "/metrics"})
#: Paths named in the metric's label (anything else is `other`, so the label stays bounded).
_COUNTED_PATHS: Final = frozenset({"/graphql", "/mcp", "/export"})
#: Buckets kept at most; beyond, the ones that have refilled (idle callers) are dropped.
MAX_BUCKETS: Final = 100_000


class TokenBuckets:
    """`rate` tokens a second per caller, at most `burst` kept; `take` spends one."""

    def __init__(
        self,
        rate: float,
        burst: int,
        *,
        clock: Callable[[], float] = time.monotonic,
        max_buckets: int = MAX_BUCKETS,
    ) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"rate must be > 0 and burst ≥ 1, got {rate} and {burst}")
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._max_buckets = max_buckets
        #: Caller → (tokens, when they were counted).
        self._buckets: dict[str, tuple[float, float]] = {}

    def take(self, caller: str) -> float:
        """Spend a token of `caller`'s: 0.0 when there was one, else the seconds until there
        is (nothing is spent then)."""
        now = self._clock()
        tokens, then = self._buckets.get(caller, (float(self.burst), now))
        tokens = min(float(self.burst), tokens + (now - then) * self.rate)
        if tokens >= 1.0:
            self._buckets[caller] = (tokens - 1.0, now)
            if len(self._buckets) > self._max_buckets:
                self._drop_full(now)
            return 0.0
        self._buckets[caller] = (tokens, now)
        return (1.0 - tokens) / self.rate

    def _drop_full(self, now: float) -> None:
        full_after = self.burst / self.rate
        for caller, (_, then) in list(self._buckets.items()):
            if now - then >= full_after:
                del self._buckets[caller]


def caller_of(scope: Scope) -> str:
    """The bucket a request spends from: its credential's digest (never the key itself), or
    its client address when it sends none."""
    for name, value in scope["headers"]:
        if name == b"authorization" and value.strip():
            return "key:" + hashlib.sha256(value.strip()).hexdigest()[:32]
    client = scope.get("client")
    return f"addr:{client[0] if client else 'unknown'}"


class RateLimit:
    """ASGI middleware: a request whose caller has no token left is answered 429."""

    def __init__(self, app: ASGIApp, buckets: TokenBuckets) -> None:
        self.app = app
        self.buckets = buckets

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] != "http"
            or scope["path"] in UNLIMITED_PATHS
            or scope.get("method") == "OPTIONS"
        ):
            await self.app(scope, receive, send)
            return
        wait = self.buckets.take(caller_of(scope))
        if wait == 0.0:
            await self.app(scope, receive, send)
            return
        RATE_LIMITED.labels(scope["path"] if scope["path"] in _COUNTED_PATHS else "other").inc()
        retry_after = max(1, math.ceil(wait))
        error = {
            "message": f"rate limit exceeded: {self.buckets.rate:g} requests/s with bursts of "
            f"{self.buckets.burst} for this API key; retry after {retry_after} s",
            "extensions": {"code": "RATE_LIMITED", "retryable": True, "retryAfter": retry_after},
        }
        response = JSONResponse(
            {"data": None, "errors": [error]},
            status_code=429,
            headers={"Retry-After": str(retry_after)},
        )
        await response(scope, receive, send)

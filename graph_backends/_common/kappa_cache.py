"""κ_max (the tenant's largest causal degree) kept between explains.

Explain normalises a memory's causal degree by κ_max, which FalkorDB computes over every memory
of the tenant: ~12 ms of its CPU per call on 11,000 memories, in every exact form tried (ADR
0009's notes in bench/methods.md), 9 % of its time under the load bench for 5 % of the requests. The
value changes only when a causal edge is written or removed, or a memory deleted: this process
drops its kept value on each such write (exact), and keeps a value at most `ttl` seconds so that
another process's writes (another service, `retentia maintain`) show within that bound.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from typing import Final

#: Longest a kept κ_max is used without asking the engine again.
KAPPA_MAX_TTL_S: Final = 2.0


class KappaMaxCache:
    def __init__(
        self, *, ttl: float = KAPPA_MAX_TTL_S, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self._ttl = ttl
        self._clock = clock
        #: Per tenant key: writes that changed a causal degree, in this process.
        self._generation: dict[str, int] = {}
        #: Per tenant key: the value, when it was asked for, and the generation it reflects.
        self._kept: dict[str, tuple[int, float, int]] = {}

    def changed(self, tenant_key: str) -> None:
        """A causal degree of the tenant changed (or may have): the kept value is stale."""
        self._generation[tenant_key] = self._generation.get(tenant_key, 0) + 1
        self._kept.pop(tenant_key, None)

    async def get(self, tenant_key: str, compute: Callable[[], Awaitable[int]]) -> int:
        generation = self._generation.get(tenant_key, 0)
        asked_at = self._clock()
        kept = self._kept.get(tenant_key)
        if kept is not None and kept[2] == generation and asked_at - kept[1] < self._ttl:
            return kept[0]
        value = await compute()
        if self._generation.get(tenant_key, 0) == generation:  # no write while computing
            self._kept[tenant_key] = (value, asked_at, generation)
        return value

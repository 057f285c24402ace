"""κ_max is asked again when this process changed a causal degree, when the kept value is older
than its bound, and is not kept when a write happened while it was being computed."""

from __future__ import annotations

from graph_backends._common.kappa_cache import KappaMaxCache


class Engine:
    def __init__(self) -> None:
        self.value = 3
        self.asked = 0
        self.during: KappaMaxCache | None = None  # a write lands while computing

    async def compute(self) -> int:
        self.asked += 1
        if self.during is not None:
            self.during.changed("t")
            self.during = None
        return self.value


async def test_kept_until_changed_or_expired() -> None:
    now = [100.0]
    cache = KappaMaxCache(ttl=2.0, clock=lambda: now[0])
    engine = Engine()
    assert await cache.get("t", engine.compute) == 3 and engine.asked == 1
    engine.value = 5  # another process's write: not seen within the bound
    now[0] += 1.9
    assert await cache.get("t", engine.compute) == 3 and engine.asked == 1
    now[0] += 0.2
    assert await cache.get("t", engine.compute) == 5 and engine.asked == 2
    engine.value = 7
    cache.changed("t")  # this process's write: seen at once
    assert await cache.get("t", engine.compute) == 7 and engine.asked == 3
    assert await cache.get("other", engine.compute) == 7 and engine.asked == 4


async def test_a_write_during_the_computation_is_not_hidden() -> None:
    cache = KappaMaxCache(ttl=60.0, clock=lambda: 0.0)
    engine = Engine()
    engine.during = cache
    assert await cache.get("t", engine.compute) == 3
    engine.value = 4
    assert await cache.get("t", engine.compute) == 4 and engine.asked == 2

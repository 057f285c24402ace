"""The token buckets behind per-key rate limits, on a clock the test moves: a burst is
allowed, then one request per 1/rate seconds; the wait named is until the next token; callers
do not share buckets; idle callers' buckets are dropped beyond the cap."""

from __future__ import annotations

import pytest

from service.api.rate_limit import TokenBuckets, caller_of


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_then_the_rate() -> None:
    clock = Clock()
    buckets = TokenBuckets(2.0, 3, clock=clock)
    assert [buckets.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert buckets.take("a") == pytest.approx(0.5)
    clock.now += 0.25
    assert buckets.take("a") == pytest.approx(0.25)  # a refused request spends nothing
    clock.now += 0.25
    assert buckets.take("a") == 0.0
    assert buckets.take("a") == pytest.approx(0.5)
    clock.now += 60  # refills to the burst, never beyond
    assert [buckets.take("a") for _ in range(4)][-1] == pytest.approx(0.5)


def test_callers_have_their_own_buckets() -> None:
    buckets = TokenBuckets(1.0, 1, clock=Clock())
    assert buckets.take("a") == 0.0
    assert buckets.take("a") > 0
    assert buckets.take("b") == 0.0


def test_idle_buckets_are_dropped_beyond_the_cap() -> None:
    clock = Clock()
    buckets = TokenBuckets(1.0, 1, clock=clock, max_buckets=2)
    buckets.take("a")
    buckets.take("b")
    clock.now += 5  # a and b have refilled
    buckets.take("c")
    assert buckets.take("a") == 0.0  # a fresh, full bucket: nothing was lost by dropping it
    assert len(buckets._buckets) <= 3


@pytest.mark.parametrize(("rate", "burst"), [(0.0, 1), (-1.0, 1), (1.0, 0)])
def test_bad_limits_are_refused(rate: float, burst: int) -> None:
    with pytest.raises(ValueError, match="rate must be"):
        TokenBuckets(rate, burst)


def test_the_caller_is_the_credential_digest_or_the_address() -> None:
    keyed = {"headers": [(b"authorization", b"Bearer rtk_secret")], "client": ("10.0.0.1", 5)}
    bare = {"headers": [], "client": ("10.0.0.1", 5)}
    assert caller_of(keyed).startswith("key:") and "rtk_secret" not in caller_of(keyed)
    assert caller_of(bare) == "addr:10.0.0.1"

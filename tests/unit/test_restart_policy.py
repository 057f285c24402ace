"""The embedded supervisor's restart backoff doubles from its first delay up to its cap."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from graph_backends.falkordb.embedded import RestartPolicy


def test_the_delay_doubles_up_to_the_cap() -> None:
    policy = RestartPolicy(attempts=8, backoff_s=0.5, max_backoff_s=5.0)
    assert [policy.delay(n) for n in range(1, 7)] == [0.5, 1.0, 2.0, 4.0, 5.0, 5.0]


@given(
    backoff=st.floats(min_value=0, max_value=60),
    cap=st.floats(min_value=0, max_value=600),
    attempt=st.integers(min_value=1, max_value=200),
)
def test_the_delay_is_bounded_and_never_shrinks(backoff: float, cap: float, attempt: int) -> None:
    policy = RestartPolicy(backoff_s=backoff, max_backoff_s=cap)
    assert 0 <= policy.delay(attempt) <= cap
    assert policy.delay(attempt) <= policy.delay(attempt + 1)

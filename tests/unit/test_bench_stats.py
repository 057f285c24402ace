"""bench/harness/stats.py and the Markdown pieces of bench/harness/reports.py: each percentile
method gives exactly what the suite's own helper gave before the helpers moved into the harness
(so no committed figure moves), and a table is the header, its rule and the rows."""

from __future__ import annotations

import math
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bench.harness.reports import md_row, md_rule, md_table
from bench.harness.stats import p50_p95, percentile

SAMPLES = st.lists(st.floats(0, 1e6, allow_nan=False), min_size=1, max_size=300)
#: In percent, as load.percentile took them; the suites now pass `percent / 100` (0.95 is 95 / 100).
PERCENTS = st.sampled_from([50, 95, 99])


@given(SAMPLES, PERCENTS)
def test_each_method_is_the_definition_its_suite_used(values: list[float], pct: int) -> None:
    ordered = sorted(values)
    n = len(ordered)
    q = pct / 100
    # locomo.percentile_ms and facts.percentile
    assert percentile(values, q) == ordered[min(n - 1, max(0, math.ceil(q * n) - 1))]
    # load.percentile, which took q in percent
    assert percentile(values, q, "rounded_index") == ordered[min(n - 1, round(pct / 100 * (n - 1)))]
    # longmemeval's inline p95
    assert percentile(values, q, "floor_index") == ordered[int(q * (n - 1))]
    # cluster._pct and explorer's inline p95
    assert percentile(values, q, "upper_index") == ordered[min(n - 1, int(q * n))]


@given(st.lists(st.floats(0, 1e6, allow_nan=False), min_size=2, max_size=300))
def test_p50_p95_interpolates_as_scale_and_scale_out_did(values: list[float]) -> None:
    cuts = statistics.quantiles(values, n=100, method="inclusive")
    assert p50_p95(values) == (cuts[49], cuts[94])
    assert p50_p95(values, 2) == (round(cuts[49], 2), round(cuts[94], 2))


def test_an_empty_sample_has_no_percentile() -> None:
    assert math.isnan(percentile([], 0.5))


def test_a_table_is_its_header_rule_and_rows() -> None:
    assert md_table("system | R@10", "lr", [["bm25", "0.564"]]) == [
        "| system | R@10 |",
        "|---|---:|",
        "| bm25 | 0.564 |",
    ]
    assert md_table(["a", "b", "c"], "rll") == ["| a | b | c |", "|---:|---|---|"]
    assert md_row([1, "x"]) == "| 1 | x |"
    assert md_rule("lrr") == "|---|---:|---:|"


def test_a_header_and_its_alignment_must_agree() -> None:
    with pytest.raises(ValueError, match="2 columns"):
        md_table("a | b", "lrr")

"""Percentiles, one function for every suite.

The suites' reports were written with different definitions of a percentile, and a figure must
not move because its helper did: each definition stays, named, and a suite says which it uses.
A new suite takes `nearest_rank` (or `p50_p95` for interpolated milliseconds).

- `nearest_rank`: the smallest value with at least a share `q` of the samples at or below it
  (locomo, facts);
- `rounded_index`: the sample at index `round(q · (n − 1))` of the sorted samples (load);
- `floor_index`: the sample at index `⌊q · (n − 1)⌋` (longmemeval);
- `upper_index`: the sample at index `⌊q · n⌋`, the last when that is past the end (cluster,
  explorer);
- `p50_p95`: the median and 95th percentile, linearly interpolated between samples
  (`statistics.quantiles`, inclusive; scale, scale_out).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Literal

Method = Literal["nearest_rank", "rounded_index", "floor_index", "upper_index"]


def percentile(values: Sequence[float], q: float, method: Method = "nearest_rank") -> float:
    """The `q`-quantile (0–1) of `values` by `method` (see the module); NaN when empty."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    last = len(ordered) - 1
    if method == "nearest_rank":
        index = max(0, math.ceil(q * len(ordered)) - 1)
    elif method == "rounded_index":
        index = round(q * last)
    elif method == "floor_index":
        index = int(q * last)
    else:
        index = int(q * len(ordered))
    return ordered[min(last, index)]


def p50_p95(samples: Sequence[float], digits: int | None = None) -> tuple[float, float]:
    """The interpolated median and 95th percentile of `samples` (at least two), rounded to
    `digits` decimals when given."""
    cuts = statistics.quantiles(samples, n=100, method="inclusive")
    if digits is None:
        return cuts[49], cuts[94]
    return round(cuts[49], digits), round(cuts[94], digits)

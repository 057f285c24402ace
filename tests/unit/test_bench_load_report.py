"""What the load bench reads about the processes it drives: per-thread CPU from /proc, and the
cProfile report of the service's event loop."""

from __future__ import annotations

import cProfile
import os
import threading
import time
from pathlib import Path

import pytest

from bench.load import (
    busiest_thread,
    comparison_markdown,
    comparison_summary,
    environment,
    profile_report,
    scratch_copy,
    thread_times,
)


def _spin(stop: threading.Event) -> None:
    while not stop.is_set():
        sum(range(1000))


def test_the_busiest_thread_is_the_one_that_ran() -> None:
    stop = threading.Event()
    spinner = threading.Thread(target=_spin, args=(stop,))
    spinner.start()
    try:
        before = thread_times(os.getpid())
        started = time.monotonic()
        time.sleep(0.5)  # the main thread sleeps; the spinner runs
        after = thread_times(os.getpid())
        elapsed = time.monotonic() - started
    finally:
        stop.set()
        spinner.join()
    busiest = busiest_thread(os.getpid(), before, after, elapsed)
    assert busiest is not None
    assert busiest["tid"] == spinner.native_id
    assert busiest["thread"] != "main"
    assert 0.2 < busiest["on_cpu"] <= 1.05
    assert busiest["waiting_for_cpu"] >= 0.0


def test_the_first_thread_is_named_main() -> None:
    before = thread_times(os.getpid())
    # The main thread works for 0.3 s of its own CPU time: in the whole suite's process, idle
    # background threads left by earlier tests (timers, pools) wake for milliseconds, and a
    # shorter burst here (2M additions, ~30 ms) was outranked by one of them in a CI run.
    started = time.thread_time()
    while time.thread_time() - started < 0.3:
        sum(range(100_000))
    busiest = busiest_thread(os.getpid(), before, thread_times(os.getpid()), 1.0)
    assert busiest is not None
    assert busiest["tid"] == threading.main_thread().native_id == os.getpid(), busiest
    assert busiest["thread"] == "main"


def test_thread_times_of_a_process_that_is_gone_are_empty() -> None:
    assert thread_times(None) == {}
    assert thread_times(2**22 + 12345) == {}  # above pid_max's default
    assert busiest_thread(None, {}, {}, 1.0) is None


def _work() -> int:
    return sum(i * i for i in range(20_000))


def test_profile_report_has_both_sections(tmp_path: Path) -> None:
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(20):
        _work()
    profile.disable()
    path = tmp_path / "service.prof"
    profile.dump_stats(path)
    report = profile_report(path, 1.0)
    own, _, cumulative = report.partition("top 40 by cumulative time:")
    assert "_work" in own
    assert "_work" in cumulative  # the section was empty when pstats printed to stdout
    assert "cumulative" in cumulative


def _level(concurrency: int, rps: float, *, errors: int = 0) -> dict[str, object]:
    return {
        "concurrency": concurrency,
        "requests_per_s": rps,
        "p95_ms": 100.0,
        "errors": errors,
        "reactivations_failed": 0,
        "cpu_ms_per_request": {"service": 12.0, "falkordb": 8.0},
    }


def test_a_comparison_pairs_runs_and_reports_ratios() -> None:
    runs = [
        {"pair": 0, "side": "this", "levels": [_level(8, 80.0)]},
        {"pair": 0, "side": "against", "levels": [_level(8, 88.0)]},
        {"pair": 1, "side": "against", "levels": [_level(8, 70.0, errors=2)]},
        {"pair": 1, "side": "this", "levels": [_level(8, 72.0)]},
    ]
    (row,) = comparison_summary(runs)
    assert row["concurrency"] == 8
    assert row["this"]["requests_per_s"] == [80.0, 72.0]
    assert row["against"]["mean_requests_per_s"] == 79.0
    assert row["ratio_of_means"] == round(79.0 / 76.0, 3)
    assert row["pair_ratios"] == [1.1, round(70 / 72, 3)]
    assert (row["pairs_against_ahead"], row["pairs"]) == (1, 2)
    assert row["errors"] == 2
    assert row["this"]["mean_cpu_ms_per_request"] == 20.0


def test_the_against_sides_environment_is_parsed_and_reported() -> None:
    env = environment(["RETENTIA_ENGINE__CASCADE_HOPS=1", "A_B=x=y", "EMPTY="])
    assert env == {"RETENTIA_ENGINE__CASCADE_HOPS": "1", "A_B": "x=y", "EMPTY": ""}
    for bad in ("NOVALUE", "=1", "1X=2", "A-B=1"):
        with pytest.raises(ValueError, match="NAME=VALUE"):
            environment([bad])
    runs = [
        {"pair": 0, "side": "this", "levels": [_level(8, 80.0)]},
        {"pair": 0, "side": "against", "levels": [_level(8, 88.0)]},
    ]
    report = comparison_markdown(
        {
            "this": "/a",
            "against": "/a",
            "against_env": {"RETENTIA_ENGINE__CASCADE_HOPS": "1", "OTHER": "2"},
            "pairs": 1,
            "summary": comparison_summary(runs),
            "commit": "abc",
            "date": "today",
            "load_average_end": "1 / 1 / 1",
        }
    )
    assert "`against`: /a, with `RETENTIA_ENGINE__CASCADE_HOPS=1`, `OTHER=2`. Each side" in report


def test_each_run_starts_from_a_copy_without_sockets_or_logs(tmp_path: Path) -> None:
    seeded = tmp_path / "seeded"
    (seeded / "falkordb" / "appendonlydir").mkdir(parents=True)
    (seeded / "falkordb" / "appendonlydir" / "appendonly.aof.1.incr.aof").write_text("aof")
    (seeded / "falkordb" / "falkordb.log").write_text("log")
    (seeded / "service.log").write_text("log")
    (seeded / "seeded-10-1.json").write_text("{}")
    with scratch_copy(seeded) as copy:
        assert (copy / "falkordb" / "appendonlydir" / "appendonly.aof.1.incr.aof").exists()
        assert (copy / "seeded-10-1.json").exists()
        assert not (copy / "falkordb" / "falkordb.log").exists()
        assert not (copy / "service.log").exists()
        (copy / "falkordb" / "appendonlydir" / "appendonly.aof.1.incr.aof").write_text("run")
    assert not copy.exists()
    assert (
        seeded / "falkordb" / "appendonlydir" / "appendonly.aof.1.incr.aof"
    ).read_text() == "aof"

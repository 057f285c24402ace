"""`RepoTimer`: every public coroutine of a repository added up; with `serial`, calls that a
recall issues at once run one at a time (a method the repository calls on itself still runs)."""

from __future__ import annotations

import asyncio

from bench.harness.timing import RepoTimer


class _Repo:
    def __init__(self) -> None:
        self.events: list[str] = []

    async def read(self, name: str) -> str:
        self.events.append(f"start {name}")
        await asyncio.sleep(0.01)
        self.events.append(f"end {name}")
        return name

    async def outer(self) -> str:
        return "outer:" + await self.read("inner")


async def _gathered(serial: bool) -> tuple[_Repo, RepoTimer, list[str]]:
    repo = _Repo()
    timer = RepoTimer(repo, serial=serial)
    results = await asyncio.gather(repo.read("a"), repo.read("b"), repo.outer())
    timer.restore()
    return repo, timer, list(results)


async def test_overlapping_calls_each_count_and_overlap() -> None:
    repo, timer, results = await _gathered(serial=False)
    assert results == ["a", "b", "outer:inner"]
    assert timer.calls == {"read": 3, "outer": 1}
    assert repo.events[:2] == ["start a", "start b"]  # overlapped


async def test_serial_calls_run_one_at_a_time_and_a_nested_call_does_not_wait() -> None:
    repo, timer, results = await _gathered(serial=True)
    assert results == ["a", "b", "outer:inner"]
    assert timer.calls == {"read": 3, "outer": 1}
    assert repo.events == ["start a", "end a", "start b", "end b", "start inner", "end inner"]
    # Restored: the class's own methods again, untimed.
    assert "read" not in vars(repo)

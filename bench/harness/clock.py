"""The clock the services read in the recall benches."""

from __future__ import annotations

from datetime import UTC, datetime


class BenchClock:
    """The clock the services read: the wall clock while importing (the turns carry their own
    creation instants), the conversation's question time while recalling."""

    def __init__(self) -> None:
        self.now = datetime.now(UTC)

    def __call__(self) -> datetime:
        return self.now

"""The time a memory's own words name (docs/design.md §7, the temporal leg): a turn stored on
8 May saying "I went to the support group yesterday" is about 7 May, and "what did I do on
7 May?" should find it although it was created the day after. Read at write time with the
query parser's rules (`service.engine.temporal.find_window`, as a statement: "tomorrow",
"next month" and "next Friday" count too) against the memory's anchor — its event time when
it has one, else its creation — into one window [start, end) of instants. Pure: text and
instant in, a window or None out.

None when the words name no time, and when the span over everything they name is wider than
`MAX_MENTIONED_SPAN`: "this year", "in 2022", "before June" or "yesterday … back in 2019" say
too little about which days the memory is about for a day's or a week's question to find it
by them (the memory is still found by its own instant). The span is derived from the content
and the anchor alone, so it is computed again wherever those are written (a store, an amend,
an import, a restore) and never edited.
"""

from __future__ import annotations

from datetime import datetime

from schema import Memory
from schema.models import MAX_MENTIONED_SPAN
from service.engine.temporal import Window, event_instant, find_window


def mentioned_window(
    content: str, event_time: datetime | None, created_at: datetime
) -> Window | None:
    """The window the date expressions in `content` name, resolved against the memory's
    anchor (`event_instant`), or None (no expression, or a span wider than
    `MAX_MENTIONED_SPAN`)."""
    window = find_window(content, event_instant(event_time, created_at), statement=True)
    if window is None or window.end - window.start > MAX_MENTIONED_SPAN:
        return None
    return window


def dated(memory: Memory) -> Memory:
    """`memory` with its mentioned window derived again from its content and anchor (what a
    write stores; a restore recomputes it rather than trust the file's)."""
    window = mentioned_window(memory.content, memory.event_time, memory.created_at)
    start, end = (None, None) if window is None else (window.start, window.end)
    if (memory.mentioned_start, memory.mentioned_end) == (start, end):
        return memory
    return memory.model_copy(update={"mentioned_start": start, "mentioned_end": end})


def overlaps(start: datetime | None, end: datetime | None, window: Window) -> bool:
    """Whether a stored mentioned window [start, end) overlaps `window` (none stored: no)."""
    return start is not None and end is not None and start < window.end and window.start < end

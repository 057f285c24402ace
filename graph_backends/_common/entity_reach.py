"""The graph leg's read of memories about entities walks two RELATES hops only when one is not
enough.

`memories_about_entities` answers the `limit` memories nearest the query's entities, fewest
hops first. Most of its cost is reading the facts of every entity it reaches, and the second hop
reaches the most: at 250,000 memories (`bench/scale_out.py`) a sentence's entities had 14–97
memories at hop 0, 86–1,608 within one hop and 850–3,140 more at two, so the answer (50) lay
within one hop every time and reading the second cost 20 ms of the query's 23 (2.7 ms without
it). A read within one hop that fills the limit is the whole answer — the memories within one
hop and their hop counts are the same either way, and they sort first — so the second hop is
read only when it is short.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Collection
from datetime import datetime
from typing import Any, TypeVar

from graph_backends._common.records import epoch_us

R = TypeVar("R")

#: The deepest RELATES walk (`memories_about_entities`'s `max_hops`).
MAX_HOPS = 2


def reach_params(
    entity_ids: Collection[str], at: datetime, limit: int, max_facts: int | None
) -> dict[str, Any]:
    """The query's parameters but `max_hops`."""
    return {
        "entities": sorted(set(entity_ids)),
        "at": epoch_us(at),
        "limit": limit,
        "max_facts": max_facts,
    }


async def nearest_first(
    read: Callable[[dict[str, Any]], Awaitable[list[R]]], params: dict[str, Any]
) -> list[R]:
    """`read` within one hop, then within `MAX_HOPS` if that found fewer than the limit."""
    rows = await read({**params, "max_hops": 1})
    if len(rows) >= params["limit"]:
        return rows
    return await read({**params, "max_hops": MAX_HOPS})

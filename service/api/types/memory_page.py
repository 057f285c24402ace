"""A page of memories, newest first, with an opaque keyset cursor to resume after."""

from __future__ import annotations

from datetime import datetime
from typing import Literal

import strawberry

from schema import InvalidInput, Memory, parse_memory_id
from service.api import cursors
from service.api.types.memory import MemoryType
from service.api.types.page_info import PageInfo

#: The memory lists a cursor may belong to.
MemoryListKind = Literal["memories", "coreMemories"]


def memory_cursor(kind: MemoryListKind, memory: Memory) -> str:
    return cursors.encode(kind, "", [cursors.instant_key(memory.created_at), memory.id])


def memory_position(kind: MemoryListKind, cursor: str | None) -> tuple[datetime, str] | None:
    """The (created_at, id) a memory list's `after` cursor stands for (None: the first page)."""
    if cursor is None:
        return None
    created, memory_id = cursors.decode(cursor, kind, "", (int, str))
    try:
        return cursors.instant(int(created)), parse_memory_id(memory_id)
    except InvalidInput as e:  # a sealed cursor holds an id this API wrote; never in practice
        raise InvalidInput("after", f"{cursor[:80]!r} is not a cursor this API returned") from e


@strawberry.type
class MemoryConnection:
    nodes: list[MemoryType]
    page_info: PageInfo

    @classmethod
    def from_domain(
        cls, memories: list[Memory], first: int, kind: MemoryListKind
    ) -> MemoryConnection:
        """The first `first` of `memories` (read as `first + 1`, so one more says a page
        follows), the last one's cursor of list `kind` as the end cursor."""
        page = memories[:first]
        return cls(
            nodes=[MemoryType.from_domain(m) for m in page],
            page_info=PageInfo(
                has_next_page=len(memories) > first,
                end_cursor=memory_cursor(kind, page[-1]) if page else None,
            ),
        )

"""A page of memories, newest first, with an opaque keyset cursor to resume after."""

from __future__ import annotations

import base64
import binascii
from collections.abc import Callable
from datetime import datetime

import strawberry

from schema import InvalidInput, Memory, parse_memory_id
from service.api.types.memory import MemoryType
from service.api.types.page_info import PageInfo


def encode_cursor(memory: Memory) -> str:
    raw = f"{memory.created_at.isoformat()}|{memory.id}"
    return base64.urlsafe_b64encode(raw.encode()).decode()


def decode_cursor(cursor: str) -> tuple[datetime, str]:
    """The (created_at, id) a cursor stands for; `InvalidInput` for anything else."""
    try:
        created, _, memory_id = base64.urlsafe_b64decode(cursor[:200]).decode().partition("|")
        at = datetime.fromisoformat(created)
        if at.tzinfo is None:
            raise ValueError("naive timestamp")
        return at, parse_memory_id(memory_id)
    except (binascii.Error, UnicodeDecodeError, ValueError) as e:  # InvalidInput included
        raise InvalidInput(
            "after", f"{cursor[:80]!r} is not a cursor this API returned (use pageInfo.endCursor)"
        ) from e


@strawberry.type
class MemoryConnection:
    nodes: list[MemoryType]
    page_info: PageInfo

    @classmethod
    def from_domain(
        cls,
        memories: list[Memory],
        first: int,
        cursor: Callable[[Memory], str] = encode_cursor,
    ) -> MemoryConnection:
        """The first `first` of `memories` (read as `first + 1`, so one more says a page
        follows), the last one's `cursor` as the end cursor."""
        page = memories[:first]
        return cls(
            nodes=[MemoryType.from_domain(m) for m in page],
            page_info=PageInfo(
                has_next_page=len(memories) > first,
                end_cursor=cursor(page[-1]) if page else None,
            ),
        )

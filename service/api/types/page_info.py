"""Where a page of a cursor-paged list ends, and whether another follows."""

from __future__ import annotations

import strawberry


@strawberry.type
class PageInfo:
    has_next_page: bool
    end_cursor: str | None = strawberry.field(
        description="Pass as `after` for the next page; null on an empty page."
    )

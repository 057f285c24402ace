"""What every resolver module uses: the `Info` type, the permissions and the id-list check."""

from __future__ import annotations

from typing import Annotated, Final

import strawberry

from service.api.context import Context
from service.api.limits import check_count
from service.usecases.auth import Permission

Info = strawberry.Info[Context, None]

READ: Final = Permission.PROJECT_READ
WRITE: Final = Permission.PROJECT_WRITE
MANAGE: Final = Permission.PROJECT_MANAGE

#: The optional argument of the writes that are safe to retry.
IdempotencyKey = Annotated[
    str | None,
    strawberry.argument(
        description="Makes the write safe to retry: sent again with the same key (within the "
        "retention window, 24 h by default) it returns the first answer and writes nothing; "
        "a different request under a used key is a Conflict. 1–200 letters, digits and "
        "`_.:/-`, per project."
    ),
]


def id_list(values: list[strawberry.ID]) -> list[str]:
    check_count("ids", values)
    return [str(i) for i in values]

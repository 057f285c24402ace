"""What every resolver module uses: the `Info` type, the permissions and the id-list check."""

from __future__ import annotations

from typing import Final

import strawberry

from service.api.context import Context
from service.api.limits import check_count
from service.usecases.auth import Permission

Info = strawberry.Info[Context, None]

READ: Final = Permission.PROJECT_READ
WRITE: Final = Permission.PROJECT_WRITE
MANAGE: Final = Permission.PROJECT_MANAGE


def id_list(values: list[strawberry.ID]) -> list[str]:
    check_count("ids", values)
    return [str(i) for i in values]

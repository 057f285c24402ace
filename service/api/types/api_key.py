"""API keys as the API shows them: never the secret, except once, right after creation."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

import strawberry

from service.api.types.enums import Permission
from service.usecases.auth import ApiKeyRecord


@strawberry.type(name="ApiKey", description="An API key of the org (its secret is never shown).")
class ApiKeyType:
    id: strawberry.ID
    org: str
    name: str
    permissions: list[Permission] = strawberry.field(
        description="Empty for an admin key, which holds every permission."
    )
    projects: list[str] = strawberry.field(
        description="The projects the key may name that the caller may name too; empty (with "
        "hiddenProjects 0): every project of the org."
    )
    hidden_projects: int = strawberry.field(
        description="How many of the key's projects are left out of `projects` because the "
        "caller's key may not name them (their names are not the caller's to learn)."
    )
    admin: bool = strawberry.field(
        description="Every permission on every project: no permission or project listed."
    )
    created_at: datetime
    created_by: str | None = strawberry.field(
        description="The id of the key that created it; null when the operator did."
    )
    revoked_at: datetime | None

    @classmethod
    def from_domain(
        cls, record: ApiKeyRecord, reaches: Callable[[str], bool] | None = None
    ) -> ApiKeyType:
        """The key as a caller sees it: with `reaches`, only the project names it may name."""
        shown = [p for p in record.projects if reaches is None or reaches(p)]
        return cls(
            id=strawberry.ID(record.id),
            org=record.org,
            name=record.name,
            permissions=list(record.permissions),
            projects=shown,
            hidden_projects=len(record.projects) - len(shown),
            admin=record.admin,
            created_at=record.created_at,
            created_by=record.created_by,
            revoked_at=record.revoked_at,
        )


@strawberry.type
class ApiKeyList:
    keys: list[ApiKeyType]


@strawberry.type
class NewApiKey:
    key: str = strawberry.field(
        description="The key, shown this once: only its SHA-256 is stored. Send it as "
        "'Authorization: Bearer <key>'."
    )
    api_key: ApiKeyType

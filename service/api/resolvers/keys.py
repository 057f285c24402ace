"""API keys of the caller's org: list, create, revoke."""

from __future__ import annotations

import strawberry

from service.api.errors import maps_errors
from service.api.resolvers._common import Info
from service.api.types.api_key import ApiKeyList, ApiKeyType, NewApiKey
from service.api.types.enums import Permission
from service.api.types.results import ApiKeysResult, CreateApiKeyResult, RevokeApiKeyResult
from service.usecases.auth import parse_projects


@strawberry.type
class KeyQuery:
    @strawberry.field(description="The API keys of the caller's org, revoked ones included.")
    @maps_errors
    async def api_keys(self, info: Info) -> ApiKeysResult:
        grant = info.context.require(Permission.MEMBERS_READ)
        records = await info.context.services.keys.list_keys(grant.org)
        # A project-restricted caller learns no name of a project it may not name (as with
        # the `projects` query).
        reaches = grant.principal.reaches
        return ApiKeyList(keys=[ApiKeyType.from_domain(r, reaches) for r in records])


@strawberry.type
class KeyMutation:
    @strawberry.mutation(
        description="Create an API key of the caller's org. It may hold only permissions the "
        "caller's key holds; an empty list makes an admin key (every permission), which only "
        "an admin key may create. `projects` restricts the key to those projects (a "
        "project-restricted caller must name a subset of its own); absent or empty: every "
        "project of the org. The key is in the result once and never again."
    )
    @maps_errors
    async def create_api_key(
        self,
        info: Info,
        name: str,
        permissions: list[Permission],
        projects: list[str] | None = None,
    ) -> CreateApiKeyResult:
        grant = info.context.require(Permission.MEMBERS_WRITE)
        record, key = await info.context.services.keys.create(
            grant.org,
            name,
            frozenset(permissions),
            granted_by=grant.principal,
            projects=parse_projects(projects or []),
        )
        return NewApiKey(key=key, api_key=ApiKeyType.from_domain(record))

    @strawberry.mutation(
        description="Revoke an API key of the caller's org at once (idempotent). A key may "
        "revoke only keys whose permissions it holds itself."
    )
    @maps_errors
    async def revoke_api_key(self, info: Info, id: strawberry.ID) -> RevokeApiKeyResult:
        grant = info.context.require(Permission.MEMBERS_WRITE)
        record = await info.context.services.keys.revoke(grant.org, str(id), by=grant.principal)
        return ApiKeyType.from_domain(record)

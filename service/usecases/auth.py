"""Authentication and permissions: API keys bound to an org, and the one `require()` every
resolver calls.

A key reads `rtk_<org>_<key id>_<secret>`: the org and the key id say where its record lives,
so authenticating is one lookup. Only the SHA-256 of the whole key is stored: the secret is 256
random bits, so there is nothing for a slow password hash to protect against guessing.

Records are JSON configuration entries (`get_config`/`put_config`) of the org's system tenant
`<org>/retentia.system`, a project no request may name: `apikey:<id>` per key, and `apikeys`,
the index `apiKeys` lists. The index is the only entry two writers can both change; it is
changed only while holding a lease (the repository's compare-and-set), so concurrent creators,
in this process or another (`retentia keys create` beside a running service), never lose each
other's ids. The index is written before the record, so a crash in between leaves an id without
a record (skipped when listing), never a working key that no listing shows.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import re
import secrets
import time
import uuid
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from enum import StrEnum
from typing import Annotated, Final, Protocol

from prometheus_client import Counter
from pydantic import AwareDatetime, BaseModel, ConfigDict, StringConstraints, ValidationError

from schema import Conflict, InvalidInput, NotFound, RetentiaError, Tenant, build
from schema.tenant import SYSTEM_PROJECT as SYSTEM_PROJECT
from schema.values import check_tenant_part

log = logging.getLogger(__name__)


class Permission(StrEnum):
    PROJECT_READ = "project:read"
    PROJECT_WRITE = "project:write"
    PROJECT_MANAGE = "project:manage"
    CONFIGURATION_READ = "configuration:read"
    CONFIGURATION_WRITE = "configuration:write"
    MEMBERS_READ = "members:read"
    MEMBERS_WRITE = "members:write"


#: The record id of the key given by `RETENTIA_BOOTSTRAP_KEY`.
BOOTSTRAP_ID: Final = "bootstrap"
KEY_PREFIX: Final = "rtk_"
#: Longest Authorization value looked at; anything longer cannot be a key.
MAX_TOKEN_CHARS: Final = 256
MAX_KEY_NAME_CHARS: Final = 100

_KEY: Final = re.compile(
    r"rtk_(?P<org>[A-Za-z0-9][A-Za-z0-9_.-]{0,62})_(?P<id>[0-9a-f]{16})_(?P<secret>[0-9a-f]{64})"
)
_KEY_ID: Final = re.compile(r"[0-9a-f]{16}|" + BOOTSTRAP_ID)
_INDEX_KEY: Final = "apikeys"
_INDEX_LEASE: Final = "apikeys-index"
_LEASE_TTL: Final = timedelta(seconds=10)
_LEASE_WAIT_S: Final = 20.0
#: The one message for every key that does not authenticate: which check failed is no one's
#: business but the key holder's.
_NOT_VALID: Final = "the API key is not valid (unknown, revoked or mistyped)"

DENIALS: Final = Counter(
    "retentia_auth_denials_total",
    "Requests refused by authentication or permissions, by reason "
    "(unauthenticated, unavailable, forbidden).",
    ["reason"],
)


class AuthError(RetentiaError):
    """The caller may not do what it asked; nothing was read or written."""


class Unauthenticated(AuthError):
    """No valid key came with the request (or authentication itself failed)."""


class AuthenticationUnavailable(Unauthenticated):
    """The key could not be checked (the database is down): not the caller's fault, and the
    same request may succeed when retried."""


class Forbidden(AuthError):
    """The key is valid but does not allow the operation."""

    def __init__(self, message: str, permission: Permission | None = None) -> None:
        super().__init__(message)
        self.permission = permission


@dataclass(frozen=True, slots=True)
class Principal:
    """Who is asking: an org, the permissions of its key (none listed: every one) and the
    projects it may name (none listed: every project of the org)."""

    org: str
    key_id: str | None
    permissions: frozenset[Permission]
    projects: frozenset[str] = frozenset()

    @property
    def is_admin(self) -> bool:
        return not self.permissions and not self.projects

    def allows(self, permission: Permission) -> bool:
        return not self.permissions or permission in self.permissions

    def reaches(self, project: str) -> bool:
        """Whether the key may name `project` (already lowercased)."""
        return not self.projects or project in self.projects

    def may_grant(
        self, permissions: frozenset[Permission], projects: frozenset[str] = frozenset()
    ) -> bool:
        """A key passes on only what it holds: an admin anything, others a non-empty subset of
        their permissions, and a project-restricted key a non-empty subset of its projects."""
        if self.permissions and not (permissions and permissions <= self.permissions):
            return False
        return not self.projects or (bool(projects) and projects <= self.projects)


def system_tenant(org: str) -> Tenant:
    return build(Tenant, org=org, project=SYSTEM_PROJECT)


def request_tenant(org: str, project: str) -> Tenant:
    """The tenant a request names, refusing the reserved system project (in any case: names
    are lowercased)."""
    tenant = build(Tenant, org=org, project=project)
    if tenant.system:
        raise InvalidInput(
            "project", f"{SYSTEM_PROJECT!r} is reserved for Retentia's own records; name another"
        )
    return tenant


@dataclass(frozen=True, slots=True)
class Access:
    """What a request brings: who it is (or why nobody is) and the org and project it names."""

    principal: Principal | AuthError
    #: `X-Retentia-Org` as sent, or None.
    org: str | None
    project: str


@dataclass(frozen=True, slots=True)
class Grant:
    """A permission checked for a principal; the request's tenant is reachable only from here."""

    principal: Principal
    project: str

    @property
    def org(self) -> str:
        return self.principal.org

    def tenant(self) -> Tenant:
        """The request's tenant. A project-restricted key naming any other project is
        `Forbidden` with one message whether that project exists or not, so the answer
        confirms nothing about it (as for another org)."""
        return reached(self.principal, request_tenant(self.principal.org, self.project))


def reached(principal: Principal, tenant: Tenant) -> Tenant:
    """`tenant` if the principal's key may name its project, else `Forbidden`."""
    if not principal.reaches(tenant.project):
        DENIALS.labels(reason="forbidden").inc()
        raise Forbidden(_NOT_REACHED)
    return tenant


_NOT_REACHED: Final = (
    "this API key is restricted to other projects; name one of them in X-Retentia-Project "
    "or use a key of this project"
)


def require(access: Access, permission: Permission) -> Grant:
    """The one check every operation makes: an authenticated key, holding `permission`, used
    for its own org. Raises `Unauthenticated` or `Forbidden`."""
    principal = access.principal
    if isinstance(principal, AuthError):
        DENIALS.labels(reason="unauthenticated").inc()
        raise principal
    if not principal.allows(permission):
        DENIALS.labels(reason="forbidden").inc()
        raise Forbidden(
            f"this API key lacks the permission {permission.value!r}; ask an org admin for a key "
            "that holds it",
            permission,
        )
    # Names are case-insensitive (checked, then lowercased): `Default` is the org `default`.
    if access.org is not None and access.org.lower() != principal.org.lower():
        # The same answer whether that org exists or not: nothing about it is confirmed.
        DENIALS.labels(reason="forbidden").inc()
        raise Forbidden(
            f"this API key is not valid for org {access.org[:80]!r}; "
            "drop the X-Retentia-Org header or use a key of that org"
        )
    return Grant(principal, access.project)


#: Most projects one key may be restricted to.
MAX_KEY_PROJECTS: Final = 256


def parse_projects(values: Iterable[str]) -> frozenset[str]:
    """Project names a key is restricted to, checked and lowercased like a request's (an
    `InvalidInput` naming `projects`); the reserved system project is refused."""
    names = set()
    for value in values:
        name = check_tenant_part("projects", value.strip()).lower()
        if name == SYSTEM_PROJECT:
            raise InvalidInput("projects", f"{SYSTEM_PROJECT!r} is reserved; name another")
        names.add(name)
    if len(names) > MAX_KEY_PROJECTS:
        raise InvalidInput("projects", f"{len(names)} projects; at most {MAX_KEY_PROJECTS}")
    return frozenset(names)


def parse_permissions(values: Iterable[str]) -> frozenset[Permission]:
    """Permission names as written in settings and on the command line."""
    known = {p.value: p for p in Permission}
    chosen = set()
    for value in values:
        name = value.strip()
        if name not in known:
            raise InvalidInput(
                "permissions", f"{name[:80]!r} is not a permission; choose from {', '.join(known)}"
            )
        chosen.add(known[name])
    return frozenset(chosen)


KeyName = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_KEY_NAME_CHARS)
]


class ApiKeyRecord(BaseModel):
    """What is stored for one key: never the key, only its SHA-256."""

    model_config = ConfigDict(frozen=True)

    id: str
    org: str
    name: KeyName
    permissions: tuple[Permission, ...]
    #: The projects the key may name; empty: every project of the org.
    projects: tuple[str, ...] = ()
    sha256: str
    created_at: AwareDatetime
    created_by: str | None = None
    revoked_at: AwareDatetime | None = None

    @property
    def admin(self) -> bool:
        return not self.permissions and not self.projects

    def principal(self) -> Principal:
        return Principal(
            org=self.org,
            key_id=self.id,
            permissions=frozenset(self.permissions),
            projects=frozenset(self.projects),
        )


class KeyStorage(Protocol):
    """The repository methods the key store needs (every `Backend` has them)."""

    async def get_config(self, tenant: Tenant, key: str) -> str | None: ...

    async def put_config(self, tenant: Tenant, key: str, value: str) -> None: ...

    async def acquire_lease(
        self, tenant: Tenant, name: str, owner: str, now: datetime, ttl: timedelta
    ) -> bool: ...

    async def release_lease(self, tenant: Tenant, name: str, owner: str) -> None: ...


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _record_key(key_id: str) -> str:
    return f"apikey:{key_id}"


def _check_key_id(key_id: str) -> str:
    if not _KEY_ID.fullmatch(key_id):
        raise InvalidInput("id", f"{key_id[:80]!r} is not an API key id (16 hex digits)")
    return key_id


class ApiKeyStore:
    def __init__(self, storage: KeyStorage, clock: Callable[[], datetime]) -> None:
        self._storage = storage
        self._clock = clock
        # Creators in this process queue here instead of polling the lease.
        self._index_lock = asyncio.Lock()

    async def authenticate(self, token: str, default_org: str) -> Principal:
        """The principal of a key; raises `Unauthenticated` for anything but a live key."""
        if len(token) > MAX_TOKEN_CHARS:
            raise Unauthenticated(_NOT_VALID)
        match = _KEY.fullmatch(token)
        # Anything not shaped like a generated key can only be the configured bootstrap key.
        org, key_id = (match["org"], match["id"]) if match else (default_org, BOOTSTRAP_ID)
        record = await self._get(org, key_id)
        if (
            record is None
            or not hmac.compare_digest(record.sha256, _digest(token))
            or record.revoked_at is not None
            or record.org != org
        ):
            raise Unauthenticated(_NOT_VALID)
        return record.principal()

    async def create(
        self,
        org: str,
        name: str,
        permissions: frozenset[Permission],
        *,
        granted_by: Principal | None,
        projects: frozenset[str] = frozenset(),
    ) -> tuple[ApiKeyRecord, str]:
        """A new key of `org` and its secret text, which is returned here and nowhere else.
        `granted_by` None is the operator (`retentia keys create`). `projects` (checked and
        lowercased names) restricts the key to them; empty: every project of the org."""
        if granted_by is not None and not granted_by.may_grant(permissions, projects):
            wanted = ", ".join(sorted(permissions)) or "admin (every permission)"
            where = ", ".join(sorted(projects)) or "every project"
            raise Forbidden(
                "a key can grant only permissions it holds itself, on projects it may name; "
                f"this one cannot grant {wanted} on {where}"
            )
        key_id = secrets.token_hex(8)
        token = f"{KEY_PREFIX}{org}_{key_id}_{secrets.token_hex(32)}"
        record = build(
            ApiKeyRecord,
            id=key_id,
            org=org,
            name=name,
            permissions=tuple(sorted(permissions)),
            projects=tuple(sorted(projects)),
            sha256=_digest(token),
            created_at=self._clock(),
            created_by=None if granted_by is None else granted_by.key_id,
        )
        system = system_tenant(org)
        await self._add_to_index(system, key_id)
        await self._storage.put_config(system, _record_key(key_id), record.model_dump_json())
        log.info("API key %s created for org %s", key_id, org)
        return record, token

    async def list_keys(self, org: str) -> list[ApiKeyRecord]:
        """Every key of the org, revoked ones included, oldest first."""
        records = [await self._get(org, key_id) for key_id in await self._index(system_tenant(org))]
        return sorted((r for r in records if r is not None), key=lambda r: (r.created_at, r.id))

    async def revoke(self, org: str, key_id: str, *, by: Principal) -> ApiKeyRecord:
        """Revoke a key of the org (idempotent). A key revokes only keys whose permissions it
        could have granted. Another org's key is `NotFound`, like one that never existed."""
        record = await self._get(org, _check_key_id(key_id))
        if record is None:
            raise NotFound("API key", key_id)
        if not by.may_grant(frozenset(record.permissions), frozenset(record.projects)):
            raise Forbidden(
                f"API key {key_id!r} holds permissions this key lacks; it cannot revoke it"
            )
        if record.revoked_at is not None:
            return record
        revoked = record.model_copy(update={"revoked_at": self._clock()})
        await self._storage.put_config(
            system_tenant(org), _record_key(key_id), revoked.model_dump_json()
        )
        log.info("API key %s of org %s revoked", key_id, org)
        return revoked

    async def forget_project(self, org: str, project: str) -> list[ApiKeyRecord]:
        """Remove a dropped project from every key restricted to it; a key restricted to it
        alone is revoked too (an empty list would mean every project). The changed records."""
        changed = []
        for record in await self.list_keys(org):
            if project not in record.projects:
                continue
            rest = tuple(p for p in record.projects if p != project)
            update: dict[str, object] = {"projects": rest}
            if not rest and record.revoked_at is None:
                update["revoked_at"] = self._clock()
            updated = record.model_copy(update=update)
            await self._storage.put_config(
                system_tenant(org), _record_key(record.id), updated.model_dump_json()
            )
            changed.append(updated)
        if changed:
            log.info("project %s of org %s removed from %d API keys", project, org, len(changed))
        return changed

    async def install_bootstrap(self, org: str, token: str) -> None:
        """Store (the hash of) the configured bootstrap key as an admin key of `org`. A changed
        key replaces the old one; an unchanged one keeps its state, so a revoked bootstrap key
        stays revoked across restarts."""
        system = system_tenant(org)
        current = await self._get(org, BOOTSTRAP_ID)
        if current is not None and hmac.compare_digest(current.sha256, _digest(token)):
            if current.revoked_at is not None:
                log.warning("RETENTIA_BOOTSTRAP_KEY was revoked and stays revoked; unset it")
            return
        record = ApiKeyRecord(
            id=BOOTSTRAP_ID,
            org=org,
            name="bootstrap (RETENTIA_BOOTSTRAP_KEY)",
            permissions=(),
            sha256=_digest(token),
            created_at=self._clock(),
        )
        await self._add_to_index(system, BOOTSTRAP_ID)
        await self._storage.put_config(system, _record_key(BOOTSTRAP_ID), record.model_dump_json())
        log.info("bootstrap API key stored (hashed) for org %s", org)

    async def _get(self, org: str, key_id: str) -> ApiKeyRecord | None:
        try:
            system = system_tenant(org)
        except InvalidInput:
            return None
        raw = await self._storage.get_config(system, _record_key(key_id))
        if raw is None:
            return None
        try:
            return ApiKeyRecord.model_validate_json(raw)
        except ValidationError as e:
            raise RetentiaError(f"the stored record of API key {key_id!r} is corrupt") from e

    async def _index(self, system: Tenant) -> list[str]:
        raw = await self._storage.get_config(system, _INDEX_KEY)
        ids = json.loads(raw) if raw else []
        return [str(i) for i in ids]

    async def _add_to_index(self, system: Tenant, key_id: str) -> None:
        owner = uuid.uuid4().hex
        async with self._index_lock:
            deadline = time.monotonic() + _LEASE_WAIT_S
            while not await self._storage.acquire_lease(
                system, _INDEX_LEASE, owner, self._clock(), _LEASE_TTL
            ):
                if time.monotonic() > deadline:
                    raise Conflict(
                        f"the key index of org {system.org!r} stayed locked for "
                        f"{_LEASE_WAIT_S:g} s; retry"
                    )
                await asyncio.sleep(0.05)
            try:
                ids = await self._index(system)
                if key_id not in ids:
                    await self._storage.put_config(system, _INDEX_KEY, json.dumps([*ids, key_id]))
            finally:
                await self._storage.release_lease(system, _INDEX_LEASE, owner)


async def authenticate(
    keys: ApiKeyStore, authorization: str | None, default_org: str, request_id: str
) -> Principal | AuthError:
    """The principal behind an `Authorization` header value, or why there is none. Never
    raises: any failure to authenticate, the database's included, denies."""
    if not authorization:
        return Unauthenticated("no API key: send the header 'Authorization: Bearer <key>'")
    scheme, _, token = authorization.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        return Unauthenticated("the Authorization header must read 'Bearer <key>'")
    try:
        return await keys.authenticate(token.strip(), default_org)
    except Unauthenticated as e:
        return e
    except Exception:  # any infrastructure failure denies; logged and counted, never a 500
        log.exception("authentication failed (request %s)", request_id)
        DENIALS.labels(reason="unavailable").inc()
        return AuthenticationUnavailable(
            f"authentication is unavailable right now (request {request_id}); retry later"
        )

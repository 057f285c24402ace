"""Erasing a subject, and the project's erasure audit lines (docs/adr/0018).

`project:manage`, as dropping a project: an erase deletes what other writers stored (every
memory naming the subject, whoever wrote it) and cannot be undone or retried into the
previous state, so it belongs to the keys that administer a project, not to every key that
writes to it."""

from __future__ import annotations

from typing import Annotated

import strawberry

from service.api.errors import maps_errors
from service.api.resolvers._common import MANAGE, Info
from service.api.types.enums import MemoryErasure
from service.api.types.erasure import ErasureList, ErasureType
from service.api.types.results import EraseSubjectResult, ErasuresResult
from service.usecases.auth import Principal


def who(principal: Principal) -> str:
    """How an audit line names the caller: its key id (`development` without keys)."""
    return principal.key_id or "development"


@strawberry.type
class ErasureQuery:
    @strawberry.field(
        description="The project's erasures, newest first: when, by whom and how many of each "
        "kind went, never what. With `subject`, only the erasures of that name (as the "
        "subject or one of its aliases)."
    )
    @maps_errors
    async def erasures(self, info: Info, subject: str | None = None) -> ErasuresResult:
        tenant = info.context.require(MANAGE).tenant()
        found = await info.context.services.erasure.erasures(tenant, subject)
        return ErasureList(erasures=[ErasureType.from_domain(e) for e in found])


@strawberry.type
class ErasureMutation:
    @strawberry.mutation(
        description="Erase a person or thing from the project, irreversibly: the facts with it "
        "as subject or object (every state), its entity and RELATES edges, the fact vectors, the "
        "memories that name it or assert a fact about it (or, with `memories: REDACT`, only "
        "the name in them), their tombstones, extraction and idempotency records. Afterwards "
        "no read returns any of it. Each of `aliases` is erased exactly as `entity`. Returns "
        "the receipt, also kept as an audit line without the names; the receipt also lists "
        "`possibleAliases`, names still held that may be other names of the subject."
    )
    @maps_errors
    async def erase_subject(
        self,
        info: Info,
        entity: str,
        memories: MemoryErasure = MemoryErasure.DELETE,
        aliases: Annotated[
            list[str] | None,
            strawberry.argument(
                description='Other names of the subject ("Mel" for "Melanie"): the memories '
                "and facts naming any of them are erased as those naming `entity`."
            ),
        ] = None,
    ) -> EraseSubjectResult:
        grant = info.context.require(MANAGE)
        erasure = await info.context.services.erasure.erase_subject(
            grant.tenant(),
            entity,
            aliases=aliases or (),
            memories=memories,
            by=who(grant.principal),
        )
        return ErasureType.from_domain(erasure)

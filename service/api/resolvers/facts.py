"""Facts: read them at an instant or over a range, a slot's history and an entity; write them
through the one supersession path, retract one, register functional predicates."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated

import strawberry

from schema import NotFound
from schema.facts import FactWriter
from schema.values import check_optional_instant
from service.api import cursors
from service.api.errors import maps_errors
from service.api.limits import check_count, check_page
from service.api.resolvers._common import READ, WRITE, IdempotencyKey, Info
from service.api.types.enums import FactState
from service.api.types.facts import (
    EntityType,
    FactBatchType,
    FactInput,
    FactList,
    FactType,
    PredicateList,
    fact_position,
)
from service.api.types.results import (
    EntityResult,
    FactsResult,
    IngestFactsResult,
    PredicatesResult,
    RetractFactResult,
)
from service.usecases.auth import Permission


@strawberry.type
class FactQuery:
    @strawberry.field(
        description="Facts true at `asOf` (now when neither an instant nor a range is given), "
        "or effective at some instant of [from, to) — facts superseded part-way included. "
        "Filters: subject, predicate, entity (as subject or object), states. Newest first (by "
        "validFrom, then recordedAt, then id), `first` at a time: pass `pageInfo.endCursor` "
        "as `after` for the next page."
    )
    @maps_errors
    async def facts(
        self,
        info: Info,
        subject: str | None = None,
        predicate: str | None = None,
        entity: str | None = None,
        as_of: datetime | None = None,
        from_: Annotated[datetime | None, strawberry.argument(name="from")] = None,
        to: datetime | None = None,
        states: list[FactState] | None = None,
        first: int = 100,
        after: str | None = None,
        limit: Annotated[
            int | None, strawberry.argument(deprecation_reason="Use `first` (and `after`).")
        ] = None,
    ) -> FactsResult:
        tenant = info.context.require(READ).tenant()
        argument, size = ("first", first) if limit is None else ("limit", limit)
        size = check_page("facts", argument, size)
        as_of = check_optional_instant("asOf", as_of)
        from_ = check_optional_instant("from", from_)
        to = check_optional_instant("to", to)
        scope = cursors.scope_of(subject, predicate, entity, as_of, from_, to, states)
        facts = await info.context.services.facts.facts(
            tenant,
            subject=subject,
            predicate=predicate,
            entity=entity,
            at=as_of,
            start=from_,
            end=to,
            states=list(states) if states else None,
            limit=size + 1,
            after=fact_position("facts", scope, after),
        )
        return FactList.from_domain(facts, size, "facts", scope)

    @strawberry.field(
        description="Every version of a slot (subject, predicate) ever recorded, oldest first "
        "(by validFrom, then recordedAt, then id): superseded, retracted and expired ones "
        "included, `first` at a time: pass `pageInfo.endCursor` as `after` for the next page."
    )
    @maps_errors
    async def fact_history(
        self,
        info: Info,
        subject: str,
        predicate: str,
        first: int = 1_000,
        after: str | None = None,
    ) -> FactsResult:
        tenant = info.context.require(READ).tenant()
        size = check_page("factHistory", "first", first)
        scope = cursors.scope_of(subject, predicate)
        facts = await info.context.services.facts.slot_history(
            tenant,
            subject,
            predicate,
            limit=size + 1,
            after=fact_position("factHistory", scope, after),
        )
        return FactList.from_domain(facts, size, "factHistory", scope)

    @strawberry.field(description="An entity by name, with every fact about it, oldest first.")
    @maps_errors
    async def entity(self, info: Info, name: str) -> EntityResult:
        tenant = info.context.require(READ).tenant()
        service = info.context.services.facts
        found = await service.entity(tenant, name)
        if found is None:
            raise NotFound("entity", name)
        return EntityType.from_domain(found, await service.entity_history(tenant, name))


@strawberry.type
class FactMutation:
    @strawberry.mutation(
        description="Write facts through the one supersession path. One result per fact "
        "(inserted, superseded, skipped, softConflict or error with its reason) and the "
        "counts; a bad fact never costs the batch its good ones, and a retried batch changes "
        "nothing."
    )
    @maps_errors
    async def ingest_facts(
        self, info: Info, facts: list[FactInput], idempotency_key: IdempotencyKey = None
    ) -> IngestFactsResult:
        tenant = info.context.require(WRITE).tenant()
        result = await info.context.services.writes.ingest_facts(
            tenant, [f.to_dict() for f in facts], FactWriter.API, key=idempotency_key
        )
        return FactBatchType.from_domain(result)

    @strawberry.mutation(
        description="Retract a fact at `at` (now by default): it leaves every instant from then "
        "on and stays in every earlier one; its derived edge closes at `at`. A superseded fact "
        "still in effect at `at` retracts too; one that has ended by `at` is returned as it is."
    )
    @maps_errors
    async def retract_fact(
        self, info: Info, id: strawberry.ID, at: datetime | None = None
    ) -> RetractFactResult:
        tenant = info.context.require(WRITE).tenant()
        at = check_optional_instant("at", at)
        return FactType.from_domain(
            await info.context.services.writes.retract_fact(tenant, str(id), at)
        )

    @strawberry.mutation(
        description="Register predicates as single-valued for the tenant (a new value replaces "
        "the old one) and apply that to the facts already stored: each subject's values of "
        "the predicate become one timeline, the newest start holding and the others closing at "
        "their successor's start. Idempotent. Returns the tenant's registered list and the "
        "facts it closed; `dryRun` reports them and changes nothing."
    )
    @maps_errors
    async def register_functional_predicates(
        self, info: Info, predicates: list[str], dry_run: bool = False
    ) -> PredicatesResult:
        tenant = info.context.require(Permission.CONFIGURATION_WRITE).tenant()
        check_count("predicates", predicates)
        done = await info.context.services.writes.register_functional(
            tenant, predicates, dry_run=dry_run
        )
        return PredicateList(
            predicates=done.predicates,
            closed=[FactType.from_domain(f) for f in done.closed],
            dry_run=done.dry_run,
        )

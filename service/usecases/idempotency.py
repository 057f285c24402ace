"""Idempotency keys: a write sent again under the same key answers what the first one did and
writes nothing more.

A keyed write first *claims* its key in the tenant's own database: an `IdempotencyRecord`,
pending, with the hash of the request and its *plan* — the ids of the memories it will create,
drawn before anything is written. Then it writes, with exactly those ids, and records its
answer (the record is done). Whatever happens in between, a retry resolves it:

- done: the recorded answer, nothing written;
- another request under the key (another hash): `IdempotencyConflict`, not retryable;
- pending, and the planned memories exist (the writer died between its write and its answer,
  or is about to answer): the request is finished from the plan — a store of an id that already
  exists reads it back instead of writing it — and that answer recorded and returned;
- pending, nothing visible yet, claimed less than `pending_timeout` ago (the first request is
  still writing): `IdempotencyConflict`, retryable;
- pending and older than that: the writer is presumed dead; the retry takes the claim over
  (one taker wins) and writes the plan — the same ids, so even a writer that was only slow
  and still lands its write leaves one memory.

So a kill between the write and the reply, then a retry, never leaves two memories, and of
two requests with one key at once one writes and the other gets the same memory or a
retryable `Conflict`. A request that fails before writing (invalid input, a missing memory)
gives its key back, so a corrected retry may use it; a backend failure keeps the claim, whose
plan the retry then finishes. Records expire after `window`; expired ones are removed lazily:
the next claim of a key replaces its expired record, and a claim purges the tenant's expired
records at most once per `purge_interval` in each process.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass, fields, is_dataclass, replace
from datetime import datetime, timedelta
from enum import Enum
from typing import Any, Generic, TypeVar

from pydantic import BaseModel, TypeAdapter

from graph_backends import IdempotencyRepository
from schema import Conflict, InvalidInput, MemoryEdge, NotFound, RetentiaError, Tenant
from schema.facts import FactBatchResult, FactWriter
from schema.idempotency import (
    IdempotencyConflict,
    IdempotencyRecord,
    IdempotencyState,
    check_idempotency_key,
)
from schema.values import new_memory_id
from service.usecases.facts import FactService, FaultHook
from service.usecases.memories import LinkRequest, MemoryService, StoreRequest, StoreResult
from service.usecases.store import Stored, StoreService

Clock = Callable[[], datetime]
T = TypeVar("T")
A = TypeVar("A")
#: The named point between a keyed write and the record of its answer (a test kills there).
BEFORE_ANSWER = "before_idempotent_answer"


@dataclass(frozen=True, slots=True)
class IdempotencyPolicy:
    #: How long a key's record (and so its answer) is kept.
    window: timedelta = timedelta(hours=24)
    #: How long a pending claim's writer is presumed alive (a retry before then, with nothing
    #: written yet, is a retryable `Conflict`).
    pending_timeout: timedelta = timedelta(seconds=60)
    #: How often a process purges a tenant's expired records, at most.
    purge_interval: timedelta = timedelta(hours=1)


def _canonical(value: Any) -> Any:
    """JSON-ready and order-independent where order means nothing (mapping keys)."""
    if isinstance(value, BaseModel):
        return _canonical(value.model_dump())
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: _canonical(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(k): _canonical(v) for k, v in sorted(value.items(), key=lambda i: str(i[0]))}
    if isinstance(value, list | tuple):
        return [_canonical(v) for v in value]
    if isinstance(value, set | frozenset):
        return sorted(_canonical(v) for v in value)
    if isinstance(value, float) and not math.isfinite(value):
        return str(value)
    return value


def request_hash(operation: str, body: object) -> str:
    """What tells one request from another under a key: the operation and its body."""
    text = json.dumps([operation, _canonical(body)], sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# -- answers as JSON ---------------------------------------------------------------------------

_STORED: TypeAdapter[Stored] = TypeAdapter(Stored)
_STORE_RESULT: TypeAdapter[StoreResult] = TypeAdapter(StoreResult)
_EDGES: TypeAdapter[list[MemoryEdge]] = TypeAdapter(list[MemoryEdge])


def _lean(result: StoreResult) -> StoreResult:
    """Without the embedding: no answer shows it, and it is most of a memory's bytes."""
    return replace(result, memory=result.memory.model_copy(update={"embedding": None}))


def _error_json(error: RetentiaError) -> dict[str, str]:
    if isinstance(error, InvalidInput):
        return {"error": "invalid_input", "field": error.field, "message": error.message}
    if isinstance(error, NotFound):
        return {"error": "not_found", "kind": error.kind, "key": error.key}
    if isinstance(error, Conflict):
        return {"error": "conflict", "message": str(error)}
    return {"error": "other", "message": str(error)}


def _error(data: Mapping[str, str]) -> RetentiaError:
    match data["error"]:
        case "invalid_input":
            return InvalidInput(data["field"], data["message"])
        case "not_found":
            return NotFound(data["kind"], data["key"])
        case "conflict":
            return Conflict(data["message"])
        case _:
            return RetentiaError(data["message"])


def _encode_stored(stored: Stored) -> str:
    return _STORED.dump_json(replace(stored, result=_lean(stored.result))).decode()


def _encode_each(items: Sequence[Stored | RetentiaError]) -> str:
    return json.dumps(
        [
            _error_json(i)
            if isinstance(i, RetentiaError)
            else {"stored": json.loads(_encode_stored(i))}
            for i in items
        ]
    )


def _decode_each(text: str) -> list[Stored | RetentiaError]:
    return [
        _STORED.validate_python(i["stored"]) if "stored" in i else _error(i)
        for i in json.loads(text)
    ]


@dataclass(frozen=True, slots=True)
class _Operation(Generic[A]):
    """One keyed write: its name and body (hashed), how many memory ids it plans, how to run
    it with them (safe to run again: it must create nothing a second time), how to tell that a
    run landed, and its answer as JSON."""

    name: str
    body: object
    planned: int
    run: Callable[[tuple[str, ...]], Awaitable[A]]
    landed: Callable[[tuple[str, ...]], Awaitable[bool]] | None
    encode: Callable[[A], str]
    decode: Callable[[str], A]


class IdempotentWrites:
    """The writes that take an idempotency key: store, store each, amend, link, ingest facts.
    Without a key each is the plain use case."""

    def __init__(
        self,
        repository: IdempotencyRepository,
        memories: MemoryService,
        stores: StoreService,
        facts: FactService,
        clock: Clock,
        policy: IdempotencyPolicy | None = None,
        *,
        fault: FaultHook | None = None,
    ) -> None:
        self._repository = repository
        self._memories = memories
        self._stores = stores
        self._facts = facts
        self._clock = clock
        self._policy = policy or IdempotencyPolicy()
        self._fault = fault
        self._purged: dict[str, datetime] = {}

    @property
    def policy(self) -> IdempotencyPolicy:
        return self._policy

    # -- the writes ------------------------------------------------------------------------

    async def store(
        self,
        tenant: Tenant,
        request: StoreRequest,
        facts: Sequence[Any] = (),
        *,
        key: str | None = None,
        field: str = "idempotencyKey",
    ) -> Stored:
        if key is None:
            return await self._stores.store(tenant, request, facts)

        async def run(ids: tuple[str, ...]) -> Stored:
            return await self._stores.store(tenant, request, facts, memory_id=ids[0])

        return await self._once(
            tenant,
            key,
            field,
            _Operation(
                "store",
                {"request": request, "facts": list(facts)},
                1,
                run,
                self._any_exists(tenant),
                _encode_stored,
                _STORED.validate_json,
            ),
        )

    async def store_each(
        self,
        tenant: Tenant,
        items: Sequence[tuple[StoreRequest, Sequence[Any]]],
        *,
        key: str | None = None,
        field: str = "idempotencyKey",
    ) -> list[Stored | RetentiaError]:
        if key is None:
            return await self._stores.store_each(tenant, items)

        async def run(ids: tuple[str, ...]) -> list[Stored | RetentiaError]:
            return await self._stores.store_each(tenant, items, memory_ids=ids)

        return await self._once(
            tenant,
            key,
            field,
            _Operation(
                "store_each",
                [{"request": r, "facts": list(f)} for r, f in items],
                len(items),
                run,
                self._any_exists(tenant),
                _encode_each,
                _decode_each,
            ),
        )

    async def amend(
        self,
        tenant: Tenant,
        memory_id: str,
        content: str,
        reason: str | None = None,
        *,
        key: str | None = None,
        field: str = "idempotencyKey",
    ) -> StoreResult:
        if key is None:
            return await self._memories.amend(tenant, memory_id, content, reason)

        async def run(ids: tuple[str, ...]) -> StoreResult:
            return await self._memories.amend(tenant, memory_id, content, reason, new_id=ids[0])

        return await self._once(
            tenant,
            key,
            field,
            _Operation(
                "amend",
                {"memory": memory_id, "content": content, "reason": reason},
                1,
                run,
                self._any_exists(tenant),
                lambda r: _STORE_RESULT.dump_json(_lean(r)).decode(),
                _STORE_RESULT.validate_json,
            ),
        )

    async def link(
        self,
        tenant: Tenant,
        edges: Sequence[LinkRequest],
        *,
        key: str | None = None,
        field: str = "idempotencyKey",
    ) -> list[MemoryEdge]:
        """Linking again creates no second edge (an edge is refreshed), so a pending claim
        is finished by linking again once its writer is presumed dead."""
        if key is None:
            return await self._memories.link(tenant, edges)

        async def run(_: tuple[str, ...]) -> list[MemoryEdge]:
            return await self._memories.link(tenant, edges)

        return await self._once(
            tenant,
            key,
            field,
            _Operation(
                "link",
                list(edges),
                0,
                run,
                None,
                lambda e: _EDGES.dump_json(e).decode(),
                _EDGES.validate_json,
            ),
        )

    async def ingest_facts(
        self,
        tenant: Tenant,
        facts: Sequence[Mapping[str, Any]],
        writer: FactWriter,
        *,
        key: str | None = None,
        field: str = "idempotencyKey",
    ) -> FactBatchResult:
        """A fact batch written again records nothing new (each fact's fingerprint is
        recorded), so a pending claim is finished by writing it again once its writer is
        presumed dead; that answer counts the facts as already recorded."""
        if key is None:
            return await self._facts.apply_facts(tenant, facts, writer)

        async def run(_: tuple[str, ...]) -> FactBatchResult:
            return await self._facts.apply_facts(tenant, facts, writer)

        return await self._once(
            tenant,
            key,
            field,
            _Operation(
                "ingest_facts",
                {"facts": list(facts), "writer": writer},
                0,
                run,
                None,
                lambda r: r.model_dump_json(),
                FactBatchResult.model_validate_json,
            ),
        )

    # -- the protocol ----------------------------------------------------------------------

    def _any_exists(self, tenant: Tenant) -> Callable[[tuple[str, ...]], Awaitable[bool]]:
        async def landed(ids: tuple[str, ...]) -> bool:
            return bool(ids) and bool(await self._memories.repository.existing_ids(tenant, ids))

        return landed

    async def _once(self, tenant: Tenant, key: str, field: str, op: _Operation[T]) -> T:
        check_idempotency_key(key, field)
        hashed = request_hash(op.name, op.body)
        now = self._clock()
        await self._purge(tenant, now)
        plan = tuple(new_memory_id() for _ in range(op.planned))
        held = await self._repository.claim_idempotency_key(
            tenant,
            IdempotencyRecord(
                key=key,
                request_hash=hashed,
                state=IdempotencyState.PENDING,
                plan=json.dumps(plan),
                claimed_at=now,
                expires_at=now + self._policy.window,
            ),
        )
        if held is not None:
            if held.request_hash != hashed:
                raise IdempotencyConflict(
                    key,
                    f"idempotency key {key!r} was used for a different request (until "
                    f"{held.expires_at.isoformat()}); send a new key with a new request",
                    retryable=False,
                )
            if held.state is IdempotencyState.DONE and held.answer is not None:
                return op.decode(held.answer)
            plan = tuple(json.loads(held.plan))
            if op.landed is None or not await op.landed(plan):
                await self._take_over(tenant, key, held, now)
        try:
            answer = await op.run(plan)
        except (InvalidInput, NotFound, Conflict):
            # Refused before anything was written: the key is free for a corrected request.
            await self._repository.release_idempotency_key(tenant, key, hashed)
            raise
        await self._hit(BEFORE_ANSWER)
        encoded = op.encode(answer)
        recorded = await self._repository.complete_idempotency_key(tenant, key, hashed, encoded)
        # What every retry will get, to the byte (the memory without its embedding): the first
        # answer recorded, which is another writer's when a retry finished this plan beside
        # its first writer (its machine-made links read back, perhaps in another order).
        return op.decode(encoded if recorded is None else recorded)

    async def _take_over(
        self, tenant: Tenant, key: str, held: IdempotencyRecord, now: datetime
    ) -> None:
        """Take a pending claim whose write has not landed over, if its writer is presumed
        dead; else a retryable `IdempotencyConflict`."""
        busy = IdempotencyConflict(
            key,
            f"a request with idempotency key {key!r} is still being written; retry in a "
            "moment for its answer",
            retryable=True,
        )
        if now - held.claimed_at < self._policy.pending_timeout:
            raise busy
        if not await self._repository.take_over_idempotency_key(tenant, key, held.claimed_at, now):
            raise busy

    async def _purge(self, tenant: Tenant, now: datetime) -> None:
        last = self._purged.get(tenant.key)
        if last is not None and now - last < self._policy.purge_interval:
            return
        self._purged[tenant.key] = now
        await self._repository.purge_idempotency_keys(tenant, now)

    async def _hit(self, point: str) -> None:
        if self._fault is not None:
            outcome = self._fault(point)
            if outcome is not None:
                await outcome

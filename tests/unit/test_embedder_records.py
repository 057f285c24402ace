"""The embedder record kept per tenant: used without a read for `ttl` seconds (a recall's check
costs a dictionary lookup), read again after that (another process's migration shows within
the bound), and read again at once before it refuses anything (a record kept from before a
migration never refuses the migrated model)."""

from __future__ import annotations

import pytest

from schema import Tenant, build
from service.mcp.failures import error_code, retryable_after
from service.usecases.embedder_records import (
    RECORD_KEY,
    EmbedderGuard,
    EmbedderMismatch,
    EmbedderRecord,
    Migration,
)

TENANT = build(Tenant, org="acme", project="p1")
OLD = EmbedderRecord("local:old", 384)
NEW = EmbedderRecord("local:new", 384)


class Store:
    def __init__(self) -> None:
        self.entries: dict[tuple[str, str], str] = {}
        self.reads = 0

    async def get_config(self, tenant: Tenant, key: str) -> str | None:
        self.reads += 1
        return self.entries.get((tenant.key, key))

    async def put_config(self, tenant: Tenant, key: str, value: str) -> None:
        self.entries[(tenant.key, key)] = value

    def record(self, record: EmbedderRecord) -> None:
        self.entries[(TENANT.key, RECORD_KEY)] = record.to_json()


class Ticks:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def guard(store: Store, record: EmbedderRecord, clock: Ticks) -> EmbedderGuard:
    return EmbedderGuard(store, record.name, record.dimension, ttl=2.0, clock=clock)


async def test_a_kept_record_is_used_for_its_ttl_then_read_again() -> None:
    store, clock = Store(), Ticks()
    store.record(OLD)
    old = guard(store, OLD, clock)
    assert await old.search_refusal(TENANT) is None
    clock.now = 1.9
    assert await old.search_refusal(TENANT) is None
    assert store.reads == 1
    store.record(OLD.migrating(Migration(NEW.name, NEW.dimension)))  # another process
    assert await old.search_refusal(TENANT) is None  # still within the bound
    clock.now = 2.0
    refusal = await old.search_refusal(TENANT)
    assert isinstance(refusal, EmbedderMismatch) and not refusal.retryable
    with pytest.raises(EmbedderMismatch, match="being re-embedded"):
        await old.check_write(TENANT)
    new = guard(store, NEW, clock)
    await new.check_write(TENANT)  # the model it moves to writes, and searches after it
    waiting = await new.search_refusal(TENANT)
    assert isinstance(waiting, EmbedderMismatch) and waiting.retryable


async def test_a_refusal_reads_the_record_again_first() -> None:
    store, clock = Store(), Ticks()
    store.record(OLD)
    new = guard(store, NEW, clock)
    assert isinstance(await new.search_refusal(TENANT), EmbedderMismatch)
    store.record(NEW)  # the migration ended in another process
    assert await new.search_refusal(TENANT) is None
    await new.check_write(TENANT)
    assert store.reads == 3  # one kept, one before the refusal, one before the answer


async def test_the_first_write_records_the_running_model_and_a_read_writes_nothing() -> None:
    store, clock = Store(), Ticks()
    new = guard(store, NEW, clock)
    assert await new.search_refusal(TENANT) is None
    assert store.entries == {}
    await new.check_write(TENANT)
    assert EmbedderRecord.from_json(store.entries[(TENANT.key, RECORD_KEY)]) == NEW


def test_a_record_reads_back_as_written() -> None:
    moving = OLD.migrating(Migration("local:new", 384, "facts", "f9", 12))
    assert EmbedderRecord.from_json(moving.to_json()) == moving
    assert moving.writable_by("local:new", 384) and not moving.writable_by("local:old", 384)
    assert not moving.searchable_by("local:new", 384)
    assert not moving.searchable_by("local:old", 384)


def test_mcp_says_retryable_only_for_the_model_a_migration_moves_to() -> None:
    """The same call in this process succeeds again only where it runs the new model (once
    the migration ends); an old-model process must be run with another model."""
    moving = OLD.migrating(Migration(NEW.name, NEW.dimension))
    old = EmbedderMismatch(TENANT, moving, OLD.name, OLD.dimension)
    new = EmbedderMismatch(TENANT, moving, NEW.name, NEW.dimension)
    settled = EmbedderMismatch(TENANT, NEW, OLD.name, OLD.dimension)
    assert error_code(old) == "Conflict"
    assert [retryable_after(e, read=True) for e in (old, new, settled)] == [False, True, False]
    assert "retentia embedder migrate --org acme --project p1" in str(settled)

"""A history file (docs/ndjson-format.md, mode `history`) imported on every backend: its
memories are stored with the file's creation instants, sessions and entities, its edges link
them by client id (a forward reference included), its facts name their source by client id, its
settings apply; each bad record is rejected with its line and reason and costs no good one (an
edge whose memory was rejected is rejected saying so); importing the same file again imports
nothing and changes nothing, every item reported skipped."""

from __future__ import annotations

import json
from datetime import timedelta

import pytest

from graph_backends import Backend
from schema import EdgeType, InvalidInput, Tenant
from schema.facts import FactQuery
from service.engine.settings import EngineSettings
from service.usecases.core_preferences import CorePreferencesService
from service.usecases.extraction import MemoryFactWriter
from service.usecases.facts import FactService
from service.usecases.history_import import HistoryImporter, memory_id_for, open_history
from service.usecases.memories import MemoryService
from service.usecases.ndjson import ImportReport
from service.usecases.store import StoreService
from tests.engine_support import Clock, HashEmbedder
from tests.factories import T0

YEAR_AGO = T0 - timedelta(days=365)
ENGINE = EngineSettings(auto_link_max_per_store=0)


def at(days: int) -> str:
    return (YEAR_AGO + timedelta(days=days)).isoformat()


def history_file() -> list[str]:
    records: list[dict[str, object]] = [
        {"kind": "header", "format": "retentia-ndjson", "version": 1, "mode": "history"},
        {"kind": "functional_predicates", "predicates": ["lives in"]},
        {"kind": "core_preferences", "auto": ["preferences_habits"], "excluded": ["obligations"]},
        {
            "kind": "memory",
            "id": "m1",
            "content": "Zoe moved to Lisbon for the new job",
            "created_at": at(0),
            "session": "s1",
            "entities": ["Zoe", "Lisbon"],
        },
        # A forward reference: m3 comes later in the file.
        {"kind": "edge", "source": "m3", "target": "m1", "type": "CAUSED_BY", "reason": "job"},
        {
            "kind": "memory",
            "id": "m2",
            "content": "Zoe found a flat near the river",
            "created_at": at(1),
            "session": "s1",
            "entities": ["Zoe"],
        },
        {"kind": "edge", "source": "m2", "target": "m1", "type": "SUPPORTS"},
        {
            "kind": "fact",
            "subject": "Zoe",
            "predicate": "lives in",
            "object": "Lisbon",
            "valid_from": at(0),
            "source": "m1",
        },
        {
            "kind": "memory",
            "id": "bad",
            "content": "from the future",
            "created_at": "2999-01-01T00:00:00+00:00",
        },
        {"kind": "edge", "source": "bad", "target": "m1", "type": "SUPPORTS"},
        {"kind": "memory", "id": "m1", "content": "a second memory with a used id"},
        {"kind": "edge", "source": "m1", "target": "m2", "type": "NOT_A_TYPE"},
        {"kind": "edge", "source": "m1", "target": "nowhere", "type": "SUPPORTS"},
        {"kind": "fact", "subject": "Zoe", "predicate": "", "object": "x"},
        {"kind": "memmory", "id": "typo", "content": "?"},
        {
            "kind": "memory",
            "id": "m3",
            "content": "Zoe was offered a job at a Lisbon studio",
            "created_at": at(2),
            "session": "s2",
            "entities": ["Zoe"],
        },
        {
            "kind": "fact",
            "subject": "Zoe",
            "predicate": "works at",
            "object": "Lisbon Studio",
            "source": "m3",
        },
    ]
    return [json.dumps(r) for r in records] + ["{not json"]


def importer(repository: Backend, clock: Clock) -> HistoryImporter:
    memories = MemoryService(repository, HashEmbedder(), clock, ENGINE)
    facts = FactService(repository, clock, ENGINE)
    return HistoryImporter(
        memories,
        StoreService(memories, MemoryFactWriter(facts)),
        facts,
        CorePreferencesService(memories),
    )


async def run(repository: Backend, tenant: Tenant, batch: int = 3) -> ImportReport:
    header, records = open_history(history_file())
    assert header.mode == "history"
    return await importer(repository, Clock(T0)).run(tenant, records, batch=batch)


async def state(repository: Backend, tenant: Tenant) -> tuple[object, ...]:
    memories = sorted(
        (m.model_dump(exclude={"embedding"}) for m in await repository.all_memories(tenant)),
        key=lambda m: str(m["id"]),
    )
    ids = [str(m["id"]) for m in memories]
    edges = sorted(e.model_dump_json() for e in await repository.edges_among(tenant, ids))
    facts = sorted(
        f.model_dump_json() for f in await repository.find_facts(tenant, FactQuery(limit=1000))
    )
    config = [
        await repository.get_config(tenant, k)
        for k in ("core_preferences", "functional_predicates")
    ]
    return memories, edges, facts, config


async def test_a_history_file_is_imported_with_its_own_time(
    repository: Backend, tenant: Tenant
) -> None:
    """Memories keep the file's instants, sessions and entities under ids derived from their
    client ids; edges (the forward one too) and facts land on them; settings apply; each bad
    record is in the report with its line, and the good ones are all there."""
    report = await run(repository, tenant)

    assert report.imported == {
        "memory": 3,
        "edge": 2,
        "fact": 2,
        "core_preferences": 1,
        "functional_predicates": 1,
    }
    assert not report.skipped
    rejected = {r.line: (r.kind, r.reason) for r in report.rejected}
    assert sorted(rejected) == [9, 10, 11, 12, 13, 14, 15, 18]
    assert "created_at" in rejected[9][1] and "future" in rejected[9][1]
    assert "'bad'" in rejected[10][1] and "rejected" in rejected[10][1]
    assert "line 4" in rejected[11][1]
    assert "type" in rejected[12][1]
    assert "nowhere" in rejected[13][1]
    assert rejected[14][0] == "fact" and "predicate" in rejected[14][1]
    assert "unknown kind 'memmory'" in rejected[15][1]
    assert rejected[18][0] == "line" and "not JSON" in rejected[18][1]

    m1, m2, m3 = (memory_id_for(tenant, c) for c in ("m1", "m2", "m3"))
    got = {m.id: m for m in await repository.get_memories(tenant, [m1, m2, m3]) if m}
    assert got[m1].created_at == YEAR_AGO
    assert got[m2].created_at == YEAR_AGO + timedelta(days=1)
    assert got[m1].source_session == got[m2].source_session == "s1"
    assert got[m1].entities == ("Zoe", "Lisbon")
    edges = {
        (e.source, e.target, e.type) for e in await repository.edges_among(tenant, [m1, m2, m3])
    }
    assert {(m3, m1, EdgeType.CAUSED_BY), (m2, m1, EdgeType.SUPPORTS)} <= edges
    # The session chain of s1, made by the store path as for a client.
    assert (m1, m2, EdgeType.TEMPORAL_SEQUENCE) in edges
    facts = await repository.find_facts(tenant, FactQuery(limit=100))
    by_predicate = {f.predicate: f for f in facts}
    assert by_predicate["lives in"].source == m1
    assert by_predicate["lives in"].valid_from == YEAR_AGO
    assert by_predicate["lives in"].single_valued  # registered before the fact came
    assert by_predicate["works at"].source == m3
    prefs = json.loads(await repository.get_config(tenant, "core_preferences") or "{}")
    assert prefs["auto"] == ["preferences_habits"] and prefs["excluded"] == ["obligations"]


async def test_importing_the_same_file_again_changes_nothing(
    repository: Backend, tenant: Tenant
) -> None:
    """A re-run (what a resumed import is) imports nothing, reports every item it had imported
    as skipped and every bad record rejected again, and leaves the stored state as it was —
    with another batch size too."""
    first = await run(repository, tenant, batch=3)
    before = await state(repository, tenant)

    again = await run(repository, tenant, batch=100)

    assert not again.imported
    assert again.skipped == first.imported
    assert [(r.line, r.reason) for r in again.rejected] == [
        (r.line, r.reason) for r in first.rejected
    ]
    assert await state(repository, tenant) == before


async def test_a_client_id_reused_for_other_content_is_rejected(
    repository: Backend, tenant: Tenant
) -> None:
    """A second file that gives a stored memory's client id to other content does not
    overwrite or skip it silently: the record is rejected, naming the id."""
    await run(repository, tenant)
    _, records = open_history([json.dumps({"kind": "memory", "id": "m1", "content": "other"})])
    report = await importer(repository, Clock(T0)).run(tenant, records)
    assert not report.imported and not report.skipped
    assert "'m1'" in report.rejected[0].reason and "other content" in report.rejected[0].reason


def test_a_file_that_is_not_ndjson_is_refused() -> None:
    """A first line that is not JSON, or a header of an unknown version, is a file error."""
    with pytest.raises(InvalidInput, match="line 1"):
        open_history(["hello"])
    with pytest.raises(InvalidInput, match="version 9"):
        open_history([json.dumps({"kind": "header", "format": "retentia-ndjson", "version": 9})])

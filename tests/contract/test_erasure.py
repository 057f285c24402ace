"""Erasing a subject on every backend (docs/adr/0018): the receipt counts each kind of record
that went, and afterwards no read of any kind — recall, search, facts in every state and at
every instant, entity, traverse, explain, core memories, stats, the recall legs' own reads —
returns any of it, nor does the engine hold any of it (read under the seam). What only named
the subject in passing, or was also stated by a memory that stays, stays. An erase repeated
deletes nothing more; the audit lines carry a digest, never the name; with REDACT the memories
stay with the name replaced and re-embedded."""

from __future__ import annotations

from datetime import timedelta

import pytest

from graph_backends import Backend
from schema import EdgeType, FactState, InvalidInput, NotFound, Tenant
from schema.erasure import REDACTION, MemoryErasure
from schema.facts import ExtractionRecord, ExtractionStatus, FactQuery, entity_id
from schema.idempotency import IdempotencyRecord, IdempotencyState
from service.compose import UseCases
from service.engine.text import normalise
from service.usecases.memories import LinkRequest, RelatedEdge
from service.usecases.recall import RecallRequest, SearchFilters
from tests.contract.erasure_support import fact, store, stored_text, use_cases
from tests.engine_support import Clock, HashEmbedder
from tests.factories import T0

pytestmark = pytest.mark.fact_layer

#: What only the erased subject's records hold: none of it may be stored afterwards.
ERASED = ("zoe", "diabetes", "elm street", "she moved", "retinopathy")


async def history(
    uses: UseCases, repository: Backend, tenant: Tenant, clock: Clock
) -> dict[str, str]:
    """A project where Zoe Smith is named, asserted about, amended, deleted once already and
    mentioned in passing, beside memories that have nothing to do with her."""
    ids: dict[str, str] = {}
    ids["old"] = await store(uses, tenant, "Zoe Smith has a note from the clinic")
    clock.advance(minutes=1)
    ids["old_fix"] = (
        await uses.writes.amend(tenant, ids["old"], "Zoe Smith has a referral from the clinic")
    ).memory.id
    await uses.writes.delete(tenant, [ids["old"]])  # leaves a tombstone with a digest
    clock.advance(minutes=1)
    ids["diagnosis"] = await store(
        uses,
        tenant,
        "Zoe Smith was diagnosed with diabetes in March",
        [
            fact("Zoe Smith", "has condition", "diabetes"),
            fact("Zoe Smith", "lives in", "12 Elm Street"),
        ],
        key="store-diagnosis",
        entities=["Zoe Smith"],
    )
    clock.advance(minutes=1)
    ids["moved"] = await store(
        uses,
        tenant,
        "She moved to the flat last spring",
        [fact("Zoe Smith", "moved to", "Elm Street Flat")],
    )
    clock.advance(minutes=1)
    ids["met"] = await store(
        uses,
        tenant,
        "Bob Jones met Zoe Smith at the clinic; he plays chess",
        [
            fact("Bob Jones", "knows", "Zoe Smith"),
            fact("Bob Jones", "likes", "green tea"),
            fact("Bob Jones", "plays", "chess"),
        ],
    )
    clock.advance(minutes=1)
    ids["bob"] = await store(
        uses,
        tenant,
        "Bob Jones likes green tea on Mondays",
        [fact("Bob Jones", "likes", "green tea")],
        key="store-bob",
        related=(RelatedEdge(ids["met"], EdgeType.RELATED_TO, reason="Zoe Smith introduced them"),),
    )
    clock.advance(minutes=1)
    ids["deploy"] = await store(uses, tenant, "The deploy failed because the disk was full")
    ids["amended"] = (
        await uses.writes.amend(
            tenant, ids["diagnosis"], "Zoe Smith has type 2 diabetes and retinopathy"
        )
    ).memory.id
    await uses.core.approve(tenant, [ids["amended"]])
    await repository.record_extractions(
        tenant,
        [
            ExtractionRecord(
                ids["diagnosis"], ExtractionStatus.FAILED, T0, error="reply starts 'Zoe Smith'"
            )
        ],
    )
    return ids


async def test_erase_removes_the_subject_from_every_read_and_from_storage(
    repository: Backend, tenant: Tenant
) -> None:
    clock = Clock()
    async with use_cases(repository, tenant, clock) as uses:
        ids = await history(uses, repository, tenant, clock)
        kept = {ids["bob"], ids["deploy"]}
        erased = set(ids.values()) - kept
        # The test can fail: before the erase, the subject is everywhere.
        assert await uses.facts.facts(tenant, entity="Zoe Smith")
        before = await stored_text(repository, tenant)
        assert [v for v in ERASED if v in before] == list(ERASED)
        searched = await uses.recall.search(tenant, "Zoe Smith", SearchFilters(), 20)
        assert erased & {h.memory.id for h in searched.hits}

        clock.advance(minutes=1)
        receipt = await uses.erasure.erase_subject(tenant, "  zoe SMITH ", by="test")

        assert (receipt.memories, receipt.by) == (MemoryErasure.DELETE, "test")
        counts = {
            "memories_deleted": receipt.memories_deleted,
            "memories_redacted": receipt.memories_redacted,
            "facts_deleted": receipt.facts_deleted,
            "facts_retracted": receipt.facts_retracted,
            "fact_vectors": receipt.fact_vectors,
            "entities": receipt.entities,
            "relations": receipt.relations,
            "tombstones": receipt.tombstones,
            "idempotency_records": receipt.idempotency_records,
            "extractions": receipt.extractions,
        }
        assert counts == {
            # old_fix, diagnosis, moved (asserts a fact about her), met, amended
            "memories_deleted": 5,
            "memories_redacted": 0,
            # condition, lives in, moved to, Bob knows her
            "facts_deleted": 4,
            # Bob plays chess: only "met" said so. Bob likes green tea: "bob" says so too.
            "facts_retracted": 1,
            "fact_vectors": 4,
            # Zoe Smith, and 12 Elm Street and Elm Street Flat: nothing else is said of them
            "entities": 3,
            # Zoe → 12 Elm Street, Zoe → Elm Street Flat, Bob → Zoe
            "relations": 3,
            # "old", superseded by "old_fix"
            "tombstones": 1,
            "idempotency_records": 1,
            "extractions": 1,
        }
        assert receipt.subject and "zoe" not in receipt.subject

        await no_read_returns_it(uses, repository, tenant, clock, ids, erased)
        dump = await stored_text(repository, tenant)
        assert [v for v in ERASED if v in dump] == []
        assert "bob jones" in dump and "disk was full" in dump  # the rest is still there

        again = await uses.erasure.erase_subject(tenant, "Zoe Smith", by="test")
        assert (again.memories_deleted, again.facts_deleted, again.entities) == (0, 0, 0)
        assert again.subject == receipt.subject  # one salt per project
        lines = await uses.erasure.erasures(tenant)
        assert [e.id for e in lines] == [again.id, receipt.id]
        assert lines[1] == receipt
        assert [e.id for e in await uses.erasure.erasures(tenant, "ZOE SMITH")] == [
            again.id,
            receipt.id,
        ]
        assert await uses.erasure.erasures(tenant, "Bob Jones") == []


async def no_read_returns_it(
    uses: UseCases,
    repository: Backend,
    tenant: Tenant,
    clock: Clock,
    ids: dict[str, str],
    erased: set[str],
) -> None:
    """Every read a client or a recall leg makes, none of them naming Zoe Smith or an erased
    memory."""
    backend = repository
    now = clock()

    def clean(text: str | None) -> bool:
        return not any(v in normalise(text or "") for v in ("zoe", "diabetes", "elm street"))

    for query in ("Zoe Smith", "diabetes", "Elm Street", "she moved to the flat"):
        recalled = await uses.recall.recall(tenant, RecallRequest(query=query, read_only=True))
        searched = await uses.recall.search(tenant, query, SearchFilters(), 50)
        for hit in [*recalled.hits, *searched.hits]:
            assert hit.memory.id not in erased and clean(hit.memory.content), hit.memory
    listed = await uses.recall.search(tenant, "", SearchFilters(entity="Zoe Smith"), 50)
    assert listed.hits == []
    every_state = list(FactState)
    for at in (None, T0, now - timedelta(minutes=3), now + timedelta(days=1)):
        for facts in (
            await uses.facts.facts(tenant, entity="Zoe Smith", at=at, states=every_state),
            await uses.facts.facts(tenant, subject="Zoe Smith", at=at, states=every_state),
            await uses.facts.facts(tenant, at=at, states=every_state),
            await backend.find_facts(tenant, FactQuery()),  # every fact, any time or state
        ):
            assert [f for f in facts if not clean(f"{f.subject} {f.object}")] == []
    assert await uses.facts.facts(tenant, entity="Zoe Smith", start=T0, end=now) == []
    assert await uses.facts.slot_history(tenant, "Zoe Smith", "lives in") == []
    assert await uses.facts.entity_history(tenant, "Zoe Smith") == []
    assert await uses.facts.entity(tenant, "Zoe Smith") is None
    bob = await backend.find_facts(tenant, FactQuery(subject=normalise("Bob Jones")))
    assert {(f.object, f.state) for f in bob} == {
        ("green tea", FactState.ACTIVE),
        ("chess", FactState.RETRACTED),
    }
    assert all(m is None for m in await uses.memories.get(tenant, sorted(erased)))
    for memory_id in sorted(erased):
        with pytest.raises(NotFound):
            await uses.memories.traverse(tenant, memory_id)
    with pytest.raises(NotFound):
        await uses.memories.supersession_chain(tenant, ids["old"])
    kept = {ids["bob"], ids["deploy"]}
    reached = await uses.memories.traverse(tenant, ids["bob"], depth=5)
    assert {m.id for m in reached.nodes} <= kept
    assert all({e.source, e.target} <= kept for e in reached.edges)
    explained = await uses.explain.explain_ranked(tenant, ids["bob"], "Zoe Smith")
    assert all(
        e.source not in erased and e.target not in erased for e in explained.explanation.edges
    )
    assert await uses.core.list_core(tenant) == []
    assert set(await uses.core.candidates(tenant)).isdisjoint(erased)
    stats = await uses.memories.stats(tenant)
    assert stats.memories == 2 and sum(stats.edges.values()) <= 1  # an auto-link at most
    # The recall legs' own reads.
    (vector,) = await HashEmbedder().embed(["Zoe Smith lives in 12 Elm Street"])
    assert {h.memory_id for h in await backend.vector_search(tenant, vector, 10)} <= {
        ids["bob"],
        ids["deploy"],
    }
    assert await backend.fulltext_search(tenant, "Zoe Smith diabetes retinopathy", 10) == []
    assert await backend.fact_fulltext_search(tenant, "Zoe Smith diabetes", now, 10) == []
    fact_hits = await backend.fact_vector_search(tenant, vector, now, 10)
    found = await backend.get_facts(tenant, [h.fact_id for h in fact_hits])
    assert all(f is not None and clean(f"{f.subject} {f.object}") for f in found)
    assert await backend.memories_mentioning(tenant, ["zoe smith"], 10) == []
    zoe = entity_id(normalise("Zoe Smith"))
    assert await backend.memories_about_entities(tenant, [zoe], now, 10) == {}
    relations = await backend.open_relations(tenant, now)
    assert all(zoe not in (r.source, r.target) for r in relations)
    assert await backend.get_tombstones(tenant, [ids["old"]]) == [None]
    assert await backend.get_extractions(tenant, [ids["diagnosis"]]) == [None]
    # The keyed store of the diagnosis is forgotten (its answer held the content); Bob's stays.
    free = IdempotencyRecord(
        key="store-diagnosis",
        request_hash="h",
        state=IdempotencyState.PENDING,
        plan="[]",
        claimed_at=now,
        expires_at=now + timedelta(hours=1),
    )
    assert await backend.claim_idempotency_key(tenant, free) is None
    held = await backend.claim_idempotency_key(tenant, free.model_copy(update={"key": "store-bob"}))
    assert held is not None and held.state is IdempotencyState.DONE


async def test_redact_keeps_the_memories_without_the_name(
    repository: Backend, tenant: Tenant
) -> None:
    """With REDACT the memories that name the subject stay, the name replaced in their
    content, entities and edge reasons, and embedded again; the facts about it go all the same,
    and a memory that only asserted one stays untouched."""
    clock = Clock()
    async with use_cases(repository, tenant, clock) as uses:
        named = await store(
            uses,
            tenant,
            "Lunch with ZOE SMITH and Bob Jones; Zoe Smith's order was late",
            [fact("Zoe Smith", "ordered", "ramen")],
            entities=["Zoe Smith", "Bob Jones"],
            summary="lunch with Zoe Smith",
        )
        other = await store(
            uses, tenant, "Bob Jones paid the bill", [fact("Bob Jones", "paid", "bill")]
        )
        await uses.writes.link(
            tenant, [LinkRequest(other, named, EdgeType.SUPPORTS, reason="Zoe Smith asked him")]
        )
        (before,) = await uses.memories.get(tenant, [named])
        assert before is not None

        receipt = await uses.erasure.erase_subject(
            tenant, "Zoe Smith", memories=MemoryErasure.REDACT, by="test"
        )

        assert (receipt.memories_deleted, receipt.memories_redacted) == (0, 1)
        assert (receipt.facts_deleted, receipt.facts_retracted, receipt.entities) == (1, 0, 1)
        assert receipt.edge_reasons_redacted == 1
        (after,) = await repository.get_memories(tenant, [named], with_embeddings=True)
        assert after is not None
        assert after.content == (
            f"Lunch with {REDACTION} and Bob Jones; {REDACTION}'s order was late"
        )
        assert after.summary == f"lunch with {REDACTION}" and after.entities == ("Bob Jones",)
        (expected,) = await HashEmbedder().embed([after.content])
        assert after.embedding == pytest.approx(expected)
        edges = await repository.incident_edges(tenant, named)
        assert [e.reason for e in edges if e.type is EdgeType.SUPPORTS] == [
            f"{REDACTION} asked him"
        ]
        assert await uses.facts.facts(tenant, entity="Zoe Smith", states=list(FactState)) == []
        assert [f.object for f in await uses.facts.facts(tenant, subject="Bob Jones")] == ["bill"]
        assert await repository.fulltext_search(tenant, "Zoe", 10) == []
        dump = await stored_text(repository, tenant)
        assert "zoe" not in dump and "ramen" not in dump
        assert (await uses.memories.stats(tenant)).memories == 2


async def test_a_name_without_letters_is_refused_and_an_unwritten_project_is_untouched(
    repository: Backend, tenant: Tenant
) -> None:
    clock = Clock()
    async with use_cases(repository, tenant, clock) as uses:
        with pytest.raises(InvalidInput) as refused:
            await uses.erasure.erase_subject(tenant, " ?! ", by="test")
        assert refused.value.field == "entity"
        ghost = Tenant(org=tenant.org, project=f"{tenant.project}-ghost")
        receipt = await uses.erasure.erase_subject(ghost, "Zoe Smith", by="test")
        assert (receipt.subject, receipt.memories_deleted) == ("", 0)
        assert not await repository.tenant_exists(ghost)
        assert await uses.erasure.erasures(ghost) == []

"""FalkorDB's BM25 full-text search: selective terms ranked from their postings, common terms
(matching more than the postings cap) remembered as such and answered by the index's own
ranking, with the same answer whether or not the count was remembered."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

from cypher import QueryName
from graph_backends import FalkorConfig, open_backend
from graph_backends.falkordb.repository import FalkorRepository
from graph_backends.falkordb.term_search import POSTINGS_CAP
from schema.facts import FactWriter
from service.usecases.facts import FactService
from tests.backends.falkordb.recording import recorded_queries, records_produced
from tests.conftest import DIMENSION, new_tenant
from tests.engine_support import TickingClock
from tests.factories import memory


async def test_common_terms_are_counted_once_and_answered_alike(tmp_path: Path) -> None:
    tenant = new_tenant()
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, FalkorRepository)
        await repo.ensure_schema(tenant)
        filler = [memory(f"alpha note number {n}") for n in range(POSTINGS_CAP + 5)]
        rare = memory("alpha durian tasting notes")
        await repo.upsert_memories(tenant, [*filler, rare])

        assert [h.memory_id for h in await repo.fulltext_search(tenant, "alpha durian", 3)][:1] == [
            rare.id
        ]
        assert repo._common_terms.known(tenant.key, ["alpha", "durian"]) == {"alpha"}
        first = await repo.fulltext_search(tenant, "alpha", 5)  # the index's own ranking
        again = await repo.fulltext_search(tenant, "alpha", 5)
        assert len(first) == 5 and [h.memory_id for h in again] == [h.memory_id for h in first]
        # A selective term stored after "alpha" was remembered is still found at once.
        late = memory("alpha kumquat")
        await repo.upsert_memories(tenant, [late])
        hits = await repo.fulltext_search(tenant, "alpha kumquat", 3)
        assert hits[0].memory_id == late.id


async def test_a_terms_matches_are_read_no_further_than_one_past_the_cap(tmp_path: Path) -> None:
    """A term at the cap is selective (all its postings read); one past it is common, and a
    term matching many more is read no further than that either (its count used to walk its
    whole posting list, which grew with the tenant)."""
    tenant = new_tenant()
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, FalkorRepository)
        await repo.ensure_schema(tenant)
        at_cap = [memory(f"edge case {n}") for n in range(POSTINGS_CAP)]
        past = [memory(f"over case {n}") for n in range(POSTINGS_CAP + 1)]
        many = [memory(f"plenty case {n}") for n in range(2 * POSTINGS_CAP)]
        await repo.upsert_memories(tenant, [*at_cap, *past, *many])

        got = {}
        for term in ("edge", "over", "plenty", "absent"):
            params = {"term": term, "cap": POSTINGS_CAP, "over": POSTINGS_CAP + 1}
            (row,) = await repo._run(tenant, QueryName.TERM_POSTINGS, params, read_only=True)
            assert len(row["ids"]) == len(row["lengths"])
            got[term] = (row["df"], len(row["ids"]))
        assert got == {
            "edge": (POSTINGS_CAP, POSTINGS_CAP),
            "over": (POSTINGS_CAP + 1, 0),
            "plenty": (POSTINGS_CAP + 1, 0),
            "absent": (0, 0),
        }
        # Through the search: the selective term is ranked from its postings, the other two
        # are remembered as common.
        hits = await repo.fulltext_search(tenant, "edge plenty", 5)
        assert {h.memory_id for h in hits} <= {m.id for m in at_cap}
        assert repo._common_terms.known(tenant.key, ["edge", "over", "plenty"]) == {"plenty"}


async def test_all_common_terms_answer_the_memories_holding_them_all_first(
    tmp_path: Path,
) -> None:
    """When every query term is common, the index answers with the memories holding all of
    them (the union of their matches grew with the tenant: 88 ms at 1M memories); when no
    memory holds them all, with those holding any."""
    tenant = new_tenant()
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, FalkorRepository)
        await repo.ensure_schema(tenant)
        apples = [memory(f"apple crate {n}") for n in range(POSTINGS_CAP + 1)]
        pears = [memory(f"pear crate {n}") for n in range(POSTINGS_CAP + 1)]
        plums = [memory(f"plum basket {n}") for n in range(POSTINGS_CAP + 1)]
        both = [memory(f"apple and pear crate {n}") for n in range(3)]
        await repo.upsert_memories(tenant, [*apples, *pears, *plums, *both])

        hits = await repo.fulltext_search(tenant, "apple pear", 10)
        assert {h.memory_id for h in hits} == {m.id for m in both}
        assert repo._common_terms.known(tenant.key, ["apple", "pear"]) == {"apple", "pear"}
        # No memory names both: the memories naming either.
        hits = await repo.fulltext_search(tenant, "apple plum", 10)
        found = {h.memory_id for h in hits}
        assert len(found) == 10 and found <= {m.id for m in [*apples, *plums, *both]}
        # One common term alone: its matches.
        hits = await repo.fulltext_search(tenant, "plum", 10)
        assert len(hits) == 10 and {h.memory_id for h in hits} <= {m.id for m in plums}


async def test_the_fact_leg_ranks_selective_terms_and_reads_common_ones_once(
    tmp_path: Path,
) -> None:
    """The fact full-text leg is ranked as the memory leg is: a term matching more facts than
    the cap is told apart once and then not read at all (the index's union of a sentence's
    words scored every fact holding any of them: 10,639 of 35,214 at 250,000 memories); only
    facts in force are found; with only common terms the index ranks the facts in force."""
    tenant = new_tenant()
    async with open_backend(FalkorConfig(data_dir=tmp_path, vector_dimension=DIMENSION)) as repo:
        assert isinstance(repo, FalkorRepository)
        await repo.ensure_schema(tenant)
        facts = FactService(repo, TickingClock())
        crowd = [
            {"subject": f"Person {n}", "predicate": "lives in", "object": "Oslo"}
            for n in range(POSTINGS_CAP + 20)
        ]
        await facts.apply_facts(tenant, crowd, FactWriter.API)
        carol = [
            {"subject": "Carol", "predicate": "lives in", "object": city, "functional": True}
            for city in ("Rome", "Bergen")
        ]
        for said in carol:  # Bergen supersedes Rome
            await facts.apply_facts(tenant, [said], FactWriter.API)
        now = TickingClock()() + timedelta(days=1)

        async def search(text: str) -> tuple[list[str], int]:
            with recorded_queries(repo) as sent:
                hits = await repo.fact_fulltext_search(tenant, text, now, 10)
            read = await records_produced(repo, tenant, sent, "ProcedureCall")
            found = await repo.get_facts(tenant, [h.fact_id for h in hits])
            texts = [f"{f.subject_key} {f.object}" for f in found if f is not None]
            return texts, read

        first, _ = await search("Where does Carol live in Rome?")
        assert first == ["carol Bergen"]  # Rome's fact is closed
        again, read = await search("Where does Carol live in Rome?")
        assert again == first and read <= 5, read  # "live" is known common: not read again
        common, _ = await search("lives Oslo")
        assert len(common) == 10 and all(t.endswith(" Oslo") for t in common)

"""FalkorDB's BM25 full-text search: selective terms ranked from their postings, common terms
(matching more than the postings cap) remembered as such and answered by the index's own
ranking, with the same answer whether or not the count was remembered."""

from __future__ import annotations

from pathlib import Path

from cypher import QueryName
from graph_backends import FalkorConfig, open_backend
from graph_backends.falkordb.repository import POSTINGS_CAP, FalkorRepository
from tests.conftest import DIMENSION, new_tenant
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

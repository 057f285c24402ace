"""FalkorDB's BM25 full-text search: selective terms ranked from their postings, common terms
(matching more than the postings cap) remembered as such and answered by the index's own
ranking, with the same answer whether or not the count was remembered."""

from __future__ import annotations

from pathlib import Path

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

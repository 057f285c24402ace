"""An erase leaves none of the erased strings in the embedded FalkorDB's files (docs/adr/0018):
before it, the subject's name, a phrase of an erased memory and a fact object are in the
append-only file and the snapshot (found, so the check can fail); after it — the append-only
file rewritten and the snapshot saved again — no file of the data directory holds any of them,
nor after the server stopped, and what was not erased reopens intact.

Redis compresses long strings in its snapshot format (which the append-only file's base also
uses), and a compressed string would hide from a byte search: the test's server writes them
uncompressed, so the search sees every string the files hold."""

from __future__ import annotations

import asyncio
from pathlib import Path

from graph_backends import FalkorConfig, GraphRepository, open_backend
from graph_backends.falkordb.repository import FalkorRepository
from tests.conftest import DIMENSION, new_tenant
from tests.contract.erasure_support import fact, store, use_cases
from tests.engine_support import Clock

NAME = "Quillon Varnhagen"
PHRASE = "marmalade xylophone recital"
ASIDE = "tuned the harpsichord twice"
OBJECT = "Zanzibar Lighthouse"
ERASED = (NAME, PHRASE, ASIDE, OBJECT)
KEPT = "the deploy failed because the disk was full"


def holding(data_dir: Path, needles: tuple[str, ...]) -> dict[str, list[str]]:
    """Each needle found in a file of the directory (binary, any case) → those files."""
    found: dict[str, list[str]] = {}
    for path in sorted(p for p in data_dir.rglob("*") if p.is_file()):
        content = path.read_bytes().lower()
        for needle in needles:
            if needle.lower().encode() in content:
                found.setdefault(needle, []).append(path.name)
    return found


async def settled(repository: GraphRepository, command: str) -> None:
    """Run BGSAVE or BGREWRITEAOF now and wait for it (a test's own snapshot of the past)."""
    assert isinstance(repository, FalkorRepository)
    connection = repository._db.connection
    await connection.execute_command(command)
    while True:
        info = await connection.info("persistence")
        if not (info["aof_rewrite_in_progress"] or info["rdb_bgsave_in_progress"]):
            return
        await asyncio.sleep(0.02)


async def test_erased_strings_leave_every_file_of_the_data_directory(tmp_path: Path) -> None:
    data = tmp_path / "falkordb"
    config = FalkorConfig(data_dir=data, vector_dimension=DIMENSION)
    tenant = new_tenant()
    clock = Clock()
    async with open_backend(config) as repository:
        assert isinstance(repository, FalkorRepository)
        await repository._db.connection.config_set("rdbcompression", "no")
        await repository.ensure_schema(tenant)
        async with use_cases(repository, tenant, clock) as uses:
            kept = await store(uses, tenant, KEPT)
            await store(
                uses,
                tenant,
                f"{NAME} gave a {PHRASE} in the hall",
                [fact(NAME, "visited", OBJECT)],
                entities=[NAME],
            )
            await store(uses, tenant, f"He {ASIDE}", [fact(NAME, "owns", "a harpsichord")])
            # The past in every kind of file: a snapshot, a rewritten base, its increments.
            await settled(repository, "BGSAVE")
            await settled(repository, "BGREWRITEAOF")
            await store(uses, tenant, f"{NAME} again", [fact(NAME, "likes", "quinces")])
            before = holding(data, ERASED)
            assert set(before) == set(ERASED), before
            assert all("dump.rdb" in files for files in before.values()), before
            assert any(name.endswith(".aof") for name in before[NAME]), before

            receipt = await uses.erasure.erase_subject(tenant, NAME, by="test")

            assert (receipt.memories_deleted, receipt.facts_deleted) == (3, 3)
            assert holding(data, ERASED) == {}
            assert KEPT.encode() in (data / "dump.rdb").read_bytes()
    assert holding(data, ERASED) == {}  # the server saved once more as it stopped
    async with open_backend(config) as reopened:
        (memory,) = await reopened.get_memories(tenant, [kept])
        assert memory is not None and memory.content == KEPT
        assert (await reopened.stats(tenant)).memories == 1

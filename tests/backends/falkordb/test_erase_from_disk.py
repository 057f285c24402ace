"""An erase leaves none of the erased strings in the embedded FalkorDB's files (docs/adr/0018):
before it, the subject's name, a phrase of an erased memory and a fact object are in the
append-only file and the snapshot (found, so the check can fail); after it — the append-only
file rewritten and the snapshot saved again — no file of the data directory holds any of them,
nor after the server stopped, and what was not erased reopens intact. (The check after the
stop failed one run in ~6: FalkorDB's query telemetry, a stream of each graph's last queries
with their parameters, was flushed into the keyspace after the erase had rewritten the files —
test_query_telemetry.py.)

Redis compresses long strings in its snapshot format (which the append-only file's base also
uses), and a compressed string would hide from a byte search: the test's server writes them
uncompressed, so the search sees every string the files hold."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from graph_backends import FalkorConfig, GraphRepository, open_backend
from graph_backends.falkordb.repository import FalkorRepository
from tests.conftest import DIMENSION, new_tenant
from tests.contract.erasure_support import fact, store, stored_text, use_cases
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


def evidence(data_dir: Path) -> str:
    """What a failure needs to be read (the erased strings turned up once, in the snapshot the
    server wrote as it stopped, and never since): each file with its size and age, and the
    server's log lines about saving and rewriting."""
    now = time.time()
    files = [
        f"{p.relative_to(data_dir)} {p.stat().st_size} B {now - p.stat().st_mtime:.2f} s old"
        for p in sorted(data_dir.rglob("*"))
        if p.is_file()
    ]
    log = data_dir / "falkordb.log"
    lines = log.read_text(errors="replace").splitlines() if log.exists() else []
    persistence = [
        line
        for line in lines
        if any(w in line for w in ("sav", "Sav", "rewrite", "SIGTERM", "exit", "Ready", "Load"))
    ]
    return "\n".join(["files:", *files, "log:", *persistence[-40:]])


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
            assert holding(data, ERASED) == {}, evidence(data)
            assert KEPT.encode() in (data / "dump.rdb").read_bytes()
        # Nor does the server hold them any longer (what it saves as it stops comes from here).
        held = await stored_text(repository, tenant)
        assert [s for s in ERASED if s.lower() in held] == [], evidence(data)
    # The server saved once more as it stopped.
    assert holding(data, ERASED) == {}, evidence(data)
    async with open_backend(config) as reopened:
        (memory,) = await reopened.get_memories(tenant, [kept])
        assert memory is not None and memory.content == KEPT
        assert (await reopened.stats(tenant)).memories == 1

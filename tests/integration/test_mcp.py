"""`retentia mcp` through the MCP SDK's own stdio client, against a real server process on a
temporary data directory (embedded FalkorDB, the real embedder): the thirteen tools under the
names and argument names papez (the Genesys engine's successor) uses, a store → recall →
explain → traverse → pin/unpin → delete round trip, the other tools, and failures answered as
`{"error", "retryable"}`: never retryable when the same call would fail again, and otherwise
retryable only for reads."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import time
from collections.abc import AsyncIterator
from pathlib import Path

import pytest
from mcp import ClientSession
from mcp.client.stdio import StdioServerParameters

from devtools.falkordb_server import free_port
from schema import new_memory_id
from tests.integration.mcp_client import REPO, call, ok, stdio_server, stdio_session

ORG = "acme"

#: papez 0.6.2 (`papez/server.py`, `_TOOL_DEFS`): each tool's arguments and the required ones.
#: Retentia adds `read_only` to memory_recall (a papez method argument its schema leaves out)
#: and `query` to memory_explain.
PAPEZ_TOOLS: dict[str, tuple[set[str], set[str]]] = {
    "memory_store": (
        {"content", "source_session", "related_to", "related", "category", "visibility", "org_id"},
        {"content"},
    ),
    "memory_amend": ({"node_id", "content", "reason"}, {"node_id", "content"}),
    "memory_recall": ({"query", "k", "max_results", "verbosity"}, {"query"}),
    "memory_search": ({"query", "filters", "k"}, {"query"}),
    "memory_traverse": ({"node_id", "depth", "edge_types"}, {"node_id"}),
    "memory_explain": ({"node_id"}, {"node_id"}),
    "pin_memory": ({"node_id"}, {"node_id"}),
    "unpin_memory": ({"node_id"}, {"node_id"}),
    "list_core_memories": ({"category"}, set()),
    "delete_memory": ({"node_id"}, {"node_id"}),
    "memory_stats": (set(), set()),
    "set_core_preferences": ({"auto", "approval", "excluded"}, set()),
    "promote_to_org": ({"node_id", "org_id", "action", "dry_run"}, {"node_id", "org_id"}),
}
#: Tools papez does not have: each one's arguments and the required ones.
RETENTIA_TOOLS: dict[str, tuple[set[str], set[str]]] = {
    "memory_context": ({"query", "budget", "intent", "as_of"}, {"query"}),
}
RETENTIA_EXTRAS = {
    "memory_recall": {"read_only"},
    "memory_explain": {"query"},
    "memory_store": {"idempotency_key", "created_at"},
    "memory_amend": {"idempotency_key"},
}


def _server(data_dir: Path, **env: str) -> StdioServerParameters:
    """`retentia mcp` for the org and project these tests use."""
    return stdio_server(data_dir, "--org", ORG, "--project", "agent", **env)


@pytest.fixture(scope="module")
async def mcp(tmp_path_factory: pytest.TempPathFactory) -> AsyncIterator[ClientSession]:
    """One `python -m service.cli mcp` process for the module, its session owned by one
    task (the SDK's streams live in that task's task group)."""
    data_dir = tmp_path_factory.mktemp("mcp")
    ready: asyncio.Future[ClientSession] = asyncio.get_running_loop().create_future()
    done = asyncio.Event()

    async def own() -> None:
        async with stdio_session(_server(data_dir), data_dir / "server.log") as session:
            ready.set_result(session)
            await done.wait()

    owner = asyncio.create_task(own())
    try:
        yield await asyncio.wait_for(asyncio.shield(ready), timeout=120)
    finally:
        done.set()
        await owner


async def test_the_thirteen_tools_have_the_established_names_and_arguments(
    mcp: ClientSession,
) -> None:
    """An agent configured for papez finds every tool it calls, each taking the arguments it
    sends, with the same ones required."""
    listed = {t.name: t for t in (await mcp.list_tools()).tools}
    assert set(listed) == set(PAPEZ_TOOLS) | set(RETENTIA_TOOLS)
    for name, (arguments, required) in (PAPEZ_TOOLS | RETENTIA_TOOLS).items():
        schema = listed[name].input_schema
        assert schema["type"] == "object"
        assert set(schema["properties"]) == arguments | RETENTIA_EXTRAS.get(name, set()), name
        assert set(schema.get("required", ())) == required, name
    related = listed["memory_store"].input_schema["properties"]["related"]["items"]
    assert set(related["properties"]) == {"id", "type"}
    assert "caused_by" in related["properties"]["type"]["enum"]


async def test_a_memory_stored_with_its_own_time_keeps_it(mcp: ClientSession) -> None:
    """`memory_store` takes `created_at` for history imported with its real time; an instant
    beyond the allowed skew ahead of the clock is refused naming the argument, not retryable."""
    stored = await ok(
        mcp,
        "memory_store",
        content="We signed the lease for the flat in Porto.",
        created_at="2024-03-01T09:30:00+01:00",
    )
    explained = await ok(mcp, "memory_explain", node_id=stored["node_id"])
    assert explained["memory"]["created_at"] == "2024-03-01T08:30:00+00:00"
    failed, answer = await call(
        mcp, "memory_store", content="from the future", created_at="2999-01-01T00:00:00Z"
    )
    assert failed and answer["retryable"] is False
    assert "created_at" in answer["error"] and "future" in answer["error"]


async def test_store_recall_explain_traverse_pin_unpin_delete(mcp: ClientSession) -> None:
    """The round trip an agent makes, each step seeing what the previous one wrote."""
    cause = await ok(mcp, "memory_store", content="The Lisbon office lease ended in March 2025.")
    effect = await ok(
        mcp,
        "memory_store",
        content="Because the lease ended, the Lisbon team moved to the Porto office.",
        source_session="s1",
        related=[{"id": cause["node_id"], "type": "caused_by"}],
    )
    assert cause["status"] == effect["status"] == "stored"
    assert effect["memory_status"] == "active"  # a causal edge makes it part of the graph

    recalled = await ok(mcp, "memory_recall", query="Why did the Lisbon team move to Porto?")
    ids = [r["id"] for r in recalled["results"]]
    assert effect["node_id"] in ids and recalled["count"] == len(ids)
    hit = recalled["results"][ids.index(effect["node_id"])]
    assert hit["content"].startswith("Because the lease ended")
    concise = await ok(
        mcp, "memory_recall", query="Lisbon lease", verbosity="concise", read_only=True, k=1
    )
    assert concise["count"] == 1 and "content" not in concise["results"][0]

    explained = await ok(mcp, "memory_explain", node_id=cause["node_id"])
    assert explained["node_id"] == cause["node_id"]
    assert explained["formula"] == "score = relevance × connectivity × activation"
    (edge,) = explained["edges"]
    assert (edge["type"], edge["target"], edge["direction"]) == (
        "caused_by",
        effect["node_id"],
        "incoming",
    )
    with_query = await ok(
        mcp, "memory_explain", node_id=cause["node_id"], query="Lisbon office lease"
    )
    assert with_query["relevance"] is not None and with_query["recall"]["id"] == cause["node_id"]

    walked = await ok(mcp, "memory_traverse", node_id=cause["node_id"], depth=1)
    assert {n["id"] for n in walked["nodes"]} == {cause["node_id"], effect["node_id"]}
    assert walked["edges"] == [
        {
            "source": effect["node_id"],
            "target": cause["node_id"],
            "type": "caused_by",
            "weight": 1.0,
            "created_by": "writer",
        }
    ]
    only_supports = await ok(
        mcp, "memory_traverse", node_id=cause["node_id"], edge_types=["supports"]
    )
    assert [n["id"] for n in only_supports["nodes"]] == [cause["node_id"]]

    assert (await ok(mcp, "pin_memory", node_id=effect["node_id"]))["status"] == "pinned"
    explained = await ok(mcp, "memory_explain", node_id=effect["node_id"])
    assert explained["memory"]["pinned"] is True
    assert (await ok(mcp, "unpin_memory", node_id=effect["node_id"]))["status"] == "unpinned"
    assert (await ok(mcp, "memory_explain", node_id=effect["node_id"]))["memory"]["pinned"] is False

    deleted = await ok(mcp, "delete_memory", node_id=effect["node_id"])
    assert deleted["status"] == "deleted"
    assert deleted["new_orphans"] == [cause["node_id"]]
    after = await ok(mcp, "memory_recall", query="Lisbon team Porto office", read_only=True)
    assert effect["node_id"] not in [r["id"] for r in after["results"]]


async def test_memory_context_answers_a_budgeted_block(mcp: ClientSession) -> None:
    """memory_context returns the block and its parts within the budget; a budget out of
    range is refused naming it, not retryable."""
    stored = await ok(mcp, "memory_store", content="The Madrid office opens at nine on Mondays.")
    block = await ok(mcp, "memory_context", query="When does the Madrid office open?", budget=64)
    assert 0 < block["tokens"] <= 64 and "Madrid office opens" in block["text"]
    assert stored["node_id"] in [i["id"] for i in block["items"]]
    assert block["order"] and "tokenizer.json" in block["tokenizer"]
    failed, answer = await call(mcp, "memory_context", query="Madrid", budget=3)
    assert failed and answer["retryable"] is False and "budget" in answer["error"]


async def test_amend_search_stats_core_preferences_and_promotion(mcp: ClientSession) -> None:
    """The other tools, each answering with what the store holds."""
    old = await ok(mcp, "memory_store", content="Dana's budget for the Q3 offsite is 4000 EUR.")
    new = await ok(
        mcp, "memory_amend", node_id=old["node_id"], content="The Q3 offsite budget is 5500 EUR."
    )
    assert new["supersedes"] == old["node_id"] and new["status"] == "amended"
    found = await ok(
        mcp, "memory_search", query="offsite budget", filters={"status": ["tagged", "active"]}
    )
    by_id = {r["id"]: r for r in found["results"]}
    assert by_id[old["node_id"]]["superseded_by"] == new["node_id"]
    listed = await ok(mcp, "memory_search", query="", k=100)
    assert {old["node_id"], new["node_id"]} <= {r["id"] for r in listed["results"]}

    stats = await ok(mcp, "memory_stats")
    assert stats["memories"] >= 2 and stats["edges"]["supersedes"] >= 1

    prefs = await ok(mcp, "set_core_preferences", auto=["health_wellbeing"])
    assert prefs["preferences"] == {"auto": ["health_wellbeing"], "approval": [], "excluded": []}
    prefs = await ok(mcp, "set_core_preferences", excluded=["other"])
    assert prefs["preferences"]["auto"] == ["health_wellbeing"]  # left out: kept
    assert prefs["preferences"]["excluded"] == ["other"]
    assert await ok(mcp, "list_core_memories") == {"core_memories": [], "count": 0}

    preview = await ok(
        mcp, "promote_to_org", node_id=new["node_id"], org_id=ORG, action="promote_all",
        dry_run=True,
    )  # fmt: skip
    assert preview["status"] == "dry_run"
    assert [n["id"] for n in preview["nodes_promoted"]] == [new["node_id"], old["node_id"]]
    promoted = await ok(mcp, "promote_to_org", node_id=new["node_id"], org_id=ORG)
    assert promoted["status"] == "promoted"
    assert [e["linked_node_id"] for e in promoted["edges_preserved"]] == [old["node_id"]]
    explained = await ok(mcp, "memory_explain", node_id=new["node_id"])
    assert explained["memory"]["visibility"] == "org"


async def test_a_call_that_would_fail_again_is_never_retryable(mcp: ClientSession) -> None:
    """Errors are results with `{"error", "retryable"}`, never protocol failures, and a failure
    the same call meets again — invalid input, a missing memory, a conflict, arguments outside
    the tool's schema — is `retryable: false` on reads and writes alike."""
    ghost = new_memory_id()
    failed, answer = await call(mcp, "memory_explain", node_id=ghost)
    assert failed and answer == {
        "error": f"memory {ghost!r} does not exist",
        "code": "NotFound",
        "retryable": False,
    }
    failed, answer = await call(mcp, "memory_traverse", node_id=ghost)
    assert failed and answer["retryable"] is False and ghost in answer["error"]
    failed, answer = await call(mcp, "delete_memory", node_id=ghost)
    assert failed and answer == {
        "error": f"memory {ghost!r} does not exist",
        "code": "NotFound",
        "retryable": False,
    }
    failed, answer = await call(
        mcp, "memory_store", content="x", related=[{"id": ghost, "type": "caused_by"}]
    )
    assert failed and answer["retryable"] is False and ghost in answer["error"]
    failed, answer = await call(mcp, "memory_recall", query="anything", k=1000)
    assert failed and answer["retryable"] is False and "1000" in answer["error"]
    failed, answer = await call(mcp, "memory_search", query="", filters={"status": ["sleepy"]})
    assert failed and answer["retryable"] is False and "filters.status" in answer["error"]
    failed, answer = await call(mcp, "list_core_memories", category="no-such-category")
    assert failed and answer["retryable"] is False and "no-such-category" in answer["error"]
    failed, answer = await call(mcp, "pin_memory")
    assert failed and answer["retryable"] is False and "node_id" in answer["error"]
    failed, answer = await call(mcp, "memory_stats", unknown_argument=1)  # papez ignored it
    assert failed and answer["retryable"] is False
    assert "unknown argument 'unknown_argument'" in answer["error"]
    failed, answer = await call(mcp, "no_such_tool")
    assert failed and answer["retryable"] is False and "memory_store" in answer["error"]
    failed, answer = await call(mcp, "promote_to_org", node_id=ghost, org_id="someone-else")
    assert failed and answer["retryable"] is False and "someone-else" in answer["error"]

    old = await ok(mcp, "memory_store", content="The ferry leaves at nine.")
    await ok(mcp, "memory_amend", node_id=old["node_id"], content="The ferry leaves at ten.")
    failed, answer = await call(
        mcp, "memory_amend", node_id=old["node_id"], content="The ferry leaves at eleven."
    )
    assert failed and answer["retryable"] is False and "already superseded" in answer["error"]


async def test_storage_failing_is_retryable_for_reads_only(tmp_path: Path) -> None:
    """With the storage gone mid-session (its FalkorDB killed), a read answers `retryable:
    true` and a write `retryable: false` (it may have landed in part)."""
    async with stdio_session(_server(tmp_path), tmp_path / "server.log") as session:
        stored = await ok(session, "memory_store", content="The kiln reaches 1200 degrees.")
        falkordb = int((tmp_path / "falkordb" / "falkordb.pid").read_text())
        os.kill(falkordb, signal.SIGKILL)
        failed, answer = await call(session, "memory_stats")
        assert failed and answer["retryable"] is True, answer
        failed, answer = await call(session, "memory_explain", node_id=stored["node_id"])
        assert failed and answer["retryable"] is True, answer
        failed, answer = await call(session, "memory_store", content="The kiln cooled down.")
        assert failed and answer["retryable"] is False, answer
        failed, answer = await call(session, "pin_memory", node_id=stored["node_id"])
        assert failed and answer["retryable"] is False, answer


async def test_storage_that_never_opened_is_not_retryable(tmp_path: Path) -> None:
    """A server whose storage could not be opened (no FalkorDB at the configured URL) answers
    every call `retryable: false`, reads included: this process will not open it later."""
    nowhere = f"redis://127.0.0.1:{free_port()}"
    server = _server(tmp_path, RETENTIA_FALKORDB_URL=nowhere)
    async with stdio_session(server, tmp_path / "server.log") as session:
        for tool, arguments in (("memory_stats", {}), ("memory_store", {"content": "x"})):
            failed, answer = await call(session, tool, **arguments)
            assert failed and answer["retryable"] is False, answer
            assert "could not be opened" in answer["error"], answer


async def test_store_and_amend_retried_with_their_key_write_once(mcp: ClientSession) -> None:
    """A store or amend called again with its idempotency key answers as the first call and
    writes nothing; other arguments under a used key are a non-retryable error naming it."""
    before = (await ok(mcp, "memory_stats"))["memories"]
    key = f"mcp-{new_memory_id()}"
    first = await ok(mcp, "memory_store", content="Retried store over MCP", idempotency_key=key)
    again = await ok(mcp, "memory_store", content="Retried store over MCP", idempotency_key=key)
    assert again == first
    failed, conflict = await call(mcp, "memory_store", content="other", idempotency_key=key)
    assert failed and not conflict["retryable"] and repr(key) in conflict["error"]
    amend = {"node_id": first["node_id"], "content": "Retried amend over MCP"}
    amended = await ok(mcp, "memory_amend", **amend, idempotency_key=f"{key}-amend")
    assert await ok(mcp, "memory_amend", **amend, idempotency_key=f"{key}-amend") == amended
    assert (await ok(mcp, "memory_stats"))["memories"] == before + 2
    failed, invalid = await call(mcp, "memory_store", content="x", idempotency_key="a b")
    assert failed and "idempotency_key" in invalid["error"]


def test_sigterm_stops_the_server_and_its_falkordb_cleanly(tmp_path: Path) -> None:
    """SIGTERM while a client still holds stdin open: the server closes the storage (the
    embedded FalkorDB stops and removes its pid file) and exits 0, without waiting for the
    client."""
    log = tmp_path / "server.log"
    pidfile = tmp_path / "falkordb" / "falkordb.pid"
    with (
        log.open("w") as errlog,
        subprocess.Popen(
            [sys.executable, "-m", "service.cli", "mcp"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=errlog,
            cwd=REPO,
            env={**os.environ, "RETENTIA_DATA_DIR": str(tmp_path), "HF_HUB_OFFLINE": "1"},
        ) as process,
    ):
        try:
            deadline = time.monotonic() + 180
            while "memory tools ready" not in log.read_text() and time.monotonic() < deadline:
                assert process.poll() is None, log.read_text()
                time.sleep(0.2)
            falkordb = int(pidfile.read_text())
            process.send_signal(signal.SIGTERM)
            assert process.wait(timeout=60) == 0, log.read_text()
        finally:
            if process.poll() is None:
                process.kill()
    assert not pidfile.exists()
    assert not Path(f"/proc/{falkordb}").exists() or "zombie" in Path(
        f"/proc/{falkordb}/status"
    ).read_text(errors="replace")
    assert "memory tools closed" in log.read_text()

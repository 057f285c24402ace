"""`RetentiaSession` is an OpenAI Agents SDK `Session` over a real keyed service: the same calls
give the same answers as the SDK's own `SQLiteSession` (in memory) — items of every kind back
whole and in order, `limit` as the latest items, `pop_item` the newest, `clear_session` one
session only."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from agents import Agent, RunConfig, Runner
from agents.items import TResponseInputItem
from agents.memory import SessionSettings, SQLiteSession
from agents.testing import ScriptedModel, assistant_message
from retentia_client import AsyncRetentia
from retentia_client.integrations.openai_agents_session import RetentiaSession

ITEMS: list[TResponseInputItem] = [
    {"role": "user", "content": "Where does Ada work?"},
    {
        "type": "function_call",
        "call_id": "call-1",
        "name": "lookup",
        "arguments": '{"who": "Ada"}',
    },
    {"type": "function_call_output", "call_id": "call-1", "output": "the harbour of Lisbon"},
    {
        "id": "msg-1",
        "type": "message",
        "role": "assistant",
        "status": "completed",
        "content": [{"type": "output_text", "text": "At the harbour.", "annotations": []}],
    },
    {"role": "user", "content": "Thanks!"},
]


@pytest.fixture
def session_pair(async_client: AsyncRetentia) -> Iterator[tuple[RetentiaSession, SQLiteSession]]:
    reference = SQLiteSession("s1")
    yield RetentiaSession("s1", async_client), reference
    reference.close()


async def test_items_read_back_like_the_sqlite_session(
    session_pair: tuple[RetentiaSession, SQLiteSession],
) -> None:
    """Items added in two calls read back equal to the SQLite session's, oldest first, and a
    limit gives the latest ones in order."""
    ours, reference = session_pair
    for session in session_pair:
        await session.add_items(ITEMS[:3])
        await session.add_items(ITEMS[3:])
    assert await ours.get_items() == await reference.get_items() == ITEMS
    assert await ours.get_items(limit=2) == await reference.get_items(limit=2) == ITEMS[-2:]


async def test_pop_item_and_clear_session(
    session_pair: tuple[RetentiaSession, SQLiteSession],
) -> None:
    """pop_item removes and returns the newest item (None when empty); clear_session empties
    this session and no other."""
    ours, reference = session_pair
    other = RetentiaSession("s2", ours.client)
    await other.add_items(ITEMS[:1])
    for session in session_pair:
        await session.add_items(ITEMS)
    assert await ours.pop_item() == await reference.pop_item() == ITEMS[-1]
    assert await ours.get_items() == ITEMS[:-1]
    await ours.clear_session()
    assert await ours.get_items() == []
    assert await ours.pop_item() is None
    assert await other.get_items() == ITEMS[:1]


async def test_the_settings_limit_applies_when_none_is_given(
    session_pair: tuple[RetentiaSession, SQLiteSession],
) -> None:
    """session_settings.limit bounds get_items() as it does for the SDK's sessions."""
    ours, _ = session_pair
    ours.session_settings = SessionSettings(limit=1)
    await ours.add_items(ITEMS)
    assert await ours.get_items() == ITEMS[-1:]
    assert len(await ours.get_items(limit=3)) == 3


async def test_a_runner_carries_the_conversation_through_the_session(
    async_client: AsyncRetentia,
) -> None:
    """With the SDK's own scripted model (no network), `Runner.run(..., session=...)` saves each
    turn in Retentia and sends the earlier turns to the model on the next run."""
    model = ScriptedModel([[assistant_message("Hello Ada.")], [assistant_message("You are Ada.")]])
    agent = Agent(name="assistant", model=model)
    session = RetentiaSession("runner", async_client)
    config = RunConfig(tracing_disabled=True)
    await Runner.run(agent, "My name is Ada.", session=session, run_config=config)
    second = await Runner.run(agent, "What is my name?", session=session, run_config=config)
    assert second.final_output == "You are Ada."
    sent = model.calls[-1].input
    assert [item.get("content") for item in sent if item.get("role") == "user"] == [
        "My name is Ada.",
        "What is my name?",
    ]
    saved = await RetentiaSession("runner", async_client).get_items()
    assert [item.get("role") for item in saved] == ["user", "assistant", "user", "assistant"]
    recalled = await async_client.recall("What is the user's name?", k=3)
    assert "My name is Ada." in {hit.memory.content for hit in recalled.hits if hit.memory}

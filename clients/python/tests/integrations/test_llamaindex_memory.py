"""`RetentiaMemoryBlock` is a LlamaIndex memory block over a real keyed service: put stores the
messages (text, role, session), get is Retentia's context block for the latest messages, and
inside LlamaIndex's own `Memory` the messages it flushes from its short-term buffer come back as
long-term memory in the next turn's prompt. (A whitespace tokenizer keeps LlamaIndex from
fetching tiktoken's files.)"""

from __future__ import annotations

from llama_index.core.base.llms.types import ChatMessage, MessageRole
from llama_index.core.memory import Memory as LlamaMemory
from retentia_client import AsyncRetentia
from retentia_client.integrations.llamaindex_memory import ROLE, RetentiaMemoryBlock
from sqlalchemy.ext.asyncio import create_async_engine
from sqlalchemy.pool import StaticPool


def words(text: str) -> list[str]:
    return text.split()


async def test_put_stores_messages_and_get_is_a_context_block(
    async_client: AsyncRetentia,
) -> None:
    """Each message with text is one memory with its role and session; an empty message is
    skipped; get answers the latest messages with what Retentia recalls for them."""
    block = RetentiaMemoryBlock(client=async_client, budget=128)
    await block.aput(
        [
            ChatMessage(role=MessageRole.USER, content="Ada surveys the harbour of Lisbon."),
            ChatMessage(role=MessageRole.ASSISTANT, content="Noted: Ada, harbour, Lisbon."),
            ChatMessage(role=MessageRole.ASSISTANT, content=""),
        ],
        session_id="chat-7",
    )
    stored = [m async for m in async_client.iter_memories()]
    assert sorted(m.content for m in stored) == [
        "Ada surveys the harbour of Lisbon.",
        "Noted: Ada, harbour, Lisbon.",
    ]
    assert {m.source_session for m in stored} == {"chat-7"}
    roles = {m.content: {e.key: e.value for e in m.metadata}[ROLE] for m in stored}
    assert roles["Ada surveys the harbour of Lisbon."] == "user"

    text = await block.aget([ChatMessage(role=MessageRole.USER, content="Where does Ada work?")])
    assert "Ada surveys the harbour of Lisbon." in text
    assert await block.aget([]) == ""


async def test_llamaindex_memory_flushes_into_the_block_and_reads_it_back(
    async_client: AsyncRetentia,
) -> None:
    """LlamaIndex's Memory, over its token limit, moves the oldest messages into the block;
    the next get puts Retentia's context for the conversation into the system message."""
    block = RetentiaMemoryBlock(client=async_client, budget=128)
    # LlamaIndex keeps its short-term buffer in SQLite; an engine of the test's own is closed
    # at the end (its default one is left open, a ResourceWarning).
    engine = create_async_engine("sqlite+aiosqlite:///:memory:", poolclass=StaticPool)
    memory = LlamaMemory.from_defaults(
        session_id="chat-8",
        token_limit=40,
        chat_history_token_ratio=0.5,
        token_flush_size=10,
        memory_blocks=[block],
        tokenizer_fn=words,
        async_engine=engine,
    )
    try:
        await converse(memory, async_client)
    finally:
        await engine.dispose()


async def converse(memory: LlamaMemory, async_client: AsyncRetentia) -> None:
    turns = [
        (MessageRole.USER, "My sister Noor keeps bees on the roof of her flat in Porto."),
        (MessageRole.ASSISTANT, "Bees on a roof in Porto, lovely."),
        (MessageRole.USER, "She sells the honey at the Saturday market."),
        (MessageRole.ASSISTANT, "A good use for it."),
        (MessageRole.USER, "What does my sister keep?"),
    ]
    for role, text in turns:
        await memory.aput(ChatMessage(role=role, content=text))
    flushed = [m.content async for m in async_client.iter_memories()]
    assert "My sister Noor keeps bees on the roof of her flat in Porto." in flushed

    prompt = await memory.aget()
    system = [m for m in prompt if m.role == MessageRole.SYSTEM]
    assert system and "Noor keeps bees" in (system[0].content or "")
    assert "<retentia>" in (system[0].content or "")

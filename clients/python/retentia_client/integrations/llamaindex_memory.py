"""LlamaIndex's long-term memory interface, a `BaseMemoryBlock`, over Retentia: the messages
LlamaIndex's `Memory` flushes out of its short-term buffer become memories, and the block's
content for a turn is Retentia's context block for the latest messages. Install with the
`llamaindex` extra."""

from __future__ import annotations

from typing import Any

from llama_index.core.base.llms.types import ChatMessage
from llama_index.core.memory.memory import BaseMemoryBlock
from pydantic import Field

from ..async_client import AsyncRetentia
from ..models import Memory

ROLE = "llama_index.role"


class RetentiaMemoryBlock(BaseMemoryBlock[str]):
    """A memory block whose `aget` is the text of Retentia's context block (at most `budget`
    tokens) for the last `query_window` messages, and whose `aput` stores each message with
    text as one memory: its text as content, its role in metadata, in the session LlamaIndex
    names (`session_id`) when it names one. The context block draws on the whole project, not
    one session: give each user a project of their own."""

    client: AsyncRetentia
    name: str = "retentia"
    description: str | None = "What Retentia remembers that bears on the conversation."
    budget: int = Field(default=512, gt=0)
    query_window: int = Field(default=2, gt=0)

    async def _aget(self, messages: list[ChatMessage] | None = None, **block_kwargs: Any) -> str:
        texts = [m.content for m in (messages or [])[-self.query_window :] if m.content]
        query = "\n".join(texts).strip()
        if not query:
            return ""
        block = await self.client.context(query, budget=self.budget)
        return block.text

    async def _aput(self, messages: list[ChatMessage]) -> None:
        stores = []
        for message in messages:
            if not message.content or not message.content.strip():
                continue  # nothing to remember: a tool call or an image alone
            session = message.additional_kwargs.get("session_id")
            stores.append(
                {
                    "content": message.content,
                    "session": str(session) if session is not None else None,
                    "metadata": {ROLE: str(message.role.value)},
                }
            )
        for start in range(0, len(stores), 256):  # the service's largest storeMemories
            for result in await self.client.store_many(stores[start : start + 256]):
                if not isinstance(result, Memory):
                    raise result

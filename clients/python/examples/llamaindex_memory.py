"""LlamaIndex's long-term memory in Retentia: a memory block of its `Memory`.

pip install "./clients/python[llamaindex]"
RETENTIA_URL=http://127.0.0.1:8000 RETENTIA_API_KEY=rtk_… python llamaindex_memory.py
"""

import asyncio
import os

from llama_index.core.base.llms.types import ChatMessage, MessageRole
from llama_index.core.memory import Memory
from retentia_client import AsyncRetentia
from retentia_client.integrations.llamaindex_memory import RetentiaMemoryBlock

url = os.environ.get("RETENTIA_URL", "http://127.0.0.1:8000")
key = os.environ.get("RETENTIA_API_KEY")
project = os.environ.get("RETENTIA_PROJECT", "llamaindex-example")


async def main() -> None:
    async with AsyncRetentia(url, api_key=key, project=project) as client:
        block = RetentiaMemoryBlock(client=client, budget=256)
        # A small token limit, so the first turns flush into Retentia at once; str.split as
        # the tokenizer keeps LlamaIndex from downloading tiktoken's files.
        memory = Memory.from_defaults(
            session_id="chat-1",
            token_limit=40,
            chat_history_token_ratio=0.5,
            token_flush_size=10,
            memory_blocks=[block],
            tokenizer_fn=str.split,
        )
        for role, text in [
            (MessageRole.USER, "My sister Noor keeps bees on the roof of her flat in Porto."),
            (MessageRole.ASSISTANT, "Bees on a roof in Porto, lovely."),
            (MessageRole.USER, "She sells the honey at the Saturday market."),
            (MessageRole.USER, "What does my sister keep?"),
        ]:
            await memory.aput(ChatMessage(role=role, content=text))
        for message in await memory.aget():
            print(message.role.value, ":", message.content)


asyncio.run(main())

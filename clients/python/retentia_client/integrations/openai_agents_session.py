"""The OpenAI Agents SDK's conversation memory, its `Session` protocol, over Retentia: each input
item is one memory of the session, so what was said is also recallable. Install with the
`openai-agents` extra."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

from agents.items import TResponseInputItem
from agents.memory import SessionSettings

from ..async_client import AsyncRetentia
from ..models import Memory
from ._tagged import atagged

ENCODING = "openai_agents.encoding"  # text: the content is the item's; json: the whole item
ITEM = "openai_agents.item"  # with text encoding, the item (JSON) less its content
INDEX = "openai_agents.index"  # its place among the items of one add_items call


class RetentiaSession:
    """A `Session` (agents.memory.Session) named `session_id` in the client's project. An
    item whose `content` is text is stored as that text, the rest of the item in metadata; any
    other item (tool calls, outputs, content parts) is stored as its JSON. Items keep the order
    they were added in (the client's clock, then their place in the call). Reads go through
    the project's memories: give sessions a project of their own."""

    def __init__(
        self,
        session_id: str,
        client: AsyncRetentia,
        session_settings: SessionSettings | None = None,
    ) -> None:
        self.session_id = session_id
        self.client = client
        self.session_settings = session_settings

    async def get_items(self, limit: int | None = None) -> list[TResponseInputItem]:
        """The session's items, oldest first; with `limit` (or the settings' limit), the
        latest `limit` of them."""
        if limit is None and self.session_settings is not None:
            limit = self.session_settings.limit
        items = [_item(memory, metadata) for memory, metadata in await self._memories()]
        if limit is not None:
            items = items[-limit:] if limit > 0 else []
        return items

    async def add_items(self, items: list[TResponseInputItem]) -> None:
        now = datetime.now(UTC)
        stores = [_store(item, i, self.session_id, now) for i, item in enumerate(items)]
        for start in range(0, len(stores), 256):  # the service's largest storeMemories
            for result in await self.client.store_many(stores[start : start + 256]):
                if not isinstance(result, Memory):
                    raise result

    async def pop_item(self) -> TResponseInputItem | None:
        memories = await self._memories()
        if not memories:
            return None
        memory, metadata = memories[-1]
        await self.client.delete([memory.id])
        return _item(memory, metadata)

    async def clear_session(self) -> None:
        ids = [memory.id for memory, _ in await self._memories()]
        for start in range(0, len(ids), 256):
            await self.client.delete(ids[start : start + 256])

    async def _memories(self) -> list[tuple[Memory, dict[str, str]]]:
        """The session's memories, oldest first."""
        found = [
            (memory, metadata)
            async for memory, metadata in atagged(self.client, ENCODING)
            if memory.source_session == self.session_id
        ]
        return sorted(found, key=lambda m: (m[0].created_at, int(m[1].get(INDEX, "0"))))


def _store(item: TResponseInputItem, index: int, session: str, now: datetime) -> dict[str, Any]:
    data: dict[str, Any] = dict(item)
    text = data.get("content")
    metadata = {INDEX: str(index)}
    if isinstance(text, str) and text:
        del data["content"]
        metadata |= {ENCODING: "text", ITEM: json.dumps(data, ensure_ascii=False)}
        content = text
    else:
        metadata[ENCODING] = "json"
        content = json.dumps(data, ensure_ascii=False)
    # A microsecond apart, so items of one call keep their order by time as well as by INDEX.
    return {
        "content": content,
        "session": session,
        "created_at": now + timedelta(microseconds=index),
        "metadata": metadata,
    }


def _item(memory: Memory, metadata: dict[str, str]) -> TResponseInputItem:
    if metadata.get(ENCODING) == "text":
        data: dict[str, Any] = json.loads(metadata[ITEM])
        data["content"] = memory.content
    else:
        data = json.loads(memory.content)
    return data  # type: ignore[return-value]

"""LangChain's two memory interfaces over Retentia: `RetentiaRetriever` (a `BaseRetriever`: a
query is Retentia's recall, each hit a `Document`) and `RetentiaChatMessageHistory` (a
`BaseChatMessageHistory`: each message one memory of a session, so a chat is also recallable).
Install with the `langchain` extra."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Any

from langchain_core.callbacks import CallbackManagerForRetrieverRun
from langchain_core.chat_history import BaseChatMessageHistory
from langchain_core.documents import Document
from langchain_core.messages import BaseMessage, message_to_dict, messages_from_dict
from langchain_core.retrievers import BaseRetriever

from ..client import Retentia
from ..models import Memory
from ._tagged import tagged

MESSAGE = "langchain.message"  # the message's dict (message_to_dict) less its content
CONTENT = "langchain.content"  # how the memory's content holds the message's: text or json
INDEX = "langchain.index"  # its place among the messages of one add_messages call
RECALL_LIMIT = 100  # the service's largest recall `k`


class RetentiaRetriever(BaseRetriever):
    """The `k` memories Retentia recalls for a query (at most 100; `invoke(query, k=…)`
    overrides it), best first, as `Document`s: the memory's content as page_content, its id as
    the document's id, and in metadata the recall score, the memory's id, created_at (ISO),
    session, entities, category and its own metadata (under `metadata`)."""

    client: Retentia
    k: int = 4

    def _get_relevant_documents(
        self, query: str, *, run_manager: CallbackManagerForRetrieverRun, **kwargs: Any
    ) -> list[Document]:
        k = int(kwargs.get("k", self.k))
        recalled = self.client.recall(query, k=min(k, RECALL_LIMIT))
        documents = []
        for hit in recalled.hits[:k]:
            memory = hit.memory
            if memory is None:
                continue
            metadata: dict[str, Any] = {
                "id": hit.id,
                "score": hit.score,
                "created_at": memory.created_at.isoformat(),
                "session": memory.source_session,
                "entities": list(memory.entities),
                "category": str(memory.category.value),
                "metadata": {m.key: m.value for m in memory.metadata},
            }
            documents.append(Document(id=hit.id, page_content=memory.content, metadata=metadata))
        return documents


class RetentiaChatMessageHistory(BaseChatMessageHistory):
    """The messages of `session_id` in the client's project, oldest first. Each message is a
    memory of that session whose content is the message's text (JSON when the content is a
    list of blocks, or empty), so Retentia's recall and context blocks find what was said;
    the rest of the message (type, name, tool calls, ids) is in the memory's metadata.
    `messages` and `clear` read the project's memories: give chats a project of their own."""

    def __init__(self, client: Retentia, session_id: str) -> None:
        self.client = client
        self.session_id = session_id

    # The base declares `messages` an attribute; LangChain documents a property as the way to
    # read a store on each access (its FileChatMessageHistory example does so).
    @property
    def messages(self) -> list[BaseMessage]:  # type: ignore[override]
        found = sorted(self._memories(), key=lambda m: (m[0].created_at, int(m[1][INDEX])))
        return messages_from_dict([_message_dict(memory, metadata) for memory, metadata in found])

    def add_messages(self, messages: Sequence[BaseMessage]) -> None:
        # The client's clock orders the messages (created_at), a microsecond apart within one
        # call and by INDEX where two land on the same instant.
        now = datetime.now(UTC)
        stores = []
        for i, message in enumerate(messages):
            data = message_to_dict(message)
            content = data["data"].pop("content", "")
            as_text = isinstance(content, str) and content != ""
            stores.append(
                {
                    "content": content if as_text else json.dumps(content, ensure_ascii=False),
                    "session": self.session_id,
                    "created_at": now + timedelta(microseconds=i),
                    "metadata": {
                        MESSAGE: json.dumps(data, ensure_ascii=False),
                        CONTENT: "text" if as_text else "json",
                        INDEX: str(i),
                    },
                }
            )
        for start in range(0, len(stores), 256):  # the service's largest storeMemories
            for result in self.client.store_many(stores[start : start + 256]):
                if not isinstance(result, Memory):
                    raise result

    def clear(self) -> None:
        ids = [memory.id for memory, _ in self._memories()]
        for start in range(0, len(ids), 256):
            self.client.delete(ids[start : start + 256])

    def _memories(self) -> list[tuple[Memory, dict[str, str]]]:
        return [
            (memory, metadata)
            for memory, metadata in tagged(self.client, MESSAGE)
            if memory.source_session == self.session_id
        ]


def _message_dict(memory: Memory, metadata: dict[str, str]) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(metadata[MESSAGE])
    content = memory.content if metadata.get(CONTENT) == "text" else json.loads(memory.content)
    data["data"]["content"] = content
    return data

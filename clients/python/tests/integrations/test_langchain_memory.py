"""LangChain's interfaces over a real keyed service: `RetentiaRetriever` passes langchain-tests'
standard `RetrieversIntegrationTests` (langchain-tests has no standard chat-history suite), and
`RetentiaChatMessageHistory` keeps what LangChain's (deprecated) `InMemoryChatMessageHistory`
keeps — every message kind, in order, with tool calls and names — per session, across
instances."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from langchain_core._api.deprecation import LangChainDeprecationWarning
from langchain_core.chat_history import InMemoryChatMessageHistory
from langchain_core.documents import Document
from langchain_core.messages import (
    AIMessage,
    BaseMessage,
    HumanMessage,
    SystemMessage,
    ToolMessage,
)
from langchain_tests.integration_tests import RetrieversIntegrationTests
from retentia_client import Retentia
from retentia_client.integrations.langchain_memory import (
    RetentiaChatMessageHistory,
    RetentiaRetriever,
)

NOTES = [
    "Ada surveys the harbour of Lisbon.",
    "Ada has a grey cat called Turing.",
    "Ada learned to sail in Porto.",
    "Bo bakes bread on Sundays.",
    "Bo runs the ferry to Cacilhas.",
]

_seeded: list[Retentia] = []


@pytest.fixture(scope="module")
def seeded(connect: Callable[[], Retentia]) -> Iterator[Retentia]:
    """A project with five notes, for the standard tests (whose constructor parameters are a
    property, so they reach it through this module)."""
    with connect() as c:
        c.store_many(NOTES)
        _seeded.append(c)
        yield c
        _seeded.remove(c)


class TestRetentiaRetrieverStandard(RetrieversIntegrationTests):
    @pytest.fixture(autouse=True)
    def _service(self, seeded: Retentia) -> None:
        pass

    @property
    def retriever_constructor(self) -> type[RetentiaRetriever]:
        return RetentiaRetriever

    @property
    def retriever_constructor_params(self) -> dict[str, object]:
        return {"client": _seeded[-1]}

    @property
    def retriever_query_example(self) -> str:
        return "What does Ada do?"


def test_a_retrieved_document_carries_the_memory(seeded: Retentia) -> None:
    """The best document is the memory recall ranks first, with its id, score and session."""
    docs = RetentiaRetriever(client=seeded, k=2).invoke("Who runs the ferry?")
    assert len(docs) == 2 and all(isinstance(d, Document) for d in docs)
    assert docs[0].page_content == "Bo runs the ferry to Cacilhas."
    assert docs[0].id == docs[0].metadata["id"] and docs[0].metadata["score"] > 0
    assert set(docs[0].metadata) >= {"created_at", "session", "entities", "metadata"}


def conversation() -> list[BaseMessage]:
    return [
        SystemMessage("You are terse."),
        HumanMessage("Where does Ada work?", name="bo"),
        AIMessage(
            "",
            tool_calls=[{"name": "lookup", "args": {"who": "Ada"}, "id": "call-1"}],
        ),
        ToolMessage("the harbour of Lisbon", tool_call_id="call-1"),
        AIMessage([{"type": "text", "text": "At the harbour."}]),
        HumanMessage("Thanks!\n  "),
    ]


def test_the_chat_history_keeps_messages_like_the_in_memory_one(client: Retentia) -> None:
    """Messages added one at a time and in a batch read back equal to what
    InMemoryChatMessageHistory holds for the same calls, oldest first, from a new instance."""
    ours = RetentiaChatMessageHistory(client, "chat-1")
    # langchain-core 1.6.4 deprecated its chat histories (BaseChatMessageHistory too, for
    # LangGraph's short-term memory); until 2.0 removes them, the in-memory one is the reference.
    with pytest.warns(LangChainDeprecationWarning):
        reference = InMemoryChatMessageHistory()
    messages = conversation()
    for history in (ours, reference):
        history.add_message(messages[0])
        history.add_messages(messages[1:4])
        history.add_user_message(messages[4].content)  # type: ignore[arg-type]
        history.add_messages(messages[5:])
    again = RetentiaChatMessageHistory(client, "chat-1").messages
    assert again == reference.messages
    assert [type(m) for m in again] == [type(m) for m in reference.messages]


async def test_sessions_are_apart_and_clear_empties_one(client: Retentia) -> None:
    """Each session has its own messages; clear (and aclear) empty one session only; the async
    methods see what the sync ones wrote."""
    one = RetentiaChatMessageHistory(client, "one")
    two = RetentiaChatMessageHistory(client, "two")
    one.add_user_message("hello from one")
    await two.aadd_messages([HumanMessage("hello from two"), AIMessage("hi two")])
    assert [m.content for m in await one.aget_messages()] == ["hello from one"]
    assert [m.content for m in two.messages] == ["hello from two", "hi two"]
    one.clear()
    assert one.messages == []
    assert len(two.messages) == 2
    await two.aclear()
    assert two.messages == []

"""`RetentiaStore` is a LangGraph `BaseStore` over a real keyed service: the same calls give the
same answers as LangGraph's own `InMemoryStore` (the reference implementation its docs describe;
the langgraph wheels ship no store test suite to run), and a `query` search is Retentia's
recall."""

from __future__ import annotations

import json
from typing import Any, TypedDict

import pytest
from langgraph.config import get_store
from langgraph.graph import START, StateGraph
from langgraph.store.base import BaseStore, GetOp, Item, PutOp
from langgraph.store.memory import InMemoryStore
from retentia_client import Retentia
from retentia_client.integrations.langgraph_store import RetentiaStore

USERS = [
    (("users", "ada", "prefs"), "theme", {"color": "dark", "size": 12, "tags": ["a", "b"]}),
    (("users", "ada", "prefs"), "lang", {"color": "light", "size": 9}),
    (("users", "ada", "notes"), "n1", {"text": "harbour", "size": 5, "meta": {"source": "chat"}}),
    (("users", "bo", "prefs"), "theme", {"color": "dark", "size": 14}),
    (("docs", "bo"), "readme", {"color": "none", "size": 3}),
]


def fill(store: BaseStore) -> None:
    for namespace, key, value in USERS:
        store.put(namespace, key, value)


def keys(items: list[Any]) -> set[tuple[tuple[str, ...], str]]:
    return {(item.namespace, item.key) for item in items}


@pytest.fixture
def store(client: Retentia) -> RetentiaStore:
    return RetentiaStore(client)


def test_put_get_overwrite_and_delete(store: RetentiaStore) -> None:
    """An item reads back with its value, namespace and key; a second put replaces the value
    and keeps created_at; a delete removes it, and other namespaces keep their own key."""
    store.put(("a", "b"), "k", {"v": 1})
    store.put(("a", "c"), "k", {"v": "other"})
    first = store.get(("a", "b"), "k")
    assert isinstance(first, Item)
    assert (first.namespace, first.key, first.value) == (("a", "b"), "k", {"v": 1})

    store.put(("a", "b"), "k", {"v": 2, "nested": {"x": [1, 2]}})
    second = store.get(("a", "b"), "k")
    assert second is not None and second.value == {"v": 2, "nested": {"x": [1, 2]}}
    assert second.created_at == first.created_at
    assert second.updated_at >= first.updated_at
    assert len(store.search(("a", "b"))) == 1  # replaced, not added beside

    store.delete(("a", "b"), "k")
    assert store.get(("a", "b"), "k") is None
    assert store.get(("a", "c"), "k") is not None
    assert store.get(("missing",), "k") is None


@pytest.mark.parametrize(
    ("prefix", "filter_"),
    [
        (("users",), None),
        (("users", "ada"), None),
        ((), {"color": "dark"}),
        (("users",), {"size": {"$gt": 10}}),
        ((), {"size": {"$gte": 9, "$lt": 14}}),
        ((), {"color": {"$ne": "dark"}}),
        ((), {"meta": {"source": "chat"}}),
        ((), {"tags": ["a", "b"]}),
        (("nobody",), None),
    ],
)
def test_search_filters_like_the_in_memory_store(
    store: RetentiaStore, prefix: tuple[str, ...], filter_: dict[str, Any] | None
) -> None:
    """A search without a query finds the same items as InMemoryStore for a namespace prefix
    and each filter form (equality, $gt/$gte/$lt/$ne, nested objects, lists)."""
    reference = InMemoryStore()
    fill(store)
    fill(reference)
    ours = store.search(prefix, filter=filter_, limit=100)
    theirs = reference.search(prefix, filter=filter_, limit=100)
    assert keys(ours) == keys(theirs)
    assert sorted((i.key, json.dumps(i.value, sort_keys=True)) for i in ours) == sorted(
        (i.key, json.dumps(i.value, sort_keys=True)) for i in theirs
    )


def test_a_comparison_passes_over_items_without_the_field(store: RetentiaStore) -> None:
    """An item that lacks a compared field fails the comparison (as in LangGraph's Postgres
    store); InMemoryStore raises TypeError there instead."""
    store.put(("cmp",), "with", {"size": 10})
    store.put(("cmp",), "without", {"color": "red"})
    assert [i.key for i in store.search(("cmp",), filter={"size": {"$gt": 1}})] == ["with"]
    reference = InMemoryStore()
    reference.put(("cmp",), "without", {"color": "red"})
    with pytest.raises(TypeError):
        reference.search(("cmp",), filter={"size": {"$gt": 1}})


def test_search_pages_newest_first(store: RetentiaStore) -> None:
    """limit and offset page the namespace's items, newest put first, without gaps."""
    for i in range(5):
        store.put(("pages",), f"k{i}", {"i": i})
    pages = [store.search(("pages",), limit=2, offset=o) for o in (0, 2, 4)]
    assert [[item.key for item in page] for page in pages] == [["k4", "k3"], ["k2", "k1"], ["k0"]]


@pytest.mark.parametrize(
    "call",
    [
        {},
        {"prefix": ("users",)},
        {"prefix": ("users", "*", "prefs")},
        {"suffix": ("prefs",)},
        {"max_depth": 2},
        {"prefix": ("users",), "max_depth": 2, "limit": 1, "offset": 1},
        {"suffix": ("nope",)},
    ],
)
def test_list_namespaces_like_the_in_memory_store(
    store: RetentiaStore, call: dict[str, Any]
) -> None:
    """list_namespaces answers as InMemoryStore does: prefix and suffix with `*` wildcards,
    max_depth truncation (deduplicated), sorted, limit and offset."""
    reference = InMemoryStore()
    fill(store)
    fill(reference)
    assert store.list_namespaces(**call) == reference.list_namespaces(**call)


def test_a_query_search_is_recall_within_the_namespace(store: RetentiaStore) -> None:
    """With a query the items come ranked by Retentia's recall, each with its score, and only
    those under the prefix that pass the filter."""
    store.put(("mem", "ada"), "job", {"text": "Ada surveys the harbour of Lisbon for the city."})
    store.put(("mem", "ada"), "pet", {"text": "Ada has a grey cat called Turing."})
    store.put(("mem", "bo"), "job", {"text": "Bo surveys the harbour of Porto."})
    hits = store.search(("mem", "ada"), query="Who surveys the harbour of Lisbon?")
    assert hits and hits[0].key == "job"
    assert {h.namespace for h in hits} == {("mem", "ada")}
    assert all(isinstance(h.score, float) for h in hits)
    filtered = store.search(("mem",), query="harbour survey", filter={"text": {"$ne": "x"}})
    assert keys(filtered) >= {(("mem", "ada"), "job"), (("mem", "bo"), "job")}


def test_a_copy_left_behind_is_passed_over_then_removed(
    store: RetentiaStore, client: Retentia
) -> None:
    """Where a key has two memories (a concurrent put, or a put whose delete was lost), get
    reads the newer, and the next delete removes both, so the older never resurfaces."""
    store.put(("dup",), "k", {"v": "old"})
    old = next(iter(client.iter_memories()))
    client.store(old.content.replace("old", "new"), metadata={m.key: m.value for m in old.metadata})
    got = store.get(("dup",), "k")
    assert got is not None and got.value == {"v": "new"}
    assert len(store.search(("dup",))) == 1
    store.delete(("dup",), "k")
    assert store.get(("dup",), "k") is None
    assert client.stats().memories == 0


def test_a_batch_reads_before_its_writes_and_the_last_put_wins(store: RetentiaStore) -> None:
    """Like InMemoryStore: a get in the same batch as a put sees the state before the batch,
    and two puts of one key in a batch leave the second."""
    reference = InMemoryStore()
    ops = [
        PutOp(("b",), "k", {"v": 1}),
        GetOp(("b",), "k"),
        PutOp(("b",), "k", {"v": 2}),
    ]
    assert store.batch(ops) == reference.batch(ops) == [None, None, None]
    ours, theirs = store.get(("b",), "k"), reference.get(("b",), "k")
    assert ours is not None and theirs is not None and ours.value == theirs.value == {"v": 2}


class Turn(TypedDict, total=False):
    text: str
    previous: str


def test_a_compiled_graph_reads_and_writes_through_the_store(store: RetentiaStore) -> None:
    """Given to `compile(store=...)`, the store is the one a node reaches with `get_store()`:
    what one run's node puts, a later run's node gets."""

    def remember(turn: Turn) -> Turn:
        get_store().put(("graph",), "last", {"text": turn["text"]})
        return {}

    def look_back(turn: Turn) -> Turn:
        previous = get_store().get(("graph",), "last")
        return {"previous": previous.value["text"] if previous else "nothing yet"}

    graph = StateGraph(Turn)
    graph.add_node("look_back", look_back)
    graph.add_node("remember", remember)
    graph.add_edge(START, "look_back")
    graph.add_edge("look_back", "remember")
    app = graph.compile(store=store)
    first = app.invoke({"text": "Ada moved to Lisbon."})
    assert first["previous"] == "nothing yet"
    second = app.invoke({"text": "Bo moved to Porto."})
    assert second["previous"] == "Ada moved to Lisbon."
    got = store.get(("graph",), "last")
    assert got is not None and got.value == {"text": "Bo moved to Porto."}


async def test_the_async_api(store: RetentiaStore) -> None:
    """aput, aget, asearch, alist_namespaces and adelete do what their sync twins do."""
    await store.aput(("as", "x"), "k", {"v": "async"})
    got = await store.aget(("as", "x"), "k")
    assert got is not None and got.value == {"v": "async"}
    assert keys(await store.asearch(("as",))) == {(("as", "x"), "k")}
    assert await store.alist_namespaces(prefix=("as",)) == [("as", "x")]
    await store.adelete(("as", "x"), "k")
    assert await store.aget(("as", "x"), "k") is None

"""LangGraph's long-term memory in Retentia: a `BaseStore` for agents' namespaced items.

pip install "./clients/python[langgraph]"
RETENTIA_URL=http://127.0.0.1:8000 RETENTIA_API_KEY=rtk_… python langgraph_store.py
"""

import os

from retentia_client import Retentia
from retentia_client.integrations.langgraph_store import RetentiaStore

url = os.environ.get("RETENTIA_URL", "http://127.0.0.1:8000")
key = os.environ.get("RETENTIA_API_KEY")
project = os.environ.get("RETENTIA_PROJECT", "langgraph-example")

with Retentia(url, api_key=key, project=project) as client:
    store = RetentiaStore(client)  # graph.compile(store=store): nodes reach it by get_store()
    store.put(("users", "ada"), "work", {"text": "Ada surveys the harbour of Lisbon."})
    store.put(("users", "ada"), "pet", {"text": "Ada's cat is called Turing.", "kind": "pet"})
    print(store.get(("users", "ada"), "work").value)  # type: ignore[union-attr]
    for hit in store.search(("users", "ada"), query="Where does Ada work?", limit=1):
        print(hit.key, round(hit.score or 0, 3), hit.value["text"])
    print([i.key for i in store.search(("users",), filter={"kind": "pet"})])
    print(store.list_namespaces(prefix=("users",)))

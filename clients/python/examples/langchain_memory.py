"""LangChain over Retentia: a retriever (recall as Documents) and a chat message history.

pip install "./clients/python[langchain]"
RETENTIA_URL=http://127.0.0.1:8000 RETENTIA_API_KEY=rtk_… python langchain_memory.py
"""

import os

from langchain_core.messages import AIMessage, HumanMessage
from retentia_client import Retentia
from retentia_client.integrations.langchain_memory import (
    RetentiaChatMessageHistory,
    RetentiaRetriever,
)

url = os.environ.get("RETENTIA_URL", "http://127.0.0.1:8000")
key = os.environ.get("RETENTIA_API_KEY")
project = os.environ.get("RETENTIA_PROJECT", "langchain-example")

with Retentia(url, api_key=key, project=project) as client:
    history = RetentiaChatMessageHistory(client, session_id="chat-1")
    history.add_messages(
        [HumanMessage("My sister Noor keeps bees in Porto."), AIMessage("Bees, lovely!")]
    )
    print([f"{m.type}: {m.content}" for m in history.messages])

    retriever = RetentiaRetriever(client=client, k=1)  # any chain's retriever
    for doc in retriever.invoke("What does Noor keep?"):
        print(doc.page_content, doc.metadata["score"] > 0)

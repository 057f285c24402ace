"""The agent frameworks' own memory interfaces over the client, one module per framework, each
importable only with its extra installed (`pip install "./clients/python[langgraph]"`, …):
`langgraph_store.RetentiaStore`, `langchain_memory.RetentiaRetriever` and
`RetentiaChatMessageHistory`, `openai_agents_session.RetentiaSession`,
`llamaindex_memory.RetentiaMemoryBlock`. Nothing is imported here, so the client itself never
needs a framework."""

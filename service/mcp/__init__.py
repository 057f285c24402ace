"""The MCP surface: the memory tools over stdio (`stdio`, answering the handshake before the
tools are imported) and HTTP, mapped onto the use cases (`server`)."""

from typing import Final

#: The name the server gives in its handshake, on stdio and over HTTP.
SERVER_NAME: Final = "retentia"
#: What the server tells an agent it is for.
INSTRUCTIONS: Final = "Long-term memory: store, recall, search, traverse and explain memories."

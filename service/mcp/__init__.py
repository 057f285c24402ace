"""The MCP surface: the memory tools over stdio (`stdio`, answering the handshake before the
tools are imported), HTTP and a running service's `/mcp` (`remote`), mapped onto the use cases
(`server`: the lifecycle and one call, over `arguments`, `schema_shaping`, `catalogue`,
`handlers/`, `serialise` and `failures`)."""

from typing import Final

#: The name the server gives in its handshake, on stdio and over HTTP.
SERVER_NAME: Final = "retentia"
#: What the server tells an agent it is for.
INSTRUCTIONS: Final = "Long-term memory: store, recall, search, traverse and explain memories."

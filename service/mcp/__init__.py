"""The MCP surface: the memory tools over stdio, mapped onto the use cases."""

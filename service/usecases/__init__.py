"""Use cases: what the service does, over the repository Protocols of `graph_backends`. Every
surface (GraphQL, MCP, CLI) calls these and only maps their inputs and results."""

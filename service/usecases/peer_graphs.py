"""Another memory system's graph, read out of its own database for `retentia import --from`:
the surfaces reach a database only through a use case (docs/architecture.md), so the reader in
`graph_backends.graphiti_graph` is offered here."""

from __future__ import annotations

from graph_backends.graphiti_graph import is_graph_url, read_graphiti

__all__ = ["is_graph_url", "read_graphiti"]

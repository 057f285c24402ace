"""Adapters to the world outside the graph: embedders, the LLM client, the category classifier
and webhooks. They never import a use case or a surface."""

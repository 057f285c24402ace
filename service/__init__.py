"""Retentia's service layer: settings, the use cases, the GraphQL API and the CLI."""

"""GraphQL types, one per module, each with a `from_domain()` mapper."""

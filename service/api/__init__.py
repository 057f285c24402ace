"""The GraphQL surface (strawberry on starlette): thin resolvers over the use cases."""

"""The GraphQL resolvers, one module per domain; `service.api.schema` merges them into Query and
Mutation. Each resolver checks its one permission first, calls one use case and maps its
result; `service.api.errors.maps_errors` maps the expected errors."""

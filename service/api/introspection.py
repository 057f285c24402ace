"""Introspection (`__schema`, `__type`) without a key is a setting: always open in development
mode, closed by default otherwise (`RETENTIA_INTROSPECTION_WITHOUT_KEY`). A request with a
valid key may always introspect; `__typename` is never refused."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Final

from graphql import FieldNode, GraphQLError, ValidationRule, get_named_type, is_introspection_type
from strawberry.extensions import SchemaExtension

from service.api.context import Context
from service.usecases.auth import AuthError

MESSAGE: Final = (
    "introspection ({field}) needs an API key (Authorization: Bearer <key>); an operator may "
    "open it to requests without one with RETENTIA_INTROSPECTION_WITHOUT_KEY=true"
)


class KeylessIntrospectionRule(ValidationRule):
    """Refuses the top of every introspection selection (`__schema`, `__type`), once."""

    def enter_field(self, node: FieldNode, *_args: Any) -> Any:
        named = get_named_type(self.context.get_type())
        if named is not None and is_introspection_type(named):
            self.report_error(GraphQLError(MESSAGE.format(field=node.name.value), node))
            return self.SKIP  # one error per selection, not one per field below it
        return None


class KeylessIntrospection(SchemaExtension):
    """Adds `KeylessIntrospectionRule` to the validation of a request without a valid key,
    unless the service opens introspection to such requests."""

    def on_operation(self) -> Iterator[None]:
        execution = self.execution_context
        context = execution.context
        if (
            isinstance(context, Context)
            and isinstance(context.access.principal, AuthError)
            and not context.services.keyless_introspection
        ):
            execution.validation_rules = (*execution.validation_rules, KeylessIntrospectionRule)
        yield

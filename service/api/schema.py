"""The GraphQL schema: Query and Mutation merged from the resolvers of each domain
(`service.api.resolvers`), behind the limits and error masking every request gets. Every
resolver's first act is one `info.context.require(permission)`."""

from __future__ import annotations

import logging
import uuid

import strawberry
from graphql import GraphQLError
from strawberry.extensions import MaskErrors, MaxTokensLimiter
from strawberry.tools import merge_types
from strawberry.types import ExecutionContext
from strawberry.utils.logging import StrawberryLogger

from schema import Unavailable
from service.api.errors import embedder_mismatch_error, unavailable_error
from service.api.introspection import KeylessIntrospection
from service.api.limits import MAX_TOKENS, BoundedParser, CheckedDocuments, QueryCostLimiter
from service.api.resolvers.analytics import AnalyticsQuery
from service.api.resolvers.core import CoreMutation, CoreQuery
from service.api.resolvers.erasure import ErasureMutation, ErasureQuery
from service.api.resolvers.facts import FactMutation, FactQuery
from service.api.resolvers.forgotten import ForgottenMutation, ForgottenQuery
from service.api.resolvers.importing import ImportMutation
from service.api.resolvers.keys import KeyMutation, KeyQuery
from service.api.resolvers.maintenance import MaintenanceMutation
from service.api.resolvers.memories import MemoryMutation, MemoryQuery
from service.api.resolvers.projects import ProjectMutation, ProjectQuery
from service.api.resolvers.recall import RecallQuery
from service.api.resolvers.subgraph import SubgraphQuery
from service.usecases.embedder_records import EmbedderMismatch

log = logging.getLogger(__name__)


def _is_unexpected(error: GraphQLError) -> bool:
    """Mask failures of our own code; keep GraphQL's own (syntax, validation) messages."""
    return error.original_error is not None and not isinstance(error.original_error, GraphQLError)


class LoggedMaskErrors(MaskErrors):
    """Masks unexpected errors and logs each with the request id the client also sees (in the
    message and the `X-Request-Id` response header); answers `Unavailable` as `UNAVAILABLE`."""

    def anonymise_error(self, error: GraphQLError) -> GraphQLError:
        context = self.execution_context.context
        reference = getattr(context, "request_id", None) or uuid.uuid4().hex[:16]
        typed = unavailable_error(error, reference)
        if typed is not None:
            log.warning("database unavailable (request %s): %s", reference, error.original_error)
            return typed
        mismatch = embedder_mismatch_error(error)
        if mismatch is not None:
            log.warning("embedder mismatch (request %s): %s", reference, error.original_error)
            return mismatch
        log.error(
            "unexpected error in GraphQL resolver (request %s)",
            reference,
            exc_info=error.original_error,
        )
        masked = super().anonymise_error(error)
        masked.message = f"Unexpected error (request {reference})."
        return masked


class RetentiaSchema(strawberry.Schema):
    """Logs a client's mistakes (a syntax or validation error, a refused document, a variable
    of the wrong type) at WARNING, without a traceback: the client gets the message and the
    service is fine. A failure of our own code stays an ERROR with its traceback."""

    def process_errors(
        self, errors: list[GraphQLError], execution_context: ExecutionContext | None = None
    ) -> None:
        for error in errors:
            if isinstance(error.original_error, Unavailable | EmbedderMismatch):
                continue  # answered with its code and logged then (`LoggedMaskErrors`)
            if _is_unexpected(error):
                StrawberryLogger.error(error, execution_context)
            else:
                StrawberryLogger.logger.warning("invalid GraphQL request: %s", error.message)


Query = merge_types(
    "Query",
    (
        MemoryQuery,
        FactQuery,
        CoreQuery,
        KeyQuery,
        ProjectQuery,
        ErasureQuery,
        ForgottenQuery,
        RecallQuery,
        AnalyticsQuery,
        SubgraphQuery,
    ),
)
Mutation = merge_types(
    "Mutation",
    (
        MemoryMutation,
        CoreMutation,
        FactMutation,
        MaintenanceMutation,
        ForgottenMutation,
        KeyMutation,
        ProjectMutation,
        ImportMutation,
        ErasureMutation,
    ),
)


def build_schema() -> strawberry.Schema:
    return RetentiaSchema(
        query=Query,
        mutation=Mutation,
        extensions=[
            lambda: MaxTokensLimiter(max_token_count=MAX_TOKENS),
            KeylessIntrospection,
            # Documents parsed within their limits, a long one off the event loop; short ones
            # and their checks are remembered per query text (bounded).
            BoundedParser,
            CheckedDocuments,
            QueryCostLimiter,
            lambda: LoggedMaskErrors(should_mask_error=_is_unexpected),
        ],
    )

"""What one request may ask for: body size, JSON shape, document size, literal length, query
depth, aliases, tokens, cost, page sizes and list inputs. Each refusal is typed — a 413/400 with
a GraphQL error body, a GraphQL error with a `code`, or an `InvalidInput` result — and never a
500."""

from __future__ import annotations

import asyncio
import json
import sys
from collections import Counter, OrderedDict
from collections.abc import AsyncIterator, Collection, Iterator, Mapping
from functools import lru_cache
from typing import Any, Final

# strawberry's own HTTP error (turned into a plain-text 4xx), from its cross_web dependency.
from cross_web import HTTPException
from graphql import (
    DocumentNode,
    ExecutionResult,
    FieldNode,
    FragmentDefinitionNode,
    FragmentSpreadNode,
    GraphQLError,
    GraphQLInterfaceType,
    GraphQLNamedType,
    GraphQLObjectType,
    GraphQLSchema,
    InlineFragmentNode,
    IntValueNode,
    OperationDefinitionNode,
    SelectionSetNode,
    Token,
    TokenKind,
    VariableNode,
    get_named_type,
    get_operation_ast,
    is_leaf_type,
    parse,
)
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from strawberry.extensions import SchemaExtension
from strawberry.extensions.max_aliases import create_validator as create_alias_validator
from strawberry.extensions.query_depth_limiter import create_validator as create_depth_validator
from strawberry.schema.schema import validate_document

from schema import MAX_CONTENT_BYTES, InvalidInput

#: Characters (code points) of a GraphQL document, whatever the body allows: a document is a
#: few hundred characters of names and punctuation, and large values travel in `variables`.
#: Room for one memory's largest content written inline as a literal, and the rest.
MAX_DOCUMENT_CHARS: Final = 4 * MAX_CONTENT_BYTES
#: Characters of one string literal in a document, between its quotes, escapes included: a
#: memory's largest content (256 KiB) fits even with every character escaped (`\"`, `\n`).
MAX_STRING_LITERAL_CHARS: Final = 2 * MAX_CONTENT_BYTES
#: Characters of one number literal: an `Int` is 32-bit (11 characters), and Python refuses to
#: convert more than 4,300 digits at all.
MAX_NUMBER_LITERAL_CHARS: Final = 100
#: A document longer than this is parsed in a worker thread (the event loop keeps serving
#: /healthz and every other request meanwhile) and not remembered by the caches below.
INLINE_DOCUMENT_CHARS: Final = 64 * 1024
#: A JSON request body longer than this is decoded in a worker thread.
INLINE_BODY_BYTES: Final = 256 * 1024
#: Query texts whose check outcome is remembered. Clients send a few documents with variables,
#: so a small cache answers nearly every request; a flood of distinct texts only cycles it.
CHECKED_DOCUMENTS: Final = 256
MAX_QUERY_DEPTH: Final = 12
#: Aliased fields per document: enough to ask for a few variants side by side.
MAX_ALIASES: Final = 30
#: Tokens per document (names, punctuation, literals).
MAX_TOKENS: Final = 2_000
#: Objects a query may ask for: each non-leaf field counts 1, times the page size (`first`,
#: `limit`, `maxNodes`, `k`) of every field above it. `traverse(maxNodes: 5000)` with nodes, their
#: connectivity and the edges costs about 15,000.
MAX_QUERY_COST: Final = 25_000
#: Field selections an operation may have once its fragments are expanded: fragments that
#: spread one another twice over would otherwise make a few lines cost 2^n work to validate.
MAX_EXPANDED_FIELDS: Final = 5_000
#: Times one response name may be selected in one selection set (fragments included).
MAX_FIELD_REPEATS: Final = 5
#: Largest page of each paged query; a bigger page is an `InvalidInput` naming the argument.
PAGE_LIMITS: Final = {
    "memories": 100,
    "facts": 1_000,
    "factHistory": 1_000,
    "coreMemories": 1_000,
    "traverse": 5_000,
    "subgraph": 5_000,
    "recall": 100,
    "search": 100,
    "forgottenMemories": 1_000,
}
#: The queries that page with a cursor (`after`); the others answer their best `k` at most.
CURSOR_PAGED: Final = frozenset(
    {"memories", "facts", "factHistory", "coreMemories", "traverse", "forgottenMemories"}
)
PAGE_ARGUMENTS: Final = ("first", "limit", "maxNodes", "k")
#: Most ids, links or names one list argument may carry (the size of a store batch).
MAX_LIST_INPUT: Final = 256
#: Most records one `importRecords` call may carry (a bigger history goes through the CLI).
MAX_IMPORT_RECORDS: Final = 5_000


def check_page(field: str, argument: str, value: int) -> int:
    """`value` as a page size of the paged query `field`, or `InvalidInput` naming the cap."""
    limit = PAGE_LIMITS[field]
    if not 1 <= value <= limit:
        hint = (
            "read more a page at a time: pass the page's pageInfo.endCursor as `after`"
            if field in CURSOR_PAGED
            else f"one call answers the best {limit} at most; narrow the query"
        )
        raise InvalidInput(argument, f"{value} is outside 1..{limit}; {hint}")
    return value


def check_count(field: str, values: Collection[object]) -> None:
    if len(values) > MAX_LIST_INPUT:
        raise InvalidInput(
            field, f"{len(values)} items; at most {MAX_LIST_INPUT} per request — split the list"
        )


def decode_request_json(data: str | bytes) -> object:
    """A request body as JSON: an object (or a batch list, which the view refuses itself).
    Deep nesting, an absurdly long integer and other shapes are a 400, not a crash."""
    try:
        decoded = json.loads(data)
    except RecursionError as e:
        raise HTTPException(400, "the request body nests JSON too deeply") from e
    except UnicodeDecodeError as e:
        raise HTTPException(400, "Unable to parse request body as JSON (not UTF-8)") from e
    except json.JSONDecodeError:
        raise  # strawberry answers it: 400 "Unable to parse request body as JSON"
    except ValueError as e:
        # json's only other ValueError: an integer past Python's conversion limit.
        raise HTTPException(
            400,
            "the request body holds an integer of more than "
            f"{sys.get_int_max_str_digits()} digits; send such a number as a string",
        ) from e
    if not isinstance(decoded, dict | list):
        raise HTTPException(400, "the request body must be a JSON object with a `query`")
    return decoded


# -- parsing --------------------------------------------------------------------------------


def _document_too_large(message: str, limit: int) -> GraphQLError:
    return GraphQLError(message, extensions={"code": "QUERY_TOO_LARGE", "limit": limit})


#: The quotes around each kind of string literal, in characters.
_QUOTES: Final = {TokenKind.STRING: 2, TokenKind.BLOCK_STRING: 6}


def _check_literals(document: DocumentNode) -> None:
    """Refuses a document with a string or number literal over its limit (a token's length is
    bounded by no other limit)."""
    token: Token | None = document.loc.start_token if document.loc is not None else None
    while token is not None:
        length = token.end - token.start
        if token.kind in _QUOTES:
            length -= _QUOTES[token.kind]
            if length > MAX_STRING_LITERAL_CHARS:
                raise _document_too_large(
                    f"a string literal of {length} characters; the limit is "
                    f"{MAX_STRING_LITERAL_CHARS}: send large values as variables",
                    MAX_STRING_LITERAL_CHARS,
                )
        elif token.kind in (TokenKind.INT, TokenKind.FLOAT) and length > MAX_NUMBER_LITERAL_CHARS:
            raise _document_too_large(
                f"a number literal of {length} characters; the limit is {MAX_NUMBER_LITERAL_CHARS}",
                MAX_NUMBER_LITERAL_CHARS,
            )
        token = token.next


def parse_document(text: str, max_tokens: int | None = MAX_TOKENS) -> DocumentNode:
    """`text` parsed within the document, literal and token limits (a GraphQL error naming the
    limit otherwise)."""
    if len(text) > MAX_DOCUMENT_CHARS:
        raise _document_too_large(
            f"the document is {len(text)} characters; the limit is {MAX_DOCUMENT_CHARS}: "
            "send large values as variables",
            MAX_DOCUMENT_CHARS,
        )
    document = parse(text, max_tokens=max_tokens)
    _check_literals(document)
    return document


#: Parsed documents remembered per query text (refusals are not: they raise).
_parse_cached: Final = lru_cache(maxsize=CHECKED_DOCUMENTS)(parse_document)


class BoundedParser(SchemaExtension):
    """Parses the document (`parse_document`) before strawberry would: a short one on the event
    loop and remembered per text (clients send a few documents with variables), a long one —
    up to MAX_DOCUMENT_CHARS, whose parse takes tens of milliseconds — in a worker thread, so
    that no document holds up the other requests. Strawberry's own parse, which has no bound on
    a literal or on the text, then has nothing to do."""

    async def on_parse(self) -> AsyncIterator[None]:
        context = self.execution_context
        text = context.query
        if text is not None and context.graphql_document is None:
            max_tokens = context.parse_options.get("max_tokens")
            if len(text) <= INLINE_DOCUMENT_CHARS:
                context.graphql_document = _parse_cached(text, max_tokens)
            else:
                context.graphql_document = await asyncio.to_thread(parse_document, text, max_tokens)
        yield


# -- document shape -----------------------------------------------------------------------------


class _Shape:
    """The expanded size of each operation and fragment, and how often one response name
    repeats within one selection set; each fragment is measured once."""

    def __init__(self, document: Any) -> None:
        self.fragments = {
            d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
        }
        self.measured: dict[str, tuple[int, Counter[str]]] = {}
        self.repeats = 0

    def level(
        self, node: SelectionSetNode | None, seen: frozenset[str]
    ) -> tuple[int, Counter[str]]:
        """(fields below `node`, expanded; response names at its own level)."""
        size, names = 0, Counter[str]()
        for selection in node.selections if node is not None else ():
            if isinstance(selection, FieldNode):
                name = (selection.alias or selection.name).value
                names[name] += 1
                size += 1 + self.selection_set(selection.selection_set, seen)
                continue
            if isinstance(selection, InlineFragmentNode):
                inner = self.level(selection.selection_set, seen)
            elif isinstance(selection, FragmentSpreadNode):
                inner = self.fragment(selection.name.value, seen)
            else:
                continue
            size += inner[0]
            names.update(inner[1])
            if size > MAX_EXPANDED_FIELDS:
                break
        return size, names

    def selection_set(self, node: SelectionSetNode | None, seen: frozenset[str]) -> int:
        size, names = self.level(node, seen)
        self.repeats = max(self.repeats, *names.values(), 0)
        return size

    def fragment(self, name: str, seen: frozenset[str]) -> tuple[int, Counter[str]]:
        if name not in self.measured:
            definition = self.fragments.get(name)
            if definition is None or name in seen:
                return 0, Counter()
            self.measured[name] = self.level(definition.selection_set, seen | {name})
        return self.measured[name]


def document_shape(document: Any) -> tuple[int, int]:
    """(expanded fields of the largest operation or fragment, most repeats of one response
    name in one selection set)."""
    shape = _Shape(document)
    executable = (OperationDefinitionNode, FragmentDefinitionNode)
    sizes = [
        shape.selection_set(d.selection_set, frozenset())
        for d in document.definitions
        if isinstance(d, executable)
    ]
    return max(sizes, default=0), shape.repeats


def _shape_problem(document: Any) -> GraphQLError | None:
    size, repeats = document_shape(document)
    if size > MAX_EXPANDED_FIELDS:
        return GraphQLError(
            f"the query expands to more than {MAX_EXPANDED_FIELDS} fields; spread fewer fragments",
            extensions={"code": "QUERY_TOO_LARGE", "limit": MAX_EXPANDED_FIELDS},
        )
    if repeats > MAX_FIELD_REPEATS:
        return GraphQLError(
            f"a field is selected {repeats} times in one selection set; the limit is "
            f"{MAX_FIELD_REPEATS}",
            extensions={"code": "QUERY_TOO_LARGE", "limit": MAX_FIELD_REPEATS},
        )
    return None


#: The depth and alias rules, built once (strawberry's limiters build new rule classes per
#: request, which no cache could recognise).
_LIMIT_RULES: Final = (
    create_depth_validator(MAX_QUERY_DEPTH, None),
    create_alias_validator(MAX_ALIASES),
)
#: (schema, query text, rules) → the errors its check found (none: it may run).
_OUTCOMES: Final[OrderedDict[tuple[int, str, tuple[Any, ...]], list[GraphQLError]]] = OrderedDict()


class CheckedDocuments(SchemaExtension):
    """Checks a document before it runs and remembers the outcome per query text: first its
    shape — a document whose fragments expand beyond MAX_EXPANDED_FIELDS or that repeats a field
    more than MAX_FIELD_REPEATS times in one selection set is refused before validation, which
    walks every expanded copy and compares same-named fields pairwise (seconds of CPU) — then
    GraphQL validation with the depth and alias limits. Both depend on the text alone, and
    parsing plus validating a recall took ~1.5 ms of the event loop per request."""

    def on_validate(self) -> Iterator[None]:
        context = self.execution_context
        document, text = context.graphql_document, context.query
        if document is not None and text is not None and context.pre_execution_errors is None:
            schema = context.schema._schema
            key = (id(schema), text, context.validation_rules)
            errors = _OUTCOMES.get(key)
            if errors is None:
                remember = len(text) <= INLINE_DOCUMENT_CHARS
                shape = _shape_problem(document)
                errors = (
                    [shape]
                    if shape is not None
                    else validate_document(
                        schema, document, (*context.validation_rules, *_LIMIT_RULES)
                    )
                )
                if remember:  # a long text is parsed and checked anew each time
                    _OUTCOMES[key] = errors
                    if len(_OUTCOMES) > CHECKED_DOCUMENTS:
                        _OUTCOMES.popitem(last=False)
            else:
                _OUTCOMES.move_to_end(key)
            # Errors set here (even none) make strawberry skip its own validation.
            context.pre_execution_errors = list(errors)
        yield


# -- cost -------------------------------------------------------------------------------------


class _Cost:
    """Counts the objects an operation may return, fragments computed once each."""

    def __init__(
        self,
        schema: GraphQLSchema,
        fragments: Mapping[str, FragmentDefinitionNode],
        variables: Mapping[str, Any],
    ) -> None:
        self.schema = schema
        self.fragments = fragments
        self.variables = variables
        self.fragment_costs: dict[str, int] = {}

    def selection_set(
        self, node: SelectionSetNode | None, parent: GraphQLNamedType | None, seen: frozenset[str]
    ) -> int:
        if node is None:
            return 0
        total = 0
        for selection in node.selections:
            if isinstance(selection, FieldNode):
                total += self.field(selection, parent, seen)
            elif isinstance(selection, InlineFragmentNode):
                condition = selection.type_condition
                inner = self.schema.get_type(condition.name.value) if condition else parent
                total += self.selection_set(selection.selection_set, inner, seen)
            elif isinstance(selection, FragmentSpreadNode):
                total += self.fragment(selection.name.value, seen)
        return total

    def fragment(self, name: str, seen: frozenset[str]) -> int:
        if name in self.fragment_costs:
            return self.fragment_costs[name]
        definition = self.fragments.get(name)
        if definition is None or name in seen:
            return 0
        parent = self.schema.get_type(definition.type_condition.name.value)
        cost = self.selection_set(definition.selection_set, parent, seen | {name})
        self.fragment_costs[name] = cost
        return cost

    def field(self, node: FieldNode, parent: GraphQLNamedType | None, seen: frozenset[str]) -> int:
        definition = (
            parent.fields.get(node.name.value)
            if isinstance(parent, GraphQLObjectType | GraphQLInterfaceType)
            else None
        )
        if node.name.value == "__schema":
            inner: GraphQLNamedType | None = self.schema.get_type("__Schema")
        elif node.name.value == "__type":
            inner = self.schema.get_type("__Type")
        else:
            inner = None if definition is None else get_named_type(definition.type)
        if node.selection_set is None or (inner is not None and is_leaf_type(inner)):
            return 0
        multiplier = 1
        given = {a.name.value: a.value for a in node.arguments or ()}
        for name in PAGE_ARGUMENTS:
            if name in given:
                multiplier = self.page_size(node.name.value, given[name])
            elif definition is not None and name in definition.args:
                default = definition.args[name].default_value
                multiplier = default if isinstance(default, int) else multiplier
        return 1 + multiplier * self.selection_set(node.selection_set, inner, seen)

    def page_size(self, field: str, value: Any) -> int:
        if isinstance(value, IntValueNode):
            size: object = int(value.value)
        elif isinstance(value, VariableNode):
            size = self.variables.get(value.name.value)
        else:
            size = None
        cap = PAGE_LIMITS.get(field, MAX_QUERY_COST)
        # Above the cap the resolver refuses the page itself (InvalidInput), so it costs the cap.
        return max(1, min(size, cap)) if isinstance(size, int) else cap


def query_cost(
    schema: GraphQLSchema,
    document: Any,
    operation_name: str | None,
    variables: Mapping[str, Any],
) -> int:
    operation = get_operation_ast(document, operation_name)
    if operation is None:
        return 0
    fragments = {
        d.name.value: d for d in document.definitions if isinstance(d, FragmentDefinitionNode)
    }
    root = schema.get_root_type(operation.operation)
    return _Cost(schema, fragments, variables).selection_set(
        operation.selection_set, root, frozenset()
    )


class QueryCostLimiter(SchemaExtension):
    """Refuses, before running anything, an operation that may return more than `max_cost`
    objects (see MAX_QUERY_COST)."""

    def __init__(self, max_cost: int = MAX_QUERY_COST) -> None:
        self.max_cost = max_cost

    def on_execute(self) -> Iterator[None]:
        context = self.execution_context
        if context.graphql_document is not None:
            cost = query_cost(
                context.schema._schema,
                context.graphql_document,
                context.operation_name,
                context.variables or {},
            )
            if cost > self.max_cost:
                # A result set here makes strawberry skip execution.
                context.result = ExecutionResult(
                    data=None,
                    errors=[
                        GraphQLError(
                            f"the query may return {cost} objects; the limit is "
                            f"{self.max_cost}: ask for smaller pages or fewer aliases",
                            extensions={
                                "code": "QUERY_TOO_COSTLY",
                                "cost": cost,
                                "limit": self.max_cost,
                            },
                        )
                    ],
                )
        yield


# -- request body -----------------------------------------------------------------------------


def _too_large(limit: int) -> JSONResponse:
    error = {
        "message": f"the request body exceeds {limit} bytes; split the request",
        "extensions": {"code": "PAYLOAD_TOO_LARGE", "limit": limit},
    }
    return JSONResponse({"data": None, "errors": [error]}, status_code=413)


class BodySizeLimit:
    """ASGI middleware: a request body over `max_bytes` is answered 413 without the app ever
    seeing it, whether it declares its length or streams in chunks."""

    def __init__(self, app: ASGIApp, max_bytes: int) -> None:
        self.app = app
        self.max_bytes = max_bytes

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope["headers"]).get(b"content-length", b"")
        if declared.isdigit() and int(declared) > self.max_bytes:
            await _too_large(self.max_bytes)(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client went away
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > self.max_bytes:
                await _too_large(self.max_bytes)(scope, receive, send)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if replayed:
                return await receive()
            replayed = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay, send)

"""The tools' arguments as papez names them: one pydantic model per tool, strict (an argument a
tool does not know is refused), and the conversions of their values into Retentia's."""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Literal

from pydantic import AwareDatetime, BaseModel, BeforeValidator, ConfigDict, Field

from schema import Category, EdgeType, InvalidInput
from schema.values import check_optional_instant
from service.usecases.context import MAX_BUDGET, MIN_BUDGET


def _lower(value: object) -> object:
    return value.lower() if isinstance(value, str) else value


#: Edge types as papez spells them (Retentia's own upper-case names are accepted too).
EdgeTypeName = Annotated[
    Literal[
        "caused_by",
        "supports",
        "contradicts",
        "supersedes",
        "derived_from",
        "related_to",
        "temporal_sequence",
    ],
    BeforeValidator(_lower),
]
NodeId = Annotated[str, Field(description="A memory id (UUID).")]
IdempotencyKeyArg = Annotated[
    str | None,
    Field(
        description="Makes the call safe to retry: called again with the same key (within 24 h "
        "by default) it answers as the first call did and writes nothing; other arguments "
        "under a used key are an error. 1–200 letters, digits and _.:/-."
    ),
]


class ToolArgs(BaseModel):
    # An argument a tool does not know is refused, naming the ones it takes: papez ignored
    # them, so a typo (`kk` for `k`) silently ran with the default.
    model_config = ConfigDict(extra="forbid", frozen=True)


class RelatedArg(ToolArgs):
    id: NodeId
    type: EdgeTypeName


class StoreArgs(ToolArgs):
    content: str
    source_session: str = ""
    related_to: list[NodeId] | None = Field(
        default=None, description="Legacy: ids the new memory was caused by. Prefer `related`."
    )
    related: list[RelatedArg] | None = Field(
        default=None,
        description="Typed edges from the new memory: new --type--> id (e.g. supersedes).",
    )
    category: str | None = Field(
        default=None,
        description="One of Retentia's categories ("
        + ", ".join(Category)
        + "); anything else is kept in the memory's metadata and the classifier decides.",
    )
    visibility: Literal["private", "org"] = "private"
    org_id: str | None = Field(default=None, description="Required with visibility 'org'.")
    created_at: AwareDatetime | None = Field(
        default=None,
        description="When the memory was formed (ISO 8601 with a time zone), for history "
        "imported with its own time; default now. At most 5 minutes ahead, not before 1970.",
    )
    idempotency_key: IdempotencyKeyArg = None


class AmendArgs(ToolArgs):
    node_id: NodeId
    content: str
    reason: str | None = None
    idempotency_key: IdempotencyKeyArg = None


class RecallArgs(ToolArgs):
    query: str
    k: int = 10
    max_results: int | None = Field(default=None, description="At most this many results.")
    read_only: bool = Field(default=False, description="Do not reactivate the hits.")
    verbosity: Literal["concise", "full"] = "full"


class ContextArgs(ToolArgs):
    query: str
    budget: int = Field(
        default=1024,
        description=f"Most tokens the block may take ({MIN_BUDGET}–{MAX_BUDGET}), counted by "
        "the local model's tokenizer.",
    )
    intent: Literal["current", "historical", "audit"] | None = Field(
        default=None, description="Default: detected from the query, as recall does."
    )
    as_of: AwareDatetime | None = Field(
        default=None, description="The instant the block answers for (ISO 8601); default now."
    )


class SearchFilterArgs(ToolArgs):
    status: list[str] | str | None = None
    category: list[str] | str | None = None
    entity: str | None = None
    since: datetime | None = Field(default=None, description="Created at or after (ISO 8601).")
    active_since: datetime | None = Field(
        default=None, description="Stored or recalled at or after (ISO 8601)."
    )


class SearchArgs(ToolArgs):
    query: str = Field(description="Search text; empty enumerates by recency.")
    filters: SearchFilterArgs | None = Field(
        default=None, description="Keys: status (list), category, entity, since, active_since."
    )
    k: int = 10


class TraverseArgs(ToolArgs):
    node_id: NodeId
    depth: int = 2
    edge_types: list[EdgeTypeName] | None = None


class ExplainArgs(ToolArgs):
    node_id: NodeId
    query: str | None = Field(
        default=None, description="Also explain how this query would rank the memory."
    )


class NodeArgs(ToolArgs):
    node_id: NodeId


class NoArgs(ToolArgs):
    pass


class ListCoreArgs(ToolArgs):
    category: str | None = None


class CorePreferencesArgs(ToolArgs):
    auto: list[str] | None = Field(default=None, description="Unset keeps the current list.")
    approval: list[str] | None = None
    excluded: list[str] | None = None


class PromoteArgs(ToolArgs):
    node_id: NodeId
    org_id: str
    action: Literal["keep_private", "promote_all", "delete_links"] = Field(
        default="keep_private",
        description="Edges to private memories: keep them, promote the linked memories too "
        "(one level, those without further private links), or delete the links.",
    )
    dry_run: bool = False


def edge_type(name: str) -> EdgeType:
    return EdgeType(name.upper())


def category_of(name: str, field: str) -> Category:
    try:
        return Category(name.lower())
    except ValueError as e:
        raise InvalidInput(
            field, f"unknown category {name!r}; choose from {', '.join(c.value for c in Category)}"
        ) from e


def tool_instant(field: str, value: datetime | None) -> datetime | None:
    """The instant in UTC, checked (`check_instant`): a zone is required, as everywhere else.
    (papez took a tz-naive instant as UTC; an agent that relied on that is told to add "Z",
    rather than have a local time read silently as another instant.)"""
    return check_optional_instant(field, value)

"""The tools as an MCP client lists them: each one's name and description (papez's), its
arguments, its handler, and whether it only reads."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Final, Generic, TypeVar

import mcp_types as types

from service.mcp.arguments import (
    AmendArgs,
    ContextArgs,
    CorePreferencesArgs,
    ExplainArgs,
    ListCoreArgs,
    NoArgs,
    NodeArgs,
    PromoteArgs,
    RecallArgs,
    SearchArgs,
    StoreArgs,
    ToolArgs,
    TraverseArgs,
)
from service.mcp.handlers.core import list_core_memories, promote_to_org, set_core_prefs
from service.mcp.handlers.graph import memory_stats, memory_traverse
from service.mcp.handlers.memories import (
    delete_memory,
    memory_amend,
    memory_store,
    pin_memory,
    unpin_memory,
)
from service.mcp.handlers.recall import memory_context, memory_explain, memory_recall, memory_search
from service.mcp.schema_shaping import input_schema
from service.mcp.toolset import MemoryTools, Result

A = TypeVar("A", bound=ToolArgs)


@dataclass(frozen=True, slots=True)
class ToolSpec(Generic[A]):
    name: str
    description: str
    arguments: type[A]
    run: Callable[[MemoryTools, A], Awaitable[Result]]
    #: A read: a failure is worth retrying as it is.
    read: bool
    destructive: bool = False


TOOLS: Final[tuple[ToolSpec[Any], ...]] = (
    ToolSpec(
        "memory_store",
        "Store a new memory. `related` declares typed edges from it ({id, type}; checked "
        "before anything is written); `related_to` is legacy caused_by edges. The answer "
        "names the auto-links made and `possible_conflicts` (hints, not verdicts).",
        StoreArgs,
        memory_store,
        read=False,
    ),
    ToolSpec(
        "memory_amend",
        "Record a correction: a new memory that supersedes the old one, which is kept and "
        "down-ranked in recall.",
        AmendArgs,
        memory_amend,
        read=False,
    ),
    ToolSpec(
        "memory_recall",
        "Hybrid recall (vector, full-text, facts, entity graph, neighbouring turns) ranked by "
        "relevance and retention; hits are reactivated unless read_only.",
        RecallArgs,
        memory_recall,
        read=True,
    ),
    ToolSpec(
        "memory_context",
        "A ready-to-paste context block for answering `query` within `budget` tokens: current "
        "facts (with since when), what changed (previous values), core identity and the "
        "relevant memories with dates and sessions; items are never cut, and the order and "
        "what was dropped are explained. Read-only.",
        ContextArgs,
        memory_context,
        read=True,
    ),
    ToolSpec(
        "memory_search",
        "Read-only search with filters (status, category, entity, since, active_since); an "
        "empty query enumerates by recency.",
        SearchArgs,
        memory_search,
        read=True,
    ),
    ToolSpec(
        "memory_traverse",
        "Breadth-first from a memory: the memories reached and every edge among them.",
        TraverseArgs,
        memory_traverse,
        read=True,
    ),
    ToolSpec(
        "memory_explain",
        "Every number behind a memory's score and fate: forces, status and next transition, "
        "forgetting conditions, removal impact, edges (and its recall ranking for `query`).",
        ExplainArgs,
        memory_explain,
        read=True,
    ),
    ToolSpec(
        "memory_stats",
        "Counts: memories, edges by type, orphans.",
        NoArgs,
        memory_stats,
        read=True,
    ),
    ToolSpec(
        "pin_memory",
        "Pin a memory: it is never forgotten.",
        NodeArgs,
        pin_memory,
        read=False,
    ),
    ToolSpec("unpin_memory", "Unpin a memory.", NodeArgs, unpin_memory, read=False),
    ToolSpec(
        "delete_memory",
        "Delete a memory and its edges for good.",
        NodeArgs,
        delete_memory,
        read=False,
        destructive=True,
    ),
    ToolSpec(
        "list_core_memories",
        "Core memories, optionally of one category.",
        ListCoreArgs,
        list_core_memories,
        read=True,
    ),
    ToolSpec(
        "set_core_preferences",
        "Categories promoted to core automatically, only with approval, or never (a list "
        "left out keeps its current value).",
        CorePreferencesArgs,
        set_core_prefs,
        read=False,
    ),
    ToolSpec(
        "promote_to_org",
        "Make a private memory visible to the whole org (never forgotten); `action` says what "
        "becomes of its edges to private memories; `dry_run` previews.",
        PromoteArgs,
        promote_to_org,
        read=False,
    ),
)
TOOL_NAMES: Final = tuple(t.name for t in TOOLS)


def tool_list() -> list[types.Tool]:
    return [
        types.Tool(
            name=t.name,
            description=t.description,
            input_schema=input_schema(t.arguments),
            annotations=types.ToolAnnotations(
                read_only_hint=t.read and t.name != "memory_recall",
                destructive_hint=t.destructive,
            ),
        )
        for t in TOOLS
    ]

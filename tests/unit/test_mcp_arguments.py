"""The MCP tools are as strict as the rest of the API (issue 50): an argument a tool does not
know is refused naming the ones it takes — papez ignored it, so `memory_recall {"kk": 3}`
answered 10 hits and `memory_store {"colour": "red"}` stored — and error messages show values,
never Python reprs. Validation comes first: the store is not opened for a refused call."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from service.mcp.server import call_tool


async def _never_opened(name: str, request: object | None) -> Any:
    raise AssertionError(f"{name} opened the memory tools for a call it should refuse")


def refusal(name: str, arguments: dict[str, Any]) -> dict[str, Any]:
    result = asyncio.run(call_tool(_never_opened, name, arguments))
    assert result.is_error
    answer: dict[str, Any] = json.loads(result.content[0].text)  # type: ignore[union-attr]
    return answer


def test_an_unknown_argument_is_refused_naming_the_accepted_ones() -> None:
    answer = refusal("memory_recall", {"query": "deploy", "kk": 3})
    assert answer["code"] == "InvalidInput" and answer["retryable"] is False
    assert "unknown argument 'kk'" in answer["error"]
    assert "the accepted ones are" in answer["error"] and " k," in answer["error"]
    stored = refusal("memory_store", {"content": "y", "colour": "red"})
    assert "unknown argument 'colour'" in stored["error"] and "content" in stored["error"]


def test_an_unknown_nested_argument_names_the_nested_ones() -> None:
    answer = refusal("memory_search", {"query": "x", "filters": {"stauts": "tagged"}})
    assert "unknown argument 'filters.stauts'" in answer["error"]
    assert "status" in answer["error"] and "category" in answer["error"]


def test_messages_show_values_not_python_reprs() -> None:
    from schema import InvalidInput
    from service.mcp.arguments import category_of

    with pytest.raises(InvalidInput) as refused:
        category_of("nope", "category")
    assert "<" not in str(refused.value) and "preferences_habits" in str(refused.value)


def test_a_database_gone_for_good_is_never_retryable() -> None:
    """After the embedded FalkorDB's restarts ran out, an MCP answer said retryable: true for
    every read; nothing comes back before the process restarts."""
    from graph_backends.errors import BackendGone, BackendUnavailable
    from service.mcp.failures import retryable_after

    assert retryable_after(BackendUnavailable("restarting"), read=True) is True
    assert retryable_after(BackendGone("could not be restarted"), read=True) is False

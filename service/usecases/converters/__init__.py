"""Other memory systems' data as Retentia history records (docs/ndjson-format.md, mode
history): one pure module per source format, each a `convert(texts) -> Conversion`. The
records go through the history import, so everything a client's write would check is checked,
and a re-run imports each item once."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Final

from service.usecases.converters import graphiti, letta, mcp_memory, mem0
from service.usecases.converters.conversion import Conversion

#: `retentia import --from NAME` → its converter.
CONVERTERS: Final[dict[str, Callable[[Iterable[str]], Conversion]]] = {
    "graphiti": graphiti.convert,
    "letta": letta.convert,
    "mcp-memory": mcp_memory.convert,
    "mem0": mem0.convert,
}

__all__ = ["CONVERTERS", "Conversion"]

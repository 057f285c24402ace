"""A Letta agent file (`.af`, Letta's `AgentFileSchema`: `agents`, `blocks`, …) as history
records.

- A memory block (core memory: the agent's always-visible `human`, `persona`, … blocks) becomes
  pinned memories, one per non-empty line of its value (a block is a list of statements; a line
  is what recall should find), with the block's label in `metadata.letta_block`.
- An agent's user and assistant messages become memories in the session of that agent, at their
  own `created_at`; system and tool messages are not memory: a note counts them.
- Archival passages (`passages` on an agent or at the top level, as some exports carry them:
  `text`/`content`, `created_at`) become memories at their own time.

Everything else the file holds (tools, LLM settings, groups, files, MCP servers) configures an
agent rather than remembering anything: it is named in a note."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from service.usecases.converters.conversion import Conversion

#: Parts of an agent file that configure an agent: noted, never carried.
_CONFIGURATION = ("tools", "groups", "files", "sources", "mcp_servers")


def convert(texts: Iterable[str]) -> Conversion:
    conversion = Conversion.begun()
    document = conversion.read_json(texts)
    if document is None:
        return conversion
    if not isinstance(document, dict) or not isinstance(document.get("agents"), list):
        conversion.not_carried.append("the file is not an agent file (no `agents` list)")
        return conversion
    blocks = {b.get("id"): b for b in document.get("blocks") or [] if isinstance(b, dict)}
    used: set[str] = set()
    for agent in document["agents"]:
        if not isinstance(agent, dict):
            conversion.not_carried.append("an agent that is not an object")
            continue
        name = str(agent.get("name") or agent.get("id") or "agent")
        for block_id in agent.get("block_ids") or []:
            if block_id in blocks and block_id not in used:
                used.add(block_id)
                _block(conversion, blocks[block_id], name)
        for block in agent.get("memory_blocks") or agent.get("core_memory") or []:
            if isinstance(block, dict):
                _block(conversion, block, name)
        _messages(conversion, agent, name)
        for index, passage in enumerate(agent.get("passages") or []):
            _passage(conversion, passage, f"{name}#{index}")
    for block_id, block in blocks.items():
        if block_id not in used:
            _block(conversion, block, None)
    for index, passage in enumerate(document.get("passages") or []):
        _passage(conversion, passage, f"file#{index}")
    configured = [part for part in _CONFIGURATION if document.get(part)]
    if configured:
        conversion.notes.append(
            f"{', '.join(configured)}: an agent's configuration, not memory; not imported"
        )
    return conversion


def _block(conversion: Conversion, block: dict[str, Any], agent: str | None) -> None:
    label = str(block.get("label") or block.get("id") or "block")
    value = block.get("value")
    if not isinstance(value, str):
        conversion.not_carried.append(f"block {label}: its value is not text")
        return
    owner = agent or "shared"
    for index, line in enumerate(t.strip() for t in value.splitlines()):
        if not line:
            continue
        conversion.add(
            f"block {label}, line {index + 1}",
            {
                "kind": "memory",
                "id": f"letta:{owner}:block:{block.get('id') or label}#{index}"[:200],
                "content": line,
                "pinned": True,
                "metadata": {"source": "letta", "letta_block": label, "letta_agent": owner},
            },
        )


def _text(content: Any) -> str:
    """A message's content: a string, or the text of its parts."""
    if isinstance(content, str):
        return content.strip()
    if isinstance(content, list):
        parts = [p.get("text", "") for p in content if isinstance(p, dict)]
        return "\n".join(p for p in parts if isinstance(p, str) and p).strip()
    return ""


def _messages(conversion: Conversion, agent: dict[str, Any], name: str) -> None:
    skipped = 0
    for index, message in enumerate(agent.get("messages") or []):
        if not isinstance(message, dict) or message.get("role") not in ("user", "assistant"):
            skipped += 1
            continue
        text = _text(message.get("content"))
        if not text:
            skipped += 1
            continue
        record: dict[str, Any] = {
            "kind": "memory",
            "id": f"letta:{name}:message:{message.get('id') or index}"[:200],
            "content": text,
            "session": f"letta:{name}",
            "metadata": {"source": "letta", "role": str(message["role"]), "letta_agent": name},
        }
        if isinstance(message.get("created_at"), str):
            record["created_at"] = message["created_at"]
        conversion.add(f"agent {name}, message {index + 1}", record)
    if skipped:
        conversion.notes.append(
            f"agent {name}: {skipped} system, tool or empty messages are not memory; not imported"
        )


def _passage(conversion: Conversion, passage: Any, where: str) -> None:
    text = _text(passage.get("text") or passage.get("content")) if isinstance(passage, dict) else ""
    if not text:
        conversion.not_carried.append(f"passage {where}: no text")
        return
    record: dict[str, Any] = {
        "kind": "memory",
        "id": f"letta:passage:{passage.get('id') or where}"[:200],
        "content": text,
        "metadata": {"source": "letta", "letta": "archival"},
    }
    if isinstance(passage.get("created_at"), str):
        record["created_at"] = passage["created_at"]
    conversion.add(f"passage {where}", record)

"""What mem0's open-source `Memory` returns, as history records: a JSON file holding
`{"results": [...], "history": {memory id: [...]}}` — `Memory.get_all(...)["results"]` for each
user, and `Memory.history(id)` for each memory (docs/import-export-erase.md shows the dump).
A bare list of memories, or `{"results": [...]}` alone, is read too (no history then).

- A memory comes in at its `created_at`, its content the text mem0 holds now; `user_id`,
  `agent_id`, `actor_id`, `role` and mem0's own metadata go to `metadata` (`mem0_*`), and
  `run_id` names the session.
- A memory mem0 updated (history events `UPDATE`) comes in as its earlier values, each at the
  time it was written, and its current value at the update's time, which SUPERSEDES the value
  before it: Retentia keeps the history mem0 kept, and recall prefers the current value.
- A memory mem0 deleted (`DELETE`) is not imported — its user removed it — and a note says how
  many. Client ids are mem0's ids, so a re-run imports nothing twice."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any

from service.usecases.converters.conversion import Conversion

#: mem0's fields kept in `metadata`, under `mem0_<field>`.
_KEPT = ("user_id", "agent_id", "actor_id", "role", "hash")


def convert(texts: Iterable[str]) -> Conversion:
    conversion = Conversion.begun()
    document = conversion.read_json(texts)
    if document is None:
        return conversion
    if isinstance(document, list):
        document = {"results": document}
    results = document.get("results") if isinstance(document, dict) else None
    if not isinstance(results, list):
        conversion.not_carried.append("the file holds no `results` list of mem0 memories")
        return conversion
    history = document.get("history") or {}
    if not isinstance(history, dict):
        conversion.not_carried.append("`history` is not an object of memory id → events")
        history = {}
    live: set[str] = set()
    for index, memory in enumerate(results):
        where = f"memory {index + 1}"
        if not isinstance(memory, dict) or not isinstance(memory.get("memory"), str):
            conversion.not_carried.append(f"{where}: no `memory` text")
            continue
        memory_id = str(memory.get("id") or f"mem0-{index}")
        live.add(memory_id)
        events = history.get(memory_id) or []
        _memory(conversion, memory, memory_id, events if isinstance(events, list) else [])
    deleted = [
        i
        for i, events in history.items()
        if i not in live
        and isinstance(events, list)
        and any(isinstance(e, dict) and e.get("event") == "DELETE" for e in events)
    ]
    if deleted:
        conversion.notes.append(
            f"{len(deleted)} memories deleted in mem0: not imported (their user removed them)"
        )
    users = {m.get("user_id") for m in results if isinstance(m, dict) and m.get("user_id")}
    if len(users) > 1:
        conversion.notes.append(
            f"{len(users)} mem0 users in one project; each memory keeps its user in "
            "metadata.mem0_user_id"
        )
    return conversion


def _metadata(memory: dict[str, Any]) -> dict[str, str]:
    kept = {f"mem0_{k}": str(memory[k]) for k in _KEPT if memory.get(k) is not None}
    own = memory.get("metadata")
    if isinstance(own, dict):
        kept |= {f"mem0_{k}": v if isinstance(v, str) else json.dumps(v) for k, v in own.items()}
    return {"source": "mem0", **kept}


def _memory(
    conversion: Conversion, memory: dict[str, Any], memory_id: str, events: list[Any]
) -> None:
    """The memory's earlier values (from its `UPDATE` events) and its current one, each at
    the time it was written, each superseding the one before."""
    where = f"memory {memory_id}"
    values: list[tuple[str, Any]] = []  # (text, written at)
    for event in events:
        if not isinstance(event, dict):
            continue
        if event.get("event") == "ADD" and isinstance(event.get("new_memory"), str):
            values.append((event["new_memory"], event.get("created_at")))
        elif event.get("event") == "UPDATE" and isinstance(event.get("new_memory"), str):
            if not values and isinstance(event.get("old_memory"), str):
                values.append((event["old_memory"], event.get("created_at")))
            values.append((event["new_memory"], event.get("updated_at")))
    current = memory["memory"]
    if not values or values[-1][0] != current:
        values.append((current, memory.get("updated_at") or memory.get("created_at")))
    elif values[-1][1] is None:
        values[-1] = (current, memory.get("updated_at") or memory.get("created_at"))
    metadata = _metadata(memory)
    previous: str | None = None
    for version, (text, at) in enumerate(values):
        last = version == len(values) - 1
        client_id = memory_id if last else f"{memory_id}@{version}"
        record: dict[str, Any] = {
            "kind": "memory",
            "id": client_id[:200],
            "content": text,
            # An earlier value keeps mem0's fields but the hash, which is of the current text.
            "metadata": metadata
            if last
            else {k: v for k, v in metadata.items() if k != "mem0_hash"}
            | {"mem0_superseded": "true"},
        }
        if isinstance(at, str):
            record["created_at"] = at
        if memory.get("run_id"):
            record["session"] = f"mem0:{memory['run_id']}"
        conversion.add(where if last else f"{where}, value {version + 1}", record)
        if previous is not None:
            conversion.add(
                where,
                {
                    "kind": "edge",
                    "source": client_id[:200],
                    "target": previous,
                    "type": "SUPERSEDES",
                    "reason": "updated in mem0",
                },
            )
        previous = client_id[:200]

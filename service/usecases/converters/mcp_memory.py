"""The MCP reference memory server's knowledge graph (`@modelcontextprotocol/server-memory`:
the JSONL file at its `MEMORY_FILE_PATH`, one entity or relation per line) as history records.

- An entity's observation becomes a memory naming the entity (`entities: [name]`). The
  observation is its content; one that does not name its entity is prefixed with it ("Alice:
  speaks Spanish"), since the file's structure, not the text, said whom it was about.
- An entity's type becomes the fact (name, `entity_type`, type).
- A relation becomes the fact (from, relationType, to) with an entity object.
- Client ids are derived from the entity and the observation's position, so importing the same
  file again imports nothing twice.

The format keeps no times: every memory and fact is dated at the import, which the conversion
says. A line that is not an entity or a relation is not carried, with its line number."""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, Final

from service.usecases.converters.conversion import Conversion

#: The predicate an entity's type is recorded under.
ENTITY_TYPE: Final = "entity_type"


def convert(texts: Iterable[str]) -> Conversion:
    conversion = Conversion.begun()
    seen = False
    for number, text in enumerate(texts, start=1):
        if not text.strip():
            continue
        seen = True
        try:
            item = json.loads(text)
        except ValueError as e:
            conversion.not_carried.append(f"line {number}: not JSON ({e})")
            continue
        kind = item.get("type") if isinstance(item, dict) else None
        if kind == "entity":
            _entity(conversion, number, item)
        elif kind == "relation":
            _relation(conversion, number, item)
        else:
            conversion.not_carried.append(
                f"line {number}: neither an entity nor a relation (type {kind!r})"
            )
    if seen:
        conversion.notes.append(
            "times: the MCP memory server keeps none; every memory and fact is dated at the import"
        )
    return conversion


def _text(item: dict[str, Any], key: str) -> str | None:
    value = item.get(key)
    return value.strip() if isinstance(value, str) and value.strip() else None


def _entity(conversion: Conversion, number: int, item: dict[str, Any]) -> None:
    name = _text(item, "name")
    if name is None:
        conversion.not_carried.append(f"line {number}: an entity without a name")
        return
    entity_type = _text(item, "entityType")
    if entity_type is not None:
        conversion.add(
            number,
            {"kind": "fact", "subject": name, "predicate": ENTITY_TYPE, "object": entity_type},
        )
    observations = item.get("observations") or []
    if not isinstance(observations, list):
        conversion.not_carried.append(f"line {number}: {name}'s observations are not a list")
        return
    for index, observation in enumerate(observations):
        if not isinstance(observation, str) or not observation.strip():
            conversion.not_carried.append(
                f"line {number}: {name}'s observation {index} is not text"
            )
            continue
        content = observation.strip()
        if name.casefold() not in content.casefold():
            content = f"{name}: {content}"
        conversion.add(
            number,
            {
                "kind": "memory",
                "id": f"mcp-memory:{name}#{index}"[:200],
                "content": content,
                "entities": [name],
                "metadata": {"source": "mcp-memory"}
                | ({"entity_type": entity_type} if entity_type else {}),
            },
        )


def _relation(conversion: Conversion, number: int, item: dict[str, Any]) -> None:
    source, target, relation = (_text(item, k) for k in ("from", "to", "relationType"))
    if source is None or target is None or relation is None:
        conversion.not_carried.append(f"line {number}: a relation without from, to or relationType")
        return
    conversion.add(
        number,
        {
            "kind": "fact",
            "subject": source,
            "predicate": relation,
            "object": target,
            "object_is_entity": True,
        },
    )

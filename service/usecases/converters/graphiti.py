"""A Graphiti knowledge graph (`graph_backends.graphiti_graph` reads it out of Graphiti's
FalkorDB or Neo4j, or a JSON file of the same shape: `episodes`, `entities`, `relations`,
`mentions`) as history records.

- An episode becomes a memory at its `valid_at` (when the source document was made), naming the
  entities it mentions, in the session of its `group_id`.
- An entity edge (RELATES_TO) becomes the fact (source, name, target) with an entity object, true
  from its `valid_at` until its `invalid_at` — Graphiti's validity is Retentia's — sourced from
  the first episode behind it that is in the file.
- An entity's type labels become facts (name, `entity_type`, label); its summary, when it has
  one, a memory naming it.
The edge's sentence (`fact`) and the instant Graphiti expired it (`expired_at`, its own
recording time) are not carried: a note says so. Client ids are Graphiti's uuids."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from service.usecases.converters.conversion import Conversion
from service.usecases.converters.mcp_memory import ENTITY_TYPE


def _episode_id(uuid: Any) -> str:
    return f"graphiti:episode:{uuid}"


def convert(texts: Iterable[str]) -> Conversion:
    conversion = Conversion.begun()
    graph = conversion.read_json(texts)
    if graph is None:
        return conversion
    if not isinstance(graph, dict) or not isinstance(graph.get("episodes"), list):
        conversion.not_carried.append("not a Graphiti graph (no `episodes` list)")
        return conversion
    mentioned: dict[str, list[str]] = {}
    for row in graph.get("mentions") or []:
        if isinstance(row, dict) and row.get("episode") and row.get("entity"):
            mentioned.setdefault(str(row["episode"]), []).append(str(row["entity"]))
    episodes: set[str] = set()
    for episode in graph["episodes"]:
        _episode(conversion, episode, mentioned, episodes)
    for entity in graph.get("entities") or []:
        _entity(conversion, entity)
    expired = 0
    for relation in graph.get("relations") or []:
        expired += _relation(conversion, relation, episodes)
    if graph.get("relations"):
        conversion.notes.append(
            "an entity edge's sentence (`fact`) is not carried: its subject, predicate, object "
            "and validity are, and its episodes carry the words"
        )
    if expired:
        conversion.notes.append(
            f"{expired} edges Graphiti expired: their `expired_at` (Graphiti's recording time) "
            "is not carried; their validity (`invalid_at`) is"
        )
    return conversion


def _episode(
    conversion: Conversion, episode: Any, mentioned: dict[str, list[str]], episodes: set[str]
) -> None:
    if not isinstance(episode, dict) or not episode.get("uuid"):
        conversion.not_carried.append("an episode without a uuid")
        return
    uuid = str(episode["uuid"])
    content = episode.get("content")
    if not isinstance(content, str) or not content.strip():
        conversion.not_carried.append(f"episode {uuid}: no content")
        return
    record: dict[str, Any] = {
        "kind": "memory",
        "id": _episode_id(uuid),
        "content": content,
        "entities": sorted(set(mentioned.get(uuid, []))),
        "metadata": {
            "source": "graphiti",
            **{
                f"graphiti_{k}": str(episode[k])
                for k in ("name", "source", "source_description")
                if episode.get(k)
            },
        },
    }
    at = episode.get("valid_at") or episode.get("created_at")
    if isinstance(at, str):
        record["created_at"] = at
    if episode.get("group_id"):
        record["session"] = f"graphiti:{episode['group_id']}"
    episodes.add(uuid)
    conversion.add(f"episode {uuid}", record)


def _entity(conversion: Conversion, entity: Any) -> None:
    if not isinstance(entity, dict) or not isinstance(entity.get("name"), str):
        conversion.not_carried.append("an entity without a name")
        return
    name = entity["name"]
    where = f"entity {entity.get('uuid') or name}"
    for label in entity.get("labels") or []:
        if label != "Entity":
            conversion.add(
                where,
                {"kind": "fact", "subject": name, "predicate": ENTITY_TYPE, "object": label},
            )
    summary = entity.get("summary")
    if isinstance(summary, str) and summary.strip():
        text = summary.strip()
        record: dict[str, Any] = {
            "kind": "memory",
            "id": f"graphiti:entity:{entity.get('uuid') or name}",
            "content": text if name.casefold() in text.casefold() else f"{name}: {text}",
            "entities": [name],
            "metadata": {"source": "graphiti", "graphiti": "entity summary"},
        }
        if isinstance(entity.get("created_at"), str):
            record["created_at"] = entity["created_at"]
        conversion.add(where, record)


def _relation(conversion: Conversion, relation: Any, episodes: set[str]) -> int:
    """1 when the edge was expired by Graphiti, else 0."""
    fields = ("source", "name", "target")
    if not isinstance(relation, dict) or not all(
        isinstance(relation.get(k), str) and relation[k] for k in fields
    ):
        conversion.not_carried.append("an entity edge without source, name or target")
        return 0
    record: dict[str, Any] = {
        "kind": "fact",
        "subject": relation["source"],
        "predicate": relation["name"],
        "object": relation["target"],
        "object_is_entity": True,
    }
    if isinstance(relation.get("valid_at"), str):
        record["valid_from"] = relation["valid_at"]
    if isinstance(relation.get("invalid_at"), str):
        record["valid_to"] = relation["invalid_at"]
    behind = [str(e) for e in relation.get("episodes") or [] if str(e) in episodes]
    if behind:
        record["source"] = _episode_id(behind[0])
    conversion.add(f"edge {relation.get('uuid') or relation['name']}", record)
    return 1 if relation.get("expired_at") else 0

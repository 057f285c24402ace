"""One planned fact write (`FactRepository.commit_facts`, `restore_facts`) as the rows of its
atomic write steps, the same on every backend: each step is the query of that name in every
dialect, and a backend only packs the rows into its own steps (Cypher: batches of `rows`;
SurrealQL: one list each in one transaction)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum
from typing import Any

from graph_backends._common.fact_records import close_params, fact_props
from schema.facts import FactWrite


class FactWriteStep(StrEnum):
    """The steps of a fact write, in the order they run, by their query's name."""

    MERGE_ENTITIES = "merge_entities"
    INSERT_FACTS = "insert_facts"
    LINK_FACT_OBJECTS = "link_fact_objects"
    LINK_FACT_SOURCES = "link_fact_sources"
    REKEY_FACTS = "rekey_facts"
    CLOSE_FACTS = "close_facts"
    RESHAPE_FACTS = "reshape_facts"
    SET_SOFT_CONFLICTS = "set_soft_conflicts"
    WRITE_FACT_VECTORS = "write_fact_vectors"


def fact_write_rows(
    write: FactWrite, vector: Callable[[Sequence[float]], Any]
) -> list[tuple[FactWriteStep, list[dict[str, Any]]]]:
    """Every step of `write` with its rows, in order (steps without rows included): entities,
    facts (their stored properties) and their links, new conflict keys, closes, reshaped
    history, soft-conflict marks, embeddings (as `vector` renders them for the driver)."""
    entities: dict[str, dict[str, str]] = {}
    for fact in write.inserts:
        entities[fact.subject_entity] = {
            "id": fact.subject_entity,
            "name": fact.subject,
            "key": fact.subject_key,
        }
        if fact.object_entity is not None:
            entities[fact.object_entity] = {
                "id": fact.object_entity,
                "name": fact.object,
                "key": fact.object_key,
            }
    objects = [
        {"fact": f.id, "entity": f.object_entity}
        for f in write.inserts
        if f.object_entity is not None
    ]
    sources = [{"fact": f.id, "memory": f.source} for f in write.inserts if f.source]
    sources += [{"fact": f, "memory": m} for f, m in dict.fromkeys(write.links)]
    inserted = {f.id for f in write.inserts}
    S = FactWriteStep
    return [
        (S.MERGE_ENTITIES, list(entities.values())),
        (S.INSERT_FACTS, [fact_props(f) for f in write.inserts]),
        (S.LINK_FACT_OBJECTS, objects),
        (S.LINK_FACT_SOURCES, sources),
        (S.REKEY_FACTS, [{"id": k, "key": v} for k, v in sorted(write.rekeys.items())]),
        (S.CLOSE_FACTS, [close_params(c) for c in write.closes]),
        (S.RESHAPE_FACTS, [close_params(c) for c in write.reshapes]),
        (
            S.SET_SOFT_CONFLICTS,
            [{"id": k, "ids": list(v)} for k, v in sorted(write.soft_conflicts.items())],
        ),
        (
            S.WRITE_FACT_VECTORS,
            [{"id": i, "embedding": vector(v)} for i, v in write.vectors.items() if i in inserted],
        ),
    ]

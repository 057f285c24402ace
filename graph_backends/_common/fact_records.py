"""Fact, relation and extraction records ⇄ stored properties, for every Cypher backend.
Datetimes travel as epoch microseconds (see `_records`)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from graph_backends._common.records import epoch_us, from_epoch_us, instant_us
from schema.facts import (
    Close,
    ExtractionRecord,
    ExtractionStatus,
    Fact,
    FactQuery,
    Relation,
    RelationExpiry,
    StoredRelation,
)

_FACT_TIMES = ("valid_from", "valid_to", "recorded_at", "invalid_at", "event_time")


def _dt(value: int | None) -> datetime | None:
    return None if value is None else from_epoch_us(value)


def fact_props(fact: Fact) -> dict[str, Any]:
    data = fact.model_dump(mode="python")
    for key in _FACT_TIMES:
        data[key] = epoch_us(data[key])
    data["soft_conflict_with"] = list(fact.soft_conflict_with)
    for key in ("state", "category", "writer"):
        data[key] = str(data[key])
    # What the fact full-text index reads: the assertion in words.
    data["text"] = f"{fact.subject} {fact.predicate} {fact.object}"
    return {k: v for k, v in data.items() if v is not None}


def fact_from_props(props: Mapping[str, Any]) -> Fact:
    data = dict(props)
    data.pop("text", None)
    for key in _FACT_TIMES:
        data[key] = _dt(data.get(key))
    data["soft_conflict_with"] = tuple(data.get("soft_conflict_with") or ())
    return Fact.model_validate(data)


def page_params(query: FactQuery) -> dict[str, Any]:
    """The order and cursor parameters of a fact list query (`find_facts` and its kin): the
    direction as a sign, and the cursor's sort keys already multiplied by it."""
    sign = 1 if query.oldest_first else -1
    after = query.after
    return {
        "sign": sign,
        "after_started": None if after is None else sign * instant_us(after.started_at),
        "after_recorded": None if after is None else sign * instant_us(after.recorded_at),
        "after_id": None if after is None else after.id,
        "limit": query.limit,
    }


def close_params(close: Close) -> dict[str, Any]:
    return {
        "id": close.id,
        "state": str(close.state),
        "valid_to": epoch_us(close.valid_to),
        "invalid_at": epoch_us(close.invalid_at),
        "superseded_by": close.superseded_by,
    }


def relation_params(relation: Relation, created_at: datetime) -> dict[str, Any]:
    return {
        "source": relation.source,
        "target": relation.target,
        "predicate": relation.predicate,
        "fact_id": relation.fact_id,
        "valid_from": epoch_us(relation.valid_from),
        "valid_to": epoch_us(relation.valid_to),
        "created_at": epoch_us(created_at),
    }


def relation_from_row(row: Mapping[str, Any]) -> Relation:
    return Relation(
        source=row["source"],
        target=row["target"],
        predicate=row["predicate"],
        fact_id=row["fact_id"],
        valid_from=_dt(row["valid_from"]),
        valid_to=_dt(row["valid_to"]),
    )


def stored_relation_from_row(row: Mapping[str, Any]) -> StoredRelation:
    return StoredRelation(
        source=row["source"],
        target=row["target"],
        predicate=row["predicate"],
        fact_id=row["fact_id"],
        valid_from=_dt(row["valid_from"]),
        valid_to=_dt(row["valid_to"]),
        created_at=_dt(row.get("created_at")),
    )


def stored_relation_params(relation: StoredRelation) -> dict[str, Any]:
    return {
        "source": relation.source,
        "target": relation.target,
        "predicate": relation.predicate,
        "fact_id": relation.fact_id,
        "valid_from": epoch_us(relation.valid_from),
        "valid_to": epoch_us(relation.valid_to),
        "created_at": epoch_us(relation.created_at),
    }


def expiry_params(expiry: RelationExpiry) -> dict[str, Any]:
    return {
        "source": expiry.source,
        "target": expiry.target,
        "predicate": expiry.predicate,
        "fact_ids": list(expiry.fact_ids),
        "at": epoch_us(expiry.at),
    }


def extraction_params(record: ExtractionRecord) -> dict[str, Any]:
    return {
        "memory_id": record.memory_id,
        "status": str(record.status),
        "error": record.error,
        "updated_at": epoch_us(record.at),
        "facts": record.facts,
    }


def extraction_from_row(row: Mapping[str, Any]) -> ExtractionRecord | None:
    if row["status"] is None:
        return None
    at = _dt(row["updated_at"])
    assert at is not None
    return ExtractionRecord(
        memory_id=row["id"],
        status=ExtractionStatus(row["status"]),
        at=at,
        facts=int(row["facts"] or 0),
        error=row["error"],
        attempts=int(row["attempts"] or 1),
    )

"""The tools' answers as JSON-ready objects: memories, recall hits, fact hits and context items
under papez's field names."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from datetime import datetime
from enum import Enum
from typing import Any

from pydantic import BaseModel

from schema import Memory, MemoryStatus
from service.usecases.context import ContextItem
from service.usecases.recall import FactRecallHit, RecallHit


def plain(value: Any) -> Any:
    """JSON-ready: dataclasses and models as objects, enums as values, times in ISO 8601,
    non-finite floats as null."""
    if isinstance(value, BaseModel):
        return plain(dict(value))
    if is_dataclass(value) and not isinstance(value, type):
        return {f.name: plain(getattr(value, f.name)) for f in fields(value)}
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, Mapping):
        return {str(plain(k)): plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(v) for v in value]
    if isinstance(value, float) and not math.isfinite(value):
        return None
    return value


def summary(memory: Memory) -> str:
    return memory.summary or memory.content[:200]


def memory_json(memory: Memory) -> dict[str, Any]:
    return {
        "id": memory.id,
        "content": memory.content,
        "summary": summary(memory),
        "status": memory.status.value,
        "category": memory.category.value,
        "entities": list(memory.entities),
        "pinned": memory.pinned,
        "visibility": memory.visibility.value,
        "is_core": memory.status is MemoryStatus.CORE,
        "score": memory.score,
        "created_at": memory.created_at.isoformat(),
        "last_accessed_at": plain(memory.last_accessed_at),
        "source_session": memory.source_session,
        "superseded_by": memory.superseded_by,
    }


def hit_json(hit: RecallHit, concise: bool) -> dict[str, Any]:
    """A hit as the tools answer it; its activation is the ranker's, at the answer's instant."""
    m = hit.memory
    act = hit.activation
    out: dict[str, Any] = {
        "id": m.id,
        "summary": summary(m),
        "status": m.status.value,
        "score": round(hit.score, 6),
        "activation": round(act, 6),
        "is_core": m.status is MemoryStatus.CORE,
    }
    if m.superseded_by is not None:
        out["superseded_by"] = m.superseded_by
    if concise:
        return out
    return {
        **memory_json(m),
        **out,
        "similarity": round(hit.similarity, 6),
        "legs": dict(sorted(hit.legs.items())),
        "terms": {k: round(v, 6) for k, v in sorted(hit.terms.items())},
        "injected": hit.injected,
        "backfilled": hit.backfilled,
    }


def fact_hit_json(hit: FactRecallHit) -> dict[str, Any]:
    f = hit.fact
    return {
        "fact_id": f.id,
        "subject": f.subject,
        "predicate": f.predicate,
        "object": f.object,
        "valid_from": plain(f.valid_from),
        "valid_to": plain(f.valid_to),
        "confidence": f.confidence,
        "source": f.source,
        "current": hit.current,
        "score": hit.score,
        "legs": dict(sorted(hit.legs.items())),
    }


def context_item_json(item: ContextItem) -> dict[str, Any]:
    return {
        "kind": item.kind,
        "id": item.id,
        "text": item.text,
        "tokens": item.tokens,
        "position": item.position,
        "source": item.source,
        "at": plain(item.at),
        "heading": item.heading,
    }

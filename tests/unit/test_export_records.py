"""An export record reads back as the object it was written from, and a record edited into
something the store would not hold is refused naming its field."""

from __future__ import annotations

import json

import pytest

from schema import InvalidInput, Memory
from schema.facts import StoredRelation
from service.usecases.export_records import KINDS, memory_line, model_line, parse
from tests.factories import T0, edge, memory


def test_each_kind_reads_back_as_written() -> None:
    a, b = memory("one", seed=1), memory("two", seed=2, status="core", pinned=True)
    for kind, model in (
        ("edge", edge(a, b, "CAUSED_BY", reason="why")),
        ("relation", StoredRelation(source="s", target="t", predicate="p", fact_id="f")),
    ):
        assert parse(kind, json.loads(model_line(kind, model))) == model
    with_vector = parse("memory", json.loads(memory_line(b, embeddings=True)))
    assert with_vector == b
    without = parse("memory", json.loads(memory_line(b, embeddings=False)))
    assert isinstance(without, Memory) and without.embedding is None
    assert without == b.model_copy(update={"embedding": None})


@pytest.mark.parametrize(
    ("kind", "record", "field"),
    [
        ("memory", {"id": "x", "content": "c", "created_at": T0.isoformat()}, "id"),
        ("memory", {"content": "c", "created_at": T0.isoformat(), "colour": 1}, "id"),
        ("edge", {"source": "a"}, "source"),
        ("config", {"key": "", "value": "{}"}, "key"),
        ("nonsense", {}, "kind"),
    ],
)
def test_a_bad_record_is_refused_naming_its_field(
    kind: str, record: dict[str, object], field: str
) -> None:
    with pytest.raises(InvalidInput) as refused:
        parse(kind, {"kind": kind, **record})
    assert refused.value.field.startswith(field) or field in str(refused.value)


def test_kinds_name_what_they_depend_on_first() -> None:
    assert KINDS.index("entity") < KINDS.index("fact") < KINDS.index("relation")
    assert KINDS.index("memory") < min(KINDS.index(k) for k in ("edge", "fact", "extraction"))

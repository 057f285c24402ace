"""One door per write (issue 52): the surfaces — GraphQL, MCP, the CLI — write only through
`Writes`, which always takes the idempotency key, writes a store's facts and retracts a
delete's; the services behind it are never handed to a surface. A new surface that could call
`MemoryService.store` would skip all three, so neither `UseCases` nor any surface module names
those services."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

from service.compose import Internals, UseCases

ROOT = Path(__file__).resolve().parents[2]
#: The services behind the door: only the composition root, the use cases and `Internals` hold
#: them.
INNER = ("MemoryService", "StoreService", "IdempotentWrites", "DeletionService", "FactService")
INNER_FIELDS = {"memories", "stores", "deletion", "idempotent", "facts", "memory_facts"}


def test_use_cases_hand_out_no_service_behind_the_door() -> None:
    annotations = {f.name: str(f.type) for f in dataclasses.fields(UseCases)}
    assert "writes" in annotations and annotations["writes"] == "Writes"
    offending = {n: t for n, t in annotations.items() if any(s in t for s in INNER)}
    assert offending == {}
    # The read views keep the names surfaces read through; the writing services are gone.
    assert annotations["memories"] == "MemoryReads" and annotations["facts"] == "FactReads"
    assert not {"stores", "deletion", "idempotent", "memory_facts"} & set(annotations)


def test_the_services_behind_the_door_are_all_internal() -> None:
    assert {f.name for f in dataclasses.fields(Internals)} == INNER_FIELDS


def test_no_surface_module_names_a_service_behind_the_door() -> None:
    surfaces = [
        *(ROOT / "service" / "api").rglob("*.py"),
        *(ROOT / "service" / "mcp").rglob("*.py"),
        *(ROOT / "service" / "commands").rglob("*.py"),
        ROOT / "service" / "cli.py",
    ]
    pattern = re.compile(r"\b(" + "|".join(INNER) + r")\b")
    named = [
        f"{path.relative_to(ROOT)}: {m.group(0)}"
        for path in surfaces
        for m in pattern.finditer(path.read_text(encoding="utf-8"))
    ]
    assert len(surfaces) > 20
    assert named == []

"""What a converter gives: history records, where each came from, and what it could not carry."""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Conversion:
    """History records (header first) with the source line each came from; one line of text
    for each item of the source that could not be carried (`not_carried`: the import exits 1),
    and for what the whole format lacks (`notes`, e.g. times). Nothing is dropped silently."""

    records: list[dict[str, Any]] = field(default_factory=list)
    #: `origins[i]`: the source line (1-based) of `records[i]`.
    origins: list[int] = field(default_factory=list)
    not_carried: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def add(self, origin: int, record: dict[str, Any]) -> None:
        self.records.append(record)
        self.origins.append(origin)

    def texts(self) -> Iterator[str]:
        """The records as NDJSON lines, for `open_history`."""
        for record in self.records:
            yield json.dumps(record, ensure_ascii=False) + "\n"

    def source_line(self, line: int) -> int:
        """The source line of the history file's `line` (1-based, as import reports it)."""
        return self.origins[line - 1] if 1 <= line <= len(self.origins) else line

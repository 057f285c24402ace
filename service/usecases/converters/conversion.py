"""What a converter gives: history records, where each came from, and what it could not carry."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from typing import Any, Final

from service.usecases.ndjson import Rejection

#: The first record of every converted file.
HISTORY_HEADER: Final = {
    "kind": "header",
    "format": "retentia-ndjson",
    "version": 1,
    "mode": "history",
}


@dataclass(slots=True)
class Conversion:
    """History records (header first) with the source line each came from; one line of text
    for each item of the source that could not be carried (`not_carried`: the import exits 1),
    and for what the whole format lacks (`notes`, e.g. times). Nothing is dropped silently."""

    records: list[dict[str, Any]] = field(default_factory=list)
    #: `origins[i]`: where `records[i]` came from: the source's line (1-based) for a file of
    #: lines, else a description ("block human", "agent Sam, message 4").
    origins: list[int | str] = field(default_factory=list)
    not_carried: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @classmethod
    def begun(cls) -> Conversion:
        """A conversion holding the history header."""
        conversion = cls()
        conversion.add(0, dict(HISTORY_HEADER))
        return conversion

    def read_json(self, texts: Iterable[str]) -> Any:
        """A source that is one JSON document, parsed; None (said in `not_carried`) when it
        is not JSON."""
        try:
            return json.loads("".join(texts))
        except ValueError as e:
            self.not_carried.append(f"the file is not JSON ({e})")
            return None

    def add(self, origin: int | str, record: dict[str, Any]) -> None:
        self.records.append(record)
        self.origins.append(origin)

    def texts(self) -> Iterator[str]:
        """The records as NDJSON lines, for `open_history`."""
        for record in self.records:
            yield json.dumps(record, ensure_ascii=False) + "\n"

    def located(self, rejection: Rejection) -> Rejection:
        """`rejection` (of the converted file's line) naming where in the source it came from:
        its line, or its description before the reason."""
        if not 1 <= rejection.line <= len(self.origins):
            return rejection
        origin = self.origins[rejection.line - 1]
        if isinstance(origin, int):
            return replace(rejection, line=origin)
        return replace(rejection, reason=f"{origin}: {rejection.reason}")

"""What `importRecords` answers: the import report (records imported and skipped per kind,
each rejected record with its line and reason)."""

from __future__ import annotations

from collections.abc import Mapping

import strawberry

from service.usecases.ndjson import ImportReport


@strawberry.type(name="KindCount", description="How many records of one kind.")
class KindCountType:
    kind: str
    count: int


@strawberry.type(name="RejectedRecord", description="A record the import refused, and why.")
class RejectedRecordType:
    line: int = strawberry.field(description="Its line in the NDJSON text (1-based).")
    kind: str
    reason: str


def _counts(by_kind: Mapping[str, int]) -> list[KindCountType]:
    return [KindCountType(kind=k, count=n) for k, n in sorted(by_kind.items())]


@strawberry.type(
    name="ImportReport",
    description="What an import did: `imported` and `skipped` (already there, from an earlier "
    "run of the same records) per kind, and each rejected record. A rejection never costs "
    "the other records.",
)
class ImportReportType:
    mode: str
    imported: list[KindCountType]
    skipped: list[KindCountType]
    rejected: list[RejectedRecordType]

    @classmethod
    def from_domain(cls, report: ImportReport) -> ImportReportType:
        return cls(
            mode=report.mode.value,
            imported=_counts(report.imported),
            skipped=_counts(report.skipped),
            rejected=[
                RejectedRecordType(line=r.line, kind=r.kind, reason=r.reason)
                for r in report.rejected
            ],
        )

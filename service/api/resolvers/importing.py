"""History import over the API: `importRecords`, a history NDJSON text (docs/ndjson-format.md)
written through the same paths as `storeMemories`, `linkMemories` and `ingestFacts`."""

from __future__ import annotations

import asyncio

import strawberry

from schema import InvalidInput
from service.api.errors import maps_errors
from service.api.limits import MAX_IMPORT_RECORDS
from service.api.resolvers._common import WRITE, Info
from service.api.types.import_report import ImportReportType
from service.api.types.results import ImportResult
from service.usecases.auth import Permission
from service.usecases.history_import import count_records, open_history
from service.usecases.ndjson import Mode


@strawberry.type
class ImportMutation:
    @strawberry.mutation(
        description="Import a history file (NDJSON, docs/ndjson-format.md, mode `history`) "
        "into the request's project: memories with their own `created_at`, edges and facts by "
        "client id, settings. Resumable: sent again, what is there is skipped. At most "
        f"{MAX_IMPORT_RECORDS:,} records per request (and the request body limit); use "
        "`retentia import` for more. Needs project:write; settings records also "
        "configuration:write (else they are rejected in the report)."
    )
    @maps_errors
    async def import_records(self, info: Info, ndjson: str) -> ImportResult:
        grant = info.context.require(WRITE)
        tenant = grant.tenant()
        # Settings records need more than the import: rejected in the report without it.
        configuration = grant.principal.allows(Permission.CONFIGURATION_WRITE)
        # Up to the body limit of lines: split and counted off the event loop.
        texts, records = await asyncio.to_thread(_split, ndjson)
        if records > MAX_IMPORT_RECORDS:  # a header is not a record
            raise InvalidInput(
                "ndjson",
                f"{records} records; the limit is {MAX_IMPORT_RECORDS} records per request "
                "(MAX_IMPORT_RECORDS, a header not counted): split the file, or use "
                "`retentia import`",
            )
        header, lines = open_history(texts)
        if header.mode is not Mode.HISTORY:
            raise InvalidInput(
                "ndjson", "importRecords takes history files; restore an export with the CLI"
            )
        report = await info.context.services.history.run(tenant, lines, configuration=configuration)
        return ImportReportType.from_domain(report)


def _split(ndjson: str) -> tuple[list[str], int]:
    """The text's lines and how many records they hold."""
    texts = ndjson.split("\n")
    return texts, count_records(texts)

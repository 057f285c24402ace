from typing import Literal, Union

from pydantic import Field

from .base_model import BaseModel
from .fragments import ForbiddenFields, InvalidInputFields, UnauthenticatedFields


class ImportRecords(BaseModel):
    import_records: Union[
        "ImportRecordsImportRecordsImportReport",
        "ImportRecordsImportRecordsInvalidInput",
        "ImportRecordsImportRecordsForbidden",
        "ImportRecordsImportRecordsUnauthenticated",
    ] = Field(alias="importRecords", discriminator="typename__")


class ImportRecordsImportRecordsImportReport(BaseModel):
    typename__: Literal["ImportReport"] = Field(alias="__typename")
    mode: str
    imported: list["ImportRecordsImportRecordsImportReportImported"]
    skipped: list["ImportRecordsImportRecordsImportReportSkipped"]
    rejected: list["ImportRecordsImportRecordsImportReportRejected"]


class ImportRecordsImportRecordsImportReportImported(BaseModel):
    kind: str
    count: int


class ImportRecordsImportRecordsImportReportSkipped(BaseModel):
    kind: str
    count: int


class ImportRecordsImportRecordsImportReportRejected(BaseModel):
    line: int
    kind: str
    reason: str


class ImportRecordsImportRecordsInvalidInput(InvalidInputFields):
    typename__: Literal["InvalidInput"] = Field(alias="__typename")


class ImportRecordsImportRecordsForbidden(ForbiddenFields):
    typename__: Literal["Forbidden"] = Field(alias="__typename")


class ImportRecordsImportRecordsUnauthenticated(UnauthenticatedFields):
    typename__: Literal["Unauthenticated"] = Field(alias="__typename")


ImportRecords.model_rebuild()
ImportRecordsImportRecordsImportReport.model_rebuild()

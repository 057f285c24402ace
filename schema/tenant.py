"""A tenant is one (org, project) pair; nothing is ever read or written across tenants."""

from __future__ import annotations

from typing import Annotated, Final

from pydantic import AfterValidator, BaseModel, ConfigDict

from schema.values import check_tenant_part

#: The project holding an org's own records (API keys); requests may never name it, and
#: whole-database passes (maintenance, the reconciler) leave it alone.
SYSTEM_PROJECT: Final = "retentia.system"

#: Names are case-insensitive: checked against the pattern (ASCII letters of either case,
#: digits, '_', '.', '-'), then lowercased, so `Acme`/`Notes` and `acme`/`notes` are one tenant
#: and `Retentia.System` is the reserved `retentia.system`, never a graph of its own.
OrgName = Annotated[str, AfterValidator(lambda v: check_tenant_part("org", v).lower())]
ProjectName = Annotated[str, AfterValidator(lambda v: check_tenant_part("project", v).lower())]


class Tenant(BaseModel):
    """Org and project names exclude ':' so `key` can never name another tenant's graph; both
    are lowercased, so `key` is the same however a caller writes them."""

    model_config = ConfigDict(frozen=True)

    org: OrgName
    project: ProjectName

    @property
    def key(self) -> str:
        return f"retentia:{self.org}:{self.project}"

    @property
    def system(self) -> bool:
        return self.project == SYSTEM_PROJECT

    def __str__(self) -> str:
        return f"{self.org}/{self.project}"

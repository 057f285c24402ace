"""Tenant names are case-insensitive: checked against the documented pattern (ASCII letters,
digits, '_', '.', '-'), then lowercased, so a tenant has one key however a caller writes it,
and the reserved project cannot be reached by changing its case."""

from __future__ import annotations

import pytest

from graph_backends._common.tenants import tenants_named
from schema import InvalidInput, Tenant, build
from schema.tenant import SYSTEM_PROJECT
from service.usecases.auth import request_tenant


def test_names_are_lowercased_into_one_key() -> None:
    assert Tenant(org="Acme", project="Notes.V2") == Tenant(org="acme", project="notes.v2")
    assert Tenant(org="Acme", project="Notes.V2").key == "retentia:acme:notes.v2"


@pytest.mark.parametrize("project", ["retentia.system", "Retentia.System", "RETENTIA.SYSTEM"])
def test_the_reserved_project_is_refused_in_any_case(project: str) -> None:
    with pytest.raises(InvalidInput, match="reserved") as refused:
        request_tenant("default", project)
    assert refused.value.field == "project"


@pytest.mark.parametrize("project", ["\u212aeys", "café", "a b", "-lead", "", "x" * 64])
def test_names_outside_the_pattern_are_refused_naming_the_field(project: str) -> None:
    """The Kelvin sign lowercases to an ASCII 'k': names are checked before they are
    lowercased, so no non-ASCII character can fold into a valid name."""
    with pytest.raises(InvalidInput) as refused:
        request_tenant("default", project)
    assert refused.value.field == "project"
    with pytest.raises(InvalidInput) as refused:
        build(Tenant, org=project, project="notes")
    assert refused.value.field == "org"


def test_stored_names_that_are_not_a_tenants_key_are_not_listed() -> None:
    """A mixed-case graph from before names were lowercased would be listed under a key that
    is not its own (maintenance would work on another, empty graph): it is left out."""
    keys = [
        "retentia:acme:notes",
        "retentia:Acme:Notes",
        f"retentia:acme:{SYSTEM_PROJECT}",
        "other-app:graph",
        "retentia:a:b:c",
        "retentia:bad name:x",
    ]
    assert tenants_named(keys) == [
        Tenant(org="acme", project="notes"),
        Tenant(org="acme", project=SYSTEM_PROJECT),
    ]

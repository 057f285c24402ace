"""Every MCP tool served at /mcp asks for a permission, the one of the GraphQL operation it
mirrors: a tool added to the shared definitions without one would be refused to everyone."""

from __future__ import annotations

from schema import InvalidInput, NotFound
from service.api.mcp_http import TOOL_PERMISSIONS
from service.mcp.catalogue import TOOLS
from service.mcp.failures import error_code
from service.usecases.auth import Forbidden, Permission, Unauthenticated


def test_every_tool_has_a_permission_and_reads_only_read() -> None:
    assert set(TOOL_PERMISSIONS) == {t.name for t in TOOLS}
    for tool in TOOLS:
        if tool.read:
            assert TOOL_PERMISSIONS[tool.name] is Permission.PROJECT_READ, tool.name


def test_error_codes_are_the_graphql_type_names() -> None:
    assert error_code(Forbidden("no")) == "Forbidden"
    assert error_code(Unauthenticated("no")) == "Unauthenticated"
    assert error_code(InvalidInput("k", "bad")) == "InvalidInput"
    assert error_code(NotFound("memory", "x")) == "NotFound"
    assert error_code(ValueError("bug")) == "Internal"

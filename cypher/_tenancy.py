"""A shared query scoped to one tenant, for a dialect that keeps every tenant in one database
and tells them apart by a `tenant` property (Neo4j, ADR 0007).

The shared text is written for a graph per tenant. Scoping it adds `tenant: $tenant` to every
labelled node pattern and to every relationship pattern (matched, merged or created), and
`tenant` to the declared parameters. Bare variables need nothing: they were bound by a scoped
pattern. What cannot be scoped this way (a full `SET n = …` replacement, which would drop the
tenant property, and index procedures, whose hits need a filter) is refused: such a query needs
a dialect override.
"""

from __future__ import annotations

import re
from typing import Final

TENANT_MAP: Final = "tenant: $tenant"
_COMMENT: Final = re.compile(r"^[ \t]*//.*$", re.MULTILINE)
_STRING: Final = re.compile(r"'(?:[^'\\]|\\.)*'")
_TEMPLATE_BRACES: Final = re.compile(r"\{\{|\}\}")
_PARAMS_LINE: Final = re.compile(r"^(?P<head>[ \t]*// params:)(?P<names>.*)$", re.MULTILINE)
#: `(var:Label)` or `(var:Label {map})`, not preceded by a name (a function call such as
#: count(x)) nor by CALL (a subquery's scope clause).
_NODE: Final = re.compile(r"(?<![\w.])(?<!CALL )\(\s*\w*\s*:\s*\w+(\s*)(\{[^{}]*\})?\s*\)")
_RELATIONSHIP: Final = re.compile(r"-\[([^\[\]]*)\]-")
_REPLACE: Final = re.compile(r"\bSET\s+\w+\s*=")
_INDEX_PROCEDURE: Final = re.compile(r"\bYIELD\s+node\b")


class UnscopableQuery(ValueError):
    """The shared text has a construct that adding `tenant: $tenant` cannot make safe."""


def _blank(match: re.Match[str]) -> str:
    return re.sub(r"[^\n]", " ", match.group(0))


def _masked(text: str) -> str:
    """`text` with comments and string literals blanked out and template braces masked, same
    length: patterns are looked for in code only, and edits land at the same offsets."""
    text = _COMMENT.sub(_blank, text)
    text = _STRING.sub(lambda m: "'" + " " * (len(m.group(0)) - 2) + "'", text)
    return _TEMPLATE_BRACES.sub(lambda m: "<<" if m.group(0) == "{{" else ">>", text)


def _map_insert(masked: str, start: int, end: int) -> tuple[int, str] | None:
    """Where and what to insert so the map opening at or after `start` (before `end`) names
    the tenant first; None where there is no map."""
    brace = masked.find("{", start, end)
    if brace < 0:
        return None
    rest = masked[brace + 1 : end].lstrip()
    return brace + 1, TENANT_MAP if rest.startswith("}") else f"{TENANT_MAP}, "


def scope_to_tenant(text: str) -> str:
    """The query text with every labelled node pattern and relationship pattern bound to
    `$tenant`, and `tenant` declared; raises `UnscopableQuery` where that is not enough."""
    masked = _masked(text)
    if _REPLACE.search(masked):
        raise UnscopableQuery("a full `SET n = …` replacement would drop the tenant property")
    if _INDEX_PROCEDURE.search(masked):
        raise UnscopableQuery("an index procedure's hits must be filtered by tenant")
    edits: list[tuple[int, str]] = []
    for node in _NODE.finditer(masked):
        found = _map_insert(masked, node.start(2), node.end(2)) if node.group(2) else None
        edits.append(found or (node.start(1), f" {{{TENANT_MAP}}}"))
    for relationship in _RELATIONSHIP.finditer(masked):
        start, end = relationship.span(1)
        found = _map_insert(masked, start, end)
        if found is None:
            inside = masked[start:end].rstrip()
            at = start + len(inside)
            found = (at, f" {{{TENANT_MAP}}}" if inside.strip() else f"{{{TENANT_MAP}}}")
        edits.append(found)
    for at, insert in sorted(edits, reverse=True):
        text = text[:at] + insert + text[at:]
    return _PARAMS_LINE.sub(_declare_tenant, text, count=1)


def _declare_tenant(match: re.Match[str]) -> str:
    names = [n.strip() for n in match.group("names").split(",") if n.strip()]
    return f"{match.group('head')} {', '.join([*names, 'tenant'])}"

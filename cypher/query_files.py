"""What every dialect's query loader shares: named query files as package data, the parameters
and templates a file declares in its leading `//` comments checked against what its body uses,
and calls checked against those declarations. `cypher` (`.cypher`) and
`graph_backends.surrealdb.surrealql` (`.surql`) configure it with their file suffix, their
reading of a body (which `$names` are the caller's) and their own extra checks."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any, Final

#: A `$name` in a query body.
PARAM_USE: Final = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)")
#: A `{{slot}}` in a query body.
TEMPLATE_USE: Final = re.compile(r"\{\{([a-z_]+)\}\}")


class QueryError(Exception):
    """A programming error: a query file is malformed, or was called with the wrong parameters
    or templates."""


def declared(text: str, key: str) -> frozenset[str]:
    """The names a `// key: a, b` comment line declares (none without such a line)."""
    for line in text.splitlines():
        stripped = line.strip()
        if stripped.startswith(f"// {key}:"):
            names = stripped.split(":", 1)[1]
            return frozenset(n.strip() for n in names.split(",") if n.strip())
    return frozenset()


def checked_declarations(
    label: str,
    text: str,
    used: frozenset[str],
    *,
    slots: Collection[str] | None = None,
) -> tuple[frozenset[str], frozenset[str]]:
    """The parameters and templates `text` declares, refused unless they are exactly the ones
    its body uses (`used`: the dialect's reading of which `$names` are the caller's) and, with
    `slots`, unless every template is one of them."""
    params = declared(text, "params")
    templates = declared(text, "templates")
    if used != params:
        raise QueryError(f"{label}: uses {sorted(used)} but declares {sorted(params)}")
    used_templates = frozenset(TEMPLATE_USE.findall(text))
    if used_templates != templates or (slots is not None and not templates <= set(slots)):
        raise QueryError(
            f"{label}: templates used {sorted(used_templates)}, declared {sorted(templates)}"
        )
    return params, templates


def bound(name: str, declared_params: frozenset[str], params: Mapping[str, Any]) -> dict[str, Any]:
    """The parameters of a call, checked to be exactly the declared ones."""
    given = set(params)
    if given != declared_params:
        missing, extra = sorted(declared_params - given), sorted(given - declared_params)
        raise QueryError(f"{name}: missing params {missing}, unexpected {extra}")
    return dict(params)


def check_templates(name: str, given: Collection[str], declared_templates: frozenset[str]) -> None:
    """A render fills exactly the declared template slots."""
    if set(given) != declared_templates:
        raise QueryError(
            f"{name}: templates {sorted(given)} given, {sorted(declared_templates)} declared"
        )


@dataclass(frozen=True, slots=True)
class QueryFiles:
    """Where one dialect keeps its query files: `package/[folder/][dialect/]NAME.suffix`."""

    package: str
    suffix: str

    def file(
        self, name: str, *, folder: str | None = None, dialect: str | None = None
    ) -> resources.abc.Traversable:
        path = resources.files(self.package)
        for part in (folder, dialect):
            if part is not None:
                path = path / part
        return path / f"{name}{self.suffix}"

    def read(self, name: str, *, folder: str | None = None, dialect: str | None = None) -> str:
        return self.file(name, folder=folder, dialect=dialect).read_text(encoding="utf-8")

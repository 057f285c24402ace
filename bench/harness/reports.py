"""The report files — `<name>.json` (the figures) and `<name>.md` (Markdown) — and the pieces
of Markdown every suite's report is made of: tables, rows and cells."""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, Literal

from bench.harness.run import log

#: What a missing figure shows. Two dashes, because the committed reports used both.
EM_DASH = "—"
EN_DASH = "–"


def md_cell(text: str) -> str:
    """`text` safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")  # a bare | would end the cell


def md_row(cells: Iterable[object]) -> str:
    """One table row: `| a | b |`."""
    return "| " + " | ".join(str(c) for c in cells) + " |"


def md_rule(align: str) -> str:
    """The rule under a table's header, one letter a column: `l` left (text), `r` right
    (figures): "lrr" → `|---|---:|---:|`."""
    return "|" + "".join("---:|" if a == "r" else "---|" for a in align)


def md_table(
    header: str | Sequence[str], align: str, rows: Iterable[Iterable[object]] = ()
) -> list[str]:
    """A table's lines: the header row (a string's columns are separated by " | "), the rule
    (`md_rule(align)`), then `rows`."""
    columns = header.split(" | ") if isinstance(header, str) else list(header)
    if len(align) != len(columns):
        raise ValueError(f"{len(columns)} columns but alignment {align!r}")
    return [md_row(columns), md_rule(align), *(md_row(r) for r in rows)]


def fixed(value: float | None, digits: int = 3, *, none: str = EM_DASH) -> str:
    """`value` with `digits` decimals, `none` when missing."""
    return none if value is None else f"{value:.{digits}f}"


def percent(value: float | None, digits: int = 1, *, none: str = EM_DASH) -> str:
    """A share (0–1) as `12.3 %`, `none` when missing."""
    return none if value is None else f"{100 * value:.{digits}f} %"


def figure_cell(value: object) -> str:
    """A figure in a table cell: numbers with thousands separators, booleans in lower case, a
    missing one as an en dash, text escaped."""
    if isinstance(value, bool) or value is None:
        return str(value).lower() if value is not None else EN_DASH
    if isinstance(value, int | float):
        return f"{value:,}"
    return md_cell(str(value))


def yes_no(flag: bool) -> Literal["yes", "no"]:
    return "yes" if flag else "no"


def write_report(
    out_dir: Path, name: str, figures: Mapping[str, Any], table: str,
    extra: Mapping[str, str] | None = None,
) -> None:  # fmt: skip
    """`<out_dir>/<name>.json` (the figures) and `<name>.md` (the Markdown `table`); each
    `extra` suffix → text as `<name><suffix>`."""
    out_dir.mkdir(parents=True, exist_ok=True)
    files = {".json": json.dumps(figures, indent=2, ensure_ascii=False) + "\n", ".md": table}
    files.update(extra or {})
    for suffix, text in files.items():
        (out_dir / f"{name}{suffix}").write_text(text)
    log(f"wrote {out_dir / name}.json and " + " and ".join(list(files)[1:]))

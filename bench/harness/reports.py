"""The report files: `<name>.json` (the figures) and `<name>.md` (a Markdown table)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from bench.harness.run import log


def md_cell(text: str) -> str:
    """`text` safe inside a Markdown table cell."""
    return text.replace("|", "\\|").replace("\n", " ")  # a bare | would end the cell


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

"""`retentia analytics` checks what it can before opening anything: without matplotlib the
plot formats stop with exit status 2 and a message naming the `analytics` extra, and a PNG
needs a file to go to."""

from __future__ import annotations

import sys

import pytest

from service.cli import main


@pytest.mark.parametrize("fmt", ["png", "html"])
def test_plots_without_matplotlib_name_the_extra(
    fmt: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: object
) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` raises ImportError
    assert main(["analytics", "--format", fmt, "--output", f"{tmp_path}/out.{fmt}"]) == 2
    err = capsys.readouterr().err
    assert "retentia[analytics]" in err and "matplotlib" in err and fmt in err


def test_a_png_needs_an_output_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["analytics", "--format", "png"]) == 2
    assert "--output" in capsys.readouterr().err

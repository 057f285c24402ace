"""The framework versions the integrations were tested against are the ones their extras pin:
a newer framework installed by hand (or a pin bumped without a reinstall) fails here, not as a
puzzling failure in a framework's own suite."""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path

import pytest

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"
EXTRAS = tomllib.loads(PYPROJECT.read_text())["project"]["optional-dependencies"]
PINS = [
    pin
    for extra in ("langgraph", "langchain", "openai-agents", "llamaindex")
    for pin in EXTRAS[extra]
]


@pytest.mark.parametrize("pin", PINS)
def test_the_installed_framework_is_the_pinned_one(pin: str) -> None:
    name, _, wanted = pin.partition("==")
    assert wanted, f"{pin}: pin the framework exactly (name==version)"
    assert version(name) == wanted, f"{name} {version(name)} installed: run scripts/install"

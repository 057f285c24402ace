"""Each framework's example in clients/python/examples runs as a user runs it — a separate
Python process against the real keyed service — and prints what its comments promise."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from tests.integration.service_process import ServiceProcess

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@pytest.mark.parametrize(
    ("example", "expected"),
    [
        ("langgraph_store.py", ["{'text': 'Ada surveys the harbour of Lisbon.'}", "work", "pet"]),
        ("langchain_memory.py", ["human: My sister Noor keeps bees in Porto.", "True"]),
        ("openai_agents_session.py", ["3 items sent on the second turn", "assistant"]),
        ("llamaindex_memory.py", ["Noor keeps bees", "<retentia>"]),
    ],
)
def test_the_example_runs(
    service: ServiceProcess, api_key: str, example: str, expected: list[str]
) -> None:
    env = {
        **os.environ,
        "RETENTIA_URL": service.url,
        "RETENTIA_API_KEY": api_key,
        "RETENTIA_PROJECT": f"example-{uuid.uuid4().hex[:8]}",
    }
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / example)],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for text in expected:
        assert text in done.stdout, done.stdout

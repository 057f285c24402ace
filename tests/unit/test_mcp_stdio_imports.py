"""`retentia mcp` answers the handshake before it imports the tools (issue 50: the stdio
handshake took 6–9 s on a busy machine, importing `service.mcp.server` alone ~3 s of CPU). What
runs before the answer — the CLI's `mcp` command and `service.mcp.stdio` — must not import the
use cases, the storage or the embedder; the tools come in a worker thread meanwhile. Checked
by what a fresh interpreter has imported, not by the clock."""

from __future__ import annotations

import json
import subprocess
import sys

HEAVY = (
    "service.mcp.server",
    "service.mcp.catalogue",
    "service.mcp.toolset",
    "service.compose",
    "service.usecases.recall",
    "graph_backends.factory",
)


def test_the_handshake_path_imports_none_of_the_tools() -> None:
    probe = (
        "import json, sys; import service.mcp.stdio, service.cli; "
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('service'))))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    loaded = set(json.loads(done.stdout))
    assert "service.mcp.stdio" in loaded
    assert not loaded.intersection(HEAVY), sorted(loaded.intersection(HEAVY))

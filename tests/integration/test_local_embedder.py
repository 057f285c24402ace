"""The default local embedder (all-MiniLM-L6-v2) on ONNX Runtime gives torch's vectors: exported
once into a cache directory and reused, re-exported when the cached file is damaged, refused for
a model it cannot reproduce (which then stays on torch), and the same through `load_embedder`
with either runtime. Its int8 weights (the default runtime) give vectors close to torch's but
not equal, each a function of its text alone, under a name of their own. A query is embedded as
a passage (bge's query instruction: tests/integration/test_bge_embedder.py)."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from service.adapters.embedding import (
    DEFAULT_LOCAL_NAME,
    INT8_SUFFIX,
    _load_sentence_transformer,
    default_model_path,
    load_embedder,
)
from service.adapters.onnx_encoder import MIN_AGREEMENT_INT8, OnnxEncoder, onnx_encoder
from service.settings import Settings

TEXTS = [
    "hi",
    "When did Caroline go to the LGBTQ support group?",
    "Alice moved to Berlin in 2021 and works at Acme as a data engineer.",
    "  émigré café — 记忆 — שלום — 🎉👩‍👩‍👧  ",
    "a much longer memory that runs past the model's 256-token window " * 40,
    "x",
]


@pytest.fixture(scope="module")
def model() -> Any:
    return _load_sentence_transformer(str(default_model_path()), 1)


@pytest.fixture(scope="module")
def encoder(model: Any, tmp_path_factory: pytest.TempPathFactory) -> OnnxEncoder:
    cache = tmp_path_factory.mktemp("onnx")
    encoder = onnx_encoder(model, default_model_path(), threads=1, cache_dir=cache)
    assert encoder is not None
    return encoder


def _cosines(a: Any, b: Any) -> Any:
    return np.sum(np.asarray(a) * np.asarray(b), axis=1)


def test_onnx_vectors_are_torchs(model: Any, encoder: OnnxEncoder) -> None:
    torch_vectors = model.encode(TEXTS, normalize_embeddings=True, show_progress_bar=False)
    onnx_vectors = encoder.encode(TEXTS, batch_size=16, normalize_embeddings=True)
    assert onnx_vectors.shape == (len(TEXTS), 384)
    assert _cosines(onnx_vectors, torch_vectors).min() >= 0.99999
    assert np.linalg.norm(onnx_vectors, axis=1) == pytest.approx(1.0, abs=1e-5)
    # Padding a text beside longer ones in one mini-batch does not change its vector.
    one_by_one = np.vstack([encoder.encode([t], normalize_embeddings=True) for t in TEXTS])
    assert _cosines(one_by_one, onnx_vectors).min() >= 0.99999


def test_the_export_is_reused_and_a_damaged_one_replaced(model: Any, tmp_path: Path) -> None:
    first = onnx_encoder(model, default_model_path(), threads=1, cache_dir=tmp_path)
    assert first is not None
    (exported,) = tmp_path.glob("*.onnx")
    stamp = exported.stat().st_mtime_ns
    assert onnx_encoder(model, default_model_path(), threads=1, cache_dir=tmp_path) is not None
    assert exported.stat().st_mtime_ns == stamp  # loaded, not exported again
    exported.write_bytes(b"not a model")
    again = onnx_encoder(model, default_model_path(), threads=1, cache_dir=tmp_path)
    assert again is not None and exported.stat().st_size > 1_000_000
    assert list(tmp_path.iterdir()) == [exported]  # no temporary file left behind


def test_a_model_it_cannot_reproduce_stays_on_torch(
    model: Any, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from sentence_transformers import SentenceTransformer
    from sentence_transformers.models import Pooling

    cls_pooled = SentenceTransformer(modules=[model[0], Pooling(384, pooling_mode="cls")])
    with caplog.at_level(logging.WARNING):
        assert onnx_encoder(cls_pooled, default_model_path(), threads=1, cache_dir=tmp_path) is None
    assert "not a mean-pooled model" in caplog.text
    assert not list(tmp_path.iterdir())


async def test_both_runtimes_embed_alike_through_load_embedder() -> None:
    on_onnx = await load_embedder(Settings(local_runtime="onnx"))
    on_torch = await load_embedder(Settings(local_runtime="torch"))
    assert on_onnx.name == on_torch.name == DEFAULT_LOCAL_NAME
    assert on_onnx.dimension == on_torch.dimension == 384
    a = await on_onnx.embed(TEXTS)
    b = await on_torch.embed(TEXTS)
    assert _cosines(a, b).min() >= 0.99999


def test_int8_vectors_are_near_torchs_and_each_its_texts_alone(model: Any, tmp_path: Path) -> None:
    int8 = onnx_encoder(model, default_model_path(), threads=1, int8=True, cache_dir=tmp_path)
    assert int8 is not None and int8.int8
    (quantized,) = tmp_path.glob("*-int8.onnx")
    (exported,) = set(tmp_path.glob("*.onnx")) - {quantized}
    assert quantized.name == f"{exported.stem}-int8.onnx"
    assert quantized.stat().st_size < exported.stat().st_size / 3  # the weights are int8
    torch_vectors = model.encode(TEXTS, normalize_embeddings=True, show_progress_bar=False)
    batched = int8.encode(TEXTS, batch_size=16, normalize_embeddings=True)
    cosines = _cosines(batched, torch_vectors)
    assert cosines.min() >= MIN_AGREEMENT_INT8 and cosines.mean() >= 0.99
    assert cosines.min() < 0.9999  # quantised: not torch's vectors
    assert np.linalg.norm(batched, axis=1) == pytest.approx(1.0, abs=1e-5)
    # A text's vector does not depend on what it is embedded with.
    one_by_one = np.vstack([int8.encode([t], normalize_embeddings=True) for t in TEXTS])
    assert _cosines(one_by_one, batched).min() >= 0.99999
    # Both files are reused; a damaged quantised file is built again from the export.
    stamps = [p.stat().st_mtime_ns for p in (exported, quantized)]
    assert onnx_encoder(model, default_model_path(), threads=1, int8=True, cache_dir=tmp_path)
    assert [p.stat().st_mtime_ns for p in (exported, quantized)] == stamps
    quantized.write_bytes(b"not a model")
    assert onnx_encoder(model, default_model_path(), threads=1, int8=True, cache_dir=tmp_path)
    assert quantized.stat().st_size > 1_000_000 and exported.stat().st_mtime_ns == stamps[0]
    assert set(tmp_path.iterdir()) == {exported, quantized}  # no temporary file left


async def test_the_default_runtime_is_int8_under_its_own_name() -> None:
    default = await load_embedder(Settings())
    fp32 = await load_embedder(Settings(local_runtime="onnx"))
    assert default.name == DEFAULT_LOCAL_NAME + INT8_SUFFIX != fp32.name
    a, b = await default.embed(TEXTS), await fp32.embed(TEXTS)
    assert _cosines(a, b).min() >= MIN_AGREEMENT_INT8


async def test_minilm_embeds_a_query_as_a_passage() -> None:
    """MiniLM has no query instruction: recall's query vector is the text's passage vector."""
    default = await load_embedder(Settings())
    queries = await default.embed(TEXTS[:3], role="query")
    passages = await default.embed(TEXTS[:3])
    assert _cosines(queries, passages).min() >= 0.99999

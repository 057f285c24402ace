"""LoCoMo as the benches read it (`../shared/bench/locomo10.json`): the sessions of a
conversation in order with their date-times, each turn as the text stored for it, the options
every LoCoMo suite takes, and the turns' vectors, embedded once and optionally kept in an .npz
between runs."""

from __future__ import annotations

import argparse
import asyncio
import hashlib
from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final

import numpy as np

from bench.harness.run import DEFAULT_TORCH_THREADS, REPO_ROOT, add_run_options, log
from service.adapters.embedding import Embedder, Vector

DEFAULT_DATA: Final = REPO_ROOT.parent / "shared" / "bench" / "locomo10.json"
DATE_FORMAT: Final = "%I:%M %p on %d %B, %Y"  # "1:56 pm on 8 May, 2023"
EMBED_BATCH: Final = 512


def session_keys(conv: Mapping[str, Any]) -> list[str]:
    """The conversation's session keys in order ("session_1", "session_2", …)."""
    keys = [k for k, v in conv.items() if k.startswith("session_") and isinstance(v, list)]
    return sorted(keys, key=lambda k: int(k.removeprefix("session_")))


def turn_content(turn: Mapping[str, Any]) -> str:
    """A turn as it is stored: `speaker: text`, and the image's caption when it has one."""
    content = f"{turn['speaker']}: {turn['text']}"
    caption = turn.get("blip_caption")
    return f"{content} [image: {caption}]" if caption else content


def session_time(conv: Mapping[str, Any], key: str) -> datetime:
    """When session `key` of a conversation took place (UTC)."""
    return datetime.strptime(conv[f"{key}_date_time"], DATE_FORMAT).replace(tzinfo=UTC)


def add_locomo_run_options(p: argparse.ArgumentParser) -> None:
    """The options every LoCoMo bench shares: the data, the vector cache, torch's threads and
    the run options (data directory, output, fsync)."""
    p.add_argument("--data", type=Path, default=DEFAULT_DATA, help="locomo10.json")
    p.add_argument(
        "--vector-cache", type=Path,
        help="an .npz of vectors reused across runs (written when missing or incomplete)",
    )  # fmt: skip
    p.add_argument("--torch-threads", type=int, default=DEFAULT_TORCH_THREADS)
    add_run_options(p, appendfsync="everysec")


def _text_key(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


def load_vector_cache(cache: Path, embedder_name: str, texts: Sequence[str]) -> dict[str, Vector]:
    """Vectors of `texts` an earlier run saved for the same embedder (keyed by each text's
    SHA-256; a cache of the earlier format, keyed by the texts themselves, is read too)."""
    if not cache.exists():
        return {}
    vectors: dict[str, Vector] = {}
    with np.load(cache) as saved:
        if str(saved["embedder"]) != embedder_name:
            return {}
        hashed = "keys" in saved.files
        wanted = {(_text_key(t) if hashed else t): t for t in texts}
        keys = saved["keys" if hashed else "texts"].tolist()
        for key, row in zip(keys, saved["vectors"], strict=True):
            if key in wanted:
                vectors[wanted[key]] = tuple(float(x) for x in row)
    return vectors


def save_vector_cache(cache: Path, embedder_name: str, vectors: Mapping[str, Vector]) -> None:
    """The vectors keyed by their texts' SHA-256: the texts themselves made a fixed-width
    unicode array as wide as the longest one — 10.4 GB for LongMemEval's 33,816 texts."""
    cache.parent.mkdir(parents=True, exist_ok=True)
    with cache.open("wb") as out:
        np.savez(
            out,
            embedder=np.asarray(embedder_name),
            keys=np.asarray([_text_key(t) for t in vectors]),
            vectors=np.asarray(list(vectors.values()), dtype=np.float32),
        )


async def embed_all(
    embedder: Embedder, texts: Sequence[str], cache: Path | None = None
) -> dict[str, Vector]:
    """Every distinct text, embedded once; with `cache`, vectors of the same embedder saved by
    an earlier run are reused and the new ones saved."""
    unique = list(dict.fromkeys(texts))
    vectors: dict[str, Vector] = {}
    if cache is not None:
        vectors = await asyncio.to_thread(load_vector_cache, cache, embedder.name, unique)
        log(f"  {len(vectors):,} vectors from {cache}")
    missing = [t for t in unique if t not in vectors]
    for start in range(0, len(missing), EMBED_BATCH):
        batch = missing[start : start + EMBED_BATCH]
        vectors.update(zip(batch, await embedder.embed(batch), strict=True))
        log(f"  embedded {min(start + EMBED_BATCH, len(missing)):,}/{len(missing):,}")
    if cache is not None and missing:
        await asyncio.to_thread(save_vector_cache, cache, embedder.name, vectors)
    return vectors

"""The benches' vectors: every distinct text embedded once, held as one float32 matrix (a
Python tuple per vector would take ~12 KB each, 2.4 GB for LongMemEval-S's ~199k texts), and
optionally kept in an .npz between runs.

The .npz holds the vectors of any number of embedders, each under its name (two embedders never
share vectors), keyed by the SHA-256 of each text (the texts themselves made a fixed-width
unicode array as wide as the longest one). A long run saves what it has every
`CHECKPOINT_S` seconds, so a run that is stopped resumes where it was; the file is replaced
atomically. The cache of the first format (one embedder: `embedder`, `keys` or `texts`,
`vectors`) is read too.
"""

from __future__ import annotations

import asyncio
import hashlib
import os
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Final

import numpy as np
import numpy.typing as npt

from service.adapters.embedding import Embedder, Role, Vector, embeds_queries_alike

#: Texts handed to the embedder per call (it splits them into its own passes).
EMBED_BATCH: Final = 512
#: A long embedding run saves the cache this often (seconds).
CHECKPOINT_S: Final = 300.0
#: A progress line on stderr at most this often (seconds).
PROGRESS_S: Final = 30.0

Matrix = npt.NDArray[np.float32]


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()


async def embed_texts(
    embedder: Embedder, texts: Sequence[str], role: Role = "passage"
) -> list[Vector]:
    """The one place the benches ask an embedder for vectors: stored texts as passages,
    questions as queries (the same vectors, except for an embedder that reads a query after an
    instruction)."""
    return await embedder.embed(texts, role=role)


def cache_name(embedder: Embedder, role: Role) -> str:
    """Under which name a cache keeps `embedder`'s vectors of `role`: query vectors apart only
    where they differ from passage vectors."""
    if role == "passage" or embeds_queries_alike(embedder.name):
        return embedder.name
    return f"{embedder.name}#query"


class VectorTable(Mapping[str, Vector]):
    """text → vector over one float32 matrix; a vector becomes a tuple only when asked for."""

    def __init__(self, rows: Mapping[str, int], matrix: Matrix) -> None:
        self._rows = dict(rows)
        self._matrix = matrix

    def __getitem__(self, text: str) -> Vector:
        return tuple(self._matrix[self._rows[text]].tolist())

    def __contains__(self, text: object) -> bool:
        return text in self._rows

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)


def _embedder_arrays(saved: Mapping[str, npt.NDArray[np.generic]]) -> dict[str, tuple[str, str]]:
    """Embedder name → (keys array, vectors array) in a loaded .npz of either format."""
    if "embedders" in saved:
        names = [str(n) for n in saved["embedders"].tolist()]
        return {name: (f"keys_{i}", f"vectors_{i}") for i, name in enumerate(names)}
    if "embedder" in saved:
        return {str(saved["embedder"]): ("keys" if "keys" in saved else "texts", "vectors")}
    return {}


def _load_all(cache: Path) -> dict[str, tuple[list[str], Matrix]]:
    """Every embedder's (keys, vectors) in `cache` (keys are text hashes, or texts in the
    first format's `texts`)."""
    if not cache.exists():
        return {}
    out: dict[str, tuple[list[str], Matrix]] = {}
    with np.load(cache) as saved:
        files = {name: saved[name] for name in saved.files}
    for name, (keys, vectors) in _embedder_arrays(files).items():
        raw = files[keys].tolist()
        hashed = keys != "texts"
        out[name] = (
            [k.decode() if isinstance(k, bytes) else text_key(k) if not hashed else k for k in raw],
            np.asarray(files[vectors], dtype=np.float32),
        )
    return out


def _save_all(cache: Path, embedders: Mapping[str, tuple[Sequence[str], Matrix]]) -> None:
    cache.parent.mkdir(parents=True, exist_ok=True)
    arrays: dict[str, npt.NDArray[np.generic]] = {"embedders": np.asarray(list(embedders))}
    for i, (keys, vectors) in enumerate(embedders.values()):
        arrays[f"keys_{i}"] = np.asarray([k.encode() for k in keys], dtype="S64")
        arrays[f"vectors_{i}"] = np.asarray(vectors, dtype=np.float32)
    part = cache.with_name(cache.name + ".part")
    with part.open("wb") as out:
        np.savez(out, **arrays)  # type: ignore[arg-type]  # numpy's stub wants ArrayLike
    os.replace(part, cache)


def load_vector_cache(cache: Path, embedder_name: str, texts: Sequence[str]) -> dict[str, Vector]:
    """Vectors of `texts` an earlier run saved for the same embedder."""
    table = _cached_table(cache, embedder_name, list(dict.fromkeys(texts)))
    return {text: table[text] for text in table}


def save_vector_cache(cache: Path, embedder_name: str, vectors: Mapping[str, Vector]) -> None:
    """`vectors` as `embedder_name`'s in `cache` (replacing what it held for that embedder,
    keeping the other embedders')."""
    everything = _load_all(cache)
    everything[embedder_name] = (
        [text_key(t) for t in vectors],
        np.asarray(list(vectors.values()), dtype=np.float32),
    )
    _save_all(cache, everything)


def _cached_table(cache: Path, embedder_name: str, unique: Sequence[str]) -> VectorTable:
    saved = _load_all(cache).get(embedder_name)
    if saved is None:
        return VectorTable({}, np.zeros((0, 0), dtype=np.float32))
    keys, vectors = saved
    row = {key: i for i, key in enumerate(keys)}
    rows = {text: row[key] for text in unique if (key := text_key(text)) in row}
    return VectorTable(rows, vectors)


def progress(message: str) -> None:
    """A progress line on stderr (the report goes to stdout)."""
    print(message, file=sys.stderr, flush=True)


async def embed_all(
    embedder: Embedder, texts: Sequence[str], cache: Path | None = None, role: Role = "passage"
) -> VectorTable:
    """Every distinct text of `texts`, embedded once, in the order given (a run stopped
    half-way has the first texts); with `cache`, the vectors of the same embedder saved by an
    earlier run are reused, and the new ones saved every `CHECKPOINT_S` and at the end. Progress
    (texts done / total, rate) goes to stderr. `role="query"` embeds them as questions (kept
    apart in the cache where those vectors differ: `cache_name`)."""
    unique = list(dict.fromkeys(texts))
    name = cache_name(embedder, role)
    saved: tuple[list[str], Matrix] | None = None
    everything: dict[str, tuple[list[str], Matrix]] = {}
    if cache is not None:
        everything = await asyncio.to_thread(_load_all, cache)
        saved = everything.get(name)
    matrix = np.zeros((len(unique), embedder.dimension), dtype=np.float32)
    done = np.zeros(len(unique), dtype=bool)
    keys = [text_key(t) for t in unique]
    if saved is not None:
        row = {key: i for i, key in enumerate(saved[0])}
        for i, key in enumerate(keys):
            if (j := row.get(key)) is not None:
                matrix[i] = saved[1][j]
                done[i] = True
        progress(f"  {int(done.sum()):,} of {len(unique):,} vectors from {cache}")
    missing = [i for i in range(len(unique)) if not done[i]]
    started = last_note = last_save = time.perf_counter()

    def checkpoint() -> None:
        assert cache is not None
        # The other embedders' vectors as they were, this one's: every row computed so far
        # (and what the file held beyond this run's texts).
        mine = [keys[i] for i in np.flatnonzero(done)]
        vectors = matrix[done]
        if saved is not None:
            ours = set(keys)
            extra = [j for j, key in enumerate(saved[0]) if key not in ours]
            mine += [saved[0][j] for j in extra]
            vectors = np.concatenate([vectors, saved[1][extra]]) if extra else vectors
        _save_all(cache, everything | {name: (mine, vectors)})

    for start in range(0, len(missing), EMBED_BATCH):
        batch = missing[start : start + EMBED_BATCH]
        got = await embed_texts(embedder, [unique[i] for i in batch], role)
        matrix[batch] = np.asarray(got, dtype=np.float32)
        done[batch] = True
        now = time.perf_counter()
        finished = start + len(batch)
        if now - last_note >= PROGRESS_S or finished == len(missing):
            rate = finished / (now - started)
            left = (len(missing) - finished) / rate if rate else 0.0
            progress(
                f"  embedded {finished:,}/{len(missing):,} texts ({rate:.1f}/s, "
                f"~{left / 60:.0f} min left)"
            )
            last_note = now
        if cache is not None and now - last_save >= CHECKPOINT_S and finished < len(missing):
            await asyncio.to_thread(checkpoint)
            last_save = time.perf_counter()
    if cache is not None and missing:
        await asyncio.to_thread(checkpoint)
    return VectorTable({text: i for i, text in enumerate(unique)}, matrix)


async def query_vectors(
    embedder: Embedder, questions: Sequence[str], cache: Path | None = None
) -> VectorTable | None:
    """The questions' query vectors where they are not their passage vectors (bge), for
    `PrimedEmbedder(queries=…)`, so recall times exclude the model for them too; None where the
    passage vectors serve."""
    if embeds_queries_alike(embedder.name):
        return None
    return await embed_all(embedder, questions, cache, role="query")

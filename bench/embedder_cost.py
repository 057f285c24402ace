"""CPU of the two local int8 embedders, in one run: all-MiniLM-L6-v2 (the default runtime) and
bge-small-en-v1.5 (fetched: `retentia embedder fetch`), on 1 and 2 ONNX Runtime threads,
alternating for `--rounds` rounds. A query is a LoCoMo question embedded alone, as recall embeds
one (bge's with its instruction); a passage is a LoCoMo turn of 150–250 characters, embedded as
the int8 embedders do (one text per pass). CPU is process time (every thread of ONNX Runtime),
wall is elapsed time. Prints a Markdown table.
Usage: .venv/bin/python -m bench.embedder_cost [--rounds 3] [--texts 300]"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence
from typing import Any

from bench.harness.locomo_data import DEFAULT_DATA, load_locomo
from service.adapters.embedding import (
    BGE_QUERY_PREFIX,
    _load_bge,
    _load_local,
    default_model_path,
)


def _encoder(model: str, threads: int) -> Any:
    if model == "bge-small-en-v1.5":
        return _load_bge(None, threads)
    return _load_local(str(default_model_path()), threads, "onnx-int8")


def _cpu_and_wall(encoder: Any, texts: Sequence[str], one_call_each: bool) -> tuple[float, float]:
    """Seconds of process CPU and of wall time to embed `texts`."""
    encoder.encode(list(texts[:20]), normalize_embeddings=True)  # warm
    cpu, wall = time.process_time(), time.perf_counter()
    if one_call_each:
        for text in texts:
            encoder.encode([text], normalize_embeddings=True)
    else:
        encoder.encode(list(texts), batch_size=16, normalize_embeddings=True)
    return time.process_time() - cpu, time.perf_counter() - wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--texts", type=int, default=300)
    args = parser.parse_args()
    conversations, _ = load_locomo(DEFAULT_DATA, None, None)
    questions = [q.text for c in conversations for q in c.questions][: args.texts]
    passages = [
        t.content
        for c in conversations
        for s in c.sessions
        for t in s.turns
        if 150 <= len(t.content) <= 250
    ][: args.texts]
    print(
        f"{len(questions)} queries ({statistics.mean(map(len, questions)):.0f} characters on "
        f"average), {len(passages)} passages ({statistics.mean(map(len, passages)):.0f})\n"
    )
    print(
        "| model (int8) | threads | round | CPU ms per query | wall ms | passages per CPU-s "
        "| per wall-s |"
    )
    print("|---|---|---|---|---|---|---|")
    prefixes = {"all-MiniLM-L6-v2": "", "bge-small-en-v1.5": BGE_QUERY_PREFIX}
    for round_ in range(1, args.rounds + 1):
        for threads in (1, 2):
            for model, prefix in prefixes.items():
                encoder = _encoder(model, threads)
                queries = [prefix + q for q in questions]
                q_cpu, q_wall = _cpu_and_wall(encoder, queries, one_call_each=True)
                p_cpu, p_wall = _cpu_and_wall(encoder, passages, one_call_each=False)
                print(
                    f"| {model} | {threads} | {round_} | {q_cpu / len(queries) * 1000:.2f} "
                    f"| {q_wall / len(queries) * 1000:.2f} | {len(passages) / p_cpu:.0f} "
                    f"| {len(passages) / p_wall:.0f} |",
                    flush=True,
                )


if __name__ == "__main__":
    main()

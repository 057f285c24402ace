"""The shared bench harness: what more than one suite (`bench/<suite>.py`) needs, and nothing
of any one suite. No module here imports a suite, and no suite imports another.

- `options`: the command-line options the suites share (`--out`, `--data-dir`,
  `--vector-cache`, `--torch-threads`, `--seed`, `--keep`, LoCoMo's set) and the data sets'
  default paths;
- `run`: the repository root and the results folder, progress logging, the run's context
  (commit, date, client libraries) and the data directory;
- `reports`: the JSON and Markdown report files and the Markdown they are made of (tables, rows,
  cells);
- `stats`: percentiles, each definition a committed report used, named;
- `processes`: peak memory and CPU of this process and of the embedded FalkorDB;
- `timing`: batched writes and a repository's calls, timed;
- `embedders`: the deterministic `HashEmbedder` and the `PrimedEmbedder` over precomputed
  vectors;
- `clock`, `bm25`, `scoring`, `guard`, `sessions`: what the recall suites share (the clock the
  services read, the BM25 baseline's tokens, a system's answers, the leg guard, storing
  sessions);
- `vector_cache`: every text embedded once into one matrix, kept per embedder in an .npz;
- `retrieval_metrics`: the field's figures (recall_any, recall_all, recall@k, NDCG@k, MRR) and
  the collapse of ranked turns to sessions;
- the data sets: `locomo_data` (LoCoMo and its history files), `longmemeval_data`
  (LongMemEval-S, all question types or the knowledge-update file), `numbers_data` (the
  number-heavy conversations), `synthetic` (the scale and load benches' memories and edges);
- `http_client`: the load generator's HTTP/1.1 client.

The suites compose the service through `service.compose`, as every entry point does, so a
bench measures what ships. Every suite runs from the repository root as `python -m
bench.<suite>`; importing this package first sets the Hugging Face defaults the benches run with
(offline, no tokenizer thread pool), before anything loads the embedder. The harness imports
nothing from `tests/`; the servers a bench starts are in `devtools/`.
"""

from __future__ import annotations

import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

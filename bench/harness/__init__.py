"""The shared bench harness: what more than one suite (`bench/<name>.py`) needs, and nothing
of any one suite.

- `run`: the repository root, progress logging, the run's context (commit, date, client
  libraries), run options and the data directory;
- `processes`: peak memory and CPU of this process and of the embedded FalkorDB;
- `timing`: batched writes and a repository's calls, timed;
- `reports`: the JSON and Markdown report files;
- `embedders`: the deterministic `HashEmbedder` and the `PrimedEmbedder` over precomputed
  vectors;
- `synthetic`: the synthetic memories and edges (scale and load);
- `locomo_data`: LoCoMo's turns and their vectors (locomo and autolink);
- `http_client`: the load generator's HTTP/1.1 client.

The suites compose the service through `service.compose`, as every entry point does, so a
bench measures what ships. Importing this package first sets the Hugging Face defaults the
benches run with (offline, no tokenizer thread pool), before anything loads the embedder: each
suite puts the repository root on `sys.path` (a plain `python bench/<name>.py` puts only bench/
there) and then imports `bench.harness`. The harness imports nothing from `tests/`.
"""

from __future__ import annotations

import os

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TOKENIZERS_PARALLELISM", "false")

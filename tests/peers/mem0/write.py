"""Writes what mem0's open-source `Memory` returns, as `retentia import --from mem0` reads it.

Run by tests/integration/test_import_mem0.py in mem0's own virtual environment (its pinned
version in requirements.txt): `python write.py OUT_DIR`. Offline: `infer=False` (no LLM), a
local Qdrant under OUT_DIR, and a deterministic local embedder in place of the configured one
(mem0 only stores the vectors here; no search is run). Writes OUT_DIR/mem0.json:
`{"results": Memory.get_all(...)["results"] for each user, "history": {id: Memory.history(id)}}`
— the dump docs/import-export-erase.md tells a mem0 user to make."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path
from typing import Any

os.environ["MEM0_TELEMETRY"] = "False"
os.environ.setdefault("OPENAI_API_KEY", "unused-offline")

from mem0 import Memory

DIMS = 16


class LocalEmbedder:
    """A deterministic hash embedding: mem0 needs a vector per memory, not a good one."""

    def embed(self, text: str, memory_action: str | None = None) -> list[float]:
        digest = hashlib.sha256(text.encode()).digest()
        return [b / 255 for b in digest[:DIMS]]


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    memory = Memory.from_config(
        {
            "vector_store": {
                "provider": "qdrant",
                "config": {
                    "collection_name": "retentia_peer",
                    "path": str(out / "qdrant"),
                    "embedding_model_dims": DIMS,
                    "on_disk": True,
                },
            },
            "embedder": {"provider": "openai", "config": {"embedding_dims": DIMS}},
            "history_db_path": str(out / "history.db"),
        }
    )
    memory.embedding_model = LocalEmbedder()

    def add(text: str, user: str, **metadata: Any) -> str:
        added = memory.add(
            [{"role": "user", "content": text}], user_id=user, metadata=metadata, infer=False
        )
        return str(added["results"][0]["id"])

    add("I live in Lisbon with my partner Sam", "dana", topic="home")
    moved = add("I work as a nurse at Santa Maria hospital", "dana", topic="work")
    gone = add("My locker code is 4471", "dana", topic="secrets")
    add("Prefers window seats on long flights", "lee")
    memory.update(moved, text="I work as a head nurse at Santa Maria hospital")
    memory.delete(gone)

    results = [
        m for user in ("dana", "lee") for m in memory.get_all(filters={"user_id": user})["results"]
    ]
    history = {i: memory.history(i) for i in [*(m["id"] for m in results), gone]}
    (out / "mem0.json").write_text(
        json.dumps({"results": results, "history": history}, default=str)
    )


if __name__ == "__main__":
    main(Path(sys.argv[1]))

"""The similarity floors that depend on the embedder: its cosines sit on its own scale.

bge-small-en-v1.5 puts every text closer than all-MiniLM-L6-v2 does (random LoCoMo turns:
cosine 0.65 against 0.33), so MiniLM's floors filter nothing under it. Each bge value below is
the MiniLM default's equivalent, matched on LoCoMo (bench/embedder_cost.py's measurement notes in
docs/configuration.md):
- the conflict floor by the same hint candidates per turn (0.75 → 0.8825);
- recall's floor by the same share of query–turn pairs below it (0.1 → 0.418).
The auto-link floor has its own table (`engine.autolink.EMBEDDER_FLOORS`). A floor set in the
configuration (`RETENTIA_ENGINE__…`) is kept whatever the embedder.
"""

from __future__ import annotations

from typing import Final

from service.engine.settings import EngineSettings

#: Embedder name → the engine floors it replaces (embedders not listed: the configured ones).
MODEL_FLOORS: Final[dict[str, dict[str, float]]] = {
    "local:bge-small-en-v1.5:int8": {
        "conflict_similarity_floor": 0.8825,
        "recall_min_similarity": 0.418,
    },
}


def for_embedder(engine: EngineSettings, embedder_name: str) -> EngineSettings:
    """`engine` with the floors of `embedder_name` where the configuration left them default."""
    floors = {
        name: value
        for name, value in MODEL_FLOORS.get(embedder_name, {}).items()
        if name not in engine.model_fields_set
    }
    return engine.model_copy(update=floors) if floors else engine

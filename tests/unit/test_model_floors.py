"""The floors that depend on the embedder: bge gets its equivalents of MiniLM's defaults unless
the configuration set them."""

from __future__ import annotations

import pytest

from service.engine.model_floors import MODEL_FLOORS, for_embedder
from service.engine.settings import EngineSettings
from service.settings import Settings

BGE = "local:bge-small-en-v1.5:int8"


def test_bge_gets_its_own_floors_and_minilm_keeps_the_defaults() -> None:
    engine = EngineSettings()
    bge = for_embedder(engine, BGE)
    assert bge.conflict_similarity_floor == MODEL_FLOORS[BGE]["conflict_similarity_floor"]
    assert bge.recall_min_similarity == MODEL_FLOORS[BGE]["recall_min_similarity"]
    assert bge.recall_pool == engine.recall_pool  # nothing else moves
    assert for_embedder(engine, "local:all-MiniLM-L6-v2:int8") == engine


def test_a_floor_set_in_the_configuration_is_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RETENTIA_ENGINE__RECALL_MIN_SIMILARITY", "0.3")
    engine = Settings().engine
    bge = for_embedder(engine, BGE)
    assert bge.recall_min_similarity == 0.3
    assert bge.conflict_similarity_floor == MODEL_FLOORS[BGE]["conflict_similarity_floor"]

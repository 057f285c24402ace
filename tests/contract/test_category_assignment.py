"""Memories stored without a category take the prototype classifier's label with the weight its
margin earns: a clear label alone, a narrow one shared with `other` (docs/design.md §6.1's soft
weights), kept on every backend and used by the ranking's decay."""

from __future__ import annotations

from datetime import timedelta

from graph_backends import GraphRepository
from schema import Category, MemoryFacets, Tenant
from service.adapters.classifier import PrototypeClassifier
from service.engine.ranking import category_decay
from service.engine.settings import EngineSettings
from service.usecases.memories import MemoryService, StoreRequest
from tests.engine_support import Clock, HashEmbedder

TEXTS = (
    "I went hiking in the mountains last weekend.",  # a prototype itself: a clear label
    "I went hiking and painting landscapes with my best friend from college.",  # narrow
    "I love painting with my kids.",
    "Quarterly figures attached.",
)


async def test_the_classifier_weights_are_stored_and_ranked(
    repository: GraphRepository, tenant: Tenant
) -> None:
    embedder = HashEmbedder()
    classifier = PrototypeClassifier(embedder)
    clock = Clock()
    service = MemoryService(repository, embedder, clock, EngineSettings(), classifier=classifier)
    stored = [(await service.store(tenant, StoreRequest(content=t))).memory for t in TEXTS]
    explicit = (
        await service.store(
            tenant, StoreRequest(content=TEXTS[1], category=Category.RELATIONAL_BONDS)
        )
    ).memory
    expected = [(await classifier.label(v)).assignment() for v in await embedder.embed(TEXTS)]
    read = await repository.get_memories(tenant, [m.id for m in [*stored, explicit]])
    for memory, want in zip(read, expected, strict=False):
        assert memory is not None
        assert (memory.category, dict(memory.category_weights)) == (
            want.category,
            dict(want.weights),
        )
    assert read[0] is not None and read[0].category is Category.HOBBIES_RECREATION
    assert not read[0].category_weights  # clearly ahead: trusted whole
    shared = [m for m in read[:-1] if m is not None and m.category_weights]
    assert shared, "no text of the fixture got a narrow label"
    for memory in shared:
        assert set(memory.category_weights) == {memory.category, Category.OTHER}
        assert sum(memory.category_weights.values()) == 1.0
    # The one the caller labelled keeps its category alone.
    assert read[-1] is not None and read[-1].category is Category.RELATIONAL_BONDS
    assert not read[-1].category_weights
    # A shared label decays between its category and `other`: a narrow logistics label is
    # not a logistics memory's 0.6 a year on.
    year = clock() + timedelta(days=365)
    for memory in shared:
        alone = memory.model_copy(update={"category_weights": {}})
        blended = category_decay(MemoryFacets.of(memory), year, EngineSettings())
        ends = sorted(
            category_decay(MemoryFacets.of(m), year, EngineSettings())
            for m in (
                alone,
                memory.model_copy(update={"category": Category.OTHER, "category_weights": {}}),
            )
        )
        assert ends[0] <= blended <= ends[1]

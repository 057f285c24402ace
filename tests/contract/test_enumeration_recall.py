"""Set questions on every backend: a question asking for a set or a count about a person it
names ("what video games does Nate play?") ranks that person's own statements within its top
k, where another speaker's turns that match its words better fill the plain ranking's; the
`focus` term off, they fill it again; a question asking for one value ranks exactly as with
the term off when the term is scoped to set questions, and like a set question when it is on
for every question naming a speaker (`recall_focus_named`, the default)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest

from graph_backends import Backend
from schema import Tenant
from service.engine.settings import EngineSettings
from service.usecases.memories import MemoryService, StoreRequest
from service.usecases.recall import TERMS, RecallRequest, RecallResult, RecallService, Term
from tests.engine_support import Clock, HashEmbedder
from tests.factories import T0

NOW = T0 + timedelta(days=30)
#: The factor and the scope are set here, so the tests do not move with the tuned defaults:
#: set questions only, then every question naming a speaker.
FOCUSED = EngineSettings(recall_focus_factor=0.1, recall_focus_named=False)
FOCUSED_NAMED = EngineSettings(recall_focus_factor=0.1, recall_focus_named=True)
WITHOUT = frozenset(TERMS) - {Term.FOCUS}
SET_QUESTION = "What video games does Nate play?"
ONE_VALUE = "What video game did Nate play first?"
K = 5


class World:
    def __init__(self, repository: Backend, tenant: Tenant) -> None:
        self.clock = Clock(now=NOW)
        self.tenant = tenant
        self.embedder = HashEmbedder()
        self.memories = MemoryService(repository, self.embedder, self.clock)
        self.recalls = RecallService(repository, self.embedder, self.clock, FOCUSED)
        self.named = RecallService(repository, self.embedder, self.clock, FOCUSED_NAMED)
        #: Nate's own statements.
        self.nates: set[str] = set()

    async def put(self, content: str, day: int) -> str:
        request = StoreRequest(content=content, created_at=T0 + timedelta(days=day))
        return (await self.memories.store(self.tenant, request)).memory.id

    async def recall(self, query: str, **options: Any) -> RecallResult:
        request = RecallRequest(query=query, k=K, read_only=True, **options)
        return await self.recalls.recall(self.tenant, request)

    def own(self, result: RecallResult) -> set[str]:
        return {h.memory.id for h in result.hits} & self.nates


@pytest.fixture
async def world(repository: Backend, tenant: Tenant) -> World:
    """Three of Nate's turns, each naming a game he plays, then twelve of Joanna's asking him
    about the video games he plays (every word of the question)."""
    world = World(repository, tenant)
    for day, game in enumerate(("Xenoblade", "Valorant", "Counter-Strike")):
        world.nates.add(await world.put(f"Nate: I play {game} most evenings", day))
    for i in range(12):
        await world.put(f"Joanna: Nate, what video games do you play? Video games {i}", 10 + i)
    return world


async def test_a_set_question_ranks_the_named_persons_statements_first(world: World) -> None:
    """The plain ranking's top k is Joanna's alone; the set question's holds Nate's three."""
    assert not world.own(await world.recall(SET_QUESTION, terms=WITHOUT))
    focused = await world.recall(SET_QUESTION)
    assert world.own(focused) == world.nates
    assert {h.terms["focus"] for h in focused.hits if h.memory.id in world.nates} == {1.0}


async def test_a_question_for_one_value_is_unchanged(world: World) -> None:
    """Scoped to set questions, a question asking for one value ranks the same hits with the
    same scores with the term on and off."""
    on, off = await world.recall(ONE_VALUE), await world.recall(ONE_VALUE, terms=WITHOUT)
    assert [(h.memory.id, h.score) for h in on.hits] == [(h.memory.id, h.score) for h in off.hits]
    assert all("focus" not in h.terms for h in on.hits)


async def test_every_question_naming_a_speaker_is_focused_when_so_scoped(world: World) -> None:
    """With `recall_focus_named` the question for one value about Nate ranks his statements
    within its top k too, where the plain ranking holds Joanna's alone."""
    request = RecallRequest(query=ONE_VALUE, k=K, read_only=True)
    plain = RecallRequest(query=ONE_VALUE, k=K, read_only=True, terms=WITHOUT)
    assert not world.own(await world.named.recall(world.tenant, plain))
    focused = await world.named.recall(world.tenant, request)
    assert world.own(focused) == world.nates

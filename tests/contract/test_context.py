"""The context block on a real engine: its parts (current facts first, what changed marked as
previous, core identity, memories under their date and session, each heading once), never over
budget by the real tokenizer at any budget, items whole, the cut explained, an empty tenant, a
bad budget."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph_backends import GraphRepository
from schema import InvalidInput, Tenant
from schema.facts import FactWriter
from service.adapters.tokens import configured_tokenizer
from service.engine.query import Intent
from service.usecases.context import (
    MAX_BUDGET,
    MIN_BUDGET,
    SECTIONS,
    ContextBlock,
    ContextRequest,
    ContextService,
    recall_k,
)
from service.usecases.core_preferences import CorePreferencesService
from tests.contract.test_recall import World, fact

pytestmark = pytest.mark.fact_layer

JAN = datetime(2025, 1, 1, tzinfo=UTC)
JUNE = datetime(2025, 6, 1, tzinfo=UTC)
TOKENIZER = configured_tokenizer(None, None)
QUERY = "Where does Carol live and what is her flat like?"


class Context(World):
    seeded = False

    @property
    def service(self) -> ContextService:
        core = CorePreferencesService(self.memories)
        return ContextService(self.recall_service(), core, lambda: TOKENIZER)

    async def block(self, query: str = QUERY, budget: int = 1024, **extra: object) -> ContextBlock:
        return await self.service.context(
            self.tenant,
            ContextRequest(query=query, budget=budget, **extra),  # type: ignore[arg-type]
        )

    async def seed(self) -> None:
        """Carol's home moved from Rome to Oslo in June (API facts, no memory), a core memory
        about her, and memories from two sessions."""
        if self.seeded:
            return
        self.seeded = True
        for city, since in (("Rome", JAN), ("Oslo", JUNE)):
            await self.facts.apply_facts(
                self.tenant,
                [fact("Carol", "lives in", city, valid_from=since, functional=True)],
                FactWriter.API,
            )
        self.clock.now = datetime(2025, 7, 1, tzinfo=UTC)
        core = await self.put("Carol is a marine biologist who prefers short answers")
        await CorePreferencesService(self.memories).approve(self.tenant, [core])
        for i in range(12):
            self.clock.advance(minutes=5)
            await self.put(
                f"Carol's flat {i} in Oslo has a view of the fjord and a small balcony",
                source_session=f"s{i % 2}",
            )
        self.clock.now = datetime(2025, 9, 1, tzinfo=UTC)


@pytest.fixture
async def world(repository: GraphRepository, tenant: Tenant) -> Context:
    world = Context(repository, tenant)
    world.clock.now = datetime(2024, 12, 1, tzinfo=UTC)
    return world


async def test_the_block_holds_each_part_current_facts_first(world: Context) -> None:
    await world.seed()
    block = await world.block()
    kinds = [i.kind for i in block.items]
    assert kinds[0] == "fact" and {"fact", "change", "identity", "memory"} <= set(kinds)
    order = [k for k, _ in SECTIONS]
    assert kinds == sorted(kinds, key=order.index)  # sections in order, never interleaved
    facts = [i.text for i in block.items if i.kind == "fact"]
    assert "Carol lives in Oslo — since 2025-06" in facts
    assert not any("Rome" in f for f in facts)  # the stale value is never a current fact
    (change,) = [i.text for i in block.items if i.kind == "change"]
    assert "previously Rome, until 2025-06" in change
    assert any("marine biologist" in i.text for i in block.items if i.kind == "identity")
    memory = next(i for i in block.items if i.kind == "memory")
    assert memory.heading is not None and memory.heading.startswith("[2025-07-01, session s")
    assert memory.text.startswith("Carol's flat")
    assert block.text.startswith("Current facts:\n- Carol lives in Oslo")
    assert block.tokens == TOKENIZER.count(block.text) <= block.budget
    assert block.order and block.tokenizer.endswith("tokenizer.json")


async def test_as_of_before_the_move_gives_the_old_value_as_current(world: Context) -> None:
    await world.seed()
    block = await world.block(as_of=datetime(2025, 3, 1, tzinfo=UTC))
    facts = [i.text for i in block.items if i.kind == "fact"]
    assert "Carol lives in Rome — since 2025-01" in facts
    assert "Oslo" not in " ".join(facts)
    assert not [i for i in block.items if i.kind == "change"]
    historical = await world.block(intent=Intent.HISTORICAL)
    assert historical.intent is Intent.HISTORICAL
    assert any("previously Rome" in i.text for i in historical.items)


@settings(max_examples=30, deadline=None, suppress_health_check=list(HealthCheck))
@given(budget=st.integers(MIN_BUDGET, 600))
async def test_never_over_budget_and_items_whole(world: Context, budget: int) -> None:
    await world.seed()
    block = await world.block(budget=budget)
    assert block.tokens == TOKENIZER.count(block.text) <= budget
    lines = block.text.splitlines()
    for item in block.items:
        assert f"- {item.text}" in lines  # whole, on its own line
        if item.heading is not None:  # under its heading
            line = lines.index(f"- {item.text}")
            assert item.heading in lines[:line]
    for dropped in block.dropped:
        assert f"- {dropped.item.text}" not in lines
        assert dropped.reason.startswith("over budget")
    positions = [i.position for i in block.items]
    assert positions == sorted(positions)
    every = sorted(positions + [d.item.position for d in block.dropped])
    assert every == list(range(len(every)))  # each candidate kept or dropped, none lost


async def test_a_small_budget_drops_the_tail_and_says_why(world: Context) -> None:
    await world.seed()
    full = await world.block(budget=2048)
    small = await world.block(budget=48)
    assert small.dropped and len(small.items) < len(full.items)
    assert small.items[0].kind == "fact"  # the current fact is what fits first
    assert "48" in small.dropped[0].reason


async def test_an_empty_tenant_gives_an_empty_block(world: Context) -> None:
    block = await world.block()
    assert (block.text, block.tokens, block.items, block.dropped) == ("", 0, [], [])


@pytest.mark.parametrize("budget", [0, MIN_BUDGET - 1, -5, MAX_BUDGET + 1])
async def test_a_budget_out_of_range_is_refused_naming_it(world: Context, budget: int) -> None:
    with pytest.raises(InvalidInput) as raised:
        await world.block(budget=budget)
    assert raised.value.field == "budget" and str(budget) in raised.value.message


async def test_memories_of_one_day_and_session_share_one_heading(world: Context) -> None:
    """Twelve memories of two sessions on one day: two headings, each written once, its
    memories under it in the order they were stored, and no memory line repeats the date. A
    date and session on every line (~15 tokens a turn on LoCoMo) held fewer memories at the
    same budget than a bare top-k cut; this test fails on that format."""
    await world.seed()
    block = await world.block(budget=2048)
    memories = [i for i in block.items if i.kind == "memory"]
    assert len(memories) == 12
    headings = {i.heading for i in memories}
    assert headings == {"[2025-07-01, session s0]", "[2025-07-01, session s1]"}
    lines = block.text.splitlines()
    for heading in headings:
        assert lines.count(heading) == 1
        start = lines.index(heading)
        under = []
        for line in lines[start + 1 :]:
            if not line.startswith("- "):
                break
            under.append(line[2:])
        mine = sorted((i for i in memories if i.heading == heading), key=lambda i: i.at)
        assert under == [i.text for i in mine]  # in the order they were stored
    assert not any(i.text.startswith("[") for i in memories)
    assert block.tokens == TOKENIZER.count(block.text) <= block.budget


async def test_the_budget_not_the_candidate_count_ends_the_block(world: Context) -> None:
    """Sixty short memories that all match: at 1,024 tokens the block asks recall for enough
    of them to fill the budget (`recall_k`), not budget/40 = 25 as it did when every line
    carried its date and session."""
    world.clock.now = datetime(2025, 7, 1, tzinfo=UTC)
    for i in range(60):
        world.clock.advance(minutes=1)
        await world.put(f"garden note {i}: the tomatoes need water", source_session="g")
    block = await world.block(query="What do the tomatoes in the garden need?", budget=1024)
    memories = [i for i in block.items if i.kind == "memory"]
    assert len(memories) == recall_k(1024) > 1024 // 40
    assert block.tokens == TOKENIZER.count(block.text) <= block.budget

"""Recall on a real engine: each leg returns what it should on a tenant built for it, a broken
leg degrades instead of failing, lifecycle scenarios over simulated months rank the current
value first, and hostile text never errors."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graph_backends import Backend
from schema import CATEGORY_POLICIES, Category, InvalidInput, MemoryStatus, Tenant
from schema.facts import FactWriter, entity_id
from service.adapters.embedding import Role, Vector
from service.engine.settings import EngineSettings
from service.engine.supersession import normalise
from service.usecases.facts import FactService
from service.usecases.memories import MemoryService, StoreRequest
from service.usecases.reactivation import ReactivationService
from service.usecases.recall import (
    LEGS,
    Intent,
    QueryClassifier,
    RecallFailed,
    RecallRequest,
    RecallService,
    detect_intent,
    query_names,
)
from tests.engine_support import Clock, HashEmbedder
from tests.factories import T0

pytestmark = pytest.mark.fact_layer


class Fixed(QueryClassifier):
    def __init__(self, category: Category) -> None:
        self.category = category

    async def classify_query(self, vector: Sequence[float]) -> Category | None:
        return self.category


class Broken(HashEmbedder):
    async def embed(self, texts: Sequence[str], *, role: Role = "passage") -> list[Vector]:
        raise RuntimeError("embedding endpoint down")


class BrokenText:
    """The real store, with its full-text search failing (as a dropped index would)."""

    def __init__(self, store: Any) -> None:
        self._store = store

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def fulltext_search(self, *args: Any) -> Any:
        raise RuntimeError("full-text index unavailable")


class World:
    def __init__(self, repository: Backend, tenant: Tenant) -> None:
        self.clock = Clock()
        self.tenant = tenant
        self.store = repository
        self.embedder = HashEmbedder()
        self.memories = MemoryService(repository, self.embedder, self.clock)
        self.facts = FactService(self.store, self.clock, embedder=self.embedder)

    def recall_service(self, **options: Any) -> RecallService:
        options.setdefault(
            "reactivate",
            lambda t, hits: ReactivationService(self.memories).reactivate(
                t, [m.id for m in hits], cascade=False
            ),
        )
        return RecallService(
            options.pop("repository", self.store),
            options.pop("embedder", self.embedder),
            self.clock,
            **options,
        )

    async def put(self, content: str, **fields: Any) -> str:
        facts = fields.pop("facts", [])
        result = await self.memories.store(self.tenant, StoreRequest(content=content, **fields))
        if facts:
            await self.facts.apply_facts(
                self.tenant, facts, FactWriter.MEMORY, source=result.memory.id
            )
        return result.memory.id

    async def recall(self, query: str, **options: Any) -> Any:
        service = self.recall_service(**options.pop("service", {}))
        options.setdefault("read_only", True)
        return await service.recall(self.tenant, RecallRequest(query=query, **options))


def fact(subject: str, predicate: str, obj: str, **extra: Any) -> dict[str, Any]:
    return {"subject": subject, "predicate": predicate, "object": obj, **extra}


@pytest.fixture
async def world(repository: Backend, tenant: Tenant) -> World:
    return World(repository, tenant)


async def test_each_leg_returns_its_memories(world: World) -> None:
    zebra = await world.put("The zebra escaped from the city zoo on Tuesday")
    trip = await world.put("Packing list for the mountain trip: boots, rope, stove")
    job = await world.put(
        "Notes from the catch-up with Alice", facts=[fact("Alice", "works at", "Acme Robotics")]
    )
    berlin = await world.put(
        "Acme Robotics memo", facts=[fact("Acme Robotics", "located in", "Berlin")]
    )
    dentist = await world.put("Dentist appointment on Friday", category=Category.OBLIGATIONS)
    turns = []
    session = (
        "hello there",
        "how was the weekend?",
        "we adopted a puppy named Biscuit",
        "congratulations!",
        "thank you so much",
    )
    for text in session:
        world.clock.advance(seconds=1)  # turns of a session follow each other in time
        turns.append(await world.put(text, source_session="s1"))

    def rank(result: Any, leg: str, memory_id: str) -> int | None:
        for hit in result.hits:
            if hit.memory.id == memory_id:
                return hit.legs.get(leg)
        return None

    result = await world.recall("zebra zoo escaped")
    assert result.hits[0].memory.id == zebra and not result.degraded
    assert rank(result, "vector", zebra) == 1 and rank(result, "fulltext", zebra) == 1
    only_text = await world.recall("rope stove", legs=frozenset({"fulltext"}))
    assert [h.memory.id for h in only_text.hits][:1] == [trip]
    fact_text = await world.recall("robotics", legs=frozenset({"fact_fulltext"}))
    assert {h.memory.id for h in fact_text.hits} == {job, berlin}
    fact_vector = await world.recall(
        "Alice works at Acme Robotics", legs=frozenset({"fact_vector"})
    )
    assert fact_vector.hits[0].memory.id == job
    graph = await world.recall("What about Berlin?", legs=frozenset({"graph"}))
    # Berlin's own fact first (0 hops), Alice's employer via Acme Robotics (2 hops)
    assert [h.memory.id for h in graph.hits] == [berlin, job]
    routed = await world.recall(
        "appointment",
        legs=frozenset({"vector", "category"}),
        service={"classifier": Fixed(Category.OBLIGATIONS)},
    )
    assert routed.category is Category.OBLIGATIONS and rank(routed, "category", dentist) == 1
    neighbours = await world.recall(
        "puppy named Biscuit", legs=frozenset({"fulltext", "neighbours"})
    )
    found = {h.memory.id: h.legs for h in neighbours.hits}
    assert found[turns[2]].get("fulltext") == 1
    # two turns either side, the nearer ones first
    assert sorted([found[turns[i]]["neighbours"] for i in (1, 3)]) == [1, 2]
    assert sorted([found[turns[i]]["neighbours"] for i in (0, 4)]) == [3, 4]
    # The window leg smooths full-text scores over the session: the turns around the one
    # that names the puppy follow it, nearer first, though they share no word with the query.
    window = await world.recall("puppy named Biscuit", legs=frozenset({"window"}))
    by_window = {h.memory.id: h.legs for h in window.hits}
    assert by_window[turns[2]] == {"window": 1}  # the text leg ran only to feed it
    assert all("window" in by_window[turns[i]] for i in (0, 1, 3, 4))


async def test_memories_about_entities_reach_two_open_hops_and_keep_the_nearest(
    world: World,
) -> None:
    """The graph leg's fact read: the entity's own facts (0 hops), then those of entities one
    and two RELATES hops away, each memory once at its nearest hop; not three hops, and not
    through an edge a superseded fact closed."""
    job = await world.put("Alice's job", facts=[fact("Alice", "works at", "Acme")])
    site = await world.put("Acme's site", facts=[fact("Acme", "located in", "Berlin")])
    land = await world.put("Berlin's land", facts=[fact("Berlin", "part of", "Germany")])
    union = await world.put("Germany's union", facts=[fact("Germany", "member of", "EU")])
    # Also reachable in two hops (Alice - Acme - Beta): kept at its nearest, one hop.
    rival = await world.put("Acme's rival", facts=[fact("Acme", "rival of", "Beta")])
    await world.put("Alice's friend", facts=[fact("Alice", "knows", "Beta")])
    world.clock.advance(days=1)
    rome = await world.put(
        "Alice in Rome", facts=[fact("Alice", "lives in", "Rome", functional=True)]
    )
    capital = await world.put("Rome's country", facts=[fact("Rome", "capital of", "Italy")])
    world.clock.advance(days=30)
    oslo = await world.put(
        "Alice in Oslo", facts=[fact("Alice", "lives in", "Oslo", functional=True)]
    )
    world.clock.advance(days=1)

    about = await world.store.memories_about_entities(
        world.tenant, {entity_id(normalise("Alice"))}, world.clock(), 50
    )
    friend = next(i for i, hops in about.items() if i not in {job, oslo, site, rival, land})
    assert about == {job: 0, oslo: 0, friend: 0, site: 1, rival: 1, land: 2}
    assert union not in about and rome not in about and capital not in about
    # The limit keeps the nearest first, then by id.
    nearest = await world.store.memories_about_entities(
        world.tenant, {entity_id(normalise("Alice"))}, world.clock(), 4
    )
    assert set(nearest) == {job, oslo, friend} | {min(site, rival)}
    # One hop holds exactly the limit, then one memory fewer than it: the answers of a full
    # walk either way (a backend may stop at one hop only when that fills the limit).
    for limit, expected in ((5, {job, oslo, friend, site, rival}), (6, set(about))):
        reached = await world.store.memories_about_entities(
            world.tenant, {entity_id(normalise("Alice"))}, world.clock(), limit
        )
        assert reached == {i: about[i] for i in expected}


async def test_the_graph_leg_does_not_walk_through_a_hub_entity(world: World) -> None:
    """`recall_hub_facts` reaches the graph leg's fact read: with a cap below the facts that
    name Metropolis, Alice's own facts seed the leg and the city's crowd does not."""
    own = await world.put("Alice's home", facts=[fact("Alice", "lives in", "Metropolis")])
    crowd = [
        await world.put(f"Resident {i}", facts=[fact(f"Resident {i}", "lives in", "Metropolis")])
        for i in range(3)
    ]
    graph = frozenset({"graph"})

    def capped(cap: int) -> dict[str, Any]:
        return {"engine": EngineSettings(recall_hub_facts=cap)}

    uncapped = await world.recall("Where is Alice?", legs=graph, service=capped(0))
    assert {h.memory.id for h in uncapped.hits} == {own, *crowd}
    hubbed = await world.recall("Where is Alice?", legs=graph, service=capped(3))
    assert [h.memory.id for h in hubbed.hits] == [own]


async def test_memories_about_entities_leave_out_hub_entities(world: World) -> None:
    """An entity that more facts name than `max_facts` (any, in force or not) neither seeds the
    read nor is walked through: Alice's own facts and her colleague's are found, the facts about
    the hub city she lives in and what lies beyond it are not; without a cap, all are."""
    job = await world.put("Alice's job", facts=[fact("Alice", "works at", "Acme")])
    site = await world.put("Acme's site", facts=[fact("Acme", "located in", "Tiny Town")])
    home = await world.put("Alice's home", facts=[fact("Alice", "lives in", "Metropolis")])
    crowd = [
        await world.put(f"Resident {i}", facts=[fact(f"Resident {i}", "lives in", "Metropolis")])
        for i in range(3)
    ]
    beyond = await world.put(
        "Metropolis's twin", facts=[fact("Metropolis", "twinned with", "Gotham")]
    )
    alice = {entity_id(normalise("Alice"))}
    now = world.clock()
    store = world.store
    # Metropolis is named by 5 facts: over a cap of 4 it is a hub.
    assert await store.memories_about_entities(world.tenant, alice, now, 50, 4) == {
        job: 0, home: 0, site: 1
    }  # fmt: skip
    uncapped = await store.memories_about_entities(world.tenant, alice, now, 50)
    assert uncapped == await store.memories_about_entities(world.tenant, alice, now, 50, 5)
    assert uncapped[beyond] == 1 and {uncapped[m] for m in crowd} == {1}
    # A named hub seeds nothing; a cap below 1 is refused.
    metropolis = {entity_id(normalise("Metropolis"))}
    assert await store.memories_about_entities(world.tenant, metropolis, now, 50, 4) == {}
    with pytest.raises(InvalidInput):
        await store.memories_about_entities(world.tenant, alice, now, 50, 0)


async def test_a_broken_leg_degrades_recall_and_all_broken_fails(
    world: World, repository: Backend
) -> None:
    target = await world.put("The quarterly budget review moved to Thursday")
    await world.put("Unrelated note about gardening")
    broken = await world.recall("budget review", service={"embedder": Broken()})
    assert broken.degraded and {"vector", "fact_vector"} <= set(broken.failed_legs)
    assert broken.hits[0].memory.id == target  # full-text still answers
    no_text = await world.recall(
        "budget review",
        legs=frozenset({"vector", "window"}),
        service={"repository": BrokenText(world.store)},
    )
    assert set(no_text.failed_legs) == {"fulltext", "window"}
    assert no_text.hits[0].memory.id == target  # the vector leg still answers
    with pytest.raises(RecallFailed, match="every recall leg failed"):
        await world.recall(
            "budget review",
            legs=frozenset({"vector", "fact_vector"}),
            service={"embedder": Broken()},
        )


async def test_a_missing_index_fails_its_leg_only(world: World, repository: Backend) -> None:
    from graph_backends.falkordb.repository import FalkorRepository
    from graph_backends.neo4j.repository import Neo4jRepository
    from graph_backends.surrealdb.repository import SurrealRepository

    target = await world.put("The quarterly budget review moved to Thursday")
    if isinstance(repository, FalkorRepository):  # reach under the seam to break one index
        graph = repository._db.select_graph(world.tenant.key)
        await graph.query("DROP VECTOR INDEX FOR (v:MemoryVector) ON (v.embedding)")
    if isinstance(repository, SurrealRepository):
        await repository._client.run(
            "USE NS $ns DB $db; REMOVE INDEX memory_vector_embedding ON memory_vector;",
            {"ns": world.tenant.org, "db": world.tenant.project},
        )
    if isinstance(repository, Neo4jRepository):  # one index for every tenant: rebuilt below
        async with repository._driver.session(database=repository._database) as session:
            await (await session.run("DROP INDEX retentia_memory_vector")).consume()
    try:
        result = await world.recall("quarterly budget review")
        assert result.degraded and set(result.failed_legs) == {"vector"}
        assert result.hits[0].memory.id == target
    finally:
        if isinstance(repository, Neo4jRepository):
            await repository.ensure_schema(world.tenant)  # recreated, ONLINE before it returns


async def test_lifecycle_over_months(world: World) -> None:
    clock = world.clock
    acme = await world.put(
        "Alice started at Acme as an engineer", facts=[fact("Alice", "works at", "Acme")]
    )
    tea = await world.put("Alice drinks tea every morning", facts=[fact("Alice", "drinks", "tea")])
    plan = await world.put(
        "Alice plans a trip to Rome in June", facts=[fact("Alice", "plan", "Rome trip")]
    )
    month_two = clock.advance(days=60)
    globex = await world.put(
        "Alice moved to Globex as head of engineering", facts=[fact("Alice", "works at", "Globex")]
    )
    clock.advance(days=30)
    (plan_fact,) = await world.facts.facts(world.tenant, subject="Alice", predicate="plan")
    await world.facts.retract(world.tenant, plan_fact.id)
    appointment_near = await world.put(
        "Alice has a dentist appointment",
        category=Category.OBLIGATIONS,
        event_time=clock() + timedelta(hours=20),
    )
    appointment_past = await world.put(
        "Alice had a dentist appointment",
        category=Category.OBLIGATIONS,
        event_time=clock() - timedelta(days=3),
    )

    def order(result: Any) -> list[str]:
        return [h.memory.id for h in result.hits]

    now = await world.recall("Where does Alice work at engineering?", k=10)
    ids = order(now)
    assert ids.index(globex) < ids.index(acme)
    acme_hit = next(h for h in now.hits if h.memory.id == acme)
    assert acme_hit.terms["survival"] < 1.0
    assert plan not in ids  # a retracted plan never comes back as current
    before = await world.recall("Where did Alice previously work?", k=10)
    assert before.intent is Intent.HISTORICAL
    assert acme in order(before)
    then = await world.recall("Where does Alice work?", k=10, as_of=month_two - timedelta(days=1))
    assert acme in order(then) and globex not in order(then)
    audit = await world.recall("Alice plans a trip to Rome", k=10, intent=Intent.AUDIT)
    assert plan in order(audit)
    upcoming = await world.recall("Alice dentist appointment", k=10)
    hits = {h.memory.id: h for h in upcoming.hits}
    assert order(upcoming).index(appointment_near) < order(upcoming).index(appointment_past)
    # The kernel has collapsed three days after the event; what ranks is it blended with the
    # category's α, as the decay is: a past event keeps 1 − α of its score, not ~0.
    alpha = CATEGORY_POLICIES[Category.OBLIGATIONS].blend_alpha
    assert hits[appointment_past].terms["validity"] == pytest.approx(1 - alpha, abs=0.01)
    assert hits[appointment_near].terms["validity"] > 1 - alpha + 0.1
    before = await world.recall("Alice dentist appointment before", k=10)
    assert before.intent is Intent.HISTORICAL  # asked about the past, a past event is not stale
    assert all(h.terms["validity"] == 1.0 for h in before.hits)
    assert tea in order(await world.recall("What does Alice drink?", k=10))


async def test_recall_reactivates_unless_read_only(world: World) -> None:
    target = await world.put("The zebra escaped from the city zoo")
    await world.recall("zebra zoo", read_only=True)
    (unchanged,) = await world.memories.get(world.tenant, [target])
    assert unchanged is not None and unchanged.reactivation_count == 0
    world.clock.advance(minutes=5)
    await world.recall("zebra zoo", read_only=False)
    (touched,) = await world.memories.get(world.tenant, [target])
    assert touched is not None and touched.reactivation_count == 1


async def test_floor_backfills_to_half_of_k_and_core_is_injected(world: World) -> None:
    ids = [await world.put(f"note number {i} about nothing in particular") for i in range(6)]
    far = await world.recall("zzzz qqqq", k=6, legs=frozenset({"vector"}))
    assert len(far.hits) >= 3  # never starves while memories exist
    assert all(h.backfilled for h in far.hits if h.similarity < 0.1)
    pinned = await world.put("A pinned fact about quantum computing", pinned=True)
    result = await world.recall("note number about nothing", k=3)
    by_id = {h.memory.id: h for h in result.hits}
    assert len(result.hits) == 3 and pinned in by_id and by_id[pinned].injected
    assert by_id[pinned].terms["injection"] == 1.0
    assert sum(1 for i in ids if i in by_id) == 2


async def test_statuses_and_categories_filter(world: World) -> None:
    chore = await world.put("Pay the electricity bill", category=Category.OBLIGATIONS)
    await world.put("Electricity prices rose", category=Category.FINANCIAL_MATERIAL)
    result = await world.recall("electricity", categories=frozenset({Category.OBLIGATIONS}))
    assert [h.memory.id for h in result.hits] == [chore]
    none = await world.recall("electricity", statuses=frozenset({MemoryStatus.CORE}))
    assert none.hits == []


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(text=st.text(min_size=1, max_size=200).filter(lambda s: s.strip() and "\x00" not in s))
async def test_hostile_text_never_errors(world: World, text: str) -> None:
    result = await world.recall(text, legs=frozenset({"fulltext", "fact_fulltext", "graph"}))
    assert not result.degraded


@pytest.mark.parametrize(
    "text",
    [
        "a-b",
        "550e8400-e29b-41d4-a716-446655440000",
        "path/to/file",
        '"quoted"',
        "`rm -rf`",
        "@field:x",
        "(a|b)*",
        "%%%",
        "~!@#$%^&*()_+{}|:<>?",
        "NOT x -y",
    ],
)
async def test_syntax_characters_are_plain_text(world: World, text: str) -> None:
    target = await world.put(f"Remember the string {text} exactly")
    result = await world.recall(text, legs=frozenset({"fulltext", "fact_fulltext", "graph"}))
    assert not result.degraded
    assert target in [h.memory.id for h in result.hits] or not any(c.isalnum() for c in text)


def test_intent_and_names_from_the_query() -> None:
    assert detect_intent("Where did Alice work before?") is Intent.HISTORICAL
    assert detect_intent("Where does Alice work?") is Intent.CURRENT
    assert query_names("When did Caroline go to the LGBTQ support group?") == ["Caroline", "LGBTQ"]
    assert set(LEGS) >= {"vector", "fulltext", "fact_vector", "fact_fulltext", "graph"}


async def test_the_turns_around_an_anchor_rank_in_the_order_they_were_stored(world: World) -> None:
    """Each session's turns share one timestamp; the turn before a matching turn ranks above
    the turn after it, in every session and on every run. Recall breaks ties by memory id, and
    ids used to be random: the two neighbours of an anchor came in either order (the same
    conversation stored twice ranked differently), where ids now follow the order of storing.
    Six sessions, so random ids would pass one run in 64."""
    words = ("zanzibar", "quokka", "marzipan", "tundra", "obelisk", "saffron")
    for n, word in enumerate(words):
        for text in (f"filler before {n}", f"the {word} turn", f"filler after {n}"):
            await world.put(text, source_session=f"session-{n}")
    for n, word in enumerate(words):
        result = await world.recall(
            word, k=3, legs=frozenset({"fulltext", "neighbours"}), terms=frozenset()
        )
        found = [h.memory.content for h in result.hits]
        assert f"the {word} turn" in found, found
        assert found.index(f"filler before {n}") < found.index(f"filler after {n}"), found


async def test_the_graph_leg_seeds_nothing_from_a_hub_name(world: World) -> None:
    """A name more memories name than `recall_hub_mentions` tells none of them apart: the
    graph leg's mention read leaves it out (no cap: its newest memories seed the leg), while a
    rarer name of the same query still seeds."""
    hub = [await world.put(f"Note {i} about the weekly sync", entities=["Ada"]) for i in range(4)]
    rare = await world.put("The Zorn migration plan", entities=["Zorn"])
    graph = frozenset({"graph"})

    def capped(cap: int) -> dict[str, Any]:
        return {"engine": EngineSettings(recall_hub_mentions=cap)}

    uncapped = await world.recall("What did Ada say?", legs=graph, service=capped(0))
    assert {h.memory.id for h in uncapped.hits} == set(hub)
    assert (await world.recall("What did Ada say?", legs=graph, service=capped(3))).hits == []
    both = await world.recall("Ada and Zorn?", legs=graph, service=capped(3))
    assert [h.memory.id for h in both.hits] == [rare]
    assert {h.memory.id for h in (await world.recall("Ada and Zorn?", legs=graph)).hits} == {
        *hub,
        rare,
    }  # the default cap (1,000) is far above four mentions


async def test_a_recall_as_of_a_past_instant_finds_what_was_stored_by_then(world: World) -> None:
    """Each leg returns its best `pool` memories, and the instant admits only those stored by
    then: with more newer memories matching better than a leg's pool, every leg's pool was
    newer and an as-of recall came back empty. The legs keep what the instant admits, and ask
    again for more while too few are left (a pool of 10 here, 50 by default)."""
    world.clock.now = T0
    old = [await world.put(f"My bike lives in the garage, note {i}") for i in range(2)]
    world.clock.advance(days=5 * 365)
    for i in range(30):
        await world.put(f"I keep my bicycle in the shed, entry {i}")
    narrow = {"service": {"engine": EngineSettings(recall_pool=10)}, "k": 2}
    now = await world.recall("where do I keep my bicycle?", **narrow)
    assert not set(old) & {h.memory.id for h in now.hits}  # the newer ones match better
    then = await world.recall("where do I keep my bicycle?", as_of=T0 + timedelta(days=1), **narrow)
    assert {h.memory.id for h in then.hits} == set(old)


async def test_a_batch_of_stores_waits_for_connections_instead_of_failing(world: World) -> None:
    """One batch of 40 memories with values and a shared subject (the update detector and the
    full-text leg read for each item at once) is stored whole: on a FalkorDB cluster the
    client's 32 connections a node were a hard limit, and a batch of 10 failed with
    MaxConnectionsError."""
    results = await world.memories.store_each(
        world.tenant,
        [StoreRequest(content=f"user: I now have {i} bikes in the shed") for i in range(40)],
    )
    assert all(not isinstance(r, Exception) for r in results), results
    assert len({r.memory.id for r in results if not isinstance(r, Exception)}) == 40

"""Synthetic memories and typed edges, deterministic for a seed: about sixty sentence
templates over people, places, projects and organisations, a sixth of them also asserting a fact
(for recall's fact legs). The scale bench stores them on every backend; the load bench seeds
the service's tenant with them.
"""

from __future__ import annotations

import random
import string
import uuid
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Final

from schema import Category, EdgeType, Memory, MemoryEdge
from schema.facts import FactInput
from service.adapters.embedding import Vector

#: The creation times spread over the year from here.
BASE_TIME: Final = datetime(2024, 1, 1, tzinfo=UTC)

#: Edge-type mix, weighted toward the types an agent writes most.
EDGE_WEIGHTS: Final[dict[EdgeType, float]] = {
    EdgeType.CAUSED_BY: 0.28,
    EdgeType.SUPPORTS: 0.24,
    EdgeType.RELATED_TO: 0.24,
    EdgeType.DERIVED_FROM: 0.07,
    EdgeType.CONTRADICTS: 0.06,
    EdgeType.SUPERSEDES: 0.05,
    EdgeType.TEMPORAL_SEQUENCE: 0.06,
}

# -- synthetic memory texts ------------------------------------------------------------------

FIRST: Final = (
    "Alice Bruno Chen Dana Emeka Farah Gustavo Hana Ivan Jamal Keiko Lena Mateo Nadia Omar "
    "Priya Quentin Rosa Sven Tomas Uma Viktor Wen Ximena Yusuf Zoe Amara Bjorn Carmen Dmitri "
    "Elif Felix Greta Hiro Ines Jonas Kofi Lucia Marek Noor"
).split()
LAST: Final = (
    "Okafor Lindqvist Tanaka Moreau Alvarez Kowalski Haddad Nguyen Fischer Rossi Patel Novak "
    "Duarte Ibrahim Larsen Costa Petrov Yamamoto Mensah Schmidt Oliveira Kaur Bianchi Horvath "
    "Mwangi Jensen Ortega Sato Weber Adeyemi"
).split()
PLACES: Final = (
    "Lisbon;Nairobi;Osaka;Montreal;Krakow;Valparaiso;Tbilisi;Edinburgh;Hanoi;Ljubljana;"
    "Bergen;Marrakesh;Austin;Medellin;Tallinn;Brisbane;Porto;Seville;Gdansk;Accra;Kyoto;"
    "Reykjavik;Bologna;Cape Town;Dublin;Helsinki;Lyon;Munich;Oaxaca;Pune;Quebec City;"
    "Rotterdam;Salzburg;Tromso;Utrecht;Vilnius;Windhoek;Zagreb;Antwerp;Bilbao"
).split(";")
PROJECTS: Final = (
    "Atlas Borealis Cinder Driftwood Ember Fathom Granite Halcyon Ironbark Juniper Kestrel "
    "Lumen Meridian Nimbus Obsidian Pinnacle Quartz Riverbend Sequoia Tessellate Umbra Vantage "
    "Willow Xenon Yarrow Zephyr Aurora Beacon Cobalt Delta"
).split()
ORGS: Final = (
    "Northwind;Helix Labs;Bluefin Health;Cedar Bank;Orbital Freight;Greenleaf Foods;"
    "Quantum Insurance;Riverside Clinic;Summit Telecom;Tidewater Energy;Lakeshore Realty;"
    "Maple Logistics;Ironclad Security;Pioneer Airlines;Silverline Rail"
).split(";")
TOPICS: Final = (
    "remote work;urban cycling;sourdough baking;climate policy;open source licensing;"
    "jazz history;chess openings;language learning;sleep hygiene;index funds;"
    "distributed databases;vegetable gardening;film photography;trail running;"
    "medieval architecture;board game design;birdwatching;minimalist living;"
    "electric cars;public transit;home espresso;marathon training;graph theory;"
    "woodworking;stoicism;volunteering;mechanical keyboards;tea ceremonies"
).split(";")
FOODS: Final = (
    "ramen;pad thai;shakshuka;paella;pho;dumplings;falafel;risotto;tacos al pastor;"
    "jollof rice;pierogi;bibimbap;moussaka;ceviche;goulash;laksa"
).split(";")
VENUES: Final = (
    "the community hall;a rooftop bar;the public library;a climbing gym;the old harbour cafe;"
    "a co-working space;the botanical garden;a jazz club;the night market;the science museum"
).split(";")
COMPONENTS: Final = (
    "billing;search;ingestion;auth;notification;scheduler;export;reporting;cache;sync"
).split(";")
TOOLS: Final = "Vim;VS Code;Notion;Obsidian;Trello;Jira;Linear;Excel;Emacs;Todoist".split(";")
HOBBIES: Final = (
    "pottery;salsa;improv theatre;bouldering;choir;rowing;watercolour;chess;kayaking;yoga"
).split(";")
BOOKS: Final = (
    "The Left Hand of Darkness;Middlemarch;Thinking in Systems;The Overstory;Dune;"
    "Project Hail Mary;The Master and Margarita;Designing Data-Intensive Applications;"
    "Piranesi;Braiding Sweetgrass;Invisible Cities;The Remains of the Day"
).split(";")
ROLES: Final = (
    "staff engineer;product manager;data scientist;designer;site reliability engineer;"
    "engineering manager;technical writer;security analyst"
).split(";")
ITEMS: Final = (
    "standing desk;road bike;espresso machine;noise-cancelling headphones;winter coat;"
    "laptop;dishwasher;tent;camera lens;office chair"
).split(";")
REASONS: Final = (
    "the plot dragged;work got busy;I lent it to a friend;the translation felt clumsy;"
    "I was travelling;a newer edition arrived"
).split(";")
ALLERGENS: Final = "peanuts;shellfish;gluten;lactose;sesame;kiwi".split(";")
FEATURES: Final = (
    "connection pooling;query caching;batch writes;lazy loading;compression;read replicas"
).split(";")
SIGHTS: Final = (
    "sunset over the old town;fish market at dawn;cathedral rooftop;hike to the waterfall;"
    "street food tour;modern art museum;boat trip along the coast"
).split(";")
THERAPIES: Final = "physiotherapy;stretching;light cardio;rest;swimming".split(";")
MONTHS: Final = (
    "January February March April May June July August September October November December"
).split()
WEEKDAYS: Final = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()

#: Slots whose values are also recorded as the memory's entities.
ENTITY_SLOTS: Final = frozenset({"person", "place", "project", "org"})

TEMPLATES: Final[tuple[tuple[str, Category], ...]] = (
    (
        "{person} moved to {place} in {month} {year} to work on {project} with {person2}.",
        Category.RELATIONAL_BONDS,
    ),
    (
        "{person} said the {project} budget grew to {money} after the {month} review.",
        Category.PROJECTS_ENDEAVORS,
    ),
    (
        "Met {person} at {venue} in {place}; we talked about {topic} for {minutes} minutes.",
        Category.RELATIONAL_BONDS,
    ),
    (
        "The {project} release slipped to {date} because {person} found {count} failing tests "
        "in the {component} module.",
        Category.PROJECTS_ENDEAVORS,
    ),
    (
        "{person} prefers {food} and usually orders it near {place} on {weekday} evenings.",
        Category.PREFERENCES_HABITS,
    ),
    (
        "Reminder: renew the passport before {date}; the office in {place} closes at {hour} on "
        "{weekday}.",
        Category.OBLIGATIONS,
    ),
    (
        "{person} ran {km} km along the river in {place} and finished in {minutes} minutes, a "
        "personal best.",
        Category.HEALTH_WELLBEING,
    ),
    (
        "I started reading {book} on {date} and stopped at page {page} because {reason}.",
        Category.INTELLECTUAL_INTERESTS,
    ),
    (
        "{person} turned {age} on {date}; the party was at {venue} in {place}.",
        Category.RELATIONAL_BONDS,
    ),
    (
        "Paid {money} for the {item}; the warranty lasts {count} months and expires on {date}.",
        Category.FINANCIAL_MATERIAL,
    ),
    (
        "{org} hired {person} as {role} for the {project} team starting {date}.",
        Category.PROJECTS_ENDEAVORS,
    ),
    (
        "The flight from {place} to {place2} on {date} was delayed {minutes} minutes, so I "
        "missed the call with {person}.",
        Category.LOGISTICAL_CONTEXT,
    ),
    (
        "Dr. {last} recommended {count} weeks of {therapy} after the checkup on {date}.",
        Category.HEALTH_WELLBEING,
    ),
    (
        "{person} and I disagreed about {topic}; I still think {topic2} matters more.",
        Category.INTELLECTUAL_INTERESTS,
    ),
    (
        "Our {component} latency dropped from {ms} ms to {ms2} ms after {person} enabled "
        "{feature} in {project}.",
        Category.PROJECTS_ENDEAVORS,
    ),
    (
        "Every {weekday} at {hour} I join the {hobby} group at {venue} in {place}.",
        Category.HOBBIES_RECREATION,
    ),
    ("{person} lent me {money}; I promised to pay it back by {date}.", Category.FINANCIAL_MATERIAL),
    (
        "The {project} retrospective on {date} listed {count} action items, the first owned by "
        "{person}.",
        Category.PROJECTS_ENDEAVORS,
    ),
    (
        "Visited {place} with {person} in {month} {year}; the highlight was the {sight}.",
        Category.HOBBIES_RECREATION,
    ),
    (
        "I switched from {tool} to {tool2} for planning {project} because it kept losing my notes.",
        Category.PREFERENCES_HABITS,
    ),
    (
        "{person} is allergic to {allergen}, so avoid {food} when inviting them to dinner.",
        Category.RELATIONAL_BONDS,
    ),
    (
        "Quarterly goal for {project}: reach {count} active users in {place} by {date}.",
        Category.PROJECTS_ENDEAVORS,
    ),
    (
        "Called {org} support about invoice {invoice}; they will refund {money} within {count} "
        "days.",
        Category.OBLIGATIONS,
    ),
    (
        "I consider myself a {topic} enthusiast since {person} got me into it back in {year}.",
        Category.IDENTITY_SELF_CONCEPT,
    ),
)


def _date(rng: random.Random) -> str:
    day = BASE_TIME + timedelta(days=rng.randrange(-700, 700))
    return f"{MONTHS[day.month - 1]} {day.day}, {day.year}"


SLOTS: Final[dict[str, Callable[[random.Random], str]]] = {
    "person": lambda r: f"{r.choice(FIRST)} {r.choice(LAST)}",
    "last": lambda r: r.choice(LAST),
    "place": lambda r: r.choice(PLACES),
    "project": lambda r: r.choice(PROJECTS),
    "org": lambda r: r.choice(ORGS),
    "topic": lambda r: r.choice(TOPICS),
    "food": lambda r: r.choice(FOODS),
    "venue": lambda r: r.choice(VENUES),
    "component": lambda r: r.choice(COMPONENTS),
    "tool": lambda r: r.choice(TOOLS),
    "hobby": lambda r: r.choice(HOBBIES),
    "book": lambda r: r.choice(BOOKS),
    "role": lambda r: r.choice(ROLES),
    "item": lambda r: r.choice(ITEMS),
    "reason": lambda r: r.choice(REASONS),
    "allergen": lambda r: r.choice(ALLERGENS),
    "feature": lambda r: r.choice(FEATURES),
    "sight": lambda r: r.choice(SIGHTS),
    "therapy": lambda r: r.choice(THERAPIES),
    "month": lambda r: r.choice(MONTHS),
    "weekday": lambda r: r.choice(WEEKDAYS),
    "year": lambda r: str(r.randrange(2015, 2026)),
    "date": _date,
    "hour": lambda r: f"{r.randrange(7, 21)}:{r.choice(('00', '15', '30', '45'))}",
    "money": lambda r: f"${r.randrange(20, 250_000):,}",
    "count": lambda r: str(r.randrange(2, 60)),
    "minutes": lambda r: str(r.randrange(5, 180)),
    "km": lambda r: f"{r.randrange(3, 43)}.{r.randrange(10)}",
    "page": lambda r: str(r.randrange(12, 640)),
    "age": lambda r: str(r.randrange(2, 95)),
    "ms": lambda r: str(r.randrange(120, 2400)),
    "invoice": lambda r: f"INV-{r.randrange(10_000, 99_999)}",
}


#: Templates whose memory also asserts a fact (for recall's fact legs and survival term):
#: template → (subject slot, predicate, object slot, single-valued). About 1 memory in 6.
FACT_SLOTS: Final[dict[str, tuple[str, str, str, bool]]] = {
    TEMPLATES[0][0]: ("person", "lives in", "place", True),
    TEMPLATES[4][0]: ("person", "likes", "food", False),
    TEMPLATES[10][0]: ("person", "works at", "org", True),
    TEMPLATES[20][0]: ("person", "is allergic to", "allergen", False),
}


@dataclass(frozen=True)
class SyntheticFact:
    subject: str
    predicate: str
    object: str
    single_valued: bool

    @property
    def text(self) -> str:
        """What `FactService` embeds for a fact."""
        return f"{self.subject} {self.predicate} {self.object}"


@dataclass(frozen=True)
class SyntheticMemory:
    id: str
    text: str
    entities: tuple[str, ...]
    category: Category
    created_at: datetime
    fact: SyntheticFact | None = None


def _fill(template: str, rng: random.Random) -> tuple[str, tuple[str, ...], dict[str, str]]:
    values: dict[str, str] = {}
    entities: dict[str, None] = {}
    for _, slot, _, _ in string.Formatter().parse(template):
        if slot is None or slot in values:
            continue
        kind = slot.rstrip("0123456789")
        values[slot] = SLOTS[kind](rng)
        if slot == "ms2":  # an improvement: smaller than the first figure
            values[slot] = str(max(1, int(values["ms"]) * rng.randrange(10, 90) // 100))
        if kind in ENTITY_SLOTS:
            entities.setdefault(values[slot], None)
    return template.format(**values), tuple(entities), values


def generate_memories(n: int, seed: int) -> list[SyntheticMemory]:
    """N distinct memory texts, deterministic for a given seed."""
    rng = random.Random(seed)
    seen: set[str] = set()
    out: list[SyntheticMemory] = []
    while len(out) < n:
        template, category = rng.choice(TEMPLATES)
        text, entities, values = _fill(template, rng)
        if text in seen:
            continue
        seen.add(text)
        fact = None
        if template in FACT_SLOTS:  # no draw from rng: the texts stay those of earlier runs
            subject, predicate, obj, single = FACT_SLOTS[template]
            fact = SyntheticFact(values[subject], predicate, values[obj], single)
        out.append(
            SyntheticMemory(
                id=str(uuid.UUID(int=rng.getrandbits(128), version=4)),
                text=text,
                entities=entities,
                category=category,
                created_at=BASE_TIME + timedelta(seconds=rng.randrange(0, 365 * 86_400)),
                fact=fact,
            )
        )
    return out


def generate_edges(memories: Sequence[SyntheticMemory], count: int, seed: int) -> list[MemoryEdge]:
    rng = random.Random(seed)
    types = list(EDGE_WEIGHTS)
    weights = list(EDGE_WEIGHTS.values())
    edges = []
    for _ in range(count):
        a, b = rng.sample(range(len(memories)), 2)
        edges.append(
            MemoryEdge(
                source=memories[a].id,
                target=memories[b].id,
                type=rng.choices(types, weights)[0],
                weight=round(rng.uniform(0.1, 1.0), 2),
                created_at=BASE_TIME + timedelta(seconds=rng.randrange(0, 365 * 86_400)),
            )
        )
    return edges


def build_memory(m: SyntheticMemory, vector: Vector) -> Memory:
    """The memory a synthetic one is stored as, with its vector."""
    return Memory(
        id=m.id,
        content=m.text,
        embedding=vector,
        entities=m.entities,
        category=m.category,
        created_at=m.created_at,
        source_session="bench-scale",
    )


def fact_inputs(memories: Sequence[SyntheticMemory]) -> list[FactInput]:
    """The fact each memory's template asserts (memories without one give none), sourced from
    the memory, for `FactService.apply_facts`."""
    return [
        FactInput(
            subject=m.fact.subject,
            predicate=m.fact.predicate,
            object=m.fact.object,
            category=m.category,
            functional=m.fact.single_valued,
            source=m.id,
        )
        for m in memories
        if m.fact is not None
    ]

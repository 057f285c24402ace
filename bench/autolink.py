"""Auto-link and conflict-hint bench on LoCoMo: how discriminative are the RELATED_TO auto-links
and the `possible_conflicts` hints on ordinary conversation turns, and which floors keep them so.

    python -m bench.autolink [--conversations N] [--floor X ...] [--conflict-floor X ...]
                             [--token-overlap X ...] [--out DIR]

1. Reads LoCoMo (`../shared/bench/locomo10.json`); one stream of stores per conversation, every
   turn in order as `"{speaker}: {text}"` (+ `" [image: {blip_caption}]"`), and planted pairs
   (a changed number, a negation) interleaved into the first conversation's stream.
2. Embeds every text once with the real embedder (`PrimedEmbedder` serves those vectors to the
   service afterwards, under the real embedder's name).
3. Sweep, simulated: per store, the exact top-k existing neighbours (what `vector_search` gives
   `MemoryService`), then `choose_auto_links` and `conflict_hints` — the service's own functions
   — for every candidate setting. Auto-linking and conflict hints are independent of each other,
   so the link floors and the conflict settings are swept separately.
4. Chooses the lowest auto-link floor meeting the link targets with a margin (mean ≤ 80 % of
   each target, every conversation under the target), and the conflict setting that flags the
   most paraphrased planted updates while every required planted pair is flagged and the hint
   share stays under the target with the same margin.
5. Final figures from a real ingestion: a fresh tenant per conversation in an embedded FalkorDB,
   every store through `MemoryService.store` with the chosen values; compared store by store
   with the simulation.

Writes `<out>/autolink.json` (flat figures for the chosen setting, the sweep tables as lists,
the planted pairs and examples of hinted ordinary turns) and `<out>/autolink.md`.
See bench/methods.md.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
import uuid
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any, Final, Literal

import numpy as np
import numpy.typing as npt

from bench.harness.embedders import PrimedEmbedder
from bench.harness.locomo_data import (
    session_keys,
    session_time,
    turn_content,
)
from bench.harness.options import add_locomo_run_options
from bench.harness.reports import (
    EM_DASH,
    md_cell,
    md_table,
    percent,
    write_report,
    yes_no,
)
from bench.harness.run import Figures, data_directory, elapsed_s, git_commit, log
from bench.harness.vector_cache import embed_all
from graph_backends import Backend, FalkorConfig, open_backend
from schema import EdgeType, SearchHit, Tenant
from service.adapters.classifier import PROTOTYPES
from service.adapters.embedding import Embedder, Vector, load_embedder
from service.compose import compose
from service.engine.autolink import EMBEDDER_FLOORS, choose_auto_links, similarity_floor

# The private helpers give the exact word overlap `conflict_hints` compares (reported only).
from service.engine.conflicts import (
    Candidate,
    ConflictHint,
    _overlap,
    _tokens,
    _words,
    conflict_hints,
)
from service.engine.settings import EngineSettings
from service.settings import Settings
from service.usecases.memories import MemoryService, StoreRequest, StoreResult

Matrix = npt.NDArray[np.float32]

#: The issue's targets and the peer engine's figures on LoCoMo.
TARGET_LINKS_PER_MEMORY: Final = 1.0
TARGET_AT_CAP_SHARE: Final = 0.10
TARGET_HINT_SHARE: Final = 0.05
PEER: Final = {"links_per_memory": 2.8, "at_cap_share": 385 / 419, "hint_share": 0.24}
#: A chosen setting must stay this far under each target (0.8: at most 80 % of it).
MARGIN: Final = 0.8

DEFAULT_FLOORS: Final = tuple(round(0.50 + 0.025 * i, 3) for i in range(15))  # 0.50 … 0.85
DEFAULT_CONFLICT_FLOORS: Final = (0.65, 0.70, 0.75, 0.80, 0.85, 0.90)
DEFAULT_OVERLAPS: Final = (0.3, 0.4, 0.5, 0.6, 0.7)

# -- planted pairs ---------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PlantedPair:
    """`first` is stored a third of the way into the conversation, `second` two thirds in;
    `second` should get a hint of `kind` naming `first`. `{a}` / `{b}`: the two speakers.

    Required pairs restate the first nearly word for word (a chosen setting must flag them
    all); the others are paraphrased updates, a measure of sensitivity (the more flagged the
    better)."""

    name: str
    kind: Literal["changed_number", "negation"]
    first: str
    second: str
    required: bool = True


PLANTED: Final = (
    PlantedPair(
        "rent",
        "changed_number",
        "{a}: My rent went up to 1,450 dollars a month.",
        "{a}: My rent went up to 1,600 dollars a month.",
    ),
    PlantedPair(
        "age",
        "changed_number",
        "{b}: My oldest just turned 7 last week, we had a party at the park.",
        "{b}: My oldest turned 8 last week, we had a party at the park!",
    ),
    PlantedPair(
        "time",
        "changed_number",
        "{a}: My pottery class starts at 6 pm every Thursday.",
        "{a}: My pottery class now starts at 7 pm every Thursday.",
    ),
    PlantedPair(
        "count",
        "changed_number",
        "{b}: We have 2 dogs and a cat at home.",
        "{b}: We have 3 dogs and a cat at home now.",
    ),
    PlantedPair(
        "price",
        "changed_number",
        "{a}: The concert tickets cost 85 dollars each, so I bought two.",
        "{a}: The concert tickets cost 120 dollars each, so I bought two.",
    ),
    PlantedPair(
        "negation",
        "negation",
        "{b}: We are going camping with the kids this summer.",
        "{b}: We are not going camping with the kids this summer.",
    ),
    PlantedPair(
        "trip-days",
        "changed_number",
        "{b}: Our trip to Hawaii is booked for 5 days in August.",
        "{b}: We extended our Hawaii trip in August to 9 days.",
        required=False,
    ),
    PlantedPair(
        "miles",
        "changed_number",
        "{a}: I run about 10 miles every weekend to train for the marathon.",
        "{a}: These days I run 15 miles every weekend, marathon training is intense!",
        required=False,
    ),
    PlantedPair(
        "school-time",
        "changed_number",
        "{b}: The kids' school starts at 8 am.",
        "{b}: School for the kids now starts at 9 am.",
        required=False,
    ),
    PlantedPair(
        "workdays",
        "changed_number",
        "{b}: I work 3 days a week at the bakery.",
        "{b}: I'm at the bakery 4 days a week now.",
        required=False,
    ),
    PlantedPair(
        "years",
        "changed_number",
        "{b}: I've been teaching at the school for 4 years.",
        "{b}: Can you believe it's been 5 years of teaching at that school?",
        required=False,
    ),
    PlantedPair(
        "flight",
        "changed_number",
        "{a}: My flight to Sweden leaves at 10 am on Friday.",
        "{a}: The flight to Sweden got moved, it now leaves Friday at 2 pm.",
        required=False,
    ),
    PlantedPair(
        "car",
        "negation",
        "{a}: I have decided to sell my old car this year.",
        "{a}: I have decided not to sell my old car after all.",
        required=False,
    ),
    PlantedPair(
        "move",
        "negation",
        "{a}: I'm moving to Seattle in the spring.",
        "{a}: I'm not moving to Seattle anymore.",
        required=False,
    ),
)


# -- the stream of stores --------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Item:
    """One store: a LoCoMo turn, or one half of a planted pair (`planted` = "name/1" or "/2")."""

    content: str
    dia_id: str
    session: str
    at: datetime
    planted: str | None = None


@dataclass(slots=True)
class Conversation:
    sample_id: str
    items: list[Item]
    #: Sessions whose date-time was earlier than the previous session's (clamped to keep the
    #: clock monotone).
    clamped_sessions: int = 0


def load_conversations(path: Path, limit: int) -> list[Conversation]:
    raw: list[dict[str, Any]] = json.loads(path.read_text())
    conversations: list[Conversation] = []
    for sample in raw[:limit]:
        conv = sample["conversation"]
        items: list[Item] = []
        clamped = 0
        previous: datetime | None = None
        for key in session_keys(conv):
            start = session_time(conv, key)
            if previous is not None and start <= previous:
                start, clamped = previous + timedelta(minutes=1), clamped + 1
            for index, turn in enumerate(conv[key]):
                # One second per turn: a strictly monotone clock within the session.
                at = start + timedelta(seconds=index)
                items.append(Item(turn_content(turn), str(turn["dia_id"]), key, at))
                previous = at
        conversations.append(Conversation(str(sample["sample_id"]), items, clamped))
    if conversations:
        plant(conversations[0], raw[0]["conversation"])
    return conversations


def plant(conversation: Conversation, conv: Mapping[str, Any]) -> None:
    """Interleave the planted pairs: every `first` after the turn a third of the way in, every
    `second` after the turn two thirds in (same session and time as that turn)."""
    names = {"a": conv["speaker_a"], "b": conv["speaker_b"]}
    items = conversation.items
    n = len(items)
    firsts, seconds = n // 3, 2 * n // 3
    out: list[Item] = []
    for index, item in enumerate(items):
        out.append(item)
        for position, half in ((firsts, 1), (seconds, 2)):
            if index == position:
                for pair in PLANTED:
                    text = (pair.first if half == 1 else pair.second).format(**names)
                    out.append(
                        Item(
                            text,
                            f"planted:{pair.name}/{half}",
                            item.session,
                            item.at,
                            f"{pair.name}/{half}",
                        )
                    )
    conversation.items = out


# -- simulation ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Neighbours:
    """What `MemoryService` sees when item `index` is stored: the top-k earlier items."""

    index: int
    hits: tuple[SearchHit, ...]  # memory_id = the simulated id of an earlier item


@dataclass(slots=True)
class SimConversation:
    conversation: Conversation
    ids: list[str]  # simulated memory id per item
    neighbours: list[Neighbours]
    index_of: dict[str, int] = field(default_factory=dict)


def top_neighbours(
    conversation: Conversation, vectors: Mapping[str, Vector], k: int
) -> SimConversation:
    """Exact cosine top-k over the items stored before each one (vectors are L2-normalised)."""
    items = conversation.items
    matrix: Matrix = np.asarray([vectors[i.content] for i in items], dtype=np.float32)
    ids = [
        str(uuid.uuid5(uuid.NAMESPACE_URL, f"{conversation.sample_id}/{n}"))
        for n in range(len(items))
    ]
    neighbours: list[Neighbours] = []
    for n in range(len(items)):
        if n == 0:
            neighbours.append(Neighbours(n, ()))
            continue
        scores = matrix[:n] @ matrix[n]
        take = min(k, n)
        best = np.argpartition(-scores, take - 1)[:take]
        best = best[np.argsort(-scores[best], kind="stable")]
        hits = tuple(SearchHit(memory_id=ids[int(j)], score=float(scores[j])) for j in best)
        neighbours.append(Neighbours(n, hits))
    return SimConversation(conversation, ids, neighbours, {m: n for n, m in enumerate(ids)})


def is_ordinary(item: Item) -> bool:
    return item.planted is None


@dataclass(frozen=True, slots=True)
class LinkFigures:
    floor: float
    stores: int
    links_per_memory: float
    at_cap_share: float
    with_link_share: float
    max_inbound: int
    inbound_cap_share: float  # memories that reached auto_link_max_inbound
    worst_conversation_links: float
    worst_conversation_at_cap: float

    def meets(self, margin: float = 1.0) -> bool:
        return (
            self.links_per_memory <= TARGET_LINKS_PER_MEMORY * margin
            and self.at_cap_share < TARGET_AT_CAP_SHARE * margin
        )


def simulate_links(
    sims: Sequence[SimConversation], floor: float, engine: EngineSettings
) -> tuple[LinkFigures, list[list[frozenset[str]]]]:
    """Auto-links of every store, with the service's `choose_auto_links` and inbound counts."""
    cap = engine.auto_link_max_per_store
    links: list[int] = []
    inbound_all: list[int] = []
    per_conv: list[tuple[float, float]] = []
    chosen_all: list[list[frozenset[str]]] = []
    for sim in sims:
        inbound: Counter[str] = Counter()
        conv_links: list[int] = []
        chosen_conv: list[frozenset[str]] = []
        for item, nb in zip(sim.conversation.items, sim.neighbours, strict=True):
            chosen = choose_auto_links(
                nb.hits,
                self_id=sim.ids[nb.index],
                excluded=(),
                inbound=inbound,
                floor=floor,
                max_per_store=cap,
                max_inbound=engine.auto_link_max_inbound,
            )
            inbound.update(h.memory_id for h in chosen)
            chosen_conv.append(frozenset(h.memory_id for h in chosen))
            if is_ordinary(item):
                conv_links.append(len(chosen))
        links += conv_links
        inbound_all += [inbound.get(m, 0) for m in sim.ids]
        per_conv.append((statistics.fmean(conv_links), _share(c >= cap > 0 for c in conv_links)))
        chosen_all.append(chosen_conv)
    figures = LinkFigures(
        floor=floor,
        stores=len(links),
        links_per_memory=statistics.fmean(links),
        at_cap_share=_share(c >= cap > 0 for c in links),
        with_link_share=_share(c > 0 for c in links),
        max_inbound=max(inbound_all),
        inbound_cap_share=_share(i >= engine.auto_link_max_inbound for i in inbound_all),
        worst_conversation_links=max(p[0] for p in per_conv),
        worst_conversation_at_cap=max(p[1] for p in per_conv),
    )
    return figures, chosen_all


def _share(flags: Iterator[bool] | Sequence[bool]) -> float:
    values = list(flags)
    return sum(values) / len(values) if values else 0.0


@dataclass(frozen=True, slots=True)
class PlantedResult:
    name: str
    kind: str
    required: bool
    first: str
    second: str
    cosine: float
    token_overlap: float
    in_top_k: bool
    flagged: bool
    hint: str | None


@dataclass(frozen=True, slots=True)
class ConflictFigures:
    similarity_floor: float
    token_overlap: float
    stores: int
    hint_share: float
    changed_number_share: float
    negation_share: float
    worst_conversation_hint_share: float
    planted_results: tuple[PlantedResult, ...]

    @property
    def planted(self) -> int:
        return sum(p.required for p in self.planted_results)

    @property
    def planted_flagged(self) -> int:
        return sum(p.required and p.flagged for p in self.planted_results)

    @property
    def paraphrased(self) -> int:
        return sum(not p.required for p in self.planted_results)

    @property
    def paraphrased_flagged(self) -> int:
        return sum(not p.required and p.flagged for p in self.planted_results)

    def meets(self, margin: float = 1.0) -> bool:
        return self.hint_share < TARGET_HINT_SHARE * margin and self.planted_flagged == self.planted


def _planted_ids(sim: SimConversation) -> dict[str, str]:
    return {i.planted: sim.ids[n] for n, i in enumerate(sim.conversation.items) if i.planted}


def planted_results(
    sims: Sequence[SimConversation],
    hints_of: Mapping[str, Sequence[ConflictHint]],
    vectors: Mapping[str, Vector],
) -> tuple[PlantedResult, ...]:
    """Per planted pair: did the second store get a hint of the right kind naming the first?
    `hints_of`: hints by the simulated id of the storing item, naming simulated ids."""
    if not sims:
        return ()
    ids = _planted_ids(sims[0])
    hits_of = {sims[0].ids[nb.index]: nb.hits for nb in sims[0].neighbours}
    content = {i.planted: i.content for i in sims[0].conversation.items if i.planted}
    results: list[PlantedResult] = []
    for pair in PLANTED:
        first_id, second_id = ids[f"{pair.name}/1"], ids[f"{pair.name}/2"]
        first, second = content[f"{pair.name}/1"], content[f"{pair.name}/2"]
        hint = next(
            (
                h
                for h in hints_of.get(second_id, ())
                if h.memory_id == first_id and h.kind == pair.kind
            ),
            None,
        )
        cosine = float(np.dot(np.asarray(vectors[first]), np.asarray(vectors[second])))
        results.append(
            PlantedResult(
                name=pair.name,
                kind=pair.kind,
                required=pair.required,
                first=first,
                second=second,
                cosine=round(cosine, 4),
                token_overlap=round(_overlap(_words(_tokens(first)), _words(_tokens(second))), 3),
                in_top_k=any(h.memory_id == first_id for h in hits_of.get(second_id, ())),
                flagged=hint is not None,
                hint=hint.detail if hint else None,
            )
        )
    return tuple(results)


def simulate_conflicts(
    sims: Sequence[SimConversation],
    sim_floor: float,
    overlap: float,
    vectors: Mapping[str, Vector],
) -> tuple[ConflictFigures, dict[str, list[ConflictHint]]]:
    """`conflict_hints` against the candidates `MemoryService` passes it (top-k ≥ the floor)."""
    flagged: list[bool] = []
    numbers: list[bool] = []
    negations: list[bool] = []
    worst = 0.0
    hints_of: dict[str, list[ConflictHint]] = {}
    for sim in sims:
        conv_flags: list[bool] = []
        for item, nb in zip(sim.conversation.items, sim.neighbours, strict=True):
            candidates = [
                Candidate(
                    h.memory_id, sim.conversation.items[sim.index_of[h.memory_id]].content, h.score
                )
                for h in nb.hits
                if h.score >= sim_floor
            ]
            hints = (
                conflict_hints(
                    item.content, candidates, similarity_floor=sim_floor, token_overlap=overlap
                )
                if candidates
                else []
            )
            self_id = sim.ids[nb.index]
            hints_of[self_id] = hints
            if is_ordinary(item):
                conv_flags.append(bool(hints))
                numbers.append(any(h.kind == "changed_number" for h in hints))
                negations.append(any(h.kind == "negation" for h in hints))
        flagged += conv_flags
        worst = max(worst, _share(conv_flags))
    planted = planted_results(sims, hints_of, vectors)
    figures = ConflictFigures(
        similarity_floor=sim_floor,
        token_overlap=overlap,
        stores=len(flagged),
        hint_share=_share(flagged),
        changed_number_share=_share(numbers),
        negation_share=_share(negations),
        worst_conversation_hint_share=worst,
        planted_results=planted,
    )
    return figures, hints_of


def choose_link_floor(sweep: Sequence[LinkFigures]) -> LinkFigures:
    """The lowest floor whose mean and worst conversation both stay under the targets, the
    mean with the margin."""
    ok = [
        f
        for f in sweep
        if f.meets(MARGIN)
        and f.worst_conversation_links <= TARGET_LINKS_PER_MEMORY
        and f.worst_conversation_at_cap < TARGET_AT_CAP_SHARE
    ]
    if not ok:
        raise SystemExit("no auto-link floor in the sweep meets the targets; sweep higher floors")
    return min(ok, key=lambda f: f.floor)


def choose_conflict_setting(sweep: Sequence[ConflictFigures]) -> ConflictFigures:
    """Among the settings that flag every required pair and keep the hint share under the
    target with the margin (every conversation under the plain target): the one flagging the
    most paraphrased pairs, then the one with the fewest hints on ordinary turns, then the
    higher floors."""
    ok = [
        f for f in sweep if f.meets(MARGIN) and f.worst_conversation_hint_share < TARGET_HINT_SHARE
    ]
    if not ok:
        raise SystemExit("no conflict setting in the sweep meets the targets")
    return min(
        ok,
        key=lambda f: (-f.paraphrased_flagged, f.hint_share, -f.similarity_floor, -f.token_overlap),
    )


# -- real ingestion --------------------------------------------------------------------------


def conversation_tenant(conversation: Conversation) -> Tenant:
    """The tenant a conversation is ingested into: one per conversation."""
    return Tenant(org="bench", project=f"autolink-{conversation.sample_id}")


class SessionClock:
    """The clock `MemoryService` reads: the stored turn's session date-time (UTC)."""

    def __init__(self) -> None:
        self.at = datetime(2023, 1, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.at


@dataclass(slots=True)
class RealRun:
    links: list[int] = field(default_factory=list)  # per ordinary store
    flagged: list[bool] = field(default_factory=list)
    numbers: list[bool] = field(default_factory=list)
    negations: list[bool] = field(default_factory=list)
    max_inbound: int = 0
    inbound_cap_memories: int = 0
    memories: int = 0
    edges_related_to: int = 0
    auto_links_total: int = 0
    per_conv_links: list[float] = field(default_factory=list)
    per_conv_at_cap: list[float] = field(default_factory=list)
    per_conv_hints: list[float] = field(default_factory=list)
    same_links: int = 0  # stores whose link targets equal the simulation's
    same_hints: int = 0  # stores whose hinted memories equal the simulation's
    compared: int = 0
    ingest_s: float = 0.0
    stores_total: int = 0
    planted: tuple[PlantedResult, ...] = ()
    examples: list[dict[str, Any]] = field(default_factory=list)


async def ingest(
    repo: Backend,
    service: MemoryService,
    clock: SessionClock,
    sims: Sequence[SimConversation],
    sim_links: Sequence[Sequence[frozenset[str]]],
    sim_hints: Mapping[str, Sequence[ConflictHint]],
    vectors: Mapping[str, Vector],
    examples: int,
) -> RealRun:
    run = RealRun()
    engine = service.engine
    cap = engine.auto_link_max_per_store
    t0 = time.perf_counter()
    for c, sim in enumerate(sims):
        conv = sim.conversation
        tenant = conversation_tenant(conv)
        await repo.drop_tenant(tenant)
        real_to_sim: dict[str, str] = {}
        inbound: Counter[str] = Counter()
        hints_of: dict[str, list[ConflictHint]] = {}
        content_of: dict[str, str] = {}
        links: list[int] = []
        flags: list[bool] = []
        tc = time.perf_counter()
        for n, item in enumerate(conv.items):
            clock.at = item.at
            result: StoreResult = await service.store(
                tenant,
                StoreRequest(
                    content=item.content,
                    source_session=item.session,
                    event_time=item.at,
                    metadata={"dia_id": item.dia_id},
                ),
            )
            mid = result.memory.id
            real_to_sim[mid] = sim.ids[n]
            content_of[mid] = item.content
            targets = [e.target for e in result.auto_links]
            inbound.update(targets)
            hints = list(result.possible_conflicts)
            hints_of[mid] = hints
            run.compared += 1
            run.same_links += frozenset(real_to_sim[t] for t in targets) == sim_links[c][n]
            run.same_hints += {(real_to_sim[h.memory_id], h.kind) for h in hints} == {
                (h.memory_id, h.kind) for h in sim_hints.get(sim.ids[n], ())
            }
            if is_ordinary(item):
                links.append(len(targets))
                flags.append(bool(hints))
                run.numbers.append(any(h.kind == "changed_number" for h in hints))
                run.negations.append(any(h.kind == "negation" for h in hints))
                if hints and len(run.examples) < examples:
                    h = hints[0]
                    run.examples.append(
                        {
                            "conversation": conv.sample_id,
                            "dia_id": item.dia_id,
                            "kind": h.kind,
                            "similarity": round(h.similarity, 3),
                            "token_overlap": round(
                                _overlap(
                                    _words(_tokens(item.content)),
                                    _words(_tokens(content_of[h.memory_id])),
                                ),
                                3,
                            ),
                            "new": item.content,
                            "existing": content_of[h.memory_id],
                            "detail": h.detail,
                        }
                    )
        stats = await repo.stats(tenant)
        measured = await repo.auto_link_inbound(tenant, list(real_to_sim))
        if sorted(measured) != sorted(inbound.get(m, 0) for m in real_to_sim):
            raise SystemExit(f"{conv.sample_id}: stored inbound auto-links differ from the results")
        run.memories += stats.memories
        run.edges_related_to += stats.edges.get(EdgeType.RELATED_TO, 0)
        run.auto_links_total += sum(inbound.values())
        run.max_inbound = max(run.max_inbound, max(measured, default=0))
        run.inbound_cap_memories += sum(i >= engine.auto_link_max_inbound for i in measured)
        run.links += links
        run.flagged += flags
        run.per_conv_links.append(statistics.fmean(links))
        run.per_conv_at_cap.append(_share(x >= cap > 0 for x in links))
        run.per_conv_hints.append(_share(flags))
        run.stores_total += len(conv.items)
        if c == 0:
            # Planted pairs: map the real ids onto the simulated ones planted_results expects.
            sim_hints_real = {
                real_to_sim[m]: [
                    ConflictHint(real_to_sim[h.memory_id], h.kind, h.similarity, h.detail)
                    for h in hs
                ]
                for m, hs in hints_of.items()
            }
            run.planted = planted_results(sims, sim_hints_real, vectors)
        dt = time.perf_counter() - tc
        log(
            f"  {conv.sample_id}: {len(conv.items)} stores in {dt:.1f} s — "
            f"{statistics.fmean(links):.2f} links/memory, {_share(x >= cap for x in links):.1%} at "
            f"cap, hints on {_share(flags):.1%}"
        )
    run.ingest_s = time.perf_counter() - t0
    return run


async def ingest_and_compare(
    repo: Backend,
    embedder: Embedder,
    sims: Sequence[SimConversation],
    settings: Settings,
    vectors: Mapping[str, Vector],
    examples: int,
) -> RealRun:
    """Ingest through the memory service as the service composes it (`service.compose`) with
    `settings.engine`, and compare each store with the simulation of the same setting."""
    engine = settings.engine
    floor = similarity_floor(embedder.name, engine.auto_link_floor)
    sim_links = simulate_links(sims, floor, engine)[1]
    sim_hints = simulate_conflicts(
        sims, engine.conflict_similarity_floor, engine.conflict_token_overlap, vectors
    )[1]
    clock = SessionClock()
    first = conversation_tenant(sims[0].conversation)
    async with compose(settings, repo, embedder, first, clock=clock, ready=False) as composed:
        run = await ingest(
            repo, composed.internals.memories, clock, sims, sim_links, sim_hints, vectors, examples
        )
    log(
        f"  {run.stores_total:,} stores in {run.ingest_s:.1f} s; identical to the simulation: "
        f"links {run.same_links:,}, hints {run.same_hints:,} of {run.compared:,}"
    )
    return run


# -- report ----------------------------------------------------------------------------------


def link_row(f: LinkFigures, chosen: float | None = None) -> dict[str, Any]:
    return {
        "chosen": f.floor == chosen,
        "auto_link_floor": f.floor,
        "links_per_memory": round(f.links_per_memory, 3),
        "at_cap_share": round(f.at_cap_share, 4),
        "with_link_share": round(f.with_link_share, 4),
        "max_inbound": f.max_inbound,
        "inbound_cap_share": round(f.inbound_cap_share, 4),
        "worst_conversation_links_per_memory": round(f.worst_conversation_links, 3),
        "worst_conversation_at_cap_share": round(f.worst_conversation_at_cap, 4),
        "meets_targets": f.meets(),
    }


def conflict_row(f: ConflictFigures, chosen: tuple[float, float] | None = None) -> dict[str, Any]:
    return {
        "chosen": (f.similarity_floor, f.token_overlap) == chosen,
        "conflict_similarity_floor": f.similarity_floor,
        "conflict_token_overlap": f.token_overlap,
        "hint_share": round(f.hint_share, 4),
        "changed_number_share": round(f.changed_number_share, 4),
        "negation_share": round(f.negation_share, 4),
        "worst_conversation_hint_share": round(f.worst_conversation_hint_share, 4),
        "planted_flagged": f.planted_flagged,
        "planted": f.planted,
        "paraphrased_flagged": f.paraphrased_flagged,
        "paraphrased": f.paraphrased,
        "missed": [p.name for p in f.planted_results if not p.flagged],
        "meets_targets": f.meets(),
    }


def planted_row(p: PlantedResult) -> dict[str, Any]:
    return {
        "name": p.name,
        "kind": p.kind,
        "required": p.required,
        "first": p.first,
        "second": p.second,
        "cosine": p.cosine,
        "token_overlap": p.token_overlap,
        "first_in_top_k": p.in_top_k,
        "flagged": p.flagged,
        "hint": p.hint,
    }


def markdown(figures: Figures) -> str:
    f = figures
    lines = [
        f"# Auto-link and conflict-hint bench — LoCoMo ({f['conversations']} conversations, "
        f"{f['stores']:,} turns + {f['planted_stores']} planted), embedder `{f['embedder']}`",
        "",
        f"commit `{f['commit']}`, {f['date']}; wall time {f['wall_s']} s "
        f"(embedding {f['embed_s']} s, sweep {f['sweep_s']} s, ingestion {f['ingest_s']} s at "
        f"{f['stores_per_s']} stores/s)",
        "",
        "## Chosen setting (real ingestion through `MemoryService.store`)",
        "",
        *md_table("setting | value", "lr"),
        f"| `auto_link_floor` for `{f['embedder']}` (effective) | {f['auto_link_floor']} |",
        f"| `conflict_similarity_floor` | {f['conflict_similarity_floor']} |",
        f"| `conflict_token_overlap` | {f['conflict_token_overlap']} |",
        f"| `auto_link_max_per_store` / `auto_link_max_inbound` | "
        f"{f['auto_link_max_per_store']} / {f['auto_link_max_inbound']} |",
        "",
        *md_table("figure | this engine | target | peer engine", "lrrr"),
        f"| auto-links per memory (mean) | {f['links_per_memory']:.3f} | ≤ 1 | 2.8 |",
        f"| stores at the per-store cap | {percent(f['at_cap_share'])} | < 10 % | 91.9 % |",
        f"| stores with a conflict hint | {percent(f['hint_share'], 2)} | < 5 % | 24 % |",
        f"| planted pairs flagged | {f['planted_flagged']} / {f['planted']} | all | — |",
        f"| paraphrased planted pairs flagged | {f['paraphrased_flagged']} / "
        f"{f['paraphrased']} | | |",
        f"| stores with ≥ 1 auto-link | {percent(f['with_link_share'])} | | |",
        f"| max inbound auto-links into one memory | {f['max_inbound']} | ≤ "
        f"{f['auto_link_max_inbound']} | |",
        f"| memories at the inbound cap | {percent(f['inbound_cap_share'])} | | |",
        f"| worst conversation: links per memory / at cap / hints | "
        f"{f['worst_conversation_links_per_memory']:.3f} / "
        f"{percent(f['worst_conversation_at_cap_share'])} / "
        f"{percent(f['worst_conversation_hint_share'], 2)} | | |",
        f"| hints by kind: changed number / negation | {percent(f['changed_number_share'], 2)} / "
        f"{percent(f['negation_share'], 2)} | | |",
        f"| stores identical to the simulation: links / hints | "
        f"{f['sim_same_links']:,} / {f['sim_same_hints']:,} of {f['sim_compared']:,} | | |",
        f"| targets met | {f['targets_met']} | | |",
        *_check_lines(f),
        "",
        "## Sweep: auto-link floor (simulated; ordinary turns)",
        "",
        "`meets`: the mean meets both link targets. `chosen`: the lowest floor whose mean stays "
        "at ≤ 80 % of each target and whose every conversation meets the targets.",
        "",
        *md_table(
            "floor | links / memory | at cap | ≥ 1 link | max inbound | at inbound cap | "
            "worst conv. links | worst conv. at cap | meets",
            "rrrrrrrrl",
        ),
    ]
    for r in f["sweep_links"]:
        lines.append(
            f"| {r['auto_link_floor']:.3f} | {r['links_per_memory']:.3f} | "
            f"{percent(r['at_cap_share'])} | {percent(r['with_link_share'])} | "
            f"{r['max_inbound']} | {percent(r['inbound_cap_share'])} | "
            f"{r['worst_conversation_links_per_memory']:.3f} | "
            f"{percent(r['worst_conversation_at_cap_share'])} | {_meets(r)} |"
        )
    lines += [
        "",
        "## Sweep: conflict hints (simulated; ordinary turns)",
        "",
        "`meets`: hints on < 5 % of ordinary turns and every required planted pair flagged. "
        "`chosen`: of those with hints ≤ 4 % overall and < 5 % in every conversation, the one "
        "flagging the most paraphrased pairs, then the fewest hints, then the higher floors.",
        "",
        *md_table(
            "similarity floor | token overlap | hint share | changed number | negation | "
            "worst conv. | planted flagged | paraphrased flagged | missed | meets",
            "rrrrrrrrll",
        ),
    ]
    for r in f["sweep_conflicts"]:
        lines.append(
            f"| {r['conflict_similarity_floor']:.2f} | {r['conflict_token_overlap']:.2f} | "
            f"{percent(r['hint_share'], 2)} | {percent(r['changed_number_share'], 2)} | "
            f"{percent(r['negation_share'], 2)} | "
            f"{percent(r['worst_conversation_hint_share'], 2)} | "
            f"{r['planted_flagged']}/{r['planted']} | "
            f"{r['paraphrased_flagged']}/{r['paraphrased']} | "
            f"{', '.join(r['missed']) or EM_DASH} | {_meets(r)} |"
        )
    lines += [
        "",
        "## Planted pairs (real ingestion, first conversation)",
        "",
        *md_table(
            "pair | kind | required | cosine | token overlap | first in top-k | flagged | hint",
            "lllrrlll",
        ),
    ]
    for p in f["planted_pairs"]:
        lines.append(
            f"| {p['name']} | {p['kind']} | {yes_no(p['required'])} | {p['cosine']:.3f} | "
            f"{p['token_overlap']:.2f} | "
            f"{p['first_in_top_k']} | {p['flagged']} | {md_cell(p['hint'] or '—')} |"
        )
    lines += [
        "",
        "## Hinted ordinary turns (real ingestion, first examples)",
        "",
        *md_table("conv. | turn | kind | cosine | overlap | new | existing", "lllrrll"),
    ]
    for e in f["hint_examples"]:
        lines.append(
            f"| {e['conversation']} | {e['dia_id']} | {e['kind']} | {e['similarity']:.3f} | "
            f"{e['token_overlap']:.2f} | {md_cell(e['new'])} | {md_cell(e['existing'])} |"
        )
    return "\n".join(lines) + "\n"


def _check_lines(f: Figures) -> list[str]:
    if f.get("check_auto_link_floor") is None:
        return []
    return [
        "",
        f"Check run (real ingestion) at auto-link floor {f['check_auto_link_floor']} with the "
        f"loosest conflict setting of the sweep: {f['check_links_per_memory']:.3f} links per "
        f"memory, hints on {percent(f['check_hint_share'], 2)}; stores identical to the "
        "simulation: "
        f"links {f['check_sim_same_links']:,}, hints {f['check_sim_same_hints']:,} of "
        f"{f['check_sim_compared']:,}.",
    ]


def _meets(row: Mapping[str, Any]) -> str:
    return "**chosen**" if row["chosen"] else yes_no(row["meets_targets"])


# -- entry point -----------------------------------------------------------------------------


async def run(args: argparse.Namespace, data_dir: Path) -> Figures:
    conversations = load_conversations(args.data, args.conversations)
    texts = [i.content for c in conversations for i in c.items]
    ordinary = sum(is_ordinary(i) for c in conversations for i in c.items)
    clamped = sum(c.clamped_sessions for c in conversations)
    log(
        f"{len(conversations)} conversations, {ordinary:,} turns + {len(texts) - ordinary} "
        f"planted; {len(set(texts)):,} distinct texts"
        + (f"; {clamped} session date-times clamped to keep the clock monotone" if clamped else "")
    )

    t0 = time.perf_counter()
    settings = Settings(torch_threads=args.torch_threads)
    real = await load_embedder(settings)
    log(f"embedder {real.name} loaded in {time.perf_counter() - t0:.1f} s")
    t0 = time.perf_counter()
    # The classifier the service composes embeds its prototype sentences once: precomputed
    # like every stored text, so a miss is a text the bench did not foresee.
    prototypes = [t for sentences in PROTOTYPES.values() for t in sentences]
    vectors = await embed_all(real, [*texts, *prototypes], args.vector_cache)
    embed_s = time.perf_counter() - t0
    log(f"embedded {len(vectors):,} texts in {embed_s:.1f} s")
    embedder = PrimedEmbedder(real, vectors)

    base = settings.engine
    k = max(10, base.auto_link_max_per_store + 5)  # what MemoryService asks vector_search for
    t0 = time.perf_counter()
    sims = [top_neighbours(c, vectors, k) for c in conversations]
    link_sweep = [simulate_links(sims, floor, base)[0] for floor in args.floor]
    for lf in link_sweep:
        log(
            f"  floor {lf.floor:.3f}: {lf.links_per_memory:.3f} links/memory, "
            f"{lf.at_cap_share:.1%} at cap, max inbound {lf.max_inbound}"
        )
    conflict_sweep = [
        simulate_conflicts(sims, cf, ov, vectors)[0]
        for cf in args.conflict_floor
        for ov in args.token_overlap
    ]
    for cf_fig in conflict_sweep:
        log(
            f"  conflict floor {cf_fig.similarity_floor:.2f}, overlap {cf_fig.token_overlap:.2f}: "
            f"hints on {cf_fig.hint_share:.2%}, planted {cf_fig.planted_flagged}/{cf_fig.planted}, "
            f"paraphrased {cf_fig.paraphrased_flagged}/{cf_fig.paraphrased}"
        )
    sweep_s = time.perf_counter() - t0

    floor = args.pick_floor if args.pick_floor is not None else choose_link_floor(link_sweep).floor
    if args.pick_conflict is not None:
        conflict_floor, overlap = args.pick_conflict
    else:
        chosen_conflict = choose_conflict_setting(conflict_sweep)
        conflict_floor, overlap = chosen_conflict.similarity_floor, chosen_conflict.token_overlap
    engine = EngineSettings.model_validate(
        base.model_dump()
        | {
            "auto_link_floor": floor,
            "conflict_similarity_floor": conflict_floor,
            "conflict_token_overlap": overlap,
        }
    )
    effective = similarity_floor(embedder.name, floor)
    if effective != floor:
        log(
            f"WARNING: EMBEDDER_FLOORS[{embedder.name!r}] = {EMBEDDER_FLOORS[embedder.name]} "
            f"overrides the chosen {floor}; the real run uses {effective}"
        )
    log(
        f"chosen: auto_link_floor {floor} (effective {effective}), conflict_similarity_floor "
        f"{conflict_floor}, conflict_token_overlap {overlap}"
    )
    if args.sweep_only:
        return {
            "sweep_links": [link_row(f) for f in link_sweep],
            "sweep_conflicts": [conflict_row(f) for f in conflict_sweep],
        }
    sim_final = simulate_links(sims, effective, engine)[0]
    config = FalkorConfig(
        data_dir=data_dir / "falkordb", appendfsync=args.appendfsync, startup_timeout_s=600
    )
    check: RealRun | None = None
    async with open_backend(config) as repo:
        if args.check_floor is not None:
            # A loose setting, where the inbound cap and the conflict rules decide much more:
            # the simulation must match the real service there too.
            loose = EngineSettings.model_validate(
                base.model_dump()
                | {
                    "auto_link_floor": args.check_floor,
                    "conflict_similarity_floor": min(args.conflict_floor),
                    "conflict_token_overlap": min(args.token_overlap),
                }
            )
            log(
                f"check ingestion at auto_link_floor {args.check_floor}, conflict floor "
                f"{loose.conflict_similarity_floor}, overlap {loose.conflict_token_overlap}"
            )
            check_settings = settings.model_copy(update={"engine": loose})
            check = await ingest_and_compare(repo, embedder, sims, check_settings, vectors, 0)
        log("real ingestion with the chosen setting through MemoryService.store")
        chosen = settings.model_copy(update={"engine": engine})
        real_run = await ingest_and_compare(repo, embedder, sims, chosen, vectors, args.examples)
        for conv in conversations:
            await repo.drop_tenant(conversation_tenant(conv))
    if embedder.misses:
        log(f"WARNING: {embedder.misses} texts were not precomputed")
    if real_run.edges_related_to != real_run.auto_links_total:
        raise SystemExit(
            f"stored RELATED_TO edges {real_run.edges_related_to} ≠ auto-links returned "
            f"{real_run.auto_links_total}"
        )

    cap = engine.auto_link_max_per_store
    figures: Figures = {
        "embedder": embedder.name,
        "conversations": len(conversations),
        "stores": len(real_run.links),
        "planted_stores": real_run.stores_total - len(real_run.links),
        "auto_link_floor": effective,
        "conflict_similarity_floor": conflict_floor,
        "conflict_token_overlap": overlap,
        "auto_link_max_per_store": cap,
        "auto_link_max_inbound": engine.auto_link_max_inbound,
        "vector_search_k": k,
        "links_per_memory": round(statistics.fmean(real_run.links), 4),
        "at_cap_share": round(_share(x >= cap > 0 for x in real_run.links), 4),
        "with_link_share": round(_share(x > 0 for x in real_run.links), 4),
        "max_inbound": real_run.max_inbound,
        "inbound_cap_share": round(real_run.inbound_cap_memories / real_run.memories, 4),
        "hint_share": round(_share(real_run.flagged), 4),
        "changed_number_share": round(_share(real_run.numbers), 4),
        "negation_share": round(_share(real_run.negations), 4),
        "worst_conversation_links_per_memory": round(max(real_run.per_conv_links), 4),
        "worst_conversation_at_cap_share": round(max(real_run.per_conv_at_cap), 4),
        "worst_conversation_hint_share": round(max(real_run.per_conv_hints), 4),
        "planted_flagged": sum(p.flagged and p.required for p in real_run.planted),
        "planted": sum(p.required for p in real_run.planted),
        "paraphrased_flagged": sum(p.flagged and not p.required for p in real_run.planted),
        "paraphrased": sum(not p.required for p in real_run.planted),
        "stored_memories": real_run.memories,
        "stored_auto_links": real_run.edges_related_to,
        "sim_links_per_memory": round(sim_final.links_per_memory, 4),
        "sim_compared": real_run.compared,
        "sim_same_links": real_run.same_links,
        "sim_same_hints": real_run.same_hints,
        "check_auto_link_floor": args.check_floor,
        "check_links_per_memory": round(statistics.fmean(check.links), 4) if check else None,
        "check_hint_share": round(_share(check.flagged), 4) if check else None,
        "check_sim_same_links": check.same_links if check else None,
        "check_sim_same_hints": check.same_hints if check else None,
        "check_sim_compared": check.compared if check else None,
        "peer_links_per_memory": PEER["links_per_memory"],
        "peer_at_cap_share": round(PEER["at_cap_share"], 4),
        "peer_hint_share": PEER["hint_share"],
        "target_links_per_memory": TARGET_LINKS_PER_MEMORY,
        "target_at_cap_share": TARGET_AT_CAP_SHARE,
        "target_hint_share": TARGET_HINT_SHARE,
        "selection_margin": MARGIN,
        "embed_s": round(embed_s, 1),
        "sweep_s": round(sweep_s, 1),
        "ingest_s": round(real_run.ingest_s, 1),
        "stores_per_s": round(real_run.stores_total / real_run.ingest_s, 1),
        "appendfsync": args.appendfsync,
        "commit": git_commit(),
        "date": datetime.now(UTC).strftime("%Y-%m-%d"),
    }
    figures["targets_met"] = (
        figures["links_per_memory"] <= TARGET_LINKS_PER_MEMORY
        and figures["at_cap_share"] < TARGET_AT_CAP_SHARE
        and figures["hint_share"] < TARGET_HINT_SHARE
        and figures["planted_flagged"] == figures["planted"]
        and figures["max_inbound"] <= engine.auto_link_max_inbound
    )
    figures["sweep_links"] = [link_row(f, floor) for f in link_sweep]
    figures["sweep_conflicts"] = [
        conflict_row(f, (conflict_floor, overlap)) for f in conflict_sweep
    ]
    figures["planted_pairs"] = [planted_row(p) for p in real_run.planted]
    figures["hint_examples"] = real_run.examples
    return figures


def _floats(text: str) -> float:
    value = float(text)
    if not -1.0 <= value <= 1.0:
        raise argparse.ArgumentTypeError(f"{value} is outside -1…1")
    return value


def parse_args(argv: Sequence[str] | None = None) -> argparse.Namespace:
    p = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    p.add_argument("--conversations", type=int, default=10, help="LoCoMo conversations (1–10)")
    p.add_argument(
        "--floor", type=_floats, nargs="+", default=list(DEFAULT_FLOORS),
        help="auto-link floors to sweep (default 0.50 … 0.85 by 0.025)",
    )  # fmt: skip
    p.add_argument(
        "--conflict-floor", type=_floats, nargs="+", default=list(DEFAULT_CONFLICT_FLOORS),
        help="conflict_similarity_floor values to sweep",
    )  # fmt: skip
    p.add_argument(
        "--token-overlap", type=_floats, nargs="+", default=list(DEFAULT_OVERLAPS),
        help="conflict_token_overlap values to sweep",
    )  # fmt: skip
    p.add_argument("--pick-floor", type=_floats, help="use this auto-link floor, not the chosen")
    p.add_argument(
        "--pick-conflict", type=_floats, nargs=2, metavar=("FLOOR", "OVERLAP"),
        help="use this conflict setting, not the chosen one",
    )  # fmt: skip
    p.add_argument(
        "--sweep-only", action="store_true",
        help="simulate the sweep and print it; no real ingestion, nothing written",
    )  # fmt: skip
    p.add_argument(
        "--check-floor", type=_floats, default=0.55,
        help="also ingest at this loose auto-link floor to check the simulation (default 0.55)",
    )  # fmt: skip
    p.add_argument("--no-check", dest="check_floor", action="store_const", const=None)
    p.add_argument("--examples", type=int, default=25, help="hinted ordinary turns to report")
    add_locomo_run_options(p, "autolink")
    args = p.parse_args(argv)
    if not 1 <= args.conversations <= 10:
        p.error("--conversations must be 1–10")
    args.floor = sorted(set(args.floor))
    args.conflict_floor = sorted(set(args.conflict_floor))
    args.token_overlap = sorted(set(args.token_overlap))
    return args


def main(argv: Sequence[str] | None = None) -> None:
    args = parse_args(argv)
    with data_directory(args.data_dir, "retentia-autolink-") as data_dir:
        figures = asyncio.run(run(args, data_dir))
    figures["wall_s"] = round(elapsed_s(), 1)
    if args.sweep_only:
        print(json.dumps(figures, indent=1))
        return
    table = markdown(figures)
    write_report(args.out, "autolink", figures, table)
    print(table)


if __name__ == "__main__":
    main()

"""The storage contract: the Protocols every backend implements in domain terms (`Backend` is
all of them), the value types they speak and the sizes a caller may ask for. Checks of those
sizes are in `graph_backends.checks`; methods written once for every backend in
`graph_backends._shared` (over the seam in `graph_backends._shared.seam`), helpers in
`graph_backends._common`.

Batch reads return results aligned with their input keys (None where a key is missing), which
is what a DataLoader needs. Every method is scoped to one tenant; none can reach another.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Protocol, runtime_checkable

from schema import (
    Degrees,
    Direction,
    EdgeKey,
    EdgeType,
    ForgottenMemory,
    GraphStats,
    Memory,
    MemoryEdge,
    MemoryFacets,
    MemoryStatus,
    SearchHit,
    Subgraph,
    Tenant,
    Tombstone,
)
from schema.erasure import ErasedCounts, ErasurePlan
from schema.facts import (
    Close,
    Entity,
    ExtractionRecord,
    Fact,
    FactHit,
    FactQuery,
    FactSnapshot,
    FactWrite,
    Relation,
    RelationExpiry,
    RelationRepairs,
    StoredRelation,
)
from schema.idempotency import IdempotencyRecord

#: Deepest traversal a caller may ask for.
MAX_TRAVERSE_DEPTH = 5
#: Largest page of memories one traversal or neighbourhood may ask for (`max_nodes`).
MAX_TRAVERSE_NODES = 5000
#: Largest candidate list one recall leg may ask for.
MAX_LEG_K = 1000
#: Largest page `recent_memories` may ask for.
MAX_RECENT_PAGE = 1000
#: Largest page `memories_with_status` may ask for.
MAX_STATUS_PAGE = 10_000
#: Largest page an export read (`edge_page`, `tombstone_page`) may ask for.
MAX_EXPORT_PAGE = 10_000


@dataclass(frozen=True, slots=True)
class ReactivationWrites:
    """The writes of one batch of reactivations (`GraphRepository.write_reactivations`)."""

    #: Memories after their direct recalls, written as `update_memories(direct, fields)`.
    direct: Sequence[Memory]
    fields: Collection[str]
    #: Memories whose machine-made links are validated at `at` (`validate_auto_links`).
    validate_links_of: Sequence[str]
    #: Cascades, as `record_cascade(reached, at, revive=…, revive_from=…, revive_to=…)`.
    reached: Mapping[str, int]
    at: datetime
    revive: Collection[str] = ()
    revive_from: MemoryStatus = MemoryStatus.DORMANT
    revive_to: MemoryStatus = MemoryStatus.EPISODIC


@dataclass(frozen=True, slots=True)
class Presentation:
    """One memory's direct recalls in a reactivation batch (`PresentsInPlace`)."""

    memory_id: str
    #: When it was recalled, in order.
    times: Sequence[datetime]
    #: Its `last_reactivated_at` after the batch.
    reactivated_at: datetime


@dataclass(frozen=True, slots=True)
class PresentedRecalls:
    """A batch's direct recalls for the engine to apply to each memory as stored: the times
    appended to `reactivation_timestamps` (the last `keep` kept), `reactivation_count` raised by
    their number, `stability` raised once per time as `s + stability_increment / s`,
    `last_accessed_at` the latest time, `last_reactivated_at` the presentation's. The result
    `service.usecases.reactivation` computes from a fresh read of the memories."""

    presentations: Sequence[Presentation]
    keep: int
    stability_increment: float


@runtime_checkable
class PresentsInPlace(Protocol):
    """A backend that applies a batch's direct recalls where the memories are stored, so no
    hit is read back and rewritten whole (FalkorDB)."""

    async def write_presentations(
        self, tenant: Tenant, presented: PresentedRecalls, writes: ReactivationWrites
    ) -> tuple[list[str], int, list[str]]:
        """`write_reactivations` with the direct writes computed by the engine from
        `presented` (`writes.direct` is empty): the ids of the presented memories found, how
        many machine-made links were validated, and the ids revived."""


class GraphRepository(Protocol):
    @property
    def backend_name(self) -> str: ...

    async def ping(self) -> None:
        """Raise `BackendUnavailable` unless the database answers a query."""

    def fatal_error(self) -> str | None:
        """Why this repository will never serve again in this process — an embedded database
        it supervises died and could not be restarted — else None. No I/O: a liveness probe
        asks it (a database merely unreachable for now is `ping`'s and readiness' business)."""

    async def ensure_schema(self, tenant: Tenant) -> None:
        """Create the tenant's indexes if missing and wait until they are usable, and mend what
        the engine is known to leave wrong after a restart (FalkorDB: labels of deleted nodes).
        Idempotent; a maintenance pass runs it again."""

    async def schema_ready(self, tenant: Tenant) -> bool:
        """Whether every index `ensure_schema` creates exists and is operational."""

    async def tenant_exists(self, tenant: Tenant) -> bool:
        """Whether a write created the tenant (FalkorDB: its graph; Neo4j: its registration;
        SurrealDB: its database). Reads of a tenant that does not exist answer empty and
        create nothing; asking this creates nothing either."""

    async def list_tenants(self) -> list[Tenant]:
        """Every tenant that has a graph in this database (names that are not a tenant's, such
        as another application's or a mixed-case one written before names were lowercased,
        are left out)."""

    async def drop_tenant(self, tenant: Tenant) -> None:
        """Delete everything the tenant has. Irreversible."""

    async def upsert_memories(self, tenant: Tenant, memories: Sequence[Memory]) -> None:
        """Insert or fully replace memories by id, in one atomic write."""

    async def store_memories(
        self,
        tenant: Tenant,
        memories: Sequence[Memory],
        edges: Sequence[MemoryEdge],
        *,
        auto_link_cap: int | None = None,
    ) -> list[EdgeKey]:
        """Upsert memories and create edges among them and existing memories in one atomic
        write. Raises `NotFound` naming a missing end, and then writes nothing.

        With `auto_link_cap`, a machine-made RELATED_TO edge (created_by=auto) is written only
        while its target has fewer than `auto_link_cap` of them, counted by the database inside
        this write — so stores from any number of processes at once never give a memory more
        (edges into one target are taken in the order given). Returns the machine-made edges
        left out for that reason (always none without a cap)."""

    async def store_amendment(
        self,
        tenant: Tenant,
        successor: Memory,
        edges: Sequence[MemoryEdge],
        *,
        supersedes: str,
        score_factor: float,
        auto_link_cap: int | None = None,
    ) -> list[EdgeKey]:
        """`store_memories([successor], edges, auto_link_cap=…)` and mark memory `supersedes`
        superseded by the successor (its score × `score_factor`), in one atomic write, only
        while nothing supersedes it yet. The check is made by the database inside that write,
        so of concurrent amendments of one memory, from any number of processes, exactly one
        is written. Otherwise raises `Conflict` naming its successor (`NotFound` if it is
        missing) and writes nothing. Returns the auto-links left out by the cap."""

    async def get_memories(
        self, tenant: Tenant, ids: Sequence[str], *, with_embeddings: bool = False
    ) -> list[Memory | None]: ...

    async def existing_ids(self, tenant: Tenant, ids: Collection[str]) -> frozenset[str]: ...

    async def delete_memories(self, tenant: Tenant, ids: Sequence[str]) -> list[bool]:
        """Delete memories and their incident edges; True where the memory existed."""

    async def recent_memories(
        self, tenant: Tenant, *, limit: int, after: tuple[datetime, str] | None = None
    ) -> list[Memory]:
        """Newest first; `after` is the (created_at, id) of the last memory already seen."""

    async def link(self, tenant: Tenant, edges: Sequence[MemoryEdge]) -> None:
        """Create or refresh typed edges. Raises `NotFound` naming a missing end, and then
        writes nothing."""

    async def unlink(self, tenant: Tenant, keys: Sequence[EdgeKey]) -> list[bool]:
        """Remove edges; True where the edge existed."""

    async def traverse(
        self,
        tenant: Tenant,
        start: str,
        *,
        depth: int,
        edge_types: Collection[EdgeType],
        direction: Direction,
        max_nodes: int = 500,
        after: tuple[int, str] | None = None,
    ) -> Subgraph:
        """Breadth-first from `start` (included) up to `depth` hops over `edge_types`, a page
        at a time: the first `max_nodes` reached memories in the order (hop, id) past `after`
        (the hop and id of the last memory already seen), with their hops and the edges of
        those types touching them whose other end is in this page or an earlier one, and
        whether more remain."""

    async def neighbourhood(
        self,
        tenant: Tenant,
        start: str,
        *,
        depth: int,
        edge_types: Collection[EdgeType],
        direction: Direction,
        max_nodes: int = 500,
    ) -> dict[str, int]:
        """Breadth-first hop distance of every memory reached from `start` (0 for `start`)."""

    async def incident_edges(self, tenant: Tenant, memory_id: str) -> list[MemoryEdge]:
        """Every memory–memory edge touching the memory, either direction."""

    async def edge_page(
        self,
        tenant: Tenant,
        edge_types: Collection[EdgeType],
        *,
        limit: int = MAX_EXPORT_PAGE,
        after: EdgeKey | None = None,
    ) -> list[MemoryEdge]:
        """Up to `limit` (1–MAX_EXPORT_PAGE) memory–memory edges of `edge_types` in (source,
        target, type) order past `after` (the key of the last edge already seen): reading page
        after page exports every such edge exactly once (analytics' edge list)."""

    async def component_sizes(self, tenant: Tenant) -> list[int] | None:
        """The sizes of the weakly connected components of the tenant's memories over every
        memory–memory edge type (a memory with no edge counts as one of size 1), computed in
        the database; None where the engine has no such algorithm (the caller computes them
        from `edge_page`)."""

    async def degrees(self, tenant: Tenant, ids: Sequence[str]) -> list[Degrees | None]: ...

    async def all_degrees(self, tenant: Tenant) -> list[Degrees]: ...

    async def kappa_max(self, tenant: Tenant) -> int: ...

    async def orphans(self, tenant: Tenant) -> list[str]: ...

    async def stale_auto_links(
        self, tenant: Tenant, stale_before: datetime, ids: Sequence[str] | None = None
    ) -> dict[str, int]:
        """Per memory (all, or the given ones), the machine-made RELATED_TO edges last validated
        before `stale_before`; memories without any are absent."""

    async def removal_impact(self, tenant: Tenant, memory_id: str) -> list[str]:
        """The neighbours that would become orphans if the memory were deleted."""

    async def auto_link_inbound(self, tenant: Tenant, ids: Sequence[str]) -> list[int]:
        """Machine-made RELATED_TO edges pointing into each memory, aligned with `ids`."""

    async def update_memories(
        self,
        tenant: Tenant,
        memories: Sequence[Memory],
        fields: Collection[str] | None = None,
    ) -> list[bool]:
        """Write every property (or only `fields`) but content and embedding; True where the
        memory existed."""

    async def validate_auto_links(self, tenant: Tenant, ids: Sequence[str], at: datetime) -> int:
        """Mark the machine-made RELATED_TO edges of the memories validated at `at`."""

    async def record_cascade(
        self,
        tenant: Tenant,
        reached: Mapping[str, int],
        at: datetime,
        *,
        revive: Collection[str] = (),
        revive_from: MemoryStatus = MemoryStatus.DORMANT,
        revive_to: MemoryStatus = MemoryStatus.EPISODIC,
    ) -> list[str]:
        """Recall cascades reached the memories of `reached`, each as many times as it maps
        to: `cascade_count += n` and `last_reactivated_at = at` in place, without reading
        them; those of `revive` in status `revive_from` move to `revive_to`. Missing ids are
        ignored. Returns the ids whose status changed."""

    async def write_reactivations(
        self, tenant: Tenant, writes: ReactivationWrites
    ) -> tuple[int, list[str]]:
        """A reactivation batch's writes, with the effect of `update_memories`,
        `validate_auto_links` and `record_cascade` (`write_reactivations_separately`), in one
        write where the backend can. Returns the links validated and the ids revived."""

    async def supportive_neighbours(self, tenant: Tenant) -> dict[str, list[str]]:
        """The causal or supportive neighbours of every connected memory."""

    async def all_memories(self, tenant: Tenant) -> list[Memory]:
        """Every memory of the tenant, without embeddings."""

    async def memories_with_status(
        self,
        tenant: Tenant,
        statuses: Collection[MemoryStatus],
        *,
        limit: int = 1000,
        after: tuple[datetime, str] | None = None,
    ) -> list[Memory]:
        """Newest first (created_at, then id, both descending); `after` is the (created_at,
        id) of the last memory already seen."""

    async def write_forgotten(self, tenant: Tenant, forgotten: Sequence[ForgottenMemory]) -> None:
        """Keep forgotten memories in the tenant's archive (idempotent by id): out of every
        read of the present, restorable until purged (docs/adr/0032)."""

    async def get_forgotten(
        self, tenant: Tenant, ids: Sequence[str]
    ) -> list[ForgottenMemory | None]: ...

    async def forgotten_page(
        self, tenant: Tenant, *, limit: int = MAX_EXPORT_PAGE, after: str | None = None
    ) -> list[ForgottenMemory]:
        """Up to `limit` (1–MAX_EXPORT_PAGE) forgotten memories in id order past `after`."""

    async def delete_forgotten(self, tenant: Tenant, ids: Sequence[str]) -> list[bool]:
        """Remove forgotten memories from the archive (restored, purged, erased); per id,
        whether it was there."""

    async def write_tombstones(self, tenant: Tenant, tombstones: Sequence[Tombstone]) -> None: ...

    async def get_tombstones(
        self, tenant: Tenant, ids: Sequence[str]
    ) -> list[Tombstone | None]: ...

    async def tombstone_page(
        self, tenant: Tenant, *, limit: int = MAX_EXPORT_PAGE, after: str | None = None
    ) -> list[Tombstone]:
        """Up to `limit` (1–MAX_EXPORT_PAGE) tombstones in id order past `after` (the id of
        the last one already seen)."""

    async def get_config(self, tenant: Tenant, key: str) -> str | None:
        """A per-tenant configuration entry (JSON text), or None."""

    async def put_config(self, tenant: Tenant, key: str, value: str) -> None: ...

    async def replace_memory_vectors(
        self, tenant: Tenant, vectors: Mapping[str, Sequence[float]]
    ) -> int:
        """Replace the embedding of each memory of `vectors` (id → vector of the index's
        dimension) that exists, touching nothing else of it; how many existed. A migration to
        another embedder writes through this beside services updating the same memories."""

    async def replace_fact_vectors(
        self, tenant: Tenant, vectors: Mapping[str, Sequence[float]]
    ) -> int:
        """Replace the embedding of each fact of `vectors` that exists (in any state); how
        many existed (`replace_memory_vectors` for facts)."""

    async def vector_search(
        self, tenant: Tenant, vector: Sequence[float], k: int
    ) -> list[SearchHit]:
        """Top-k by cosine similarity (1 = identical), best first."""

    async def fulltext_search(self, tenant: Tenant, text: str, k: int) -> list[SearchHit]:
        """Top-k by the engine's text score, best first. `text` is plain text: every
        character is literal, none is query syntax."""

    async def stats(self, tenant: Tenant) -> GraphStats: ...

    async def clamp_instants(
        self, tenant: Tenant, low: int, high: int, *, dry_run: bool
    ) -> dict[str, int]:
        """Set every memory and fact instant stored outside [low, high] (epoch µs; written by
        a version before instants were checked) to the nearer bound, unless `dry_run`. How many
        were (or would be) set, by `label.property` (e.g. `fact.invalid_at`); none is absent.
        The properties are a fixed list in each dialect's query."""


class FactRepository(Protocol):
    """The fact layer's storage (docs/design.md §5): facts, entities, derived RELATES edges, leases
    and extraction records. Facts are never deleted but by an erasure (`ErasureRepository`); every
    other change is a state-machine step."""

    async def ensure_fact_schema(self, tenant: Tenant) -> None:
        """Create the fact layer's indexes if missing and wait until usable. Idempotent."""

    async def commit_facts(
        self,
        tenant: Tenant,
        *,
        keys: Collection[str],
        fingerprints: Collection[str],
        now: datetime,
        plan: Callable[[FactSnapshot], FactWrite],
    ) -> FactWrite:
        """Atomic read-decide-write: snapshot the active facts (state active, valid time not
        ended at `now`) of the conflict `keys` and the recorded `fingerprints`, call `plan`,
        and write its entities, facts, closes and soft-conflict marks in one transaction. If a
        concurrent writer changed the tenant in between, take a new snapshot and plan again,
        so each slot ends with the outcome of writing one batch after the other."""

    async def close_facts(self, tenant: Tenant, closes: Sequence[Close]) -> int:
        """Apply state steps to facts still active (time-based expiry); how many changed."""

    async def get_facts(self, tenant: Tenant, ids: Sequence[str]) -> list[Fact | None]: ...

    async def holds_facts(self, tenant: Tenant) -> bool:
        """Whether the tenant holds any fact, in any state: one fact read, whatever their number
        (False for a tenant that does not exist, which the read does not create)."""

    async def find_facts(self, tenant: Tenant, query: FactQuery) -> list[Fact]:
        """Newest first (by valid_from, then recorded_at)."""

    async def get_entities(self, tenant: Tenant, ids: Sequence[str]) -> list[Entity | None]: ...

    async def project_relations(
        self,
        tenant: Tenant,
        upserts: Sequence[Relation],
        expiries: Sequence[RelationExpiry],
        now: datetime,
    ) -> RelationRepairs:
        """Expire, then make each upserted key have exactly one edge open at `now`, pointing
        at its fact (created, repointed, or duplicates closed). Idempotent."""

    async def open_relations(self, tenant: Tenant, now: datetime) -> list[Relation]:
        """Every RELATES edge not closed by `now` (valid_to unset or later)."""

    async def active_state_facts(self, tenant: Tenant) -> list[Fact]:
        """Every fact whose state is still active, whatever its valid time."""

    async def acquire_lease(
        self, tenant: Tenant, name: str, owner: str, now: datetime, ttl: timedelta
    ) -> bool:
        """Take or renew the named lease unless another owner holds an unexpired one."""

    async def release_lease(self, tenant: Tenant, name: str, owner: str) -> None: ...

    async def record_extractions(
        self, tenant: Tenant, records: Sequence[ExtractionRecord]
    ) -> None: ...

    async def get_extractions(
        self, tenant: Tenant, memory_ids: Sequence[str]
    ) -> list[ExtractionRecord | None]: ...

    async def fact_asserters(self, tenant: Tenant, fact_ids: Sequence[str]) -> dict[str, list[str]]:
        """The memories asserting each fact (its source, and every other memory that stated it
        since), sorted; facts no existing memory asserts are absent."""


class ErasureRepository(Protocol):
    """Erasing a subject (docs/adr/0018): the one operation that deletes facts."""

    async def facts_containing(self, tenant: Tenant, key: str) -> list[Fact]:
        """Every fact, in any state and at any time, whose subject or object key (normalised)
        holds `key` as a substring."""

    async def erase(self, tenant: Tenant, plan: ErasurePlan) -> ErasedCounts:
        """Delete every record `plan` names with what hangs off it (see `ErasurePlan`), in one
        transaction where the backend can; an id that is not there counts nothing, so an erase
        repeated deletes nothing more. Caches the backend keeps of the tenant's text are
        dropped, and files it can rewrite (FalkorDB's append-only file and snapshot) are
        rewritten before it returns, so none of them holds a deleted value."""


@runtime_checkable
class RecallRepository(Protocol):
    """The extra reads recall's legs and ranking use (docs/design.md §7)."""

    async def adjacent(
        self, tenant: Tenant, ids: Sequence[str], edge_types: Collection[EdgeType]
    ) -> dict[str, list[str]]:
        """The memories adjacent to each memory over the edge types, either direction."""

    async def adjacent_around(
        self, tenant: Tenant, ids: Sequence[str], edge_type: EdgeType
    ) -> dict[str, list[str]]:
        """`adjacent` over one edge type for the given memories and for every memory adjacent
        to one of them: two hops of a walk in one read (neighbour lists sorted; memories
        without any are absent)."""

    async def edges_among(
        self,
        tenant: Tenant,
        ids: Sequence[str],
        edge_types: Collection[EdgeType] = frozenset(EdgeType),
    ) -> list[MemoryEdge]:
        """Every memory–memory edge of the types whose two ends are both among `ids`."""

    async def memory_facets(self, tenant: Tenant, ids: Sequence[str]) -> dict[str, MemoryFacets]:
        """What recall ranks each memory by, without reading it whole (absent: not found)."""

    async def memories_dated_within(
        self, tenant: Tenant, start: datetime, end: datetime, *, limit: int
    ) -> list[MemoryFacets]:
        """The facets of the memories whose mentioned window (`Memory.mentioned_start`,
        `mentioned_end`: what their words date them to) overlaps [start, end), newest first
        (created_at, then id, descending), at most `limit` (1–`MAX_RECENT_PAGE`): one range
        read of an index on `mentioned_start`."""

    async def similarities(
        self, tenant: Tenant, ids: Sequence[str], vector: Sequence[float]
    ) -> dict[str, float]:
        """Cosine similarity of each memory's embedding to `vector`, computed by the engine
        (memories without an embedding are absent)."""

    async def memories_mentioning(
        self, tenant: Tenant, names: Collection[str], limit: int, max_mentions: int | None = None
    ) -> list[str]:
        """Memories whose entity list names any of `names` (case-insensitive), newest first.
        With `max_mentions`, a name more than that many memories name (a hub) is left out,
        found by counting its mentions only one past the cap."""

    async def last_in_sessions(self, tenant: Tenant, sessions: Collection[str]) -> dict[str, str]:
        """The newest memory of each source session that has one."""

    async def session_neighbours(
        self, tenant: Tenant, turns: Sequence[tuple[str, datetime, str]]
    ) -> list[tuple[tuple[str, datetime] | None, tuple[str, datetime] | None]]:
        """For each (session, created_at, id) turn, aligned with `turns`: the (id, created_at)
        of the session's stored memory just before it and just after it in (created_at, id)
        order, where one exists (the turn itself, if stored, is neither)."""

    async def fact_vector_search(
        self, tenant: Tenant, vector: Sequence[float], at: datetime, k: int
    ) -> list[FactHit]:
        """Top-k facts effective at `at` by cosine similarity of their embeddings."""

    async def fact_fulltext_search(
        self, tenant: Tenant, text: str, at: datetime, k: int
    ) -> list[FactHit]:
        """Top-k facts effective at `at` by the engine's text score; `text` is plain text."""

    async def facts_of_memories(self, tenant: Tenant, ids: Sequence[str]) -> dict[str, list[Fact]]:
        """The facts each memory asserts (memories asserting none are absent)."""

    async def memories_about_entities(
        self,
        tenant: Tenant,
        entity_ids: Collection[str],
        at: datetime,
        limit: int,
        max_facts: int | None = None,
    ) -> dict[str, int]:
        """Memories asserting facts effective at `at` about the entities, or about entities up
        to two open RELATES hops away: memory id → hops of the nearest entity, nearest first,
        then by id, at most `limit`. An entity that more than `max_facts` facts name (any, in
        force or not; None: no cap) is a hub: it seeds nothing and is not walked through."""


class IdempotencyRepository(Protocol):
    """Idempotency records (`schema.idempotency`), one per (tenant, key), in the tenant's own
    database so every process sharing it sees them and they survive a restart."""

    async def claim_idempotency_key(
        self, tenant: Tenant, record: IdempotencyRecord
    ) -> IdempotencyRecord | None:
        """Store `record` (pending) unless the tenant holds a record under its key that has
        not expired at `record.claimed_at`: None when stored, else the record held (an expired
        one is replaced). Atomic: of concurrent claims of one key exactly one gets None."""

    async def take_over_idempotency_key(
        self, tenant: Tenant, key: str, claimed_at: datetime, now: datetime
    ) -> bool:
        """Re-claim a pending record whose claim is still the one made at `claimed_at` (its
        writer presumed dead) as made at `now`; False when it changed meanwhile."""

    async def complete_idempotency_key(
        self, tenant: Tenant, key: str, request_hash: str, answer: str
    ) -> str | None:
        """Record `answer` for the record's request (its hash must match) and mark it done,
        unless an answer is recorded already: the first answer wins, so two writers that each
        finished the request (its first writer and a retry that finished its plan) hand their
        callers the same bytes. The answer recorded; None when there is no such record.
        Atomic: of concurrent completions exactly one answer is recorded."""

    async def release_idempotency_key(self, tenant: Tenant, key: str, request_hash: str) -> None:
        """Delete the record while still pending (its request failed and wrote nothing)."""

    async def purge_idempotency_keys(self, tenant: Tenant, now: datetime) -> int:
        """Delete the tenant's records expired at `now`; how many."""


class PortableRepository(Protocol):
    """What an export reads and a restore writes (docs/ndjson-format.md, ADR 0017): a whole
    tenant a page at a time — keyset by id ascending, `after` the last id seen ('' before the
    first), so any size is read in bounded memory — and the verbatim writes that put it back
    into an empty tenant with every id, state and instant as it was."""

    async def memory_page(
        self, tenant: Tenant, *, after: str, limit: int, with_embeddings: bool = False
    ) -> list[Memory]:
        """Up to `limit` memories with ids above `after`, by id."""

    async def edges_from(self, tenant: Tenant, ids: Sequence[str]) -> list[MemoryEdge]:
        """Every memory–memory edge leaving the memories of `ids`, by (source, target, type)."""

    async def config_entries(self, tenant: Tenant) -> dict[str, str]:
        """Every configuration entry of the tenant (key → JSON text)."""

    async def entity_page(self, tenant: Tenant, *, after: str, limit: int) -> list[Entity]:
        """Up to `limit` entities with ids above `after`, by id."""

    async def fact_page(self, tenant: Tenant, *, after: str, limit: int) -> list[Fact]:
        """Up to `limit` facts in every state with ids above `after`, by id."""

    async def relations_from(self, tenant: Tenant, ids: Sequence[str]) -> list[StoredRelation]:
        """Every RELATES edge, open or closed, leaving the entities of `ids`."""

    async def restore_entities(self, tenant: Tenant, entities: Sequence[Entity]) -> None:
        """Create the entities with their names and keys (an existing one is left as it is)."""

    async def restore_facts(
        self, tenant: Tenant, facts: Sequence[Fact], vectors: Mapping[str, Sequence[float]]
    ) -> None:
        """Write the facts exactly as given — state, times, keys, links to their entities and
        asserting memories, embeddings — in one atomic write, deciding nothing (no
        supersession is planned: the facts already carry its outcome)."""

    async def restore_relations(self, tenant: Tenant, relations: Sequence[StoredRelation]) -> None:
        """Create RELATES edges exactly as given (ends that do not exist are skipped)."""


class Backend(
    GraphRepository,
    FactRepository,
    RecallRepository,
    IdempotencyRepository,
    PortableRepository,
    ErasureRepository,
    Protocol,
):
    """Everything a backend implements: the memory graph, the fact layer, recall's reads,
    idempotency records, export and restore, and erasure. `open_backend` yields one."""

"""`GraphRepository` on FalkorDB: one graph per tenant, queries from `cypher/` by name."""

from __future__ import annotations

import asyncio
import logging
import math
import random
from collections.abc import Callable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, nullcontext
from typing import Any, Final

from falkordb.asyncio import FalkorDB
from falkordb.asyncio.query_result import QueryResult
from redis.asyncio import Redis
from redis.asyncio.cluster import RedisCluster
from redis.exceptions import (
    AskError,
    MovedError,
    RedisError,
    ResponseError,
    TryAgainError,
    WatchError,
)
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from cypher import AnyQueryName, QueryName, RecallQueryName, load
from graph_backends._common import bm25
from graph_backends._common.id_windows import WindowHints
from graph_backends._common.kappa_cache import KappaMaxCache
from graph_backends._common.reactivation_writes import (
    cascade_batches,
    write_reactivations_separately,
)
from graph_backends._common.records import (
    ENTITY_KEYS,
    epoch_us,
    memory_update_rows,
)
from graph_backends._common.tenants import tenants_named
from graph_backends._common.time_windows import SpanHints, newest_first_page
from graph_backends._cypher.erasure import CypherErasureMethods
from graph_backends._cypher.idempotency import CypherIdempotencyMethods
from graph_backends._cypher.memories import (
    _BATCH,
    CypherGraphMethods,
    Step,
    _ids,
)
from graph_backends._shared.memory_writes import refused_auto_links
from graph_backends.checks import check_dimension, check_leg_k
from graph_backends.conflicts import superseded_already
from graph_backends.errors import BackendError, BackendUnavailable, SchemaMismatch
from graph_backends.falkordb import wire
from graph_backends.falkordb.facts import FalkorFactsMixin
from graph_backends.falkordb.read_batch import ReadBatcher
from graph_backends.falkordb.recall import FalkorRecallMixin, fact_terms_scope
from graph_backends.falkordb.replicated import ReplicatedTransaction
from graph_backends.falkordb.term_search import Index, bm25_matches, index_ranked
from graph_backends.protocol import PresentedRecalls, ReactivationWrites
from schema import (
    CAUSAL_TYPES,
    Conflict,
    EdgeKey,
    EdgeType,
    InvalidInput,
    Memory,
    MemoryEdge,
    NotFound,
    SearchHit,
    Tenant,
    parse_memory_id,
)
from schema.erasure import ErasedCounts, ErasurePlan

log = logging.getLogger(__name__)


#: Connections of each cluster node left to transactions (MULTI/EXEC, WAIT) by single commands.
_CLUSTER_RESERVE: Final = 8


def _cluster_send_slots(cluster: RedisCluster) -> int:
    """How many single commands may be in flight at once: a node's connections, less the
    reserve (a tenant's graph lives on one node, so all of them may go to the same one)."""
    per_node = int(cluster.connection_kwargs.get("max_connections", 100))
    return max(1, per_node - _CLUSTER_RESERVE)


def _created_us(row: dict[str, Any]) -> int:
    """A memory row's creation instant as stored (epoch µs)."""
    return int(row["memory"]["created_at"])


DIALECT: Final = "falkordb"
#: The memories' full-text index, read term by term (`term_search`).
MEMORY_TEXT: Final = Index(
    postings=QueryName.TERM_POSTINGS,
    corpus=QueryName.CORPUS_SIZE,
    search=QueryName.FULLTEXT_SEARCH,
)
#: (property, index type, query that creates it) in creation order: FalkorDB refuses a second
#: index on a label while the first is still being built.
_INDEXES: Final = (
    ("Memory", "id", "RANGE", QueryName.CREATE_MEMORY_ID_INDEX),
    ("Memory", "created_at", "RANGE", QueryName.CREATE_MEMORY_CREATED_AT_INDEX),
    ("MemoryVector", "id", "RANGE", QueryName.CREATE_MEMORY_VECTOR_ID_INDEX),
    ("MemoryVector", "embedding", "VECTOR", QueryName.CREATE_MEMORY_VECTOR_INDEX),
    ("MemoryText", "id", "RANGE", QueryName.CREATE_MEMORY_TEXT_ID_INDEX),
    ("MemoryText", "content", "FULLTEXT", QueryName.CREATE_MEMORY_FULLTEXT_INDEX),
    ("Tombstone", "id", "RANGE", QueryName.CREATE_TOMBSTONE_ID_INDEX),
    ("ForgottenMemory", "id", "RANGE", QueryName.CREATE_FORGOTTEN_ID_INDEX),
    ("Config", "key", "RANGE", QueryName.CREATE_CONFIG_KEY_INDEX),
    #: The core memories are read by status (a label scan of every memory without it).
    ("Memory", "status", "RANGE", QueryName.CREATE_MEMORY_STATUS_INDEX),
)
#: Memories of one source session follow each other (recall's neighbouring-turns leg).
_SESSION_INDEX: Final = (
    ("Memory", "source_session", "RANGE", RecallQueryName.CREATE_MEMORY_SESSION_INDEX),
    #: Memories by the window their words date them to (recall's temporal leg).
    ("Memory", "mentioned_start", "RANGE", RecallQueryName.CREATE_MEMORY_MENTIONED_INDEX),
    #: Memories naming an entity (recall's graph leg); created with a backfill of older data.
    ("Memory", ENTITY_KEYS, "RANGE", RecallQueryName.CREATE_MEMORY_ENTITY_KEYS_INDEX),
)
#: Where the full-text index was before it moved to :MemoryText (`create_memory_fulltext_index`).
_OLD_FULLTEXT_INDEX: Final = ("Memory", "content", "FULLTEXT")
#: Writes that may change a memory's causal degree whatever their edge type (κ_max's cache).
_DEGREE_WRITES: Final = frozenset({QueryName.UNLINK_MEMORIES, QueryName.DELETE_MEMORIES})
#: Runs of one amendment whose WATCH saw another write to the tenant before it gives up.
_AMEND_ATTEMPTS: Final = 200
#: Longest wait for the server's rewrite of its files after an erase.
_REWRITE_TIMEOUT_S: Final = 600.0
#: Times a rewrite is asked for while the server refuses it (another child process runs).
_REWRITE_ATTEMPTS: Final = 50
#: Cluster mode: a transaction (MULTI/EXEC) refused because its slot is moving or has moved
#: (ASK, MOVED, TRYAGAIN) wrote nothing; it is sent again after the client's slot map is
#: refreshed, backing off to 50 ms, this many times (~10 s in all) before failing.
REROUTE_ATTEMPTS: Final = 200
#: INFO persistence fields that say a child process is writing the server's files.
_CHILD_BUSY: Final = ("aof_rewrite_in_progress", "aof_rewrite_scheduled", "rdb_bgsave_in_progress")
#: What stands under a graph's telemetry key (`_silence_telemetry`).
TELEMETRY_PLACEHOLDER: Final = (
    "Retentia keeps FalkorDB's query telemetry out of this graph's keyspace: queries carry "
    "memory contents, which an erase must be able to remove (docs/adr/0018)"
)


def telemetry_key(tenant: Tenant) -> str:
    """Where FalkorDB streams the queries it ran on the tenant's graph (same hash slot)."""
    return f"telemetry{{{tenant.key}}}"


class FalkorRepository(
    FalkorFactsMixin,
    FalkorRecallMixin,
    CypherIdempotencyMethods,
    CypherErasureMethods,
    CypherGraphMethods,
):
    """FalkorDB behind the `GraphRepository` and `FactRepository` Protocols; see them for the
    contract."""

    def __init__(
        self,
        db: FalkorDB,
        *,
        vector_dimension: int,
        ef_runtime: int,
        ef_construction: int = 100,
        fatal_error: Callable[[], str | None] | None = None,
        wait_replicas: int = 0,
        wait_timeout_ms: int = 1000,
    ) -> None:
        self._db = db
        self._wait_replicas = wait_replicas
        self._wait_timeout_ms = wait_timeout_ms
        self._fatal_error = fatal_error
        self._fact_schema_ready = set()
        self._dimension = vector_dimension
        self._ef_runtime = ef_runtime
        self._ef_construction = ef_construction
        self._common_terms = bm25.CommonTerms()
        self._kappa_max = KappaMaxCache()
        # Its range index answers `id > $after` whole and unordered: export pages by windows.
        self._id_windows = WindowHints()
        self._time_windows = SpanHints()
        #: Cluster mode (ADR 0022): `db.connection` is a `RedisCluster` that routes each command
        #: by its key's slot and follows MOVED/ASK; reads are not batched (the batcher packs
        #: commands onto one connection, which is one node).
        self._cluster: RedisCluster | None = (
            db.connection if isinstance(db.connection, RedisCluster) else None
        )
        self._reads = None if self._cluster else ReadBatcher(db.connection.connection_pool)
        #: A cluster node's connections are a hard limit: its client raises MaxConnectionsError
        #: where the standalone pool waits, and one batch of stores (the update detector's and
        #: BM25's reads, at once) asked for more than 32. Single commands wait for one of these,
        #: leaving `_CLUSTER_RESERVE` connections a node to transactions.
        self._cluster_sends = (
            asyncio.Semaphore(_cluster_send_slots(self._cluster))
            if self._cluster is not None
            else None
        )
        #: What a write is sent again after (`_rerouted`): a slot that moved, and in a cluster a
        #: connection lost (a failover: the client's own retries gave up in ~2 s, measured).
        #: A write whose connection died after it was sent may run twice (as redis-py retries).
        self._reroute_on: tuple[type[Exception], ...] = _REDIRECTS + (
            (RedisConnectionError, RedisTimeoutError, OSError) if self._cluster is not None else ()
        )

    @property
    def backend_name(self) -> str:
        return "falkordb"

    def _note_write(self, tenant: Tenant, name: AnyQueryName, templates: Mapping[str, Any]) -> None:
        """Drop the kept κ_max of `tenant` when the write may change a causal degree."""
        if name in _DEGREE_WRITES or (
            name is QueryName.LINK_MEMORIES and templates.get("edge_type") in CAUSAL_TYPES
        ):
            self._kappa_max.changed(tenant.key)

    async def kappa_max(self, tenant: Tenant) -> int:
        """Kept between calls (`graph_backends._common.kappa_cache`): exact for this process's
        writes, at most `KAPPA_MAX_TTL_S` behind other processes'."""

        async def compute() -> int:
            return await CypherGraphMethods.kappa_max(self, tenant)

        return await self._kappa_max.get(tenant.key, compute)

    async def component_sizes(self, tenant: Tenant) -> list[int] | None:
        """In the database: FalkorDB's `algo.WCC` over every memory–memory edge type."""
        rows = await self._run(
            tenant,
            QueryName.COMPONENT_SIZES,
            {"types": sorted(str(t) for t in EdgeType)},
            read_only=True,
        )
        return sorted((int(r["size"]) for r in rows), reverse=True)

    # -- plumbing --------------------------------------------------------------------------

    async def _run(
        self,
        tenant: Tenant,
        name: AnyQueryName,
        params: Mapping[str, Any] | None = None,
        *,
        read_only: bool = False,
        **templates: EdgeType,
    ) -> list[dict[str, Any]]:
        query = load(name, DIALECT)
        text = wire.query_text(query.render(**templates), query.bind(params or {}))
        if not read_only:
            self._note_write(tenant, name, templates)
        try:
            return await self._send(tenant, text, read_only=read_only)
        except RedisError as e:
            if read_only and not await self.tenant_exists(tenant):
                return []  # a tenant that never wrote anything reads as empty
            if not read_only:
                raise BackendError(f"FalkorDB failed query {name} for tenant {tenant}: {e}") from e
            first = e
        try:
            # The graph was created between the read and the check (a first write running
            # at the same moment): read what is there now.
            return await self._send(tenant, text, read_only=True)
        except RedisError as e:
            raise BackendError(
                f"FalkorDB failed query {name} for tenant {tenant}: {e} (first: {first})"
            ) from e

    async def _recent_rows(
        self, tenant: Tenant, cursor: tuple[int, str] | None, limit: int
    ) -> list[dict[str, Any]]:
        """A window of creation instants at a time, read from the created_at index
        (`graph_backends._common.time_windows`): the one query scanned and sorted every memory
        of the tenant for each page."""

        async def fetch(floor: int, before: int, before_id: str, n: int) -> list[dict[str, Any]]:
            params = {"floor": floor, "before": before, "before_id": before_id, "limit": n}
            return await self._run(
                tenant, QueryName.RECENT_MEMORIES_BETWEEN, params, read_only=True
            )

        key = (tenant.key, str(QueryName.RECENT_MEMORIES))
        return await newest_first_page(fetch, _created_us, cursor, limit, self._time_windows, key)

    async def _send(self, tenant: Tenant, text: str, *, read_only: bool) -> list[dict[str, Any]]:
        """One query's rows; `RedisError` for the caller to judge."""
        command = "GRAPH.RO_QUERY" if read_only else "GRAPH.QUERY"
        if not read_only and self._cluster is not None:
            if self._wait_replicas:  # WAIT on the connection that wrote
                ((reply,),) = await self._transaction_replies(tenant, [text])
                return await self._records(tenant, reply)
            # The client follows ASK/MOVED for a single command itself; a connection lost
            # past its own retries (a failover) is sent again here.
            for attempt in range(REROUTE_ATTEMPTS):
                try:
                    async with self._cluster_slot():
                        reply = await self._db.connection.execute_command(
                            command, tenant.key, text, "--compact"
                        )
                    return await self._records(tenant, reply)
                except self._reroute_on as e:
                    await self._rerouted(e, attempt)
                except ResponseError as e:
                    if not await self._moved_under_write(tenant, e):
                        raise
                    await self._rerouted(e, attempt)
        # Reads issued in the same turn share one socket write (`_falkor_batch`).
        send = (
            self._reads.execute
            if read_only and self._reads is not None
            else self._db.connection.execute_command
        )
        try:
            async with self._cluster_slot():
                reply = await send(command, tenant.key, text, "--compact")
            return await self._records(tenant, reply)
        except (RedisConnectionError, RedisTimeoutError, OSError) as e:
            raise BackendUnavailable(f"FalkorDB is unreachable ({e})") from e

    async def _moved_under_write(self, tenant: Tenant, error: ResponseError) -> bool:
        """Whether a write was refused because its graph key left the node while the query
        ran (a slot's MIGRATE): FalkorDB then aborts it before anything lands ("Encountered an
        empty key when opened key …"), and it may be sent again to where the key is now. A
        key that exists nowhere was dropped (an erase): sending the write again would create
        an empty graph, so that stays a failure."""
        if not str(error).startswith(_KEY_LEFT_UNDER_WRITE):
            return False
        try:
            return bool(await self._db.connection.exists(tenant.key))
        except (RedisError, OSError):
            return False

    def _cluster_slot(self) -> AbstractAsyncContextManager[Any]:
        """One of the cluster's single-command slots (nothing to wait for outside a cluster)."""
        return self._cluster_sends if self._cluster_sends is not None else nullcontext()

    async def _records(self, tenant: Tenant, reply: Any) -> list[dict[str, Any]]:
        records = wire.rows(reply)
        if records is None:  # a value type only the client reads
            result = QueryResult(self._db.select_graph(tenant.key))
            await result.parse(reply)
            columns = [h[1] if isinstance(h, list | tuple) else h for h in result.header]
            records = [dict(zip(columns, row, strict=True)) for row in result.result_set]
        return records

    def _transaction_pipe(self, tenant: Tenant) -> Any:
        """A MULTI/EXEC pipeline on the tenant's graph; with WAIT (cluster mode), one that
        waits for the replicas on the connection that wrote (`replicated`)."""
        if self._cluster is not None and self._wait_replicas:
            return ReplicatedTransaction(
                self._cluster,
                tenant.key,
                replicas=self._wait_replicas,
                timeout_ms=self._wait_timeout_ms,
            )
        return self._db.connection.pipeline(transaction=True)

    async def _rerouted(self, error: Exception, attempt: int) -> None:
        """A transaction met ASK/MOVED/TRYAGAIN (cluster mode: its slot is moving or moved) and
        wrote nothing: refresh the slot map after MOVED, back off, and let the caller send it
        again; after `REROUTE_ATTEMPTS`, fail."""
        if self._cluster is None or attempt >= REROUTE_ATTEMPTS - 1:
            raise BackendUnavailable(f"FalkorDB's slot map kept changing ({error})") from error
        if isinstance(error, MovedError):
            # The slot's owner is named in the reply (a full refresh was measured not to take
            # it up while the slot's move settles).
            await self._cluster.nodes_manager.move_slot(error)
        elif not isinstance(error, AskError | TryAgainError):
            try:
                await self._cluster.nodes_manager.initialize()
            except (RedisError, OSError) as e:  # a node still down: try again after the wait
                log.debug("slot map not refreshed yet: %s", e)
        await asyncio.sleep(min(0.002 * 2**attempt, 0.05))

    async def _transaction_replies(self, tenant: Tenant, texts: Sequence[str]) -> list[list[Any]]:
        """GRAPH.QUERY of each text in one MULTI/EXEC, sent again while the slot moves."""
        for attempt in range(REROUTE_ATTEMPTS):
            try:
                async with self._transaction_pipe(tenant) as pipe:
                    for text in texts:
                        pipe.execute_command("GRAPH.QUERY", tenant.key, text, "--compact")
                    return [list(await pipe.execute())]
            except self._reroute_on as e:
                await self._rerouted(e, attempt)
        raise AssertionError("unreachable: the last reroute raises")

    async def tenant_exists(self, tenant: Tenant) -> bool:
        try:
            return bool(await self._db.connection.exists(tenant.key))
        except (RedisError, OSError) as e:
            raise BackendUnavailable(f"FalkorDB is unreachable ({e})") from e

    async def ping(self) -> None:
        try:
            await self._db.connection.ping()
        except (RedisError, OSError) as e:
            raise BackendUnavailable(f"FalkorDB is unreachable ({e})") from e

    def fatal_error(self) -> str | None:
        """The embedded supervisor's verdict (a server by URL is never fatal to the process)."""
        return None if self._fatal_error is None else self._fatal_error()

    async def aclose(self) -> None:
        await self._db.connection.aclose()

    # -- schema ----------------------------------------------------------------------------

    async def _indexes(self, tenant: Tenant) -> dict[tuple[str, str, str], str]:
        """(label, property, type) → status, for node indexes."""
        found: dict[tuple[str, str, str], str] = {}
        for row in await self._run(tenant, QueryName.LIST_INDEXES, read_only=True):
            if row["entitytype"] != "NODE":
                continue
            for prop, types in row["types"].items():
                for index_type in types:
                    found[(row["label"], prop, index_type)] = row["status"]
        return found

    def _vector_options(self) -> dict[str, int]:
        """The parameters of a vector index's creation."""
        return {
            "dimension": self._dimension,
            "ef_runtime": self._ef_runtime,
            "ef_construction": self._ef_construction,
        }

    async def ensure_schema(self, tenant: Tenant) -> None:
        self._fact_schema_ready.discard(tenant.key)  # the graph may be new: another drop
        await self._silence_telemetry(tenant)
        for label, prop, index_type, create in _INDEXES:
            key = (label, prop, index_type)
            if key not in await self._indexes(tenant):
                params = self._vector_options() if index_type == "VECTOR" else {}
                try:
                    await self._run(tenant, create, params)
                except BackendError:
                    # Another process may have created it meanwhile; re-read before failing.
                    if key not in await self._indexes(tenant):
                        raise
            await self._wait_operational(tenant, key)
        backfill = ("Memory", ENTITY_KEYS, "RANGE") not in await self._indexes(tenant)
        await self._ensure_indexes(tenant, _SESSION_INDEX)
        if backfill:  # memories stored before the property existed
            await self._run(tenant, RecallQueryName.BACKFILL_MEMORY_ENTITY_KEYS)
        if _OLD_FULLTEXT_INDEX in await self._indexes(tenant):
            await self._move_fulltext_index(tenant)
        await self._check_dimension(tenant)
        await self._clear_label_phantoms(tenant)

    async def _silence_telemetry(self, tenant: Tenant) -> None:
        """FalkorDB (`CMD_INFO`, on by default) copies every query it ran on a graph — its
        text and parameters: memory contents, names, the subject of an erase — into a stream,
        `telemetry{<graph>}`, every 0.25–3 s, keeping the last `MAX_INFO_QUERIES` (1,000): a
        key the server saves, rewrites into its files and replicates, so an erased value came
        back in the snapshot of the next save. It writes only to a stream; a string under that
        name makes it drop the queries (`stream_finished_queries.c`; measured on 4.16). So the
        key holds a string on every server, whatever its configuration (the embedded one
        records nothing at all); SET replaces a stream already there."""
        try:
            await self._db.connection.set(telemetry_key(tenant), TELEMETRY_PLACEHOLDER)
        except (RedisError, OSError) as e:
            raise BackendUnavailable(f"FalkorDB is unreachable ({e})") from e

    async def _clear_label_phantoms(self, tenant: Tenant) -> None:
        """Mend what FalkorDB 4.16 gets wrong after loading its files: nodes deleted before the
        save stay in the label matrices, so a node of another label that takes such a slot
        answers to the old label (cypher/clear_label_phantoms.cypher). Runs where the schema is
        ensured: a process's first touch of the tenant, and each maintenance pass. One scan of
        each label concerned (~1 µs a node)."""
        (row,) = await self._run(tenant, QueryName.CLEAR_LABEL_PHANTOMS)
        if row["cleared"]:
            log.warning(
                "tenant %s: cleared %d stale label entries FalkorDB kept for deleted nodes",
                tenant,
                row["cleared"],
            )

    async def _move_fulltext_index(self, tenant: Tenant) -> None:
        """Data written before the full-text index moved to :MemoryText: give every memory
        its text node (the index exists by now), then drop the old index. A crash in between
        repeats only the copies still missing."""
        (row,) = await self._run(tenant, QueryName.BACKFILL_MEMORY_TEXT)
        log.info("tenant %s: full-text index moved to :MemoryText (%s memories)", tenant, row["n"])
        try:
            await self._run(tenant, QueryName.DROP_MEMORY_FULLTEXT_INDEX)
        except BackendError:
            # Another process may have dropped it meanwhile; re-read before failing.
            if _OLD_FULLTEXT_INDEX in await self._indexes(tenant):
                raise

    async def _wait_operational(self, tenant: Tenant, key: tuple[str, str, str]) -> None:
        for _ in range(6000):
            if (await self._indexes(tenant)).get(key) == "OPERATIONAL":
                return
            await asyncio.sleep(0.05)
        raise BackendError(f"index {key[2]} on {key[0]}.{key[1]} of {tenant} never became ready")

    async def _check_dimension(self, tenant: Tenant) -> None:
        rows = await self._run(tenant, QueryName.LIST_INDEXES, read_only=True)
        for row in rows:
            if row["label"] == "MemoryVector" and row["entitytype"] == "NODE":
                options = row.get("options") or {}
                stored = (options.get("embedding") or {}).get("dimension")
                if stored is not None and stored != self._dimension:
                    raise SchemaMismatch(
                        f"tenant {tenant} has a vector index of dimension {stored}, but the "
                        f"embedder produces {self._dimension}; re-embed or use the old embedder"
                    )

    async def schema_ready(self, tenant: Tenant) -> bool:
        found = await self._indexes(tenant)
        return all(
            found.get((lb, p, t)) == "OPERATIONAL" for lb, p, t, _ in (*_INDEXES, *_SESSION_INDEX)
        )

    async def list_tenants(self) -> list[Tenant]:
        try:
            if self._cluster is not None:  # each master lists the graphs in its own slots
                replies = await self._cluster.execute_command(
                    "GRAPH.LIST", target_nodes=self._cluster.get_primaries()
                )
                names = [n for listed in _per_node(replies) for n in listed]
            else:
                names = await self._db.connection.execute_command("GRAPH.LIST")
        except (RedisError, OSError) as e:
            raise BackendUnavailable(f"FalkorDB is unreachable ({e})") from e
        return tenants_named(str(name) for name in sorted(set(names)))

    async def drop_tenant(self, tenant: Tenant) -> None:
        self._fact_schema_ready.discard(tenant.key)
        self._kappa_max.changed(tenant.key)
        try:
            await self._db.connection.delete(tenant.key, telemetry_key(tenant))
        except (RedisError, OSError) as e:
            raise BackendError(f"could not drop tenant {tenant}: {e}") from e

    # -- memories --------------------------------------------------------------------------

    async def write_reactivations(
        self, tenant: Tenant, writes: ReactivationWrites
    ) -> tuple[int, list[str]]:
        """One query (`write_reactivations.cypher`) where the batch fits one query's batch
        size, larger ones as the three writes. FalkorDB takes a graph's write lock and commits
        once per write query, and each query of the batch (which every request's settle waits
        for) queues for FalkorDB's query thread: alone, a batch of 25 hits and 300 reached
        memories takes the same execution time either way (3.8 ms) and 0.8 ms less wall time
        as one query; in the load bench the difference is within the machine's noise."""
        sizes = (writes.direct, writes.validate_links_of, writes.reached, writes.revive)
        if max(map(len, sizes)) > _BATCH:
            return await write_reactivations_separately(self, tenant, writes)
        rows = memory_update_rows(writes.direct, writes.fields)
        ids = list(dict.fromkeys(_ids(writes.validate_links_of)))
        cascades = cascade_batches(writes.reached, writes.revive, _BATCH)
        counted, reviving = cascades[0] if cascades else ([], [])
        (row,) = await self._run(
            tenant,
            QueryName.WRITE_REACTIVATIONS,
            {
                "rows": rows,
                "reached": counted,
                "ids": ids,
                "revive": reviving,
                "now": epoch_us(writes.at),
                "from": str(writes.revive_from),
                "to": str(writes.revive_to),
            },
        )
        return int(row["validated"]), list(row["revived"])

    async def write_presentations(
        self, tenant: Tenant, presented: PresentedRecalls, writes: ReactivationWrites
    ) -> tuple[list[str], int, list[str]]:
        """`write_presentations.cypher` (`PresentsInPlace`): the direct recalls applied by
        FalkorDB, in one query with the batch's other writes — one query per `_BATCH` rows of
        each list, so one for any batch the service writes."""
        if writes.direct:
            raise InvalidInput("direct", "presented recalls are computed here, not passed in")
        rows = []
        for p in presented.presentations:
            if not p.times:
                raise InvalidInput("times", f"memory {p.memory_id} is presented no time")
            rows.append(
                {
                    "id": parse_memory_id(p.memory_id),
                    "times": [epoch_us(t) for t in p.times],
                    "last": epoch_us(max(p.times)),
                    "stamp": epoch_us(p.reactivated_at),
                }
            )
        ids = list(dict.fromkeys(_ids(writes.validate_links_of)))
        cascades = cascade_batches(writes.reached, writes.revive, _BATCH)
        found: list[str] = []
        validated, revived = 0, []
        queries = max(math.ceil(len(rows) / _BATCH), math.ceil(len(ids) / _BATCH), len(cascades))
        for n in range(max(queries, 1)):
            part = slice(n * _BATCH, (n + 1) * _BATCH)
            counted, reviving = cascades[n] if n < len(cascades) else ([], [])
            (row,) = await self._run(
                tenant,
                QueryName.WRITE_PRESENTATIONS,
                {
                    "presented": rows[part],
                    "keep": presented.keep,
                    "increment": presented.stability_increment,
                    "reached": counted,
                    "ids": ids[part],
                    "revive": reviving,
                    "now": epoch_us(writes.at),
                    "from": str(writes.revive_from),
                    "to": str(writes.revive_to),
                },
            )
            found += row["found"]
            validated += int(row["validated"])
            revived += row["revived"]
        return found, validated, revived

    # -- edges -----------------------------------------------------------------------------

    async def _transaction(self, tenant: Tenant, steps: Sequence[Step]) -> None:
        """Several queries in one MULTI/EXEC: other clients never see part of them, and redis
        replays a transaction from its append-only file whole or not at all."""
        await self._transaction_rows(tenant, steps)

    async def _transaction_rows(
        self, tenant: Tenant, steps: Sequence[Step]
    ) -> list[list[dict[str, Any]]]:
        """`_transaction`, and the rows each query returned."""
        for name, _, templates in steps:
            self._note_write(tenant, name, templates)
        texts = []
        for name, params, templates in steps:
            query = load(name, DIALECT)
            texts.append(wire.query_text(query.render(**templates), query.bind(params)))
        try:
            (replies,) = await self._transaction_replies(tenant, texts)
            # Every query here returns scalars only, which `wire` reads.
            return [wire.rows(reply) or [] for reply in replies]
        except ResponseError as e:
            raise BackendError(f"FalkorDB failed a transaction for tenant {tenant}: {e}") from e
        except (RedisError, OSError) as e:
            raise BackendUnavailable(f"FalkorDB is unreachable ({e})") from e

    # -- erasure ---------------------------------------------------------------------------

    async def erase(self, tenant: Tenant, plan: ErasurePlan) -> ErasedCounts:
        """One MULTI/EXEC; then the tenant's kept terms are dropped, the graph's slow-query
        log and query telemetry (which quote query parameters) are cleared, and the server's
        files are rewritten from what it holds now (`_rewrite_files`) — also when nothing was
        left to delete, so an erase repeated after a crash before the rewrite still rewrites
        them."""
        counts = await CypherErasureMethods.erase(self, tenant, plan)
        self._common_terms.forget(tenant.key)
        self._common_terms.forget(fact_terms_scope(tenant))
        self._kappa_max.changed(tenant.key)
        await self._clear_slow_logs(tenant)
        await self._silence_telemetry(tenant)  # should anyone have removed the placeholder
        await self._rewrite_files()
        return counts

    async def _clear_slow_logs(self, tenant: Tenant) -> None:
        """FalkorDB's per-graph slow log and redis' own keep the text (parameters included) of
        slow queries in memory; an erased value may be among them."""
        connection = self._db.connection
        # In a cluster, the graph's slow log is on the node of its slot; redis' own on every
        # node (a replica runs the replicated queries too).
        everywhere = {} if self._cluster is None else {"target_nodes": self._cluster.get_nodes()}
        for command, options in (
            (("GRAPH.SLOWLOG", tenant.key, "RESET"), {}),
            (("SLOWLOG", "RESET"), everywhere),
        ):
            try:
                await connection.execute_command(*command, **options)
            except ResponseError as e:  # a server that refuses the command: nothing to clear
                log.warning("could not clear the slow log after an erase (%s): %s", command[0], e)
            except (RedisError, OSError) as e:
                raise BackendUnavailable(f"FalkorDB is unreachable ({e})") from e

    async def _rewrite_files(self) -> None:
        """Make the server's files hold nothing deleted: rewrite its append-only file
        (BGREWRITEAOF: a new base from what it holds now; the old base and increments, which
        replay the deleted values, are removed) when it keeps one, and its snapshot (BGSAVE)
        when it is configured to save one. Each waits for a rewrite that *started after* the
        deletion to finish: a child already running (an automatic save) is waited out first,
        as its file may hold the old values. In a cluster, on every node, replicas included
        (each keeps its own files of what it replicated)."""
        if self._cluster is None:
            await self._rewrite_files_of(self._db.connection)
            return
        for node in self._cluster.get_nodes():
            server = Redis(host=node.host, port=int(node.port), decode_responses=True)
            try:
                await self._rewrite_files_of(server)
            finally:
                await server.aclose()

    async def _rewrite_files_of(self, server: Redis) -> None:
        try:
            info = await server.info("persistence")
            if int(info.get("aof_enabled", 0)):
                await self._rewrite(
                    server, "BGREWRITEAOF", "aof_rewrites", "aof_last_bgrewrite_status"
                )
            try:
                saves = (await server.config_get("save")).get("save", "")
            except ResponseError as e:
                log.warning("CONFIG GET save refused (%s); the snapshot is not rewritten", e)
                saves = ""
            if str(saves).strip():
                await self._rewrite(server, "BGSAVE", "rdb_saves", "rdb_last_bgsave_status")
        except (RedisConnectionError, RedisTimeoutError, OSError) as e:
            raise BackendUnavailable(f"FalkorDB is unreachable ({e})") from e

    async def _rewrite(self, connection: Any, command: str, counter: str, status: str) -> None:
        deadline = asyncio.get_running_loop().time() + _REWRITE_TIMEOUT_S

        async def idle() -> dict[str, Any]:
            """INFO persistence once no child process writes the server's files."""
            while True:
                info: dict[str, Any] = await connection.info("persistence")
                if not any(int(info.get(field, 0)) for field in _CHILD_BUSY):
                    return info
                if asyncio.get_running_loop().time() > deadline:
                    raise BackendError(f"FalkorDB's {command} did not finish in time")
                await asyncio.sleep(0.02)

        for attempt in range(_REWRITE_ATTEMPTS):
            before = int((await idle()).get(counter, 0))
            try:
                await connection.execute_command(command)
                break
            except ResponseError as e:
                # Most likely another child began between the check and the command (after
                # the deletion, but its outcome is not ours to read): wait and ask again.
                if attempt == _REWRITE_ATTEMPTS - 1:
                    raise BackendError(f"FalkorDB refused {command} after an erase: {e}") from e
                await asyncio.sleep(0.02)
        # The command forks its child (or schedules it) before it answers: once no child
        # runs, the rewrite asked for is done.
        info = await idle()
        if int(info.get(counter, 0)) <= before or info.get(status) != "ok":
            raise BackendError(f"FalkorDB's {command} after an erase failed: {info.get(status)}")

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
        """WATCH the tenant's graph, read the memory amended, and write the successor, its
        edges and the claim in one MULTI/EXEC: EXEC fails if any other client wrote the graph
        since the WATCH (a concurrent amendment included), and then it is read and decided
        again, so the check and the write are one step for every process sharing the server."""
        old = parse_memory_id(supersedes)
        for attempt in range(_AMEND_ATTEMPTS):
            try:
                async with self._transaction_pipe(tenant) as pipe:
                    await pipe.watch(tenant.key)
                    (memory,) = await self.get_memories(tenant, [old])
                    if memory is None:
                        raise NotFound("memory", old)
                    if memory.superseded_by is not None:
                        raise superseded_already(old, memory.superseded_by)
                    stored = await self._store_steps(tenant, [successor], edges, auto_link_cap)
                    steps = [
                        *self._cypher_steps(stored),
                        self._claim_step(old, successor, score_factor),
                    ]
                    for name, _, templates in steps:
                        self._note_write(tenant, name, templates)
                    pipe.multi()
                    for name, params, templates in steps:
                        query = load(name, DIALECT)
                        text = wire.query_text(query.render(**templates), query.bind(params))
                        pipe.execute_command("GRAPH.QUERY", tenant.key, text, "--compact")
                    replies = [wire.rows(reply) or [] for reply in await pipe.execute()]
                    return refused_auto_links(edges, [n for n, _, _ in steps], replies)
            except WatchError:
                await asyncio.sleep(random.uniform(0, min(0.002 * 2**attempt, 0.05)))
            except self._reroute_on as e:  # the slot moved: nothing was written
                await self._rerouted(e, attempt)
            except ResponseError as e:
                raise BackendError(f"FalkorDB failed an amendment for tenant {tenant}: {e}") from e
            except (RedisError, OSError) as e:
                raise BackendUnavailable(f"FalkorDB is unreachable ({e})") from e
        raise Conflict(
            f"the amendment of memory {old} lost {_AMEND_ATTEMPTS} races with concurrent "
            f"writers of tenant {tenant}; retry it"
        )

    # -- search ----------------------------------------------------------------------------

    async def vector_search(
        self, tenant: Tenant, vector: Sequence[float], k: int
    ) -> list[SearchHit]:
        check_dimension(vector, self._dimension)
        check_leg_k(k)
        # FalkorDB 4.16 defect: after a graph is loaded from disk, a vector index on a graph
        # that has any other index answers k requests with about k/2 nodes (k=1 with none).
        # Asking for 2k+1 and keeping the best k distinct ids gives the exact top-k again
        # (measured: recall@10 1.0 against brute force after a reload). See ADR 0002.
        rows = await self._run(
            tenant,
            QueryName.VECTOR_SEARCH,
            {"k": 2 * k + 1, "vector": wire.float32s(vector)},
            read_only=True,
        )
        hits: dict[str, SearchHit] = {}
        for r in rows:
            if r["id"] not in hits:
                hits[r["id"]] = SearchHit(memory_id=r["id"], score=1.0 - float(r["distance"]))
        return list(hits.values())[:k]

    async def fulltext_search(self, tenant: Tenant, text: str, k: int) -> list[SearchHit]:
        check_leg_k(k)
        terms = bm25.query_terms(text)
        if not terms:
            return []
        found = await bm25_matches(
            self._run, self._common_terms, tenant, tenant.key, MEMORY_TEXT, terms, k
        )
        if found.ranked:
            return [SearchHit(memory_id=i, score=score) for i, score in found.ranked]
        if not found.present:  # no term is in the index
            return []
        rows = await index_ranked(self._run, tenant, MEMORY_TEXT, found.present, k)
        return [SearchHit(memory_id=r["id"], score=float(r["score"])) for r in rows]


_REDIRECTS: Final = (AskError, MovedError, TryAgainError)
#: FalkorDB's refusals of a write whose graph key was deleted or replaced while the query ran
#: (checked at commit, so nothing of it landed).
_KEY_LEFT_UNDER_WRITE: Final = (
    "Encountered an empty key when opened key",
    "Encountered different graph value when opened key",
)


def _per_node(replies: Any) -> list[list[str]]:
    """A command sent to several cluster nodes answers one reply per node (a dict by node
    name), or one merged reply."""
    if isinstance(replies, dict):
        return [list(r) for r in replies.values()]
    return [list(replies)]

"""`GraphRepository` on SurrealDB 3: namespace = org, database = project, queries from
`graph_backends/surrealql/` by name (ADR 0008).

Every call is one request: `USE NS $tenant_ns DB $tenant_db;` then each named query as one
step (`LET $step_N = { … };`), then `RETURN [$step_0, …]`. Writes put their steps inside
`BEGIN TRANSACTION … COMMIT TRANSACTION`, so a batch of memories and their edges is applied
whole or not at all. The write transactions of one tenant run one at a time in this process
(a FIFO lock per tenant): SurrealDB 3.2.4's embedded engines do not reliably detect conflicts
between concurrent transactions (measured, ADR 0008), and an embedded database belongs to one
process. Against a server, other processes' writers remain; a transaction that loses a write
conflict to one of them has written nothing and runs again. The fact layer and recall's reads
are mixed in from `_surreal_facts` and `_surreal_recall`.
"""

from __future__ import annotations

import asyncio
import re
import weakref
from collections.abc import AsyncIterator, Collection, Mapping, Sequence
from contextlib import asynccontextmanager
from datetime import datetime
from typing import Any, Final

from graph_backends._common.export import tombstone_page_params
from graph_backends._common.records import (
    edge_params,
    epoch_us,
    forgotten_from_row,
    memory_from_props,
    memory_props,
    tombstone_from_row,
)
from graph_backends._common.tenants import tenants_named
from graph_backends._shared.edge_reads import EdgeReadMethods
from graph_backends._shared.lifecycle_records import LifecycleRecordMethods
from graph_backends._shared.memory_writes import MemoryWriteMethods, refused_auto_links
from graph_backends._shared.seam import SharedRead, SharedWrite, WriteStep
from graph_backends._shared.vector_writes import VectorWriteMethods
from graph_backends._shared.walks import WalkMethods
from graph_backends.checks import (
    check_dimension,
    check_embeddings,
    check_export_page,
    check_leg_k,
    check_recent_page,
    check_status_page,
)
from graph_backends.config import SurrealConfig
from graph_backends.conflicts import superseded_already
from graph_backends.errors import BackendError, SchemaMismatch
from graph_backends.protocol import MAX_EXPORT_PAGE, Backend
from graph_backends.surrealdb.client import Outcome, SurrealClient
from graph_backends.surrealdb.facts import SurrealFactsMixin
from graph_backends.surrealdb.idempotency import SurrealIdempotencyMixin
from graph_backends.surrealdb.recall import SurrealRecallMixin
from graph_backends.surrealdb.steps import (
    EF_SEARCH,
    ClaimRefused,
    MissingRecord,
    MissingTable,
    SnapshotChanged,
    Step,
    TransactionConflict,
    backoff,
    check_knn,
    chunks,
    step,
)
from graph_backends.surrealdb.surrealql import QueryName
from graph_backends.surrealdb.text import plain_words
from schema import (
    CAUSAL_TYPES,
    SUPPORTIVE_TYPES,
    Degrees,
    EdgeKey,
    EdgeType,
    ForgottenMemory,
    GraphStats,
    Memory,
    MemoryEdge,
    MemoryStatus,
    NotFound,
    SearchHit,
    Tenant,
    Tombstone,
    parse_memory_id,
)

_CAUSAL: Final = [str(t) for t in CAUSAL_TYPES]
_SUPPORTIVE: Final = [str(t) for t in SUPPORTIVE_TYPES]
#: (table, index) pairs `define_schema` creates; `schema_ready` wants each of them `ready`.
_INDEXES: Final = frozenset(
    {
        ("memory", "memory_created_at"),
        ("memory", "memory_status"),
        ("memory", "memory_source_session"),
        ("memory", "memory_mentioned_start"),
        ("memory", "memory_content"),
        ("memory_vector", "memory_vector_embedding"),
        ("edge", "edge_type"),
    }
)
_TABLES: Final = frozenset({"memory", "memory_vector", "edge", "tombstone", "config"})
_HNSW_DIMENSION: Final = re.compile(r"\bDIMENSION\s+(\d+)")
#: Runs of one write that lost a write conflict before the conflict is raised.
_WRITE_ATTEMPTS: Final = 50


def _ids(values: Collection[str]) -> list[str]:
    return [parse_memory_id(v) for v in values]


class SurrealRepository(
    SurrealFactsMixin,
    SurrealRecallMixin,
    SurrealIdempotencyMixin,
    WalkMethods,
    EdgeReadMethods,
    MemoryWriteMethods,
    LifecycleRecordMethods,
    VectorWriteMethods,
):
    """SurrealDB behind the `GraphRepository`, `FactRepository` and `RecallRepository`
    Protocols; see them for the contract."""

    def __init__(self, client: SurrealClient, *, vector_dimension: int) -> None:
        self._client = client
        self._dimension = vector_dimension
        self._fact_schema_ready: set[str] = set()
        #: Keys of tenants known to exist (written, or found): reads of others ask first.
        self._existing: set[str] = set()
        self._write_locks: weakref.WeakValueDictionary[str, asyncio.Lock] = (
            weakref.WeakValueDictionary()
        )

    @property
    def backend_name(self) -> str:
        return "surrealdb"

    # -- plumbing --------------------------------------------------------------------------

    async def _request(
        self,
        steps: Sequence[Step],
        *,
        namespace: str | None = None,
        database: str | None = None,
        transaction: bool = False,
    ) -> list[Any]:
        """Run steps in one request (in one transaction if asked); their values in order."""
        variables: dict[str, Any] = {}
        lines = []
        if namespace is not None:
            variables["tenant_ns"] = namespace
            if database is None:
                lines.append("USE NS $tenant_ns;")
            else:
                variables["tenant_db"] = database
                lines.append("USE NS $tenant_ns DB $tenant_db;")
        if transaction:
            lines.append("BEGIN TRANSACTION;")
        first_step = len(lines)  # one statement, and so one outcome, per line
        for i, (query, params, templates) in enumerate(steps):
            bound = query.bind(params)
            clash = set(bound) & set(variables)
            if clash:  # steps of one request share one set of variables
                raise BackendError(f"{query.name} reuses parameters {sorted(clash)}")
            variables.update(bound)
            lines.append(f"LET $step_{i} = {{\n{query.render(**templates)}\n}};")
        lines.append("RETURN [" + ", ".join(f"$step_{i}" for i in range(len(steps))) + "];")
        if transaction:
            lines.append("COMMIT TRANSACTION;")
        outcomes = await self._client.run("\n".join(lines), variables)
        self._raise_for(outcomes, [q.name for q, _, _ in steps], first_step)
        final = outcomes[-2] if transaction else outcomes[-1]
        return list(final.value)

    @staticmethod
    def _raise_for(
        outcomes: Sequence[Outcome], names: Sequence[QueryName], first_step: int
    ) -> None:
        failed = [o for o in outcomes if not o.ok]
        if not failed:
            return
        cause = next((o for o in failed if not o.not_executed), failed[0])
        if cause.kind == "Thrown":  # a check step's THROW: which one says what it means
            index = outcomes.index(cause) - first_step
            if 0 <= index < len(names) and names[index] is QueryName.CLAIM_SUPERSESSION:
                raise ClaimRefused(str(cause.value))
        if cause.kind == "NotFound" and cause.detail == "Table":
            raise MissingTable(f"table {cause.details.get('name')} does not exist")
        if cause.kind == "NotFound" and cause.detail == "Record":
            raise MissingRecord(f"record {cause.details.get('id')} does not exist")
        if cause.kind == "Query" and cause.detail == "TransactionConflict":
            raise TransactionConflict(f"SurrealDB refused {', '.join(names)}: {cause.value}")
        if cause.kind == "Thrown":  # only check_fact_snapshot throws else (test_surrealql)
            raise SnapshotChanged(str(cause.value))
        raise BackendError(f"SurrealDB failed {', '.join(names)}: {cause.value}")

    async def _read(
        self,
        tenant: Tenant,
        name: QueryName,
        params: Mapping[str, Any] | None = None,
        *,
        empty: Any,
        **templates: int,
    ) -> Any:
        """One query's value; `empty` when the tenant does not exist (asked first: SurrealDB
        3 defines a namespace and database on `USE`, so a read would create the tenant) or has
        no such table (its schema never ensured)."""
        if not await self._known(tenant):
            return empty
        try:
            (value,) = await self._request(
                [step(name, params, **templates)],
                namespace=tenant.org,
                database=tenant.project,
            )
        except MissingTable:
            return empty
        return value

    async def _read_rows(
        self, tenant: Tenant, name: SharedRead, params: Mapping[str, Any]
    ) -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = await self._read(
            tenant, QueryName(name.value), params, empty=[]
        )
        return rows

    async def _write_rows(
        self, tenant: Tenant, steps: Sequence[WriteStep], *, none_without_schema: bool = False
    ) -> list[list[dict[str, Any]]]:
        empty: list[Any] | None = [[] for _ in steps] if none_without_schema else None
        named = [step(QueryName(name.value), params) for name, params, _ in steps]
        values = await self._write(tenant, named, empty=empty)
        # A step that answers with a count (`upsert_memories`, `link_memories`) has no rows.
        return [value if isinstance(value, list) else [] for value in values]

    async def _known(self, tenant: Tenant) -> bool:
        """Whether the tenant exists; asked of the server until it does (it stays known until
        this process drops it)."""
        if tenant.key in self._existing:
            return True
        if not await self.tenant_exists(tenant):
            return False
        self._existing.add(tenant.key)
        return True

    def _write_lock(self, tenant: Tenant) -> asyncio.Lock:
        """The lock every write transaction of the tenant holds in this process. FIFO: writes
        apply in the order they were asked for (a fact write's edges after the fact writes
        queued before them, as on FalkorDB's one writer per graph)."""
        lock = self._write_locks.get(tenant.key)
        if lock is None:
            lock = self._write_locks[tenant.key] = asyncio.Lock()
        return lock

    async def _write(
        self,
        tenant: Tenant,
        steps: Sequence[Step],
        *,
        empty: list[Any] | None = None,
    ) -> list[Any]:
        """The steps' values, written in one transaction under the tenant's write lock;
        `empty` (if given) when the tenant has no such table, else an error."""
        async with self._write_lock(tenant):
            return await self._transact(tenant, steps, empty=empty)

    async def _transact(
        self,
        tenant: Tenant,
        steps: Sequence[Step],
        *,
        empty: list[Any] | None = None,
        retry_conflicts: bool = True,
    ) -> list[Any]:
        """`_write` for a caller that holds the tenant's write lock. A transaction that lost a
        write conflict (to another process) wrote nothing and runs again, unless
        `retry_conflicts` is off: the caller plans again."""
        for attempt in range(_WRITE_ATTEMPTS):
            try:
                written = await self._request(
                    steps, namespace=tenant.org, database=tenant.project, transaction=True
                )
                self._existing.add(tenant.key)  # the write's USE created it, if need be
                return written
            except MissingTable as e:
                if empty is not None:
                    return empty
                raise BackendError(
                    f"tenant {tenant} has no schema yet ({e}); call ensure_schema first"
                ) from e
            except TransactionConflict:
                if not retry_conflicts or attempt == _WRITE_ATTEMPTS - 1:
                    raise
                await asyncio.sleep(backoff(attempt))
        raise AssertionError("unreachable")  # the last attempt returns or raises

    def fatal_error(self) -> str | None:
        return None  # nothing supervised: a server that is down is unavailable, not fatal

    async def ping(self) -> None:
        (value,) = await self._request([step(QueryName.PING)])
        if value != 1:
            raise BackendError(f"SurrealDB answered ping with {value!r}")

    async def aclose(self) -> None:
        await self._client.close()

    # -- schema ----------------------------------------------------------------------------

    async def _schema_status(self, tenant: Tenant) -> dict[str, Any]:
        status = await self._read(tenant, QueryName.SCHEMA_STATUS, empty=None)
        return dict(status) if status else {"tables": [], "analyzers": [], "indexes": []}

    async def ensure_schema(self, tenant: Tenant) -> None:
        self._fact_schema_ready.discard(tenant.key)  # the database may be new: another drop
        await self._write(tenant, [step(QueryName.DEFINE_SCHEMA, dimension=self._dimension)])
        status = await self._schema_status(tenant)
        for index in status["indexes"]:
            if index["name"] == "memory_vector_embedding":
                found = _HNSW_DIMENSION.search(str(index["definition"]))
                stored = int(found.group(1)) if found else None
                if stored != self._dimension:
                    raise SchemaMismatch(
                        f"tenant {tenant} has a vector index of dimension {stored}, but the "
                        f"embedder produces {self._dimension}; re-embed or use the old embedder"
                    )
        # DEFINE INDEX (without CONCURRENTLY) builds before it returns; check all the same.
        if not await self.schema_ready(tenant):
            raise BackendError(f"the schema of {tenant} is incomplete after ensure_schema")

    async def schema_ready(self, tenant: Tenant) -> bool:
        status = await self._schema_status(tenant)
        ready = {(i["table"], i["name"]) for i in status["indexes"] if i["status"] == "ready"}
        return (
            _TABLES <= set(status["tables"])
            and "memory_words" in status["analyzers"]
            and _INDEXES <= ready
        )

    async def list_tenants(self) -> list[Tenant]:
        (root,) = await self._request([step(QueryName.LIST_NAMESPACES)])
        keys = []
        for org in sorted(root["namespaces"]):
            (namespace,) = await self._request([step(QueryName.LIST_DATABASES)], namespace=org)
            keys += [f"retentia:{org}:{project}" for project in sorted(namespace["databases"])]
        return tenants_named(keys)

    async def tenant_exists(self, tenant: Tenant) -> bool:
        (root,) = await self._request([step(QueryName.LIST_NAMESPACES)])
        if tenant.org not in root["namespaces"]:
            return False
        (namespace,) = await self._request([step(QueryName.LIST_DATABASES)], namespace=tenant.org)
        return tenant.project in namespace["databases"]

    async def drop_tenant(self, tenant: Tenant) -> None:
        self._fact_schema_ready.discard(tenant.key)
        self._existing.discard(tenant.key)
        await self._request(
            [step(QueryName.REMOVE_DATABASE, {"database": tenant.project})],
            namespace=tenant.org,
        )

    # -- memories --------------------------------------------------------------------------

    @staticmethod
    def _memory_rows(memories: Sequence[Memory]) -> list[dict[str, Any]]:
        rows = []
        for memory in memories:
            props, embedding = memory_props(memory)
            del props["id"]  # the record id carries it
            rows.append({"id": memory.id, "props": props, "embedding": embedding})
        return rows

    @staticmethod
    def _link_steps(edges: Sequence[MemoryEdge]) -> list[WriteStep]:
        """One `link_memories` step: the edge's type is a field of its record."""
        rows = [edge_params(e) for e in edges]
        return [(SharedWrite.LINK_MEMORIES, {"edges": rows}, {})] if rows else []

    async def upsert_memories(self, tenant: Tenant, memories: Sequence[Memory]) -> None:
        check_embeddings(memories, self._dimension)
        if memories:
            await self._write(
                tenant, [step(QueryName.UPSERT_MEMORIES, {"rows": self._memory_rows(memories)})]
            )

    async def get_memories(
        self, tenant: Tenant, ids: Sequence[str], *, with_embeddings: bool = False
    ) -> list[Memory | None]:
        wanted = _ids(ids)
        found: dict[str, Memory] = {}
        for chunk in chunks(list(dict.fromkeys(wanted))):
            rows = await self._read(tenant, QueryName.GET_MEMORIES, {"ids": chunk}, empty=[])
            vectors: dict[str, list[float]] = {}
            if with_embeddings:
                for row in await self._read(
                    tenant, QueryName.GET_EMBEDDINGS, {"ids": chunk}, empty=[]
                ):
                    vectors[row["id"]] = row["embedding"]
            for props in rows:
                found[props["id"]] = memory_from_props(props, vectors.get(props["id"]))
        return [found.get(i) for i in wanted]

    async def existing_ids(self, tenant: Tenant, ids: Collection[str]) -> frozenset[str]:
        found: set[str] = set()
        for chunk in chunks(list(dict.fromkeys(_ids(ids)))):
            found.update(
                await self._read(tenant, QueryName.EXISTING_MEMORY_IDS, {"ids": chunk}, empty=[])
            )
        return frozenset(found)

    async def delete_memories(self, tenant: Tenant, ids: Sequence[str]) -> list[bool]:
        wanted = _ids(ids)
        if not wanted:
            return []
        (deleted,) = await self._write(
            tenant,
            [step(QueryName.DELETE_MEMORIES, {"ids": list(dict.fromkeys(wanted))})],
            empty=[[]],
        )
        gone = set(deleted)
        return [i in gone for i in wanted]

    async def recent_memories(
        self, tenant: Tenant, *, limit: int, after: tuple[datetime, str] | None = None
    ) -> list[Memory]:
        check_recent_page(limit)
        params = {
            "before": None if after is None else epoch_us(after[0]),
            "before_id": None if after is None else parse_memory_id(after[1]),
            "limit": limit,
        }
        rows = await self._read(tenant, QueryName.RECENT_MEMORIES, params, empty=[])
        return [memory_from_props(row) for row in rows]

    # -- edges -----------------------------------------------------------------------------

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
        """One transaction whose first step claims the memory amended (`claim_supersession`
        THROWs, and the transaction writes nothing, unless nothing supersedes it). In this
        process the tenant's write lock orders it after any other; against a server, two
        processes' claims write the same record, so one fails its COMMIT, runs again and is
        refused."""
        old = parse_memory_id(supersedes)
        params = {"id": old, "successor": successor.id, "factor": float(score_factor)}
        steps: list[WriteStep] = [
            (SharedWrite.CLAIM_SUPERSESSION, params, {}),
            *await self._store_steps(tenant, [successor], edges, auto_link_cap),
        ]
        ends = ({e.source for e in edges} | {e.target for e in edges}) - {successor.id}
        try:
            values = await self._write_linking(tenant, steps, ends)
        except ClaimRefused:
            (memory,) = await self.get_memories(tenant, [old])
            if memory is None:
                raise NotFound("memory", old) from None
            raise superseded_already(old, memory.superseded_by) from None
        return refused_auto_links(edges, [name for name, _, _ in steps], values)

    async def component_sizes(self, tenant: Tenant) -> list[int] | None:
        return None  # SurrealDB has no graph algorithms: analytics computes them from edge_page

    # -- connectivity ----------------------------------------------------------------------

    async def degrees(self, tenant: Tenant, ids: Sequence[str]) -> list[Degrees | None]:
        wanted = _ids(ids)
        found: dict[str, Degrees] = {}
        for chunk in chunks(list(dict.fromkeys(wanted))):
            rows = await self._read(
                tenant,
                QueryName.DEGREES,
                {"ids": chunk, "causal": _CAUSAL, "supportive": _SUPPORTIVE},
                empty=[],
            )
            for row in rows:
                found[row["id"]] = Degrees(
                    memory_id=row["id"], kappa=row["kappa"], delta=row["delta"]
                )
        return [found.get(i) for i in wanted]

    async def all_degrees(self, tenant: Tenant) -> list[Degrees]:
        rows = await self._read(
            tenant,
            QueryName.ALL_DEGREES,
            {"causal": _CAUSAL, "supportive": _SUPPORTIVE},
            empty=[],
        )
        return [Degrees(memory_id=r["id"], kappa=r["kappa"], delta=r["delta"]) for r in rows]

    async def kappa_max(self, tenant: Tenant) -> int:
        largest = await self._read(tenant, QueryName.KAPPA_MAX, {"causal": _CAUSAL}, empty=0)
        return int(max(0, largest))  # -inf for a tenant without memories

    async def stale_auto_links(
        self, tenant: Tenant, stale_before: datetime, ids: Sequence[str] | None = None
    ) -> dict[str, int]:
        cut = epoch_us(stale_before)
        if ids is None:
            rows = await self._read(
                tenant, QueryName.ALL_STALE_AUTO_LINKS, {"stale_before": cut}, empty=[]
            )
        else:
            rows = []
            for chunk in chunks(list(dict.fromkeys(_ids(ids)))):
                rows += await self._read(
                    tenant,
                    QueryName.STALE_AUTO_LINKS,
                    {"ids": chunk, "stale_before": cut},
                    empty=[],
                )
        return {r["id"]: int(r["stale"]) for r in rows}

    async def removal_impact(self, tenant: Tenant, memory_id: str) -> list[str]:
        ids: list[str] = await self._read(
            tenant,
            QueryName.REMOVAL_IMPACT,
            {"id": parse_memory_id(memory_id), "supportive": _SUPPORTIVE},
            empty=[],
        )
        return ids

    async def auto_link_inbound(self, tenant: Tenant, ids: Sequence[str]) -> list[int]:
        wanted = _ids(ids)
        counts: dict[str, int] = {}
        for chunk in chunks(list(dict.fromkeys(wanted))):
            rows = await self._read(tenant, QueryName.AUTO_LINK_INBOUND, {"ids": chunk}, empty=[])
            counts.update({r["id"]: int(r["inbound"]) for r in rows})
        return [counts.get(i, 0) for i in wanted]

    # -- search ----------------------------------------------------------------------------

    async def vector_search(
        self, tenant: Tenant, vector: Sequence[float], k: int
    ) -> list[SearchHit]:
        check_dimension(vector, self._dimension)
        check_leg_k(k)
        rows = await self._read(
            tenant,
            QueryName.VECTOR_SEARCH,
            {"vector": [float(x) for x in vector]},
            empty=[],
            k=k,
            ef=max(k, EF_SEARCH),
        )
        check_knn(rows, tenant, "memory_vector_embedding")
        return [SearchHit(memory_id=r["id"], score=1.0 - float(r["distance"])) for r in rows][:k]

    async def fulltext_search(self, tenant: Tenant, text: str, k: int) -> list[SearchHit]:
        check_leg_k(k)
        words = plain_words(text)
        if words is None:
            return []
        rows = await self._read(
            tenant, QueryName.FULLTEXT_SEARCH, {"query": words, "k": k}, empty=[]
        )
        return [SearchHit(memory_id=r["id"], score=float(r["score"])) for r in rows]

    # -- lifecycle storage -----------------------------------------------------------------

    async def all_memories(self, tenant: Tenant) -> list[Memory]:
        rows = await self._read(tenant, QueryName.ALL_MEMORIES, empty=[])
        return [memory_from_props(r) for r in rows]

    async def memories_with_status(
        self,
        tenant: Tenant,
        statuses: Collection[MemoryStatus],
        *,
        limit: int = 1000,
        after: tuple[datetime, str] | None = None,
    ) -> list[Memory]:
        check_status_page(limit)
        rows = await self._read(
            tenant,
            QueryName.MEMORIES_WITH_STATUS,
            {
                "statuses": sorted(str(s) for s in statuses),
                "before": None if after is None else epoch_us(after[0]),
                "before_id": None if after is None else parse_memory_id(after[1]),
                "limit": limit,
            },
            empty=[],
        )
        return [memory_from_props(r) for r in rows]

    async def forgotten_page(
        self, tenant: Tenant, *, limit: int = MAX_EXPORT_PAGE, after: str | None = None
    ) -> list[ForgottenMemory]:
        check_export_page(limit)
        rows = await self._read(
            tenant, QueryName.FORGOTTEN_PAGE, {"after": after or None, "limit": limit}, empty=[]
        )
        return [forgotten_from_row(r) for r in rows]

    async def delete_forgotten(self, tenant: Tenant, ids: Sequence[str]) -> list[bool]:
        wanted = _ids(ids)
        if not wanted:
            return []
        (deleted,) = await self._write(
            tenant,
            [step(QueryName.DELETE_FORGOTTEN, {"ids": list(dict.fromkeys(wanted))})],
            empty=[[]],
        )
        gone = set(deleted)
        return [i in gone for i in wanted]

    async def tombstone_page(
        self, tenant: Tenant, *, limit: int = MAX_EXPORT_PAGE, after: str | None = None
    ) -> list[Tombstone]:
        params = tombstone_page_params(limit, after)
        rows = await self._read(tenant, QueryName.TOMBSTONE_PAGE, params, empty=[])
        return [tombstone_from_row(r) for r in rows]

    async def get_config(self, tenant: Tenant, key: str) -> str | None:
        values = await self._read(tenant, QueryName.GET_CONFIG, {"key": key}, empty=[])
        return str(values[0]) if values else None

    # -- export (PortableRepository) -------------------------------------------------------

    async def memory_page(
        self, tenant: Tenant, *, after: str, limit: int, with_embeddings: bool = False
    ) -> list[Memory]:
        check_export_page(limit)
        rows = await self._read(
            tenant, QueryName.MEMORY_PAGE, {"after": after, "limit": limit}, empty=[]
        )
        page = [memory_from_props(r) for r in rows]
        if not with_embeddings or not page:
            return page
        vectors = {
            r["id"]: r["embedding"]
            for r in await self._read(
                tenant, QueryName.GET_EMBEDDINGS, {"ids": [m.id for m in page]}, empty=[]
            )
            if r.get("embedding") is not None
        }
        return [
            m.model_copy(update={"embedding": tuple(float(x) for x in vectors[m.id])})
            if m.id in vectors
            else m
            for m in page
        ]

    async def config_entries(self, tenant: Tenant) -> dict[str, str]:
        rows = await self._read(tenant, QueryName.CONFIG_ENTRIES, empty=[])
        return {str(r["key"]): str(r["value"]) for r in rows}

    async def clamp_instants(
        self, tenant: Tenant, low: int, high: int, *, dry_run: bool
    ) -> dict[str, int]:
        if not await self._known(tenant):
            return {}
        params = {"low": low, "high": high, "dry_run": dry_run}
        found: dict[str, int] = {}
        for label, name in (
            ("memory", QueryName.CLAMP_MEMORY_INSTANTS),
            ("fact", QueryName.CLAMP_FACT_INSTANTS),
        ):
            # One transaction per table: a tenant without the fact schema has no fact table.
            (rows,) = await self._write(tenant, [step(name, params)], empty=[[]])
            for row in rows:
                if int(row["n"]):
                    found[f"{label}.{row['property']}"] = int(row["n"])
        return found

    async def stats(self, tenant: Tenant) -> GraphStats:
        count = await self._read(tenant, QueryName.COUNT_MEMORIES, empty=0)
        edges = await self._read(tenant, QueryName.COUNT_EDGES_BY_TYPE, empty=[])
        by_type = {t: 0 for t in EdgeType}
        for row in edges:
            if row["type"] in EdgeType.__members__.values():
                by_type[EdgeType(row["type"])] = int(row["n"])
        return GraphStats(
            memories=int(count),
            edges=by_type,
            orphans=len(await self.orphans(tenant)),
            kappa_max=await self.kappa_max(tenant),
        )


@asynccontextmanager
async def open_surrealdb(config: SurrealConfig) -> AsyncIterator[Backend]:
    """Connect to the configured engine (embedded `mem://`/`surrealkv://path`, or a server at
    `ws://host:port`, signing in when a user is configured) and close on exit."""
    password = None if config.password is None else config.password.get_secret_value()
    client = await SurrealClient.connect(config.url, config.user, password)
    repository = SurrealRepository(client, vector_dimension=config.vector_dimension)
    try:
        await repository.ping()
        yield repository
    finally:
        await repository.aclose()

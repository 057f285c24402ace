"""Repository methods that are the same Cypher conversation on every Cypher backend (FalkorDB
and Neo4j): each backend supplies `_run` in its own dialect and tenancy, and these read and
write through it. One copy, so the backends cannot drift apart."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any, Final

from cypher import AnyQueryName, FactQueryName, QueryName, RecallQueryName
from graph_backends._common.export import tombstone_page_params
from graph_backends._common.id_windows import WindowHints, windowed_page
from graph_backends._common.records import (
    edge_params,
    epoch_us,
    forgotten_from_row,
    memory_from_props,
    memory_props,
    tombstone_from_row,
)
from graph_backends._shared.edge_reads import EdgeReadMethods
from graph_backends._shared.lifecycle_records import LifecycleRecordMethods
from graph_backends._shared.memory_writes import MemoryWriteMethods
from graph_backends._shared.seam import SharedRead, SharedWrite, WriteStep
from graph_backends._shared.vector_writes import VectorWriteMethods
from graph_backends._shared.walks import WalkMethods
from graph_backends.checks import (
    check_embeddings,
    check_export_page,
    check_recent_page,
    check_status_page,
)
from graph_backends.protocol import MAX_EXPORT_PAGE
from schema import (
    CAUSAL_TYPES,
    SUPPORTIVE_TYPES,
    Degrees,
    EdgeType,
    ForgottenMemory,
    GraphStats,
    Memory,
    MemoryEdge,
    MemoryStatus,
    Tenant,
    Tombstone,
    parse_memory_id,
)

_CAUSAL: Final = [str(t) for t in CAUSAL_TYPES]
_SUPPORTIVE: Final = [str(t) for t in SUPPORTIVE_TYPES]
#: Largest UNWIND batch sent in one query.
_BATCH: Final = 500
#: One query of a transaction: its name, parameters and template slots.
Step = tuple[AnyQueryName, dict[str, Any], dict[str, EdgeType]]


def _ids(values: Collection[str]) -> list[str]:
    return [parse_memory_id(v) for v in values]


def _chunks(rows: Sequence[Any], size: int = _BATCH) -> list[Sequence[Any]]:
    return [rows[i : i + size] for i in range(0, len(rows), size)]


#: Each shared read's query, of whichever family holds it.
_SHARED_READS: Final[dict[SharedRead, AnyQueryName]] = {
    read: query
    for family in (QueryName, RecallQueryName)
    for query in family
    for read in SharedRead
    if read.value == query.value
}


#: Each shared write step's query.
_SHARED_WRITES: Final[dict[SharedWrite, QueryName]] = {w: QueryName(w.value) for w in SharedWrite}


class _RunsCypher:
    """What the shared Cypher methods need from a backend — one query by name, and vectors in
    the form its driver sends — and the keyset pager every export page reads through."""

    #: Where the engine cannot read an index in order (FalkorDB), keyset pages read a window
    #: of ids at a time (`graph_backends._common.id_windows`); None: one query past the cursor.
    _id_windows: WindowHints | None = None

    async def _keyset_page(
        self,
        tenant: Tenant,
        queries: tuple[AnyQueryName, AnyQueryName],
        id_of: Callable[[dict[str, Any]], str],
        *,
        after: str,
        limit: int,
    ) -> list[dict[str, Any]]:
        """Rows of the `limit` smallest ids above `after`, by id: `queries` are the unbounded
        page and the same page within a window (`after < id <= upto`)."""
        unbounded, within = queries

        async def fetch(after: str, upto: str | None, limit: int) -> list[dict[str, Any]]:
            if upto is None:
                params = {"after": after, "limit": limit}
                return await self._run(tenant, unbounded, params, read_only=True)
            params = {"after": after, "upto": upto, "limit": limit}
            return await self._run(tenant, within, params, read_only=True)

        if self._id_windows is None:
            return await fetch(after, None, limit)
        key = (tenant.key, str(unbounded))
        return await windowed_page(fetch, id_of, after, limit, self._id_windows, key)

    async def _read_rows(
        self, tenant: Tenant, name: SharedRead, params: Mapping[str, Any]
    ) -> list[dict[str, Any]]:
        return await self._run(tenant, _SHARED_READS[name], params, read_only=True)

    @staticmethod
    def _vector_param(vector: Sequence[float]) -> Any:
        """A vector (a query's, or one to store) as this backend's driver sends it."""
        return [float(x) for x in vector]

    if TYPE_CHECKING:  # provided by each backend

        async def _run(
            self,
            tenant: Tenant,
            name: AnyQueryName,
            params: Mapping[str, Any] | None = None,
            *,
            read_only: bool = False,
            **templates: EdgeType,
        ) -> list[dict[str, Any]]: ...


class CypherGraphMethods(
    _RunsCypher,
    WalkMethods,
    EdgeReadMethods,
    MemoryWriteMethods,
    LifecycleRecordMethods,
    VectorWriteMethods,
):
    """The `GraphRepository` methods whose Cypher conversation every Cypher backend shares."""

    _dimension: int

    @staticmethod
    def _memory_from_props(
        props: Mapping[str, Any], embedding: list[float] | None = None
    ) -> Memory:
        """A memory from its stored properties; a backend storing more (Neo4j's tenant)
        drops it here."""
        return memory_from_props(props, embedding)

    if TYPE_CHECKING:  # provided by each backend

        async def _transaction(self, tenant: Tenant, steps: Sequence[Step]) -> None:
            """Several queries in one transaction: all of them commit, or none."""

        async def _transaction_rows(
            self, tenant: Tenant, steps: Sequence[Step]
        ) -> list[list[dict[str, Any]]]:
            """`_transaction`, and the rows each query returned."""

    async def _write_rows(
        self, tenant: Tenant, steps: Sequence[WriteStep], *, none_without_schema: bool = False
    ) -> list[list[dict[str, Any]]]:
        # A graph without its schema matches no memory: each step writes nothing either way.
        named = self._cypher_steps(steps)
        if len(named) == 1:  # one query is atomic alone
            ((name, params, templates),) = named
            if not templates:
                return [await self._run(tenant, name, params)]
            return [await self._run(tenant, name, params, edge_type=templates["edge_type"])]
        return await self._transaction_rows(tenant, named)

    @staticmethod
    def _cypher_steps(steps: Sequence[WriteStep]) -> list[Step]:
        """Shared write steps as this dialect's queries."""
        return [(_SHARED_WRITES[name], dict(params), dict(slots)) for name, params, slots in steps]

    # -- memories --------------------------------------------------------------------------

    def _memory_rows(self, memories: Sequence[Memory]) -> list[dict[str, Any]]:
        rows = []
        for memory in memories:
            props, embedding = memory_props(memory)
            vector = None if embedding is None else self._vector_param(embedding)
            rows.append({"props": props, "embedding": vector})
        return rows

    async def upsert_memories(self, tenant: Tenant, memories: Sequence[Memory]) -> None:
        check_embeddings(memories, self._dimension)
        if memories:
            # One query: the whole batch is written atomically or not at all.
            await self._run(
                tenant, QueryName.UPSERT_MEMORIES, {"rows": self._memory_rows(memories)}
            )

    async def get_memories(
        self, tenant: Tenant, ids: Sequence[str], *, with_embeddings: bool = False
    ) -> list[Memory | None]:
        wanted = _ids(ids)
        unique = list(dict.fromkeys(wanted))
        found: dict[str, Memory] = {}
        for start in range(0, len(unique), _BATCH):
            chunk = unique[start : start + _BATCH]
            rows = await self._run(tenant, QueryName.GET_MEMORIES, {"ids": chunk}, read_only=True)
            vectors: dict[str, list[float]] = {}
            if with_embeddings:
                for row in await self._run(
                    tenant, QueryName.GET_EMBEDDINGS, {"ids": chunk}, read_only=True
                ):
                    # A memory stored without an embedding keeps a vector node without one.
                    if row["embedding"] is not None:
                        vectors[row["id"]] = row["embedding"]
            for row in rows:
                props = row["memory"]
                found[props["id"]] = self._memory_from_props(props, vectors.get(props["id"]))
        return [found.get(i) for i in wanted]

    async def existing_ids(self, tenant: Tenant, ids: Collection[str]) -> frozenset[str]:
        unique = list(dict.fromkeys(_ids(ids)))
        found: set[str] = set()
        for start in range(0, len(unique), _BATCH):
            rows = await self._run(
                tenant,
                QueryName.EXISTING_MEMORY_IDS,
                {"ids": unique[start : start + _BATCH]},
                read_only=True,
            )
            found.update(row["id"] for row in rows)
        return frozenset(found)

    async def delete_memories(self, tenant: Tenant, ids: Sequence[str]) -> list[bool]:
        wanted = _ids(ids)
        rows = await self._run(
            tenant, QueryName.DELETE_MEMORIES, {"ids": list(dict.fromkeys(wanted))}
        )
        deleted = {row["id"] for row in rows}
        return [i in deleted for i in wanted]

    async def recent_memories(
        self, tenant: Tenant, *, limit: int, after: tuple[datetime, str] | None = None
    ) -> list[Memory]:
        check_recent_page(limit)
        cursor = None if after is None else (epoch_us(after[0]), parse_memory_id(after[1]))
        rows = await self._recent_rows(tenant, cursor, limit)
        return [self._memory_from_props(row["memory"]) for row in rows]

    async def _recent_rows(
        self, tenant: Tenant, cursor: tuple[int, str] | None, limit: int
    ) -> list[dict[str, Any]]:
        """Rows of the `limit` newest memories before the (created_at µs, id) cursor."""
        params = {
            "before": None if cursor is None else cursor[0],
            "before_id": None if cursor is None else cursor[1],
            "limit": limit,
        }
        return await self._run(tenant, QueryName.RECENT_MEMORIES, params, read_only=True)

    # -- edges -----------------------------------------------------------------------------

    @staticmethod
    def _claim_step(supersedes: str, successor: Memory, score_factor: float) -> Step:
        """`claim_supersession` of an amendment (`store_amendment`)."""
        params = {
            "id": parse_memory_id(supersedes),
            "successor": successor.id,
            "factor": float(score_factor),
        }
        return (QueryName.CLAIM_SUPERSESSION, params, {})

    @staticmethod
    def _link_steps(edges: Sequence[MemoryEdge]) -> list[WriteStep]:
        """One `link_memories` step per edge type: Cypher names a relationship's type in the
        query text, never as a parameter."""
        by_type: dict[EdgeType, list[dict[str, Any]]] = defaultdict(list)
        for edge in edges:
            by_type[edge.type].append(edge_params(edge))
        return [
            (SharedWrite.LINK_MEMORIES, {"edges": rows}, {"edge_type": edge_type})
            for edge_type, rows in by_type.items()
        ]

    # -- connectivity ----------------------------------------------------------------------

    async def degrees(self, tenant: Tenant, ids: Sequence[str]) -> list[Degrees | None]:
        wanted = _ids(ids)
        unique = list(dict.fromkeys(wanted))
        found: dict[str, Degrees] = {}
        for start in range(0, len(unique), _BATCH):
            rows = await self._run(
                tenant,
                QueryName.DEGREES,
                {
                    "ids": unique[start : start + _BATCH],
                    "causal": _CAUSAL,
                    "supportive": _SUPPORTIVE,
                },
                read_only=True,
            )
            for row in rows:
                found[row["id"]] = Degrees(
                    memory_id=row["id"], kappa=row["kappa"], delta=row["delta"]
                )
        return [found.get(i) for i in wanted]

    async def all_degrees(self, tenant: Tenant) -> list[Degrees]:
        rows = await self._run(
            tenant,
            QueryName.ALL_DEGREES,
            {"causal": _CAUSAL, "supportive": _SUPPORTIVE},
            read_only=True,
        )
        return [Degrees(memory_id=r["id"], kappa=r["kappa"], delta=r["delta"]) for r in rows]

    async def kappa_max(self, tenant: Tenant) -> int:
        rows = await self._run(tenant, QueryName.KAPPA_MAX, {"causal": _CAUSAL}, read_only=True)
        return int(rows[0]["kappa_max"]) if rows else 0

    async def stale_auto_links(
        self, tenant: Tenant, stale_before: datetime, ids: Sequence[str] | None = None
    ) -> dict[str, int]:
        if ids is None:
            rows = await self._run(
                tenant,
                QueryName.ALL_STALE_AUTO_LINKS,
                {"stale_before": epoch_us(stale_before)},
                read_only=True,
            )
        else:
            rows = await self._run(
                tenant,
                QueryName.STALE_AUTO_LINKS,
                {"ids": _ids(ids), "stale_before": epoch_us(stale_before)},
                read_only=True,
            )
        return {r["id"]: int(r["stale"]) for r in rows}

    async def removal_impact(self, tenant: Tenant, memory_id: str) -> list[str]:
        rows = await self._run(
            tenant,
            QueryName.REMOVAL_IMPACT,
            {"id": parse_memory_id(memory_id), "supportive": _SUPPORTIVE},
            read_only=True,
        )
        return [r["id"] for r in rows]

    async def auto_link_inbound(self, tenant: Tenant, ids: Sequence[str]) -> list[int]:
        wanted = _ids(ids)
        rows = await self._run(
            tenant,
            QueryName.AUTO_LINK_INBOUND,
            {"ids": list(dict.fromkeys(wanted))},
            read_only=True,
        )
        counts = {r["id"]: int(r["inbound"]) for r in rows}
        return [counts.get(i, 0) for i in wanted]

    async def all_memories(self, tenant: Tenant) -> list[Memory]:
        rows = await self._run(tenant, QueryName.ALL_MEMORIES, read_only=True)
        return [self._memory_from_props(r["memory"]) for r in rows]

    async def memories_with_status(
        self,
        tenant: Tenant,
        statuses: Collection[MemoryStatus],
        *,
        limit: int = 1000,
        after: tuple[datetime, str] | None = None,
    ) -> list[Memory]:
        check_status_page(limit)
        rows = await self._run(
            tenant,
            QueryName.MEMORIES_WITH_STATUS,
            {
                "statuses": sorted(str(s) for s in statuses),
                "before": None if after is None else epoch_us(after[0]),
                "before_id": None if after is None else parse_memory_id(after[1]),
                "limit": limit,
            },
            read_only=True,
        )
        return [self._memory_from_props(r["memory"]) for r in rows]

    async def forgotten_page(
        self, tenant: Tenant, *, limit: int = MAX_EXPORT_PAGE, after: str | None = None
    ) -> list[ForgottenMemory]:
        check_export_page(limit)
        rows = await self._run(
            tenant,
            QueryName.FORGOTTEN_PAGE,
            {"after": after or "", "limit": limit},
            read_only=True,
        )
        return [forgotten_from_row(r) for r in rows]

    async def delete_forgotten(self, tenant: Tenant, ids: Sequence[str]) -> list[bool]:
        wanted = _ids(ids)
        if not wanted:
            return []
        rows = await self._run(
            tenant, QueryName.DELETE_FORGOTTEN, {"ids": list(dict.fromkeys(wanted))}
        )
        gone = {str(r["id"]) for r in rows}
        return [i in gone for i in wanted]

    async def tombstone_page(
        self, tenant: Tenant, *, limit: int = MAX_EXPORT_PAGE, after: str | None = None
    ) -> list[Tombstone]:
        params = tombstone_page_params(limit, after)
        rows = await self._keyset_page(
            tenant,
            (QueryName.TOMBSTONE_PAGE, QueryName.TOMBSTONE_PAGE_BETWEEN),
            lambda r: str(r["id"]),
            after=params["after"],
            limit=limit,
        )
        return [tombstone_from_row(r) for r in rows]

    async def get_config(self, tenant: Tenant, key: str) -> str | None:
        rows = await self._run(tenant, QueryName.GET_CONFIG, {"key": key}, read_only=True)
        return str(rows[0]["value"]) if rows else None

    # -- export (PortableRepository) -------------------------------------------------------

    async def memory_page(
        self, tenant: Tenant, *, after: str, limit: int, with_embeddings: bool = False
    ) -> list[Memory]:
        check_export_page(limit)
        rows = await self._keyset_page(
            tenant,
            (QueryName.MEMORY_PAGE, QueryName.MEMORY_PAGE_BETWEEN),
            lambda r: str(r["memory"]["id"]),
            after=after,
            limit=limit,
        )
        page = [self._memory_from_props(r["memory"]) for r in rows]
        if not with_embeddings or not page:
            return page
        vectors = {
            r["id"]: r["embedding"]
            for r in await self._run(
                tenant, QueryName.GET_EMBEDDINGS, {"ids": [m.id for m in page]}, read_only=True
            )
            if r["embedding"] is not None
        }
        return [
            m.model_copy(update={"embedding": tuple(float(x) for x in vectors[m.id])})
            if m.id in vectors
            else m
            for m in page
        ]

    async def config_entries(self, tenant: Tenant) -> dict[str, str]:
        rows = await self._run(tenant, QueryName.CONFIG_ENTRIES, read_only=True)
        return {str(r["key"]): str(r["value"]) for r in rows if r["key"] is not None}

    async def clamp_instants(
        self, tenant: Tenant, low: int, high: int, *, dry_run: bool
    ) -> dict[str, int]:
        params = {"low": low, "high": high, "dry_run": dry_run}
        found: dict[str, int] = {}
        for label, name in (
            ("memory", QueryName.CLAMP_MEMORY_INSTANTS),
            ("fact", FactQueryName.CLAMP_FACT_INSTANTS),
        ):
            for row in await self._run(tenant, name, params):
                found[f"{label}.{row['property']}"] = int(row["n"])
        return found

    async def stats(self, tenant: Tenant) -> GraphStats:
        count = await self._run(tenant, QueryName.COUNT_MEMORIES, read_only=True)
        edges = await self._run(tenant, QueryName.COUNT_EDGES_BY_TYPE, read_only=True)
        by_type = {t: 0 for t in EdgeType}
        for row in edges:
            if row["type"] in EdgeType.__members__.values():
                by_type[EdgeType(row["type"])] = int(row["n"])
        return GraphStats(
            memories=int(count[0]["n"]) if count else 0,
            edges=by_type,
            orphans=len(await self.orphans(tenant)),
            kappa_max=await self.kappa_max(tenant),
        )

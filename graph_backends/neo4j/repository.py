"""`GraphRepository` on Neo4j 5: every tenant in one database, told apart by a `tenant`
property on every node and relationship; queries from `cypher/` (dialect `neo4j`) by name.

Every query that touches tenant data declares `$tenant` and matches each node and relationship
on it: the loader scopes the shared text so (`cypher._tenancy`), and `cypher/**/neo4j/` holds
the queries that differ in more than that. `tests/backends/neo4j/test_neo4j_queries.py` checks
it statically and `tests/backends/neo4j/test_neo4j_tenancy.py` by behaviour. Indexes are shared
by all tenants: unique (tenant, id) constraints, full-text and vector indexes (ADR 0007). The
methods every Cypher backend shares come from `graph_backends._cypher`; the fact layer and
recall's reads are mixed in from `neo4j.facts` and `neo4j.recall`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, Mapping, Sequence
from contextlib import asynccontextmanager
from typing import Any, Final, TypeVar

from neo4j import AsyncDriver, AsyncGraphDatabase, AsyncManagedTransaction
from neo4j.exceptions import (
    ConfigurationError,
    DriverError,
    Neo4jError,
    ServiceUnavailable,
    SessionExpired,
)

from cypher import AnyQueryName, Query, QueryError, QueryName, RecallQueryName, load
from graph_backends._common.records import (
    memory_from_props,
)
from graph_backends._common.tenants import tenants_named
from graph_backends._cypher.erasure import CypherErasureMethods
from graph_backends._cypher.idempotency import CypherIdempotencyMethods
from graph_backends._cypher.memories import CypherGraphMethods, Step
from graph_backends._shared.memory_writes import refused_auto_links
from graph_backends.checks import check_dimension, check_leg_k
from graph_backends.config import Neo4jConfig
from graph_backends.conflicts import superseded_already
from graph_backends.errors import BackendError, BackendUnavailable, SchemaMismatch
from graph_backends.neo4j.facts import Neo4jFactsMixin
from graph_backends.neo4j.fulltext import TENANT_PROPERTIES, lucene_query, tenant_term
from graph_backends.neo4j.recall import Neo4jRecallMixin
from graph_backends.protocol import Backend
from schema import (
    EdgeKey,
    EdgeType,
    Memory,
    MemoryEdge,
    NotFound,
    SearchHit,
    Tenant,
    parse_memory_id,
)

log = logging.getLogger(__name__)

DIALECT: Final = "neo4j"
#: The schema `ensure_schema` creates: (query, name of the index it makes). The names are the
#: ones the query files give; an index under another name would never be found ONLINE.
_INDEXES: Final[tuple[tuple[AnyQueryName, str], ...]] = (
    (QueryName.CREATE_MEMORY_ID_INDEX, "retentia_memory_key"),
    (QueryName.CREATE_MEMORY_CREATED_AT_INDEX, "retentia_memory_created_at"),
    (QueryName.CREATE_MEMORY_FULLTEXT_INDEX, "retentia_memory_content"),
    (QueryName.CREATE_MEMORY_VECTOR_ID_INDEX, "retentia_memory_vector_key"),
    (QueryName.CREATE_MEMORY_VECTOR_INDEX, "retentia_memory_vector"),
    (QueryName.CREATE_TOMBSTONE_ID_INDEX, "retentia_tombstone_key"),
    (QueryName.CREATE_FORGOTTEN_ID_INDEX, "retentia_forgotten_key"),
    (QueryName.CREATE_CONFIG_KEY_INDEX, "retentia_config_key"),
    (QueryName.CREATE_MEMORY_STATUS_INDEX, "retentia_memory_status"),
    # Memories of one source session follow each other (recall's neighbouring-turns leg).
    (RecallQueryName.CREATE_MEMORY_SESSION_INDEX, "retentia_memory_session"),
    # Memories by the window their words date them to (recall's temporal leg).
    (RecallQueryName.CREATE_MEMORY_MENTIONED_INDEX, "retentia_memory_mentioned"),
)
_VECTOR_INDEX: Final = "retentia_memory_vector"
#: Nodes deleted per transaction when a tenant is dropped.
_DROP_BATCH: Final = 2000
#: The vector index spans every tenant: ask it for this many times k candidates at first, and
#: four times more each round until k of the tenant's are among them (ADR 0007).
_VECTOR_OVERFETCH: Final = 4
_SCHEMA_TIMEOUT_S: Final = 300.0

_T = TypeVar("_T")


class Neo4jRepository(
    Neo4jFactsMixin,
    Neo4jRecallMixin,
    CypherIdempotencyMethods,
    CypherErasureMethods,
    CypherGraphMethods,
):
    """Neo4j behind the `GraphRepository`, `FactRepository` and `RecallRepository` Protocols;
    see them for the contract."""

    @staticmethod
    def _memory_from_props(
        props: Mapping[str, Any], embedding: list[float] | None = None
    ) -> Memory:
        return memory_from_props(
            {k: v for k, v in props.items() if k not in TENANT_PROPERTIES}, embedding
        )

    def __init__(self, driver: AsyncDriver, *, database: str, vector_dimension: int) -> None:
        self._driver = driver
        self._database = database
        self._dimension = vector_dimension
        # The fact layer's indexes are shared by every tenant: ensured once per process.
        self._fact_schema_ready = False

    @property
    def backend_name(self) -> str:
        return "neo4j"

    # -- plumbing --------------------------------------------------------------------------

    @staticmethod
    def _bind(tenant: Tenant | None, query: Query, params: Mapping[str, Any]) -> dict[str, Any]:
        """The caller's parameters plus the tenant scope the query declares."""
        scoped = dict(params)
        wanted = query.params & {"tenant", "tenant_term"}
        if wanted and tenant is None:
            raise QueryError(f"{query.name} is tenant-scoped and was called without a tenant")
        if tenant is not None and "tenant" in wanted:
            scoped["tenant"] = tenant.key
        if tenant is not None and "tenant_term" in wanted:
            scoped["tenant_term"] = tenant_term(tenant)
        return query.bind(scoped)

    async def _execute(
        self,
        work: Callable[[AsyncManagedTransaction], Awaitable[_T]],
        *,
        read_only: bool,
        what: str,
    ) -> _T:
        """One managed transaction (retried by the driver on transient errors), with driver
        errors translated."""
        try:
            async with self._driver.session(database=self._database) as session:
                if read_only:
                    return await session.execute_read(work)
                return await session.execute_write(work)
        except (ServiceUnavailable, SessionExpired, OSError) as e:
            raise BackendUnavailable(f"Neo4j is unreachable ({e})") from e
        except (Neo4jError, DriverError) as e:
            raise BackendError(f"Neo4j failed {what}: {e}") from e

    async def _run(
        self,
        tenant: Tenant | None,
        name: AnyQueryName,
        params: Mapping[str, Any] | None = None,
        *,
        read_only: bool = False,
        **templates: EdgeType,
    ) -> list[dict[str, Any]]:
        query = load(name, DIALECT)
        text = query.render(**templates)
        bound = self._bind(tenant, query, params or {})

        async def work(tx: AsyncManagedTransaction) -> list[dict[str, Any]]:
            result = await tx.run(text, bound)
            return [record.data() async for record in result]

        scope = f" for tenant {tenant}" if tenant is not None else ""
        return await self._execute(work, read_only=read_only, what=f"query {name}{scope}")

    def _prepare(self, tenant: Tenant, steps: Sequence[Step]) -> list[tuple[str, dict[str, Any]]]:
        prepared = []
        for name, params, templates in steps:
            query = load(name, DIALECT)
            prepared.append((query.render(**templates), self._bind(tenant, query, params)))
        return prepared

    async def _transaction(self, tenant: Tenant, steps: Sequence[Step]) -> None:
        """Several queries in one transaction: all of them commit, or none."""
        prepared = self._prepare(tenant, steps)

        async def work(tx: AsyncManagedTransaction) -> None:
            for text, bound in prepared:
                result = await tx.run(text, bound)
                await result.consume()

        await self._execute(work, read_only=False, what=f"a transaction for tenant {tenant}")

    async def _transaction_rows(
        self, tenant: Tenant, steps: Sequence[Step]
    ) -> list[list[dict[str, Any]]]:
        """`_transaction`, and the rows each query returned."""
        prepared = self._prepare(tenant, steps)

        async def work(tx: AsyncManagedTransaction) -> list[list[dict[str, Any]]]:
            out = []
            for text, bound in prepared:
                result = await tx.run(text, bound)
                out.append([record.data() async for record in result])
            return out

        return await self._execute(work, read_only=False, what=f"a transaction for tenant {tenant}")

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
        """One transaction: the claim first (it write-locks the memory amended before reading
        whether it is superseded, so a concurrent amendment waits for this one to commit and
        then sees its successor), then the store; a refused claim rolls the transaction back."""
        old = parse_memory_id(supersedes)
        ((claim, claim_params),) = self._prepare(
            tenant, [self._claim_step(old, successor, score_factor)]
        )
        steps = self._cypher_steps(
            await self._store_steps(tenant, [successor], edges, auto_link_cap)
        )
        prepared = self._prepare(tenant, steps)

        async def work(tx: AsyncManagedTransaction) -> list[list[dict[str, Any]]]:
            result = await tx.run(claim, claim_params)
            rows = [record.data() async for record in result]
            if not rows:
                raise NotFound("memory", old)
            if not rows[0]["claimed"]:
                raise superseded_already(old, rows[0]["superseded_by"])
            out = []
            for text, bound in prepared:
                result = await tx.run(text, bound)
                out.append([record.data() async for record in result])
            return out

        replies = await self._execute(
            work, read_only=False, what=f"an amendment for tenant {tenant}"
        )
        return refused_auto_links(edges, [n for n, _, _ in steps], replies)

    def fatal_error(self) -> str | None:
        return None  # nothing supervised: a server that is down is unavailable, not fatal

    async def component_sizes(self, tenant: Tenant) -> list[int] | None:
        # Neo4j's graph algorithms are the GDS plugin, which the harness does not bundle:
        # analytics computes the components from edge_page.
        return None

    async def ping(self) -> None:
        text = load(QueryName.PING, DIALECT).render()
        try:
            # An auto-commit query: no retries, so a dead server is reported at once.
            async with self._driver.session(database=self._database) as session:
                result = await session.run(text)
                await result.consume()
        except (Neo4jError, DriverError, OSError) as e:
            raise BackendUnavailable(f"Neo4j is unreachable ({e})") from e

    async def aclose(self) -> None:
        await self._driver.close()

    # -- schema ----------------------------------------------------------------------------

    async def _indexes(self) -> dict[str, dict[str, Any]]:
        rows = await self._run(None, QueryName.LIST_INDEXES, read_only=True)
        return {row["name"]: row for row in rows}

    async def ensure_schema(self, tenant: Tenant) -> None:
        await self._create_indexes(_INDEXES)
        await self._check_dimension(_VECTOR_INDEX)
        await self._run(tenant, QueryName.REGISTER_TENANT)

    async def _create_indexes(self, indexes: Sequence[tuple[AnyQueryName, str]]) -> None:
        """Create each index if missing (IF NOT EXISTS: idempotent and race-free) and wait
        until every one is ONLINE. A query that declares `dimension` makes a vector index."""
        for create, name in indexes:
            wanted = load(create, DIALECT).params
            params = {"dimension": self._dimension} if "dimension" in wanted else {}
            try:
                await self._run(None, create, params)
            except BackendError:
                # IF NOT EXISTS is checked before the write: two first writes creating the
                # same index at once (two tenants', two processes') can see it missing, and the
                # later one fails as already existing. Re-read before failing.
                if name not in await self._indexes():
                    raise
        await self._wait_online([name for _, name in indexes])

    async def _wait_online(self, names: Sequence[str]) -> None:
        deadline = asyncio.get_running_loop().time() + _SCHEMA_TIMEOUT_S
        while True:
            found = await self._indexes()
            states = {name: (found.get(name) or {}).get("state") for name in names}
            failed = [name for name, state in states.items() if state == "FAILED"]
            if failed:
                raise BackendError(f"Neo4j failed to build indexes {failed}; see its debug.log")
            missing = [name for name, state in states.items() if state is None]
            if missing:
                # CREATE … IF NOT EXISTS does nothing when an equivalent index has another name.
                raise SchemaMismatch(
                    f"Neo4j has no index named {missing}: an equivalent index under another "
                    "name probably exists (SHOW INDEXES); drop it and ensure the schema again"
                )
            if all(state == "ONLINE" for state in states.values()):
                return
            if asyncio.get_running_loop().time() > deadline:
                raise BackendError(f"Neo4j indexes never came online: {states}")
            await asyncio.sleep(0.05)

    async def _check_dimension(self, index_name: str) -> None:
        index = (await self._indexes()).get(index_name) or {}
        config = (index.get("options") or {}).get("indexConfig") or {}
        stored = config.get("vector.dimensions")
        if stored is not None and stored != self._dimension:
            raise SchemaMismatch(
                f"the Neo4j database has a vector index {index_name} of dimension {stored} "
                f"(shared by every tenant), but the embedder produces {self._dimension}; "
                "re-embed or use the old embedder"
            )

    async def schema_ready(self, tenant: Tenant) -> bool:
        found = await self._indexes()
        if not all((found.get(name) or {}).get("state") == "ONLINE" for _, name in _INDEXES):
            return False
        return tenant in await self.list_tenants()

    async def list_tenants(self) -> list[Tenant]:
        rows = await self._run(None, QueryName.LIST_TENANTS, read_only=True)
        return tenants_named(str(row["tenant"]) for row in rows)

    async def tenant_exists(self, tenant: Tenant) -> bool:
        (row,) = await self._run(tenant, QueryName.TENANT_REGISTERED, read_only=True)
        return bool(row["registered"])

    async def drop_tenant(self, tenant: Tenant) -> None:
        # In batches, each its own transaction, so dropping a big tenant never needs one
        # transaction as large as the tenant. Repeating it after a failure finishes the job.
        while True:
            rows = await self._run(tenant, QueryName.DROP_TENANT_BATCH, {"batch": _DROP_BATCH})
            if not rows or int(rows[0]["deleted"]) == 0:
                return

    # -- edges -----------------------------------------------------------------------------

    # -- search ----------------------------------------------------------------------------

    async def vector_search(
        self, tenant: Tenant, vector: Sequence[float], k: int
    ) -> list[SearchHit]:
        check_dimension(vector, self._dimension)
        check_leg_k(k)
        # One HNSW index holds every tenant's vectors and Neo4j 5 cannot filter inside it: ask
        # for more neighbours until k of them are this tenant's, or the index returned fewer
        # than asked for (it has no more vectors, so the tenant has no more either). ADR 0007.
        fetch = _VECTOR_OVERFETCH * k
        while True:
            (row,) = await self._run(
                tenant,
                QueryName.VECTOR_SEARCH,
                {"k": fetch, "vector": list(vector)},
                read_only=True,
            )
            hits: list[dict[str, Any]] = row["hits"]
            if len(hits) >= k or int(row["candidates"]) < fetch:
                break
            fetch *= _VECTOR_OVERFETCH
        # Neo4j normalises cosine to (1 + cos) / 2; the Protocol wants the cosine itself.
        ranked = sorted(hits, key=lambda h: (-float(h["similarity"]), h["id"]))
        return [
            SearchHit(memory_id=h["id"], score=2.0 * float(h["similarity"]) - 1.0)
            for h in ranked[:k]
        ]

    async def fulltext_search(self, tenant: Tenant, text: str, k: int) -> list[SearchHit]:
        check_leg_k(k)
        query = lucene_query(text, tenant)
        if query is None:
            return []
        rows = await self._run(
            tenant, QueryName.FULLTEXT_SEARCH, {"query": query, "k": k}, read_only=True
        )
        return [SearchHit(memory_id=r["id"], score=float(r["score"])) for r in rows]


@asynccontextmanager
async def open_neo4j(config: Neo4jConfig) -> AsyncIterator[Backend]:
    """Connect to a Neo4j 5 server over Bolt; raises `BackendUnavailable` unless it answers."""
    auth = None
    if config.user is not None:
        password = config.password.get_secret_value() if config.password is not None else ""
        auth = (config.user, password)
    try:
        driver = AsyncGraphDatabase.driver(
            config.url,
            auth=auth,
            max_connection_pool_size=config.max_connections,
            # The two-node lookups of link queries are intended cartesian products; performance
            # hints about them would otherwise be logged on every link.
            notifications_disabled_classifications=["PERFORMANCE"],
        )
    except (ConfigurationError, ValueError) as e:
        raise BackendError(f"cannot use the Neo4j URL {config.url!r}: {e}") from e
    repository = Neo4jRepository(
        driver, database=config.database, vector_dimension=config.vector_dimension
    )
    try:
        await repository.ping()
        yield repository
    finally:
        await repository.aclose()

"""Fact-layer and recall reads that are the same Cypher conversation on FalkorDB and Neo4j
(each backend supplies `_run` in its own dialect and tenancy), plus the helpers both use."""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Final

from cypher import FactQueryName, RecallQueryName
from graph_backends._common.fact_records import (
    close_params,
    extraction_from_row,
    extraction_params,
    fact_from_props,
    page_params,
    relation_from_row,
    stored_relation_from_row,
    stored_relation_params,
)
from graph_backends._common.records import (
    dated_within_params,
    epoch_us,
    facets_from_row,
)
from graph_backends._common.restore import restore_facts_through_commit
from graph_backends._cypher.memories import _BATCH, _chunks, _RunsCypher
from graph_backends._shared.fact_writes import FactWriteStep, fact_write_rows
from graph_backends._shared.recall_reads import RecallReadMethods
from graph_backends.checks import (
    check_export_page,
    check_hub_cap,
    check_leg_k,
    check_recent_page,
)
from schema import EdgeType, MemoryFacets, Tenant, parse_memory_id
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
    StoredRelation,
)

Q = FactQueryName
R = RecallQueryName
#: One query of a fact write: its name and parameters.
FactStep = tuple[FactQueryName | RecallQueryName, dict[str, Any]]
#: Embeddings are big: fewer of them per query.
_VECTOR_BATCH = 200
#: Each fact write step's query (the fact layer's, and recall's embeddings).
_FACT_WRITE_QUERIES: Final[dict[FactWriteStep, FactQueryName | RecallQueryName]] = {
    kind: RecallQueryName.WRITE_FACT_VECTORS
    if kind is FactWriteStep.WRITE_FACT_VECTORS
    else FactQueryName(kind.value)
    for kind in FactWriteStep
}


class _FactRunsCypher(_RunsCypher):
    @staticmethod
    def _fact_from_props(props: Mapping[str, Any]) -> Fact:
        """A fact from its stored properties; a backend storing more (Neo4j's tenant) drops
        it here."""
        return fact_from_props(props)

    if TYPE_CHECKING:  # provided by each backend

        async def ensure_fact_schema(self, tenant: Tenant) -> None: ...

        async def commit_facts(
            self,
            tenant: Tenant,
            *,
            keys: Collection[str],
            fingerprints: Collection[str],
            now: datetime,
            plan: Callable[[FactSnapshot], FactWrite],
        ) -> FactWrite: ...


class CypherFactMethods(_FactRunsCypher):
    """`FactRepository` methods shared by the Cypher backends."""

    def _write_steps(self, write: FactWrite) -> list[FactStep]:
        """The queries that apply one planned write, in order (`fact_write_rows`), each in
        batches of `rows`."""
        steps: list[FactStep] = []
        for kind, rows in fact_write_rows(write, self._vector_param):
            if kind is FactWriteStep.INSERT_FACTS:  # the query sets each node from one map
                rows = [{"props": props} for props in rows]
            size = _VECTOR_BATCH if kind is FactWriteStep.WRITE_FACT_VECTORS else _BATCH
            steps += [(_FACT_WRITE_QUERIES[kind], {"rows": list(c)}) for c in _chunks(rows, size)]
        return steps

    async def get_facts(self, tenant: Tenant, ids: Sequence[str]) -> list[Fact | None]:
        if not ids:
            return []
        rows = await self._run(tenant, Q.GET_FACTS, {"ids": list(ids)}, read_only=True)
        found = {r["id"]: self._fact_from_props(r["props"]) for r in rows if r["props"] is not None}
        return [found.get(i) for i in ids]

    async def find_facts(self, tenant: Tenant, query: FactQuery) -> list[Fact]:
        params: dict[str, Any] = {
            "states": None if query.states is None else [str(s) for s in query.states],
            "at": epoch_us(query.at),
            "start": epoch_us(query.start),
            "end": epoch_us(query.end),
        }
        params |= page_params(query)
        params |= {"subject": query.subject, "predicate": query.predicate}
        if query.entity is not None:
            params["entity"] = query.entity
            rows = await self._run(tenant, Q.FACTS_OF_ENTITY, params, read_only=True)
            return [self._fact_from_props(r["props"]) for r in rows]
        # A subject anchors the read on its index (find_facts's optional filter cannot).
        name = Q.FIND_FACTS if query.subject is None else Q.FIND_SUBJECT_FACTS
        rows = await self._run(tenant, name, params, read_only=True)
        return [self._fact_from_props(r["props"]) for r in rows]

    async def active_state_facts(self, tenant: Tenant) -> list[Fact]:
        rows = await self._run(tenant, Q.ACTIVE_STATE_FACTS, read_only=True)
        return [self._fact_from_props(r["props"]) for r in rows]

    async def close_facts(self, tenant: Tenant, closes: Sequence[Close]) -> int:
        changed = 0
        for chunk in _chunks(closes):
            rows = await self._run(
                tenant, Q.CLOSE_FACTS, {"rows": [close_params(c) for c in chunk]}
            )
            changed += int(rows[0]["n"]) if rows else 0
        return changed

    async def get_entities(self, tenant: Tenant, ids: Sequence[str]) -> list[Entity | None]:
        if not ids:
            return []
        rows = await self._run(tenant, Q.GET_ENTITIES, {"ids": list(ids)}, read_only=True)
        found = {
            r["id"]: Entity(id=r["id"], name=r["name"], key=r["key"])
            for r in rows
            if r["key"] is not None
        }
        return [found.get(i) for i in ids]

    async def open_relations(self, tenant: Tenant, now: datetime) -> list[Relation]:
        rows = await self._run(tenant, Q.OPEN_RELATIONS, {"now": epoch_us(now)}, read_only=True)
        return [relation_from_row(r) for r in rows]

    async def acquire_lease(
        self, tenant: Tenant, name: str, owner: str, now: datetime, ttl: timedelta
    ) -> bool:
        await self.ensure_fact_schema(tenant)
        rows = await self._run(
            tenant,
            Q.ACQUIRE_LEASE,
            {"name": name, "owner": owner, "now": epoch_us(now), "until": epoch_us(now + ttl)},
        )
        return bool(rows)

    async def release_lease(self, tenant: Tenant, name: str, owner: str) -> None:
        await self._run(tenant, Q.RELEASE_LEASE, {"name": name, "owner": owner})

    async def record_extractions(self, tenant: Tenant, records: Sequence[ExtractionRecord]) -> None:
        if records:
            await self.ensure_fact_schema(tenant)
            await self._run(
                tenant, Q.RECORD_EXTRACTION, {"rows": [extraction_params(r) for r in records]}
            )

    async def get_extractions(
        self, tenant: Tenant, memory_ids: Sequence[str]
    ) -> list[ExtractionRecord | None]:
        if not memory_ids:
            return []
        rows = await self._run(tenant, Q.GET_EXTRACTIONS, {"ids": list(memory_ids)}, read_only=True)
        found: Mapping[str, ExtractionRecord | None] = {
            r["id"]: extraction_from_row(r) for r in rows
        }
        return [found.get(i) for i in memory_ids]

    # -- export and restore (PortableRepository) -------------------------------------------

    async def entity_page(self, tenant: Tenant, *, after: str, limit: int) -> list[Entity]:
        check_export_page(limit)
        rows = await self._keyset_page(
            tenant,
            (Q.ENTITY_PAGE, Q.ENTITY_PAGE_BETWEEN),
            lambda r: str(r["id"]),
            after=after,
            limit=limit,
        )
        return [Entity(id=r["id"], name=r["name"], key=r["key"]) for r in rows]

    async def holds_facts(self, tenant: Tenant) -> bool:
        return bool(await self._run(tenant, Q.HOLDS_FACTS, read_only=True))

    async def fact_page(self, tenant: Tenant, *, after: str, limit: int) -> list[Fact]:
        check_export_page(limit)
        rows = await self._keyset_page(
            tenant,
            (Q.FACT_PAGE, Q.FACT_PAGE_BETWEEN),
            lambda r: str(r["props"]["id"]),
            after=after,
            limit=limit,
        )
        return [self._fact_from_props(r["props"]) for r in rows]

    async def relations_from(self, tenant: Tenant, ids: Sequence[str]) -> list[StoredRelation]:
        found: list[StoredRelation] = []
        for chunk in _chunks(list(dict.fromkeys(ids))):
            rows = await self._run(tenant, Q.RELATIONS_FROM, {"ids": list(chunk)}, read_only=True)
            found.extend(stored_relation_from_row(r) for r in rows)
        return found

    async def restore_entities(self, tenant: Tenant, entities: Sequence[Entity]) -> None:
        if not entities:
            return
        await self.ensure_fact_schema(tenant)
        for chunk in _chunks(entities):
            rows = [{"id": e.id, "name": e.name, "key": e.key} for e in chunk]
            await self._run(tenant, Q.MERGE_ENTITIES, {"rows": rows})

    async def restore_facts(
        self, tenant: Tenant, facts: Sequence[Fact], vectors: Mapping[str, Sequence[float]]
    ) -> None:
        now = max((f.recorded_at for f in facts), default=None)
        if now is not None:
            await restore_facts_through_commit(self, tenant, facts, vectors, now)  # type: ignore[arg-type]

    async def restore_relations(self, tenant: Tenant, relations: Sequence[StoredRelation]) -> None:
        if not relations:
            return
        await self.ensure_fact_schema(tenant)
        for chunk in _chunks(relations):
            rows = [stored_relation_params(r) for r in chunk]
            await self._run(tenant, Q.RESTORE_RELATIONS, {"rows": rows})


class CypherRecallMethods(_FactRunsCypher, RecallReadMethods):
    """`RecallRepository` methods shared by the Cypher backends."""

    _dimension: int

    if TYPE_CHECKING:  # provided by each backend that keeps this method (FalkorDB ranks by
        # BM25 term by term instead: graph_backends/falkordb/term_search.py)

        @staticmethod
        def _fact_text_query(text: str, tenant: Tenant) -> str | None:
            """The full-text index's query for `text` (None: nothing to search for)."""

    async def fact_fulltext_search(
        self, tenant: Tenant, text: str, at: datetime, k: int
    ) -> list[FactHit]:
        check_leg_k(k)
        query = self._fact_text_query(text, tenant)
        if query is None:
            return []
        rows = await self._run(
            tenant,
            R.FACT_FULLTEXT_SEARCH,
            {"query": query, "k": k, "at": epoch_us(at)},
            read_only=True,
        )
        return [FactHit(r["id"], r["source"], float(r["score"])) for r in rows]

    async def adjacent(
        self, tenant: Tenant, ids: Sequence[str], edge_types: Collection[EdgeType]
    ) -> dict[str, list[str]]:
        if not ids:
            return {}
        wanted = [parse_memory_id(i) for i in ids]
        if len(edge_types) == 1:  # a typed pattern: only that type's edges are walked
            (only,) = edge_types
            rows = await self._run(
                tenant, R.ADJACENT_BY_TYPE, {"ids": wanted}, read_only=True, edge_type=only
            )
        else:
            rows = await self._run(
                tenant,
                R.ADJACENT_MEMORIES,
                {"ids": wanted, "types": sorted(map(str, edge_types))},
                read_only=True,
            )
        return {r["id"]: sorted(r["neighbours"]) for r in rows}

    async def adjacent_around(
        self, tenant: Tenant, ids: Sequence[str], edge_type: EdgeType
    ) -> dict[str, list[str]]:
        if not ids:
            return {}
        rows = await self._run(
            tenant,
            R.ADJACENT_AROUND,
            {"ids": [parse_memory_id(i) for i in ids]},
            read_only=True,
            edge_type=edge_type,
        )
        return {r["id"]: sorted(r["neighbours"]) for r in rows}

    async def memory_facets(self, tenant: Tenant, ids: Sequence[str]) -> dict[str, MemoryFacets]:
        if not ids:
            return {}
        rows = await self._run(
            tenant,
            R.MEMORY_FACETS,
            {"ids": list(dict.fromkeys(parse_memory_id(i) for i in ids))},
            read_only=True,
        )
        return {r["id"]: facets_from_row(r) for r in rows}

    async def memories_dated_within(
        self, tenant: Tenant, start: datetime, end: datetime, *, limit: int
    ) -> list[MemoryFacets]:
        check_recent_page(limit)
        params = dated_within_params(start, end, limit)
        rows = await self._run(tenant, R.MEMORIES_DATED_WITHIN, params, read_only=True)
        return [facets_from_row(r) for r in rows]

    async def memories_mentioning(
        self, tenant: Tenant, names: Collection[str], limit: int, max_mentions: int | None = None
    ) -> list[str]:
        check_leg_k(limit)
        check_hub_cap("max_mentions", max_mentions)
        wanted = sorted({n.strip().lower() for n in names if n.strip()})
        if not wanted:
            return []
        if max_mentions is None:
            params: dict[str, object] = {"names": wanted, "limit": limit}
            rows = await self._run(tenant, R.MEMORIES_MENTIONING, params, read_only=True)
        else:
            params = {
                "names": wanted,
                "limit": limit,
                "max_mentions": max_mentions,
                "over": max_mentions + 1,
            }
            rows = await self._run(tenant, R.MEMORIES_MENTIONING_CAPPED, params, read_only=True)
        return [r["id"] for r in rows]

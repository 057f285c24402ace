"""The seam one level below the contract: the reads and the write steps every backend runs by
name, each with the same parameters and the same rows in every dialect (`cypher/NAME.cypher`
and `graph_backends/surrealdb/surrealql/NAME.surql`; a test holds the read names to both), and
the runners a backend provides for them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, Protocol

from graph_backends.errors import BackendError
from schema import EdgeType, Tenant


class SharedRead(StrEnum):
    """Reads the shared methods run, by the name of their query file in every dialect."""

    #: One breadth-first hop: rows `{"id"}` of the memories adjacent to `frontier` over `types`
    #: in `direction`.
    TRAVERSE_HOP = "traverse_hop"
    #: The edges of `types` touching a traversal page (`page`), their other end among `ids`:
    #: edge rows (`graph_backends._common.records.edge_from_row`).
    PAGE_EDGES = "page_edges"
    #: Edge rows of every edge touching memory `id`.
    INCIDENT_EDGES = "incident_edges"
    #: Rows `{"id"}` of the memories without a `supportive` edge.
    ORPHANS = "orphans"
    #: Rows `{"id", "neighbours"}`: each connected memory's neighbours over `supportive` edges.
    SUPPORTIVE_NEIGHBOURS = "supportive_neighbours"
    #: The edges of `types` whose two ends are both among `ids`: edge rows.
    INDUCED_EDGES = "induced_edges"
    #: Rows `{"id", "similarity"}`: the cosine of each memory of `ids` to `vector`.
    MEMORY_SIMILARITIES = "memory_similarities"
    #: Rows `{"session", "id"}`: the newest memory of each of `sessions` (id None: none).
    LAST_IN_SESSIONS = "last_in_sessions"
    #: Rows `{"id", "hops"}` (`graph_backends._common.entity_reach`).
    MEMORIES_ABOUT_ENTITIES = "memories_about_entities"
    #: Rows `{"id", "facts"}`: each memory of `ids` and the stored properties of the facts it
    #: asserts (SurrealDB lists a memory asserting none with an empty list; Cypher leaves it out).
    FACTS_OF_MEMORIES = "facts_of_memories"
    #: Rows `{"i", "id", "created_at"}`: the turn each of `turns` follows in its session (no
    #: row, or id None, where it follows none).
    PREVIOUS_IN_SESSIONS = "previous_in_sessions"
    #: Rows `{"i", "id", "created_at"}`: the turn that follows each of `turns` in its session.
    NEXT_IN_SESSIONS = "next_in_sessions"
    #: Edge rows of one export page (`graph_backends._common.export.edge_page_params`).
    EDGE_PAGE = "edge_page"
    #: Edge rows of the edges of `types` leaving the memories of `ids`.
    EDGES_FROM = "edges_from"
    #: Rows of the forgotten records of `ids` (`graph_backends._common.records.forgotten_from_row`).
    GET_FORGOTTEN = "get_forgotten"
    #: Rows of the tombstones of `ids` (`graph_backends._common.records.tombstone_from_row`).
    GET_TOMBSTONES = "get_tombstones"


class SharedWrite(StrEnum):
    """Write steps the shared methods run, by the name of their query file in every dialect."""

    #: No rows: writes `rows` (each a memory's stored properties and embedding, packed by the
    #: backend's `_memory_rows`).
    UPSERT_MEMORIES = "upsert_memories"
    #: Writes `edges` (`graph_backends._common.records.edge_params`), packed by the backend's
    #: `_link_steps` (Cypher: one step per edge type, named in the step's slots).
    LINK_MEMORIES = "link_memories"
    #: Rows `{"source", "target"}` of the edges of `targets` written while their target had
    #: fewer than `cap` auto-links.
    LINK_AUTO_MEMORIES = "link_auto_memories"
    #: An amendment's claim on memory `id` for `successor` (score × `factor`); what it returns
    #: and how it refuses differ by backend (`store_amendment`).
    CLAIM_SUPERSESSION = "claim_supersession"
    #: Writes the forgotten records `rows` (`graph_backends._common.records.forgotten_params`).
    WRITE_FORGOTTEN = "write_forgotten"
    #: Writes the tombstones `rows` (`graph_backends._common.records.tombstone_params`).
    WRITE_TOMBSTONES = "write_tombstones"
    #: Sets the tenant's configuration entry `key` to `value`.
    PUT_CONFIG = "put_config"
    #: One row `{"n"}`: how many of the memories of `rows` (`{"id", "embedding"}`) exist, their
    #: embedding replaced.
    REPLACE_MEMORY_VECTORS = "replace_memory_vectors"
    #: One row `{"n"}`: how many of the facts of `rows` (`{"id", "embedding"}`) exist, their
    #: embedding replaced.
    REPLACE_FACT_VECTORS = "replace_fact_vectors"

    #: Rows `{"source", "target", "type"}` of the edges of `edges` that existed (now removed).
    UNLINK_MEMORIES = "unlink_memories"
    #: Rows `{"id"}` of the memories of `rows` (`{"id", "props"}`) that exist, updated in place.
    UPDATE_MEMORIES = "update_memories"
    #: Rows `{"id"}` of the memories of `revive` that moved from status `from` to `to`, after
    #: counting the cascades of `reached` at `now`.
    RECORD_CASCADE = "record_cascade"
    #: One row `{"validated"}`: the (memory, edge) pairs of `ids`' auto-links marked at `now`.
    VALIDATE_AUTO_LINKS = "validate_auto_links"


#: One atomic write step: a shared write by name, its parameters, and the edge type its query
#: text names where a dialect cannot take one as a parameter (Cypher's `link_memories`).
WriteStep = tuple[SharedWrite, Mapping[str, Any], Mapping[str, EdgeType]]


class MissingEnd(BackendError):
    """A write step found an edge's end missing (deleted after the write checked it) and the
    transaction wrote nothing; a backend whose edges need their ends raises it."""


class RunsNamedReads(Protocol):
    async def _read_rows(
        self, tenant: Tenant, name: SharedRead, params: Mapping[str, Any]
    ) -> list[dict[str, Any]]:
        """The rows of the named read in this backend's dialect, scoped to the tenant (none for
        a tenant that does not exist; the read creates nothing)."""

    @staticmethod
    def _vector_param(vector: Sequence[float]) -> Any:
        """A vector (a query's, or one to store) as this backend's driver sends it."""


class RunsWriteSteps(Protocol):
    async def _write_rows(
        self, tenant: Tenant, steps: Sequence[WriteStep], *, none_without_schema: bool = False
    ) -> list[list[dict[str, Any]]]:
        """Run `steps` in order in one transaction (all of them commit, or none) in this
        backend's dialect, scoped to the tenant; the rows of each step. With
        `none_without_schema`, a tenant whose schema was never ensured writes nothing and each
        step has no rows (without it, a backend that can tell refuses the write)."""

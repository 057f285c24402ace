"""The seam one level below the contract: the reads every backend runs by name, each with the
same parameters and the same rows in every dialect (`cypher/NAME.cypher` and
`graph_backends/surrealdb/surrealql/NAME.surql`; a test holds the names to both), and the
runner a backend provides for them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any, Protocol

from schema import Tenant


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


class RunsNamedReads(Protocol):
    async def _read_rows(
        self, tenant: Tenant, name: SharedRead, params: Mapping[str, Any]
    ) -> list[dict[str, Any]]:
        """The rows of the named read in this backend's dialect, scoped to the tenant (none for
        a tenant that does not exist; the read creates nothing)."""

    @staticmethod
    def _vector_param(vector: Sequence[float]) -> Any:
        """A vector (a query's, or one to store) as this backend's driver sends it."""

"""Promoting a private memory to the org together with a choice for its links to private
memories: keep them, promote the linked memories too (one level: those without further private
links), or delete the links. A dry run reports what would happen and writes nothing."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from schema import (
    EdgeKey,
    InvalidInput,
    Memory,
    MemoryEdge,
    NotFound,
    Tenant,
    Visibility,
    parse_memory_id,
)
from service.usecases.memories import MemoryService

LinkAction = Literal["keep_private", "promote_all", "delete_links"]


@dataclass(frozen=True, slots=True)
class PrivateLink:
    """An edge between the promoted memory and a private one."""

    edge: MemoryEdge
    linked: Memory


@dataclass(frozen=True, slots=True)
class Promotion:
    memory: Memory
    #: The memory first, then the linked memories promoted with it (`promote_all`).
    promoted: tuple[Memory, ...]
    deleted: tuple[PrivateLink, ...]
    preserved: tuple[PrivateLink, ...]
    #: Linked memories `promote_all` left private: they have further private links.
    skipped: tuple[Memory, ...]


class PromotionService:
    """Promotes private memories to the org with a choice for their private links."""

    def __init__(self, memories: MemoryService) -> None:
        self._memories = memories

    async def promote_with_links(
        self,
        tenant: Tenant,
        memory_id: str,
        action: LinkAction,
        *,
        dry_run: bool = False,
        field: str = "id",
    ) -> Promotion:
        """Promote `memory_id` to the org, doing `action` to its private links. `field` names the
        argument that carried the id, in the errors."""
        memories = self._memories
        (node,) = await memories.get(tenant, [parse_memory_id(memory_id)])
        if node is None:
            raise NotFound("memory", memory_id)
        if node.visibility is Visibility.ORG:
            raise InvalidInput(field, f"memory {node.id} is org-visible already")
        edges = await memories.repository.incident_edges(tenant, node.id)

        def other_end(e: MemoryEdge) -> str:
            return e.target if e.source == node.id else e.source

        found = {
            m.id: m
            for m in await memories.get(tenant, sorted({other_end(e) for e in edges}))
            if m is not None
        }
        crossing = [
            PrivateLink(e, other)
            for e in edges
            if (other := found.get(other_end(e))) is not None
            and other.visibility is Visibility.PRIVATE
        ]
        promoted = [node]
        skipped: list[Memory] = []
        if action == "promote_all":
            for linked in dict.fromkeys(link.linked.id for link in crossing):
                further = await memories.repository.incident_edges(tenant, linked)
                ends = {e.target if e.source == linked else e.source for e in further} - {node.id}
                private = [m for m in await memories.get(tenant, sorted(ends)) if m is not None]
                if any(m.visibility is Visibility.PRIVATE for m in private):
                    skipped.append(found[linked])
                else:
                    promoted.append(found[linked])
        if not dry_run:
            if action == "delete_links":
                await memories.unlink(
                    tenant,
                    [
                        EdgeKey(source=c.edge.source, target=c.edge.target, type=c.edge.type)
                        for c in crossing
                    ],
                )
            await memories.promote_to_org(tenant, [m.id for m in promoted])
        return Promotion(
            memory=node,
            promoted=tuple(promoted),
            deleted=tuple(crossing) if action == "delete_links" else (),
            preserved=tuple(crossing) if action == "keep_private" else (),
            skipped=tuple(skipped),
        )

"""Writes a small Graphiti graph with Graphiti's own node and edge writes, as
`retentia import --from graphiti` reads it.

Run by tests/integration/test_import_graphiti.py in Graphiti's own virtual environment (its
pinned version in requirements.txt): `python write.py URL GRAPH`, URL a FalkorDB server's
(redis://host:port) or a Neo4j's (bolt://host:port), GRAPH the graph or database. Offline: no
LLM and no embedder service — the nodes and edges an ingestion would extract are built here
and saved with `save(driver)`, embeddings from a deterministic local function. Two episodes
about Alice's job: the first fact (WORKS_AT Acme) is invalidated by the second (WORKS_AT
Globex)."""

from __future__ import annotations

import asyncio
import hashlib
import os
import sys
from datetime import UTC, datetime

os.environ["GRAPHITI_TELEMETRY_ENABLED"] = "false"

from graphiti_core.driver.driver import GraphDriver
from graphiti_core.driver.falkordb_driver import FalkorDriver
from graphiti_core.driver.neo4j_driver import Neo4jDriver
from graphiti_core.edges import EntityEdge, EpisodicEdge
from graphiti_core.nodes import EntityNode, EpisodeType, EpisodicNode

GROUP = "team"


def vector(text: str) -> list[float]:
    """A deterministic embedding: Graphiti stores one per name and fact, not a good one."""
    return [b / 255 for b in hashlib.sha256(text.encode()).digest()[:16]]


def connect(url: str, graph: str) -> GraphDriver:
    if url.startswith("bolt://"):
        return Neo4jDriver(url, None, None, database=graph)
    host, port = url.removeprefix("redis://").split(":")
    return FalkorDriver(host=host, port=int(port), database=graph)


async def main(url: str, graph: str) -> None:
    driver = connect(url, graph)
    joined = datetime(2024, 3, 1, 9, 0, tzinfo=UTC)
    moved = datetime(2025, 1, 15, 9, 0, tzinfo=UTC)
    first = EpisodicNode(
        name="standup-2024-03-01",
        group_id=GROUP,
        source=EpisodeType.message,
        source_description="team chat",
        content="Alice joined Acme as a data engineer.",
        valid_at=joined,
    )
    second = EpisodicNode(
        name="standup-2025-01-15",
        group_id=GROUP,
        source=EpisodeType.message,
        source_description="team chat",
        content="Alice left Acme and now works at Globex.",
        valid_at=moved,
    )
    people = {
        name: EntityNode(
            name=name,
            group_id=GROUP,
            labels=["Entity", label],
            summary=summary,
            name_embedding=vector(name),
        )
        for name, label, summary in (
            ("Alice", "Person", "Alice is a data engineer."),
            ("Acme", "Organization", ""),
            ("Globex", "Organization", ""),
        )
    }
    acme = EntityEdge(
        source_node_uuid=people["Alice"].uuid,
        target_node_uuid=people["Acme"].uuid,
        name="WORKS_AT",
        fact="Alice works at Acme",
        fact_embedding=vector("Alice works at Acme"),
        group_id=GROUP,
        episodes=[first.uuid, second.uuid],
        created_at=joined,
        valid_at=joined,
        invalid_at=moved,
        expired_at=moved,
    )
    globex = EntityEdge(
        source_node_uuid=people["Alice"].uuid,
        target_node_uuid=people["Globex"].uuid,
        name="WORKS_AT",
        fact="Alice works at Globex",
        fact_embedding=vector("Alice works at Globex"),
        group_id=GROUP,
        episodes=[second.uuid],
        created_at=moved,
        valid_at=moved,
    )
    first.entity_edges = [acme.uuid]
    second.entity_edges = [acme.uuid, globex.uuid]
    for node in (first, second, *people.values()):
        await node.save(driver)
    mentions = [
        (first, "Alice"),
        (first, "Acme"),
        (second, "Alice"),
        (second, "Acme"),
        (second, "Globex"),
    ]
    for episode, name in mentions:
        await EpisodicEdge(
            source_node_uuid=episode.uuid,
            target_node_uuid=people[name].uuid,
            group_id=GROUP,
            created_at=episode.valid_at,
        ).save(driver)
    for edge in (acme, globex):
        await edge.save(driver)
    await driver.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], sys.argv[2]))

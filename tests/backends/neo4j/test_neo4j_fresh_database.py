"""A Neo4j database that never held a tenant: its first requests are reads (a deployment's
first user asks before writing). Neo4j keeps every tenant in one database with global indexes
that the first write creates, so these reads meet no index at all — they must still answer
empty and create nothing. (Before the fix a recall there failed every leg with `RecallFailed`;
the contract suite hid it, because earlier tests had created the indexes.)"""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from devtools import neo4j_server
from graph_backends import GraphRepository, Neo4jConfig, open_backend
from tests.conftest import DIMENSION
from tests.contract.test_reads_create_nothing import (
    reads_of_a_tenant_never_written_create_nothing,
)

pytestmark = pytest.mark.fact_layer


@pytest.fixture(scope="module")
def fresh_neo4j(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A Neo4j of its own, started empty for this module."""
    server = neo4j_server.start(Path(tmp_path_factory.mktemp("neo4j-fresh")))
    try:
        yield server.url
    finally:
        server.stop()


@pytest.fixture
async def fresh(fresh_neo4j: str) -> AsyncIterator[GraphRepository]:
    async with open_backend(Neo4jConfig(url=fresh_neo4j, vector_dimension=DIMENSION)) as opened:
        yield opened


async def test_reads_before_any_write_answer_empty_and_create_nothing(
    fresh: GraphRepository,
) -> None:
    await reads_of_a_tenant_never_written_create_nothing(fresh)

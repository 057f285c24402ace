"""Every read the shared repository methods run by name (`SharedRead`) is a query of every
dialect, with the same parameters: the seam below `graph_backends._shared` holds for Cypher
(FalkorDB, Neo4j) and SurrealQL alike."""

from __future__ import annotations

import pytest

import cypher
from graph_backends._shared.seam import SharedRead
from graph_backends.surrealdb import surrealql


@pytest.mark.parametrize("name", list(SharedRead))
def test_each_shared_read_is_a_query_of_every_dialect_with_the_same_params(
    name: SharedRead,
) -> None:
    """A shared read loads in each dialect (Neo4j's tenant scope aside) and declares the same
    parameters, so one method body can call it on any backend."""
    (query,) = [
        q
        for family in (cypher.QueryName, cypher.RecallQueryName)
        for q in family
        if q.value == name.value
    ]
    shared = cypher.load(query)
    neo4j = cypher.load(query, "neo4j")
    surreal = surrealql.load(surrealql.QueryName(name.value))
    assert shared.params == surreal.params
    assert neo4j.params - {"tenant", "tenant_term"} == shared.params

"""Every read and write step the shared repository methods run by name (`SharedRead`,
`SharedWrite`) is a query of every dialect, with the same parameters: the seam below
`graph_backends._shared` holds for Cypher (FalkorDB, Neo4j) and SurrealQL alike."""

from __future__ import annotations

import pytest

import cypher
from graph_backends._shared.seam import SharedRead, SharedWrite
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


@pytest.mark.parametrize("name", list(SharedWrite))
def test_each_shared_write_step_is_a_query_of_every_dialect_with_the_same_params(
    name: SharedWrite,
) -> None:
    """A shared write step loads in each dialect and declares the same parameters, so the
    shared write methods (`graph_backends._shared.memory_writes`) can name it on any backend."""
    (query,) = [
        q
        for family in (cypher.QueryName, cypher.RecallQueryName, cypher.FactQueryName)
        for q in family
        if q.value == name.value
    ]
    shared = cypher.load(query)
    neo4j = cypher.load(query, "neo4j")
    surreal = surrealql.load(surrealql.QueryName(name.value))
    assert shared.params == surreal.params
    assert neo4j.params - {"tenant", "tenant_term"} == shared.params

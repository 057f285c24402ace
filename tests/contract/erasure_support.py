"""What the erasure and delete-rule contract tests share: the use cases as `compose` wires them
(over the hashing embedder and a clock the test moves), and everything a backend stores for a
tenant, read under the seam, as one text to search for an erased value."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Sequence
from contextlib import asynccontextmanager
from typing import Any

from graph_backends import GraphRepository
from schema import Tenant
from service.compose import UseCases, compose_use_cases
from service.settings import Settings
from service.usecases.memories import StoreRequest
from tests.engine_support import Clock, HashEmbedder


@asynccontextmanager
async def use_cases(
    repository: GraphRepository, tenant: Tenant, clock: Clock
) -> AsyncIterator[UseCases]:
    """Every use case over `repository`, as `retentia serve` composes them (no LLM, no
    webhook), reactivating before each recall answers."""
    # The repository is given: `backend` is named only so that RETENTIA_BACKEND, which selects
    # the test backends, is not read as the service's own setting.
    settings = Settings(backend="falkordb", llm_model=None, webhook_url=None)
    async with compose_use_cases(settings, repository, HashEmbedder(), tenant, clock=clock) as uses:
        yield uses


def fact(subject: str, predicate: str, obj: str, **extra: Any) -> dict[str, Any]:
    return {"subject": subject, "predicate": predicate, "object": obj, **extra}


async def store(
    uses: UseCases,
    tenant: Tenant,
    content: str,
    facts: Sequence[dict[str, Any]] = (),
    *,
    key: str | None = None,
    **fields: Any,
) -> str:
    """Store a memory with its facts (their source: the memory) as a surface does; its id."""
    stored = await uses.writes.store(
        tenant, StoreRequest(content=content, **fields), list(facts), key=key
    )
    assert stored.facts.given is None or stored.facts.given.errors == 0, stored.facts.given
    return stored.result.memory.id


async def stored_text(repository: GraphRepository, tenant: Tenant) -> str:
    """Every property of every node and edge the engine holds for the tenant, lower-cased:
    what no erased value may be part of (asked under the seam, not through the repository)."""
    from graph_backends.falkordb.repository import FalkorRepository
    from graph_backends.neo4j.repository import Neo4jRepository
    from graph_backends.surrealdb.repository import SurrealRepository

    found: list[Any] = []
    if isinstance(repository, FalkorRepository):
        graph = repository._db.select_graph(tenant.key)
        for query in ("MATCH (n) RETURN properties(n)", "MATCH ()-[r]->() RETURN properties(r)"):
            found += (await graph.ro_query(query)).result_set
    elif isinstance(repository, Neo4jRepository):
        async with repository._driver.session(database=repository._database) as session:
            result = await session.run(
                "MATCH (n) WHERE n.tenant = $t RETURN properties(n) AS p "
                "UNION ALL MATCH ()-[r]->() WHERE r.tenant = $t RETURN properties(r) AS p",
                t=tenant.key,
            )
            found += [record["p"] async for record in result]
    elif isinstance(repository, SurrealRepository):
        where = {"ns": tenant.org, "db": tenant.project}
        _, info = await repository._client.run("USE NS $ns DB $db; INFO FOR DB", where)
        for table in info.value["tables"]:
            outcomes = await repository._client.run(
                "USE NS $ns DB $db; SELECT * FROM type::table($t)", {**where, "t": table}
            )
            found += [table, outcomes[-1].value]
    else:
        raise AssertionError(f"no dump for {repository.backend_name}")
    return json.dumps(found, default=str).lower()

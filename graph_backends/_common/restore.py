"""`restore_facts` on backends whose atomic fact write serves it: the facts go through
`commit_facts` with a plan that decides nothing."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from graph_backends.protocol import FactRepository
from schema import Tenant
from schema.facts import Fact, FactWrite


def verbatim_fact_write(facts: Sequence[Fact], vectors: Mapping[str, Sequence[float]]) -> FactWrite:
    """The one fact write a restore makes: the facts inserted as they are, nothing closed."""
    return FactWrite(
        inserts=list(facts),
        vectors={i: tuple(v) for i, v in vectors.items()},
    )


async def restore_facts_through_commit(
    store: FactRepository,
    tenant: Tenant,
    facts: Sequence[Fact],
    vectors: Mapping[str, Sequence[float]],
    now: datetime,
) -> None:
    """`restore_facts` as the backend's atomic fact write with a plan that decides nothing."""
    if not facts:
        return
    write = verbatim_fact_write(facts, vectors)
    await store.commit_facts(tenant, keys=(), fingerprints=(), now=now, plan=lambda _: write)

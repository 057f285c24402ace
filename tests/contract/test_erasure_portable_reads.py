"""After an erase, the reads that carry a whole project out — the NDJSON export (what a backup
or a migration takes), GraphML and the analytics report — hold nothing of the subject either,
on every backend (issue 21: "no read of any kind … export … analytics returns any of it")."""

from __future__ import annotations

import dataclasses
import json

import pytest

from graph_backends import GraphRepository
from schema import Tenant
from service.compose import UseCases
from tests.contract.erasure_support import use_cases
from tests.contract.test_erasure import ERASED, history
from tests.engine_support import Clock

pytestmark = pytest.mark.fact_layer


async def _carried_out(uses: UseCases, tenant: Tenant) -> str:
    """Everything the export (every record), GraphML and the analytics report say about the
    project, as one lower-case text."""
    parts = [text async for text in await uses.exports.ndjson(tenant, embeddings=False)]
    parts += [text async for text in await uses.exports.graphml(tenant)]
    report = await uses.analytics.report(tenant)
    parts.append(json.dumps(dataclasses.asdict(report), default=str))
    return "\n".join(parts).lower()


async def test_export_graphml_and_analytics_hold_nothing_of_an_erased_subject(
    repository: GraphRepository, tenant: Tenant
) -> None:
    clock = Clock()
    async with use_cases(repository, tenant, clock) as uses:
        await history(uses, repository, tenant, clock)
        before = await _carried_out(uses, tenant)
        # The test can fail: before the erase every export names the subject.
        assert [v for v in ERASED if v in before] == list(ERASED)
        clock.advance(minutes=1)
        await uses.erasure.erase_subject(tenant, "Zoe Smith", by="test")
        after = await _carried_out(uses, tenant)
        assert [v for v in ERASED if v in after] == []
        # What had nothing to do with her is still carried out.
        assert "the deploy failed because the disk was full" in after

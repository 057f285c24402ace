"""Erasing a subject under its other names too (docs/adr/0031), on every backend: with
`aliases` the memories and facts naming any of the names go exactly as those naming the main
name, and afterwards no read (recall, search, facts, the export) nor the stored records hold
either; without them, the receipt lists the short forms still named ("Mel" for "Melanie") with
what still names them — and the audit line, which holds no name, does not."""

from __future__ import annotations

import re

import pytest

from graph_backends import GraphRepository
from schema import FactState, InvalidInput, Tenant
from service.compose import UseCases
from service.usecases.erasure import PossibleAlias
from service.usecases.recall import RecallRequest, SearchFilters
from tests.contract.erasure_support import fact, store, stored_text, use_cases
from tests.engine_support import Clock

pytestmark = pytest.mark.fact_layer

#: Either name of the subject, as a word or the start of one.
NAMED = re.compile(r"\bmel", re.IGNORECASE)


async def conversation(uses: UseCases, tenant: Tenant, clock: Clock) -> dict[str, str]:
    """Melanie and Caroline talking, LoCoMo-style: Melanie's turns name her, Caroline calls
    her "Mel" (and writes "me" in lower case, so Melanie's "Me too!" is a word, not a name)."""
    turns: dict[str, tuple[str, list[dict[str, str]]]] = {
        "pottery": (
            "Melanie: I went to a pottery class yesterday",
            [fact("Melanie", "likes", "pottery")],
        ),
        "fun": ("Caroline: That sounds fun, Mel! What did you make?", []),
        "bowl": ("Caroline: Mel, is the clay bowl for your kids?", [fact("Mel", "made", "bowl")]),
        "too": ("Melanie: Me too! I love camping with them", []),
        "trip": ("Caroline: Tell me about the camping trip", []),
        "deploy": ("The deploy failed because the disk was full", []),
    }
    ids = {}
    for name, (content, facts) in turns.items():
        ids[name] = await store(uses, tenant, content, facts, source_session="chat-1")
        clock.advance(minutes=1)
    return ids


async def _exported(uses: UseCases, tenant: Tenant) -> str:
    parts = [text async for text in await uses.exports.ndjson(tenant, embeddings=False)]
    parts += [text async for text in await uses.exports.graphml(tenant)]
    return "\n".join(parts)


async def test_erasing_with_an_alias_leaves_no_read_naming_either(
    repository: GraphRepository, tenant: Tenant
) -> None:
    clock = Clock()
    async with use_cases(repository, tenant, clock) as uses:
        ids = await conversation(uses, tenant, clock)
        # The test can fail: before the erase, both names are read back.
        assert NAMED.findall(await _exported(uses, tenant))
        searched = await uses.recall.search(tenant, "Mel", SearchFilters(), 20)
        assert {ids["fun"], ids["bowl"]} <= {h.memory.id for h in searched.hits}

        receipt = await uses.erasure.erase_subject(tenant, "Melanie", aliases=["Mel"], by="test")

        assert (receipt.memories_deleted, receipt.facts_deleted) == (4, 2)
        assert receipt.possible_aliases == ()
        for query in ("Mel", "Melanie", "pottery", "clay bowl", "what did you make"):
            recalled = await uses.recall.recall(tenant, RecallRequest(query=query, read_only=True))
            searched = await uses.recall.search(tenant, query, SearchFilters(), 50)
            for hit in [*recalled.hits, *searched.hits]:
                assert not NAMED.search(hit.memory.content), hit.memory
        for name in ("Mel", "Melanie"):
            filtered = await uses.recall.search(tenant, "", SearchFilters(entity=name), 50)
            assert filtered.hits == []
            assert await uses.facts.facts(tenant, entity=name, states=list(FactState)) == []
        listed = await uses.recall.search(tenant, "", SearchFilters(), 50)
        assert {h.memory.id for h in listed.hits} == {ids["trip"], ids["deploy"]}
        assert NAMED.findall(await _exported(uses, tenant)) == []
        assert NAMED.findall(await stored_text(repository, tenant)) == []
        # The audit line answers for either name.
        assert [e.id for e in await uses.erasure.erasures(tenant, "mel")] == [receipt.id]
        assert len(receipt.aliases) == 1 and receipt.aliases[0] != receipt.subject


async def test_erasing_without_the_alias_lists_it_in_the_receipt_only(
    repository: GraphRepository, tenant: Tenant
) -> None:
    clock = Clock()
    async with use_cases(repository, tenant, clock) as uses:
        ids = await conversation(uses, tenant, clock)

        receipt = await uses.erasure.erase_subject(tenant, "Melanie", by="test")

        assert (receipt.memories_deleted, receipt.facts_deleted) == (2, 1)
        # "Mel": two memories and a fact still name her; "Me" is a word, "Caroline" another.
        assert receipt.possible_aliases == (PossibleAlias("Mel", memories=2, facts=1),)
        searched = await uses.recall.search(tenant, "Mel", SearchFilters(), 20)
        assert {ids["fun"], ids["bowl"]} <= {h.memory.id for h in searched.hits}
        (line,) = await uses.erasure.erasures(tenant)
        assert line.possible_aliases == () and line.aliases == ()
        assert not NAMED.search(str(line.to_json()))

        again = await uses.erasure.erase_subject(tenant, "Melanie", aliases=["Mel"], by="test")

        assert (again.memories_deleted, again.facts_deleted) == (2, 1)
        assert again.possible_aliases == ()
        assert NAMED.findall(await _exported(uses, tenant)) == []


async def test_an_alias_without_letters_is_refused(
    repository: GraphRepository, tenant: Tenant
) -> None:
    clock = Clock()
    async with use_cases(repository, tenant, clock) as uses:
        await conversation(uses, tenant, clock)
        with pytest.raises(InvalidInput) as refused:
            await uses.erasure.erase_subject(tenant, "Melanie", aliases=["Mel", "?!"], by="test")
        assert refused.value.field == "aliases"
        assert (await uses.memories.stats(tenant)).memories == 6

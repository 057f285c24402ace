"""Facts from memory text by an OpenAI-compatible chat model (the third fact writer).

The model is asked for structured output (a JSON schema); the reply is validated with pydantic
and every fact goes through `apply_facts` like any other writer's. A failure — endpoint down,
malformed reply, invalid fact — is recorded on the memory (`ExtractionRecord`), never lost and
never a failed store.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from schema import Category, Memory, RetentiaError, Tenant
from schema.facts import ExtractionRecord, ExtractionStatus, FactBatchResult, FactWriter
from service.runtime import metrics
from service.usecases.facts import FactService

log = logging.getLogger(__name__)

SYSTEM_PROMPT = (
    "Extract durable facts about people, organisations, places and things from the memory as "
    "subject–predicate–object triples. Use short lowercase predicates such as 'works at', "
    "'lives in', 'likes'. Give each fact a category from the list and a confidence in [0, 1]: "
    "below 0.5 for plans, wishes or hearsay ('thinking about moving'), 0.9 or more for stated "
    "facts. Resolve relative dates against the memory's time and give ISO-8601 instants for "
    "valid_from (when the fact started) and event_time (for appointments and deadlines). "
    "Return an empty list when the memory states no fact."
)


class ExtractedFact(BaseModel):
    model_config = ConfigDict(extra="forbid")

    subject: str
    predicate: str
    object: str
    category: Category = Category.OTHER
    confidence: float = Field(ge=0.0, le=1.0)
    valid_from: datetime | None = None
    event_time: datetime | None = None


class ExtractedFacts(BaseModel):
    model_config = ConfigDict(extra="forbid")

    facts: list[ExtractedFact]


class FactExtractor(Protocol):
    async def extract(self, content: str, at: datetime) -> list[ExtractedFact]:
        """Facts stated in `content`, a memory written at `at`. Raises `ExtractionFailed`."""


class ExtractionFailed(RetentiaError):
    """The model could not be asked, or its answer was not a valid list of facts."""


class LLMFactExtractor:
    def __init__(self, client: Any, model: str) -> None:
        self._client = client
        self._model = model

    async def extract(self, content: str, at: datetime) -> list[ExtractedFact]:
        from openai import OpenAIError

        try:
            response = await self._client.chat.completions.create(
                model=self._model,
                messages=[
                    {"role": "system", "content": SYSTEM_PROMPT},
                    {
                        "role": "user",
                        "content": f"Memory written at {at.isoformat()}:\n{content[:8000]}",
                    },
                ],
                response_format={
                    "type": "json_schema",
                    "json_schema": {
                        "name": "facts",
                        "schema": ExtractedFacts.model_json_schema(),
                    },
                },
            )
        except OpenAIError as e:
            raise ExtractionFailed(f"the extraction endpoint failed: {e}") from e
        text = response.choices[0].message.content or ""
        try:
            return ExtractedFacts.model_validate_json(text).facts
        except ValidationError as e:
            raise ExtractionFailed(
                f"the model's reply is not a valid fact list: {e.errors()[0]['msg']} "
                f"(reply starts {text[:120]!r})"
            ) from e


@dataclass(frozen=True, slots=True)
class MemoryFacts:
    """The facts written for one stored memory: those the writer gave, and those extracted."""

    given: FactBatchResult | None = None
    extracted: FactBatchResult | None = None
    extraction: ExtractionRecord | None = None


class MemoryFactWriter:
    """Writes the facts that come with a stored memory (the second and third writers)."""

    def __init__(self, facts: FactService, extractor: FactExtractor | None = None) -> None:
        self._facts = facts
        self._extractor = extractor

    @property
    def facts(self) -> FactService:
        return self._facts

    async def after_store(
        self, tenant: Tenant, memory: Memory, given: Sequence[Any] = ()
    ) -> MemoryFacts:
        given_result = None
        if given:
            given_result = await self._facts.apply_facts(
                tenant, list(given), FactWriter.MEMORY, source=memory.id
            )
        if self._extractor is None:
            return MemoryFacts(given=given_result)
        extracted, record = await self.extract(tenant, memory)
        return MemoryFacts(given=given_result, extracted=extracted, extraction=record)

    async def extract(
        self, tenant: Tenant, memory: Memory
    ) -> tuple[FactBatchResult | None, ExtractionRecord]:
        assert self._extractor is not None
        # What the memory says is read as of when it was formed (an imported one: its own
        # instant); the record of this run is stamped with the clock.
        at = memory.event_time or memory.created_at
        now = self._facts.now()
        try:
            found = await self._extractor.extract(memory.content, at)
            result = await self._facts.apply_facts(
                tenant,
                [json.loads(f.model_dump_json(exclude_none=True)) for f in found],
                FactWriter.EXTRACTION,
                source=memory.id,
            )
            record = ExtractionRecord(
                memory.id,
                ExtractionStatus.DONE,
                now,
                facts=len(found),
                error=_item_errors(result),
            )
        except ExtractionFailed as e:
            log.warning("fact extraction for memory %s failed: %s", memory.id, e)
            result = None
            record = ExtractionRecord(memory.id, ExtractionStatus.FAILED, now, error=str(e))
        metrics.EXTRACTIONS.labels(str(record.status)).inc()
        await self._facts.repository.record_extractions(tenant, [record])
        return result, record


def _item_errors(result: FactBatchResult) -> str | None:
    reasons = [f"#{r.index} {r.field}: {r.reason}" for r in result.results if r.reason]
    return "; ".join(reasons)[:2000] or None

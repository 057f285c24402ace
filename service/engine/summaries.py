"""Deterministic extractive summaries for consolidation when no LLM endpoint is configured."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Final

from schema import Memory

_SENTENCE_END: Final = re.compile(r"(?<=[.!?])\s+")
#: Longest summary kept (characters); the sources stay available through DERIVED_FROM.
MAX_SUMMARY_CHARS: Final = 1200


def first_sentence(text: str, limit: int = 240) -> str:
    sentence = _SENTENCE_END.split(text.strip(), maxsplit=1)[0]
    return sentence if len(sentence) <= limit else sentence[: limit - 1].rstrip() + "…"


def extractive_summary(entity: str, sources: Sequence[Memory]) -> str:
    """ "About <entity>:" then the first sentence of each source, oldest first, deduplicated."""
    parts: list[str] = []
    for memory in sorted(sources, key=lambda m: (m.created_at, m.id)):
        sentence = first_sentence(memory.content)
        if sentence not in parts:
            parts.append(sentence)
    text = f"About {entity}: " + " · ".join(parts)
    return text if len(text) <= MAX_SUMMARY_CHARS else text[: MAX_SUMMARY_CHARS - 1] + "…"

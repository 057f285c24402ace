"""`possible_conflicts` hints for a writer: a near-duplicate of an existing memory whose numbers
changed, or that negates it. Hints are returned to the writer, never stored as edges.

Both kinds require the two texts to say almost the same thing apart from the difference
(token overlap above `conflict_token_overlap`), on top of a high embedding similarity: the
peer engine flagged 24 % of ordinary conversation turns because similarity alone is not
disagreement.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

_TOKEN: Final = re.compile(r"[a-z]+(?:'[a-z]+)?|\d+(?:[.,]\d+)*")
_NUMBER: Final = re.compile(r"\d+(?:[.,]\d+)*")
NEGATIONS: Final = frozenset(
    {"not", "no", "never", "none", "nobody", "nothing", "neither", "nor", "without", "cannot"}
)
#: Conversational idioms whose negation words negate nothing. On LoCoMo every hint on an
#: ordinary turn was one of these ("no worries", "can't wait", "long time no chat").
IDIOMS: Final = re.compile(
    r"\b(?:no (?:problem|worries|worry|doubt|way)|can(?:'t|not| not) wait|long time no"
    r"|never mind|not bad|(?:haven't|have not) seen you)\b"
)


@dataclass(frozen=True, slots=True)
class Candidate:
    memory_id: str
    content: str
    similarity: float


@dataclass(frozen=True, slots=True)
class ConflictHint:
    memory_id: str
    kind: Literal["changed_number", "negation"]
    similarity: float
    detail: str


def _tokens(text: str) -> list[str]:
    plain = IDIOMS.sub(" ", text.lower().replace("’", "'"))
    return [t.replace("n't", " not").strip() for t in _TOKEN.findall(plain)]


def _words(tokens: Sequence[str]) -> set[str]:
    return {w for t in tokens for w in t.split() if not _NUMBER.fullmatch(w) and w not in NEGATIONS}


def _overlap(a: set[str], b: set[str]) -> float:
    return len(a & b) / len(a | b) if a | b else 0.0


def conflict_hints(
    content: str,
    candidates: Sequence[Candidate],
    *,
    similarity_floor: float,
    token_overlap: float,
) -> list[ConflictHint]:
    """Hints against the candidates (existing memories most similar to `content`)."""
    new_tokens = _tokens(content)
    new_words = _words(new_tokens)
    new_numbers = Counter(_NUMBER.findall(content))
    new_negated = any(w in NEGATIONS for t in new_tokens for w in t.split())
    hints: list[ConflictHint] = []
    for candidate in candidates:
        if candidate.similarity < similarity_floor:
            continue
        old_tokens = _tokens(candidate.content)
        if _overlap(new_words, _words(old_tokens)) < token_overlap:
            continue
        old_numbers = Counter(_NUMBER.findall(candidate.content))
        old_negated = any(w in NEGATIONS for t in old_tokens for w in t.split())
        if new_numbers and old_numbers and new_numbers != old_numbers:
            was = ", ".join(sorted(old_numbers - new_numbers)) or "…"
            now = ", ".join(sorted(new_numbers - old_numbers)) or "…"
            hints.append(
                ConflictHint(
                    candidate.memory_id,
                    "changed_number",
                    candidate.similarity,
                    f"numbers changed: {was} → {now}",
                )
            )
        elif new_negated != old_negated:
            which = "the new memory" if new_negated else "the existing memory"
            hints.append(
                ConflictHint(
                    candidate.memory_id,
                    "negation",
                    candidate.similarity,
                    f"{which} negates an otherwise matching statement",
                )
            )
    return hints

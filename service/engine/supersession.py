"""The one supersession decision every fact writer goes through (docs/design.md §5.1), as a pure
function.

`service.usecases.facts.apply_facts` builds the candidates and runs `plan_batch` inside the
repository's atomic read-decide-write (`FactRepository.commit_facts`). Nothing here reads a clock
or a database.

- Normalisation is one shared function: lowercase, strip punctuation, collapse whitespace.
- The conflict key is the slot (subject, predicate) for single-valued predicates — a
  replace-semantics category or a predicate registered as functional — and the whole triple
  otherwise, so multi-valued facts accumulate.
- A fact whose fingerprint is already recorded is a retried write and is skipped.
- `decide`, against the active facts with the same key: identical content is skipped (an
  idempotent retry) unless the new assertion is confident and the recorded one was not (a
  tentative fact being confirmed); a confident enough fact supersedes the others; a less
  confident one is inserted beside them as a soft conflict. `fact_plan` applies it to triples
  and to tentative facts; a confident fact on a single-valued slot is settled into the slot's
  timeline instead (`service.engine.timeline`), whatever order the slot's facts arrive in.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from typing import Final, Literal

from schema import CATEGORY_POLICIES, Category, Semantics
from schema.facts import effective_at
from service.engine.text import normalise

__all__ = ["effective_at", "normalise"]  # re-exported: the engine's names for the one predicate
#: Confidence a fact needs to supersede, by how its category treats new values.
REPLACE_THRESHOLD: Final = 0.8
ACCUMULATE_THRESHOLD: Final = 0.95

Outcome = Literal["inserted", "superseded", "skipped", "soft_conflict"]


@dataclass(frozen=True, slots=True)
class Triple:
    subject: str
    predicate: str
    object: str

    def normalised(self) -> Triple:
        return Triple(normalise(self.subject), normalise(self.predicate), normalise(self.object))


def single_valued(category: Category, predicate: str, functional: Collection[str]) -> bool:
    """A new value replaces the old one: replace-semantics categories and functional predicates
    (`functional` holds normalised predicates; a frozenset makes the lookup O(1))."""
    return (
        CATEGORY_POLICIES[category].semantics is Semantics.REPLACE
        or normalise(predicate) in functional
    )


@dataclass(frozen=True, slots=True)
class ConflictKey:
    """What a fact competes with among the active facts: its slot (subject, predicate) when the
    predicate holds one value at a time, else its whole triple (multi-valued facts accumulate).
    Built from normalised parts; `encoded` is the form the repositories store and match."""

    subject: str
    predicate: str
    #: None for a slot; the normalised object for a triple.
    object: str | None

    @property
    def is_slot(self) -> bool:
        return self.object is None

    @property
    def encoded(self) -> str:
        parts = (
            ("slot", self.subject, self.predicate)
            if self.object is None
            else ("triple", self.subject, self.predicate, self.object)
        )
        return _SEPARATOR.join(parts)


_SEPARATOR: Final = "\x1f"


def conflict_key(
    triple: Triple,
    category: Category,
    functional: Collection[str],
    *,
    declared: bool | None = None,
) -> ConflictKey:
    """The key of `triple`: a slot when it is single-valued — `declared` by the writer (a fact's
    `functional`), else by its category's semantics or a predicate registered as functional."""
    n = triple.normalised()
    single = declared if declared is not None else single_valued(category, n.predicate, functional)
    return ConflictKey(n.subject, n.predicate, None if single else n.object)


def threshold(category: Category) -> float:
    semantics = CATEGORY_POLICIES[category].semantics
    return ACCUMULATE_THRESHOLD if semantics is Semantics.ACCUMULATE else REPLACE_THRESHOLD


@dataclass(frozen=True, slots=True)
class ActiveFact:
    """What the decision needs to know of an active fact with the same conflict key."""

    id: str
    triple: Triple
    confidence: float = 1.0


@dataclass(frozen=True, slots=True)
class Decision:
    outcome: Outcome
    #: Active facts the new one closes (superseded) or stands beside (soft conflict).
    others: tuple[str, ...]
    #: For `skipped`: the identical active fact.
    existing: str | None = None


def decide(
    new: Triple, confidence: float, category: Category, active: Sequence[ActiveFact]
) -> Decision:
    """The outcome of writing `new` against the active facts that share its conflict key."""
    normalised = new.normalised()
    confident = confidence >= threshold(category)
    for fact in active:
        if fact.triple.normalised() == normalised and (
            fact.confidence >= confidence or not confident
        ):
            return Decision("skipped", (), fact.id)
    others = tuple(sorted(f.id for f in active))
    if not others:
        return Decision("inserted", ())
    if confident:
        return Decision("superseded", others)
    return Decision("soft_conflict", others)

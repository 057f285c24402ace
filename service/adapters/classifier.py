"""Category assignment without an LLM: the nearest category prototype in embedding space.

Each category has a handful of prototype sentences; their mean embedding is the category's
centroid. A text goes to the category whose centroid is most similar, when that similarity is
high enough and clearly ahead of the runner-up; otherwise to `other`. A label only narrowly
ahead carries part of the memory's weight, `other` the rest (soft category weights). With an
OpenAI-compatible chat model configured, its label replaces the prototype's (falling back to it
on any failure).
"""

from __future__ import annotations

import logging
import math
import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, Protocol

from schema import Category
from service.adapters.embedding import Embedder, Vector
from service.adapters.llm import openai_client

log = logging.getLogger(__name__)

PROTOTYPES: Final[dict[Category, tuple[str, ...]]] = {
    Category.IDENTITY_SELF_CONCEPT: (
        "I see myself as an introvert who values honesty.",
        "My name is Sam and I am a software engineer at heart.",
        "I identify as transgender and I'm proud of who I am.",
        "I consider myself a creative, curious person.",
    ),
    Category.RELATIONAL_BONDS: (
        "My sister and I are very close; we talk every week.",
        "I met my best friend in college and we are still inseparable.",
        "My husband and I celebrated our anniversary.",
        "My kids mean the world to me.",
    ),
    Category.INTELLECTUAL_INTERESTS: (
        "I have been reading a lot about quantum physics lately.",
        "I love learning about history and philosophy.",
        "I'm fascinated by how machine learning models work.",
        "I've been studying psychology and counseling.",
    ),
    Category.HEALTH_WELLBEING: (
        "I have a migraine and feel sick today.",
        "My doctor said my blood pressure is too high.",
        "I've been going to therapy to manage my anxiety.",
        "I broke my leg and I'm recovering from surgery.",
    ),
    Category.PROJECTS_ENDEAVORS: (
        "I'm working on launching my startup's new product.",
        "The migration project is halfway done; next we move the database.",
        "I started writing a novel and finished the second chapter.",
        "We are building a community center for the neighbourhood.",
    ),
    Category.HOBBIES_RECREATION: (
        "I went hiking in the mountains last weekend.",
        "I love painting landscapes in my free time.",
        "We played board games and went camping with friends.",
        "I've been learning to play the guitar for fun.",
    ),
    Category.PREFERENCES_HABITS: (
        "I prefer tea over coffee in the morning.",
        "I always go for a run before breakfast.",
        "My favourite food is sushi and I dislike spicy dishes.",
        "I like to keep my desk tidy and work with music on.",
    ),
    Category.FINANCIAL_MATERIAL: (
        "My salary is $85,000 a year and rent is $2,000 a month.",
        "I bought a new car and took out a loan.",
        "We are saving money to buy a house.",
        "The invoice of 1,200 euros is due to the bank.",
    ),
    Category.OBLIGATIONS: (
        "I have to submit the report by Friday.",
        "Don't forget the dentist appointment next Tuesday at 3 pm.",
        "I promised to pick up my mother from the airport tomorrow.",
        "The tax filing deadline is April 15.",
    ),
    Category.LOGISTICAL_CONTEXT: (
        "I'm at the airport waiting for my flight to Berlin.",
        "The meeting room is booked from 2 to 3 today.",
        "I'm working from home today and the wifi password is on the fridge.",
        "The train leaves at 8:15 from platform 4.",
    ),
}
#: Least cosine to the best centroid, and least lead over the runner-up, to leave `other`.
MIN_SIMILARITY: Final = 0.25
MIN_MARGIN: Final = 0.02
#: The lead over the runner-up from which a label is trusted whole; a narrower lead shares the
#: memory's category weights with `other` in proportion (docs/design.md §6.1's soft weights). Every
#: disagreement with the hand-labelled set (bench/results/classifier.md) led by less; on
#: LoCoMo a hard label cost R@10 / R@20 0.004 / 0.002 (ADR 0030).
FULL_MARGIN: Final = 0.10


def _normalised(vector: Sequence[float]) -> Vector:
    norm = math.hypot(*vector) or 1.0
    return tuple(x / norm for x in vector)


def _dot(a: Sequence[float], b: Sequence[float]) -> float:
    """In C (`map` over `operator.mul`): a generator of products was ~3 % of the serving
    loop's time under load, one per category for every recall and store."""
    if len(a) != len(b):
        raise ValueError(f"vectors of {len(a)} and {len(b)} dimensions")
    return float(sum(map(operator.mul, a, b)))


@dataclass(frozen=True, slots=True)
class Assignment:
    """A memory's category and its soft weights (empty: the category alone)."""

    category: Category
    weights: Mapping[Category, float] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Label:
    category: Category
    similarity: float
    margin: float

    def assignment(self) -> Assignment:
        """The label with the weight its margin earns: whole from `FULL_MARGIN` up, the rest
        of it `other`'s below (a label barely ahead of the runner-up is barely evidence)."""
        trust = min(1.0, self.margin / FULL_MARGIN)
        if self.category is Category.OTHER or trust >= 1.0:
            return Assignment(self.category)
        return Assignment(self.category, {self.category: trust, Category.OTHER: 1.0 - trust})


class PrototypeClassifier:
    def __init__(self, embedder: Embedder) -> None:
        self._embedder = embedder
        self._centroids: dict[Category, Vector] | None = None

    async def _ensure(self) -> dict[Category, Vector]:
        if self._centroids is None:
            centroids: dict[Category, Vector] = {}
            for category, sentences in PROTOTYPES.items():
                vectors = await self._embedder.embed(list(sentences))
                mean = [sum(col) / len(vectors) for col in zip(*vectors, strict=True)]
                centroids[category] = _normalised(mean)
            self._centroids = centroids
        return self._centroids

    async def label(self, vector: Sequence[float]) -> Label:
        centroids = await self._ensure()
        unit = _normalised(vector)
        scored = sorted(
            ((_dot(unit, c), cat) for cat, c in centroids.items()),
            key=lambda pair: (-pair[0], pair[1]),
        )
        (best, category), (runner_up, _) = scored[0], scored[1]
        margin = best - runner_up
        if best < MIN_SIMILARITY or margin < MIN_MARGIN:
            return Label(Category.OTHER, best, margin)
        return Label(category, best, margin)

    async def assign(
        self, texts: Sequence[str], vectors: Sequence[Sequence[float]]
    ) -> list[Assignment]:
        return [(await self.label(v)).assignment() for v in vectors]

    async def classify_query(self, vector: Sequence[float]) -> Category | None:
        label = await self.label(vector)
        return None if label.category is Category.OTHER else label.category


class CategoryAssigner(Protocol):
    """Labels memories stored without a category, and routes queries to one."""

    async def assign(
        self, texts: Sequence[str], vectors: Sequence[Sequence[float]]
    ) -> list[Assignment]: ...

    async def classify_query(self, vector: Sequence[float]) -> Category | None: ...


def build_classifier(
    embedder: Embedder, model: str | None, base_url: str | None, api_key: str | None
) -> CategoryAssigner:
    prototype = PrototypeClassifier(embedder)
    if model is None:
        return prototype
    return LLMClassifier(openai_client(base_url, api_key), model, prototype)


class LLMClassifier:
    """A chat model picks the category; the prototype classifier answers when it fails."""

    def __init__(self, client: Any, model: str, fallback: PrototypeClassifier) -> None:
        self._client = client
        self._model = model
        self._fallback = fallback

    async def classify_query(self, vector: Sequence[float]) -> Category | None:
        return await self._fallback.classify_query(vector)

    async def assign(
        self, texts: Sequence[str], vectors: Sequence[Sequence[float]]
    ) -> list[Assignment]:
        from openai import OpenAIError

        names = [c.value for c in Category]
        out: list[Assignment] = []
        for text, vector in zip(texts, vectors, strict=True):
            try:
                response = await self._client.chat.completions.create(
                    model=self._model,
                    messages=[
                        {
                            "role": "system",
                            "content": "Answer with exactly one category name from: "
                            + ", ".join(names),
                        },
                        {"role": "user", "content": text[:4000]},
                    ],
                )
                answer = (response.choices[0].message.content or "").strip().lower()
                out.append(Assignment(Category(answer) if answer in names else Category.OTHER))
            except (OpenAIError, ValueError) as e:
                log.warning("LLM category failed (%s); using the prototype classifier", e)
                out.append((await self._fallback.label(vector)).assignment())
        return out

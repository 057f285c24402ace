"""What the lifecycle tests drive the real service with: a bag-of-words hashing embedder
(texts sharing words are similar, deterministically — the real MiniLM is exercised by the HTTP
and embedder tests) and a clock the test moves."""

from __future__ import annotations

import hashlib
import math
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta

from service.adapters.embedding import Role
from service.usecases.core_preferences import CorePreferencesService
from service.usecases.maintenance import MaintenanceService
from service.usecases.memories import MemoryService
from tests.conftest import DIMENSION
from tests.factories import T0

Vector = tuple[float, ...]


def _token_vector(token: str) -> list[float]:
    seed = int.from_bytes(hashlib.sha256(token.encode()).digest()[:8], "big")
    rng = random.Random(seed)
    return [rng.gauss(0.0, 1.0) for _ in range(DIMENSION)]


class HashEmbedder:
    name = "test:bag-of-words"
    dimension = DIMENSION

    async def embed(self, texts: Sequence[str], *, role: Role = "passage") -> list[Vector]:
        del role  # a bag of words: a query is embedded as a passage
        out = []
        for text in texts:
            total = [0.0] * DIMENSION
            for token in re.findall(r"\w+", text.lower()):
                for i, x in enumerate(_token_vector(token)):
                    total[i] += x
            norm = math.sqrt(sum(x * x for x in total)) or 1.0
            out.append(tuple(x / norm for x in total))
        return out

    async def aclose(self) -> None:
        return None


@dataclass
class Clock:
    now: datetime = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


@dataclass
class TickingClock(Clock):
    """A clock that moves on by `tick` at every reading, as a real one does between two
    writes: instants the server assigns are distinct and ordered like the readings."""

    tick: timedelta = timedelta(milliseconds=1)

    def __call__(self) -> datetime:
        self.now += self.tick
        return self.now


def maintenance(service: MemoryService) -> MaintenanceService:
    """Maintenance over `service` with the extractive summarizer, as `compose` builds it."""
    return MaintenanceService(service, CorePreferencesService(service))

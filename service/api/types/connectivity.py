"""κ and δ of one memory."""

from __future__ import annotations

import strawberry

from schema import Degrees


@strawberry.type
class Connectivity:
    kappa: int = strawberry.field(description="Causal degree κ: incident causal edges.")
    delta: int = strawberry.field(
        description="Supportive degree δ: incident causal or supportive edges."
    )
    orphan: bool = strawberry.field(description="δ = 0.")

    @classmethod
    def from_domain(cls, degrees: Degrees) -> Connectivity:
        return cls(kappa=degrees.kappa, delta=degrees.delta, orphan=degrees.is_orphan)

"""The domain enums as GraphQL enums (values are the enum names).

`strawberry.enum` registers the domain class itself, so types and resolvers annotate with the
domain enum and pass domain values through unchanged. Import the enums from here: importing
this module is what registers them.
"""

from __future__ import annotations

import strawberry

from schema import (
    Category,
    Direction,
    EdgeCreator,
    EdgeType,
    FactState,
    MemoryStatus,
    Partition,
    Visibility,
)
from schema.erasure import MemoryErasure
from schema.facts import ExtractionStatus, FactOutcome, FactWriter
from service.engine.query import Intent
from service.engine.ranker import Leg, Term
from service.usecases.auth import Permission

__all__ = [
    "Category",
    "Direction",
    "EdgeCreator",
    "EdgeType",
    "ExtractionStatus",
    "FactOutcome",
    "FactState",
    "FactWriter",
    "Intent",
    "Leg",
    "MemoryErasure",
    "MemoryStatus",
    "Partition",
    "Permission",
    "SwitchableTerm",
    "Visibility",
]

strawberry.enum(EdgeType, name="EdgeType")
strawberry.enum(Partition, name="Partition")
strawberry.enum(Category, name="Category")
strawberry.enum(MemoryStatus, name="MemoryStatus")
strawberry.enum(Visibility, name="Visibility")
strawberry.enum(Direction, name="Direction")
strawberry.enum(EdgeCreator, name="EdgeCreator")
strawberry.enum(FactState, name="FactState")
strawberry.enum(FactOutcome, name="FactOutcome")
strawberry.enum(FactWriter, name="FactWriter")
strawberry.enum(ExtractionStatus, name="ExtractionStatus")
strawberry.enum(Permission, name="Permission")
strawberry.enum(Intent, name="RecallIntent")
strawberry.enum(
    Leg, name="Leg", description="A way recall finds candidates; the legs' ranks are fused."
)
strawberry.enum(
    Term,
    name="SwitchableTerm",
    description="A ranking term `disabledTerms` can switch off, for diagnosis (relevance "
    "always counts).",
)
#: The GraphQL name of the domain's `Term` (not every ranking term on a hit is switchable).
SwitchableTerm = Term
strawberry.enum(
    MemoryErasure,
    name="MemoryErasure",
    description="What an erase does with the memories that name the subject: DELETE them, or "
    "REDACT the name out of them (they are re-embedded; their facts about it go either way).",
)

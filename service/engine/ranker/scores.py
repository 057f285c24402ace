"""Each candidate's ranking terms and score: relevance (fused, normalised) × decay × validity ×
survival × co-retrieval (docs/design.md §7). Every term is kept on the candidate for `explain`."""

from __future__ import annotations

import math
from collections.abc import Sequence

from schema import MemoryEdge
from service.engine.query import Intent
from service.engine.ranker.model import Candidate, Ranking
from service.engine.ranker.vocabulary import Term
from service.engine.ranking import blended_validity, category_decay
from service.engine.settings import EngineSettings

#: The terms whose product is the score (`updates`, `restated` and `own_words` move hits
#: afterwards).
PRODUCT = ("relevance", "decay", "validity", "survival", "co_retrieval")


def score(
    hits: Sequence[Candidate], edges: Sequence[MemoryEdge], ranking: Ranking, s: EngineSettings
) -> None:
    """Each hit's terms and score; `edges` are the meaningful edges among the candidates, of
    which those between two of the best 3k hits earn the co-retrieval bonus. An event's
    validity counts for current intent only: asked about the past, a past event is not
    stale."""
    if not hits:
        return
    terms_on = ranking.terms
    top = max(h.fused for h in hits) or 1.0
    bonus: dict[str, int] = {}
    if Term.CO_RETRIEVAL in terms_on:
        best = {h.memory.id for h in sorted(hits, key=lambda h: -h.fused)[: 3 * ranking.k]}
        for edge in edges:
            if edge.source in best and edge.target in best:
                bonus[edge.source] = bonus.get(edge.source, 0) + 1
                bonus[edge.target] = bonus.get(edge.target, 0) + 1
    for hit in hits:
        m = hit.memory
        terms = hit.terms
        terms["relevance"] = hit.fused / top
        terms["decay"] = category_decay(m, ranking.at, s) if Term.DECAY in terms_on else 1.0
        terms["validity"] = (
            blended_validity(m, ranking.at, s)
            if Term.VALIDITY in terms_on and ranking.intent is Intent.CURRENT
            else 1.0
        )
        if Term.SURVIVAL not in terms_on:
            terms["survival"] = 1.0
        linked = min(bonus.get(m.id, 0), s.recall_co_retrieval_cap)
        terms["co_retrieval"] = 1.0 + s.recall_co_retrieval_bonus * linked
        terms.setdefault("updates", 1.0)
        hit.score = math.prod(terms[t] for t in PRODUCT)

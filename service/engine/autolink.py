"""Which existing memories a new one is auto-linked to (RELATED_TO, created_by=auto).

Discriminative by construction: only neighbours above an embedder-aware similarity floor, at
most `auto_link_max_per_store` per store, never into a memory that already has
`auto_link_max_inbound` auto-links (no hubs made by the machine), never parallel to an edge the
writer declared.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from schema import SearchHit

#: Similarity floors measured per embedder on LoCoMo (bench/autolink.py, 5,882 turns): at 0.80
#: MiniLM makes 0.21 auto-links per memory and 3.4 % of stores reach the 3-link cap (the peer
#: engine: 2.8 and 92 %); its int8 weights, 0.19 and 3.0 % at the same floor. bge-small-en-v1.5
#: puts every text closer (random LoCoMo turns: cosine 0.65 against MiniLM's 0.33; at 0.80 it
#: would link 2.2 times a turn in the first two conversations): 0.905 gives MiniLM's 0.19 links
#: a turn (top three earlier neighbours in each conversation, all 5,882 turns, before caps).
#: Embedders not listed use the configured `auto_link_floor`.
EMBEDDER_FLOORS: dict[str, float] = {
    "local:all-MiniLM-L6-v2": 0.80,
    "local:all-MiniLM-L6-v2:int8": 0.80,
    "local:bge-small-en-v1.5:int8": 0.905,
}


def similarity_floor(embedder_name: str, default: float) -> float:
    return EMBEDDER_FLOORS.get(embedder_name, default)


def choose_auto_links(
    candidates: Sequence[SearchHit],
    *,
    self_id: str,
    excluded: Collection[str],
    inbound: Mapping[str, int],
    floor: float,
    max_per_store: int,
    max_inbound: int,
) -> list[SearchHit]:
    """The best candidates that pass every rule, best first."""
    chosen: list[SearchHit] = []
    for hit in sorted(candidates, key=lambda h: (-h.score, h.memory_id)):
        if len(chosen) >= max_per_store:
            break
        if hit.memory_id == self_id or hit.memory_id in excluded or hit.score < floor:
            continue
        if inbound.get(hit.memory_id, 0) >= max_inbound:
            continue
        chosen.append(hit)
    return chosen

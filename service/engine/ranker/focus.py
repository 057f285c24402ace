"""The focal person's own statements first, for a question asking for a set or a count about
someone it names ("what video games does Nate play?", "how many tournaments has Nate won?";
`engine.enumeration`). The members of such a set are each told once, in passing, by that
person, in sessions whose other turns match the question's words as well: on LoCoMo's tune
split 97 % of the evidence of its set questions is the named person's own turns, against
62 % of the other turns the plain ranking puts in its top 20. So a candidate another known
speaker said keeps `recall_focus_factor` of its score — when at least one candidate is the
named person's own, so a question about someone who never speaks is ranked as before.
The speaker is the name a memory's text starts with ("Nate: …", `engine.updates.speaker_of`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from service.engine.query import query_names
from service.engine.ranker.model import Candidate


def focus_on_speakers(
    candidates: Sequence[Candidate], speakers: Mapping[str, str | None], query: str, factor: float
) -> None:
    """Each candidate's `focus` term — `factor` when a speaker other than one the query names
    said it and one the query names said another candidate, else 1 — multiplied into its
    score."""
    names = {n.lower() for n in query_names(query)}
    said = {speakers.get(c.memory.id) for c in candidates}
    focal = bool(names & said)
    for candidate in candidates:
        speaker = speakers.get(candidate.memory.id)
        other = focal and speaker is not None and speaker not in names
        candidate.terms["focus"] = factor if other else 1.0
        candidate.score *= candidate.terms["focus"]

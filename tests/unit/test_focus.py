"""The `focus` term (`service.engine.ranker.focus`) on candidates built in memory: for a set
question about a person it names, what another known speaker said keeps `recall_focus_factor`
of its score, that person's own statements and memories of no known speaker keep theirs; a
question about someone who said none of the candidates, a question for one value, or the
term off, ranks as before."""

from __future__ import annotations

from datetime import timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from schema import MemoryFacets
from service.engine import ranker
from service.engine.query import Intent
from service.engine.ranker import TERMS, Candidate, Gathered, Leg, Ranking, Relations, Term
from service.engine.ranker.focus import focus_on_speakers
from service.engine.settings import EngineSettings
from tests.factories import T0, memory

S = EngineSettings(recall_focus_factor=0.3)
AT = T0 + timedelta(days=400)
SET_QUESTION = "What video games does Nate play?"
ONE_VALUE = "What video game did Nate play first?"
SPEAKERS = st.sampled_from(["nate", "joanna", None])


def candidate(n: int, score: float) -> Candidate:
    made = MemoryFacets.of(memory(f"turn {n}", seed=n))
    return Candidate(memory=made, fused=score, similarity=0.9, legs={}, terms={}, score=score)


@settings(max_examples=80, deadline=None)
@given(said=st.lists(SPEAKERS, min_size=1, max_size=12), factor=st.floats(0.0, 1.0))
def test_only_another_speakers_statements_lose_score(said: list[str | None], factor: float) -> None:
    """When Nate said one of the candidates, each of Joanna's keeps `factor` of its score and
    the others keep theirs; when he said none, every candidate keeps its score."""
    found = [candidate(n, 1.0 - n / 100) for n in range(len(said))]
    before = [c.score for c in found]
    speakers = {c.memory.id: s for c, s in zip(found, said, strict=True)}
    focus_on_speakers(found, speakers, SET_QUESTION, factor)
    for c, s, score in zip(found, said, before, strict=True):
        kept = factor if "nate" in said and s == "joanna" else 1.0
        assert c.terms["focus"] == kept
        assert c.score == score * kept


def gathered() -> Gathered:
    """Eight of Joanna's turns every leg ranks first, then three of Nate's."""
    made = [memory(f"Joanna: video games {i}", seed=i) for i in range(8)]
    made += [memory(f"Nate: I play game {i}", seed=20 + i) for i in range(3)]
    ids = [m.id for m in made]
    return Gathered(
        order=ids,
        legs={Leg.VECTOR: ids, Leg.FULLTEXT: ids},
        facets={m.id: MemoryFacets.of(m) for m in made},
        similarity={m.id: 0.9 for m in made},
        speakers={m.id: m.content.split(":")[0].lower() for m in made},
    )


GATHERED = gathered()
NATES = set(GATHERED.order[8:])


def top(query: str, terms: frozenset[str] = frozenset(TERMS), k: int = 5) -> list[str]:
    ranking = Ranking(query=query, k=k, intent=Intent.CURRENT, at=AT, terms=terms)
    return [c.memory.id for c in ranker.rank(GATHERED, Relations(), ranking, S)]


def test_a_set_question_ranks_the_named_persons_statements_first() -> None:
    """The plain top 5 is Joanna's alone; the set question's first three are Nate's."""
    assert not set(top(SET_QUESTION, frozenset(TERMS) - {Term.FOCUS})) & NATES
    assert set(top(SET_QUESTION)[:3]) == NATES


def test_one_value_or_the_term_off_ranks_as_before() -> None:
    """A question for one value ranks the same with the term on or off, with no focus term."""
    off = frozenset(TERMS) - {Term.FOCUS}
    assert top(ONE_VALUE) == top(ONE_VALUE, off)
    ranking = Ranking(query=ONE_VALUE, k=5, intent=Intent.CURRENT, at=AT)
    assert all("focus" not in c.terms for c in ranker.rank(GATHERED, Relations(), ranking, S))

"""The context block's fill on arbitrary lines, counted by the real tokenizer: never over the
budget, every kept line whole and in order, every other one dropped with its reason."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from service.adapters.tokens import configured_tokenizer
from service.usecases.context import SECTIONS, ContextItem, fill

TOKENIZER = configured_tokenizer(None, None)
KINDS = [k for k, _ in SECTIONS]
LINE = st.text(
    st.characters(blacklist_categories=("Cs", "Cc", "Zl", "Zp")), min_size=1, max_size=120
).filter(lambda s: s.strip() == s and s)


@settings(max_examples=150, deadline=None)
@given(
    lines=st.lists(st.tuples(st.sampled_from(KINDS), LINE), max_size=25),
    budget=st.integers(16, 400),
)
def test_fill_never_exceeds_the_budget_and_keeps_items_whole(
    lines: list[tuple[str, str]], budget: int
) -> None:
    ordered = sorted(lines, key=lambda kl: KINDS.index(kl[0]))
    items = [
        ContextItem(kind=k, id=str(i), text=t, tokens=TOKENIZER.count(f"- {t}"), position=i)  # type: ignore[arg-type]
        for i, (k, t) in enumerate(ordered)
    ]
    kept, dropped, text, tokens = fill(items, budget, TOKENIZER)
    assert tokens == TOKENIZER.count(text) <= budget
    assert [i.position for i in kept] == sorted(i.position for i in kept)
    assert sorted(i.position for i in [*kept, *(d.item for d in dropped)]) == list(
        range(len(items))
    )
    body = text.splitlines()
    for item in kept:
        assert f"- {item.text}" in body
    for d in dropped:
        assert d.reason.startswith("over budget")


def test_an_item_bigger_than_the_budget_is_dropped_and_smaller_ones_still_fit() -> None:
    big = ContextItem(kind="memory", id="big", text="word " * 200, tokens=201, position=0)
    small = ContextItem(kind="memory", id="small", text="a short one", tokens=4, position=1)
    kept, dropped, text, _ = fill([big, small], 32, TOKENIZER)
    assert [i.id for i in kept] == ["small"] and [d.item.id for d in dropped] == ["big"]
    assert text == "Relevant memories:\n- a short one"

"""Names that may be aliases of an erased subject (docs/adr/0031): a short form of an erased
name — its words, in order, begin the name's words — or a long form of a one-word name, never
a name the erase already covers; a capitalised word is a name only while no text writes it in
lower case. The rule is deterministic: the same texts give the same names, in key order."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service.engine.aliases import AliasCandidates, may_be_alias
from service.engine.text import normalise
from service.usecases.erasure import redacted


def test_short_forms_and_long_forms_of_a_one_word_name() -> None:
    for candidate, erased in (
        ("mel", "melanie"),
        ("jo", "joanna"),
        ("zoe", "zoe smith"),
        ("smith", "zoe smith"),
        ("zoe s", "zoe smith"),
        ("melanie", "mel"),
        ("melanie brown", "mel"),
    ):
        assert may_be_alias(candidate, erased), (candidate, erased)
    for candidate, erased in (
        ("m", "melanie"),  # a single letter is too often a word
        ("melanie", "melanie"),  # the name itself
        ("melanie brown", "melanie"),  # names it: the erase covers it already
        ("caroline", "melanie"),
        ("zoey smithers", "zoe smith"),  # a long form only of a one-word name
        ("smith zoe", "zoe smith"),  # out of order
    ):
        assert not may_be_alias(candidate, erased), (candidate, erased)


def test_capitalised_words_are_names_unless_written_in_lower_case() -> None:
    seen = AliasCandidates([normalise("Melanie")])
    seen.add_text("Melanie: Me too! Mel said so.")
    seen.add_text("Caroline: tell me more, Mel")
    seen.add_names(["Melanie Brown", "Mela", None, "Caroline"])
    assert seen.found() == {"mel": "Mel", "mela": "Mela"}


@given(st.lists(st.sampled_from(["Mel", "mel", "Me", "me", "Melanie", "Caroline", "And"])))
def test_the_same_texts_give_the_same_names_in_any_order(words: list[str]) -> None:
    forward, backward = AliasCandidates(["melanie"]), AliasCandidates(["melanie"])
    for word in words:
        forward.add_text(word)
    for word in reversed(words):
        backward.add_text(word)
    assert list(forward.found()) == list(backward.found())
    assert ("mel" in forward.found()) == ("Mel" in words and "mel" not in words)


def test_redaction_takes_every_name_the_longest_first() -> None:
    keys = [normalise("Zoe"), normalise("Zoe Smith")]
    assert redacted("Zoe Smith, or Zoe to friends", keys) == "[erased], or [erased] to friends"

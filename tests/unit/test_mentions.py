"""Whether a text names a subject, and redaction (docs/adr/0018): a name matches as facts match
entities — through the one normalisation, as whole words — and a redacted text never names
the subject, whatever the spelling, while the rest of it is left as it was."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from service.engine.mentions import mentions, redact
from service.engine.text import normalise

KEY = normalise("Zoe Smith")


def test_a_name_matches_as_whole_words_through_the_normalisation() -> None:
    for text in ("Zoe Smith", "met ZOE  SMITH, twice", "Zoe Smith's flat", "zoe-smith"):
        assert mentions(text, KEY), text
    for text in ("Zoey Smith", "Zoe Smithers", "Zoe", "smith zoe", "", None):
        assert not mentions(text, KEY), text


def test_redaction_replaces_each_spelling_and_keeps_the_rest() -> None:
    text = "Lunch with ZOE SMITH; Zoe  Smith's order and zoe-smith's bill"
    assert redact(text, KEY, "[x]") == "Lunch with [x]; [x]'s order and [x]'s bill"
    assert redact("Zoey Smith paid", KEY, "[x]") == "Zoey Smith paid"
    # Compatibility forms (a ligature, full-width letters) match in their NFKC form.
    assert redact("meet ﬁona", normalise("fiona"), "[x]") == "meet [x]"
    assert redact("Ｚｏｅ Ｓｍｉｔｈ wrote", KEY, "[x]") == "[x] wrote"
    # A folding only the normalisation's casefold makes (ß → ss): the whole text gives way.
    assert redact("Haus an der Großstraße 1", normalise("grossstrasse"), "[x]") == "[x]"


@given(st.text(max_size=40), st.text(max_size=40), st.sampled_from(["Zoe Smith", "ZOE-smith"]))
def test_a_redacted_text_never_names_the_subject(before: str, after: str, name: str) -> None:
    redacted = redact(f"{before}{name}{after}", KEY, "[erased]")
    assert not mentions(redacted, KEY)

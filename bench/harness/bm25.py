"""The BM25 baseline's tokens: lower-cased words, English function words removable."""

from __future__ import annotations

import re
from typing import Final

#: English function words and question words. With them removed, BM25Okapi over
#: `speaker: text [image: caption]` reproduces the README's baseline within 0.007 at every k;
#: with every word kept it scores about 0.05 lower (both are reported).
BM25_STOPWORDS: Final = frozenset(
    "a an the is are was were be been being of to in on at for and or but with from by as it its "
    "this that these those i you he she we they me him her us them my your his our their what "
    "when where who whom which why how did does do has have had will would can could should "
    "about into than then so not no yes".split()
)
_WORD: Final = re.compile(r"\w+")


def bm25_tokens(text: str, stopwords: frozenset[str]) -> list[str]:
    return [w for w in _WORD.findall(text.lower()) if w not in stopwords]

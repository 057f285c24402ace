"""Okapi BM25 over the postings a full-text index returns, for an index that cannot rank by it.

FalkorDB's full-text score (RediSearch inside it) has no inverse document frequency and favours
short documents so strongly that a four-word "Did you see it?" outranks the one turn that names
the rare thing asked about (measured on LoCoMo: 0.063 recall@10 for the leg alone, BM25 0.569).
The index still answers the question BM25 needs — which documents hold a term, and how many — so
the backend asks it term by term and ranks here:

    score(d) = Σ_t idf(t) · (k1 + 1) / (1 + k1 · (1 − b + b · |d| / avg|d|))

with term frequency taken as 1 (turns and notes rarely repeat a word), |d| the document's length
in characters and avg|d| its mean over the candidates. A term matching more than `cap` documents
is left out of the candidates (its postings would be a sample, and its idf is low); when every
term is that common the caller falls back to the index's own ranking.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from graph_backends._common.redisearch import plain_terms

#: Function and question words: they match most documents and say nothing about the topic.
STOPWORDS: Final = frozenset(
    "a an the is are was were be been being of to in on at for and or but with from by as it its "
    "this that these those i you he she we they me him her us them my your his our their what "
    "when where who whom which why how did does do has have had will would can could should "
    "about into than then so".split()
)
K1: Final = 1.2
B: Final = 0.75


def query_terms(text: str) -> list[str]:
    """The query's word tokens without stopwords (all of them when nothing else is left)."""
    terms = plain_terms(text)
    return [t for t in terms if t not in STOPWORDS] or terms


def idf(documents: int, frequency: int) -> float:
    """BM25's inverse document frequency, never negative: ln(1 + (N − n + ½)/(n + ½))."""
    return math.log(1.0 + (documents - frequency + 0.5) / (frequency + 0.5))


@dataclass(frozen=True, slots=True)
class Postings:
    """The documents matching one term: how many, and (id, length) of each when listed."""

    frequency: int
    documents: Sequence[tuple[str, int]]


def rank(postings: Mapping[str, Postings], documents: int, k: int) -> list[tuple[str, float]]:
    """The k best (id, score) by BM25, best first, ties by id."""
    weights = {term: idf(documents, p.frequency) for term, p in postings.items()}
    lengths: dict[str, int] = {}
    matched: dict[str, list[str]] = {}
    for term, p in postings.items():
        for doc, length in p.documents:
            lengths[doc] = length
            matched.setdefault(doc, []).append(term)
    if not lengths:
        return []
    average = sum(lengths.values()) / len(lengths) or 1.0
    scores = {
        doc: sum(weights[t] for t in terms)
        * (K1 + 1.0)
        / (1.0 + K1 * (1.0 - B + B * lengths[doc] / average))
        for doc, terms in matched.items()
    }
    return sorted(scores.items(), key=lambda item: (-item[1], item[0]))[:k]


class CommonTerms:
    """Terms recently seen matching more documents than the postings cap, per tenant.

    Counting a common term's matches walks its whole posting list (at 100,000 memories the
    longest part of a recall) only to learn that it is common — which it stays: a term's
    document count moves slowly. Remembering that for `ttl_s` skips the count; selective terms
    are always counted and their postings always read live, so no hit is missed.
    """

    def __init__(
        self,
        ttl_s: float = 300.0,
        max_entries: int = 100_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self._ttl_s = ttl_s
        self._max_entries = max_entries
        self._clock = clock
        self._until: dict[tuple[str, str], float] = {}

    def known(self, scope: str, terms: Collection[str]) -> set[str]:
        now = self._clock()
        return {t for t in terms if self._until.get((scope, t), 0.0) > now}

    def forget(self, scope: str) -> None:
        """Drop what is kept of `scope` (an erase: its terms are erased content)."""
        for key in [k for k in self._until if k[0] == scope]:
            del self._until[key]

    def remember(self, scope: str, terms: Collection[str]) -> None:
        if len(self._until) + len(terms) > self._max_entries:
            self._until.clear()  # bounded; it refills from the next queries
        until = self._clock() + self._ttl_s
        for term in terms:
            self._until[(scope, term)] = until

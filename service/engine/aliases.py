"""Names that may be other names of an erased subject (docs/adr/0031).

An erase matches the names it is given, as whole words (`service.engine.mentions`); a person
also called by a short form ("Mel" for Melanie) stays wherever only the short form is written.
So the erase's receipt lists the names a project still holds that may be the same person,
found by a rule that is deterministic and costs one look at each text the erase reads anyway:

- a *name* is an entity of a memory, a subject or object of a fact, or a word of a memory's
  content written with a capital initial — a capitalised word counts only when the texts read
  never write it in lower case, so sentence-initial "And" or "Me" is a word, not a name;
- a name *may be an alias* of an erased name when it is a short form of it — its words, in
  order, begin words of the erased name ("Mel" and "Melanie", "Zoe" and "Smith" and "Zoe S"
  and "Zoe Smith") — or, when the erased name is one word, a long form of it (erasing "Mel"
  lists "Melanie"); at least two letters, and not a name the erase already covers.

Nicknames that are not short forms ("Bob" for Robert) and names that are also ordinary words
("Will") are not found: the receipt is a prompt for the operator, not a guarantee.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Final

from service.engine.mentions import mentions
from service.engine.text import normalise

#: Fewer letters than this are too often an ordinary word ("I", "A").
MIN_LETTERS: Final = 2
_WORD: Final = re.compile(r"[^\W\d_]+")


def _begins(short: Sequence[str], long: Sequence[str]) -> bool:
    """Whether the words of `short` begin, in order, distinct words of `long`."""
    at = 0
    for word in short:
        while at < len(long) and not long[at].startswith(word):
            at += 1
        if at == len(long):
            return False
        at += 1
    return True


def may_be_alias(candidate: str, erased: str) -> bool:
    """Whether the name whose key is `candidate` may be another name of `erased` (a key): a
    short form of it, or a long form of a one-word name; never a name that names it."""
    if len(candidate.replace(" ", "")) < MIN_LETTERS or mentions(candidate, erased):
        return False
    words, names = candidate.split(), erased.split()
    if _begins(words, names):
        return True
    return len(names) == 1 and words[0].startswith(names[0])


class AliasCandidates:
    """The names seen in the texts an erase reads that may be aliases of its erased names
    (`keys`), by key, with the first spelling seen."""

    def __init__(self, keys: Iterable[str]) -> None:
        self._keys = tuple(keys)
        self._verdicts: dict[str, bool] = {}
        self._names: dict[str, str] = {}
        self._capitalised: dict[str, str] = {}
        self._lower: set[str] = set()

    def _fits(self, key: str) -> bool:
        verdict = self._verdicts.get(key)
        if verdict is None:
            covered = any(mentions(key, k) for k in self._keys)
            verdict = not covered and any(may_be_alias(key, k) for k in self._keys)
            self._verdicts[key] = verdict
        return verdict

    def add_names(self, names: Iterable[str | None]) -> None:
        """Names as a writer gave them: a memory's entities, a fact's subject and object."""
        for name in names:
            key = normalise(name or "")
            if key and self._fits(key):
                self._names.setdefault(key, (name or "").strip())

    def add_text(self, text: str | None) -> None:
        """Free text: its capitalised words are names unless some text writes them in lower
        case."""
        for word in _WORD.findall(text or ""):
            key = normalise(word)
            if not key or not self._fits(key):
                continue
            if word[0].isupper():
                self._capitalised.setdefault(key, word)
            else:
                self._lower.add(key)

    def found(self) -> dict[str, str]:
        """The names that may be aliases: key → spelling, in key order."""
        names = {k: v for k, v in self._capitalised.items() if k not in self._lower}
        names.update(self._names)
        return dict(sorted(names.items()))

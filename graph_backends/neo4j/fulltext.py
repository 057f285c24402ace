"""Plain text → a Lucene query for Neo4j's full-text index, confined to one tenant.

Lucene's classic syntax gives meaning to `+ - && || ! ( ) { } [ ] ^ " ~ * ? : \\ /` and to
upper-case AND/OR/NOT; a UUID, a path or a hyphenated word sent as-is changes the query or fails
to parse. So everything the query holds from the text is quoted: inside quotes only `"` and `\\`
are special, and both are escaped. Lucene's analyzer tokenizes each quoted string as it did the
stored text. The query ORs the text's word tokens (as for RediSearch, ADR 0003) and, because
Lucene's standard tokenizer keeps some punctuation inside one token where the word tokens split
(`field:x`, `o'neil`, `3.14`), each whitespace-separated chunk that holds a word, whole (a chunk
of several Lucene tokens is a phrase).

All tenants share each full-text index (memories', facts'), so every memory and fact also
carries `tenant_term`: one opaque word per tenant. The tenant key itself would not do, because
Lucene's analyzer splits it into words (`a-b:c` and `a:b-c` would look alike). The query requires
that term with boost 0, so Lucene ranks within the tenant and the term adds nothing to the
score.
"""

from __future__ import annotations

import hashlib
import re
from typing import Final, Literal

from graph_backends._common.redisearch import MAX_TERMS, plain_text_query
from schema import Tenant

#: Properties Neo4j stores on a node for tenancy, which are not part of the domain model.
TENANT_PROPERTIES: Final = frozenset({"tenant", "tenant_term"})
#: A letter or a digit: a chunk without one gives Lucene nothing to search for.
_WORD_CHARACTER: Final = re.compile(r"[^\W_]")


def tenant_term(tenant: Tenant) -> str:
    """One analyzer-proof word naming the tenant: letters and digits only, 128 bits of hash."""
    return "t" + hashlib.sha256(tenant.key.encode("utf-8")).hexdigest()[:32]


def lucene_query(
    text: str, tenant: Tenant, field: Literal["content", "text"] = "content"
) -> str | None:
    """A Lucene query for the words and word-holding chunks of `text` in `field` (a memory's
    content, a fact's text) within `tenant`, or None when `text` has no word."""
    words = plain_text_query(text)
    if words is None:
        return None
    # plain_text_query joins word tokens (letters, digits, inner underscores) with " | ", so
    # splitting on it gives them back.
    terms = dict.fromkeys(words.split(" | "))
    chunks = [c for c in text.lower().split() if _WORD_CHARACTER.search(c)]
    for chunk in dict.fromkeys(chunks[:MAX_TERMS]):
        terms.setdefault(chunk)
    quoted = " ".join(_quoted(term) for term in terms)
    return f'+tenant_term:"{tenant_term(tenant)}"^0 +{field}:({quoted})'


def _quoted(term: str) -> str:
    """`term` as one Lucene quoted string: its backslashes and quotes escaped."""
    return '"' + term.replace("\\", "\\\\").replace('"', '\\"') + '"'

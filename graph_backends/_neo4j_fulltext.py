"""Plain text → a Lucene query for Neo4j's full-text index, confined to one tenant.

Lucene's classic syntax gives meaning to `+ - && || ! ( ) { } [ ] ^ " ~ * ? : \\ /` and to
upper-case AND/OR/NOT; a UUID, a path or a hyphenated word sent as-is changes the query or fails
to parse. As for RediSearch (ADR 0003), the query keeps the text's word tokens only, each quoted
(inside quotes nothing but `"` and `\\` is special, and a word token holds neither), ORed.

All tenants share one full-text index, so every memory also carries `tenant_term`: one opaque
word per tenant. The tenant key itself would not do, because Lucene's analyzer splits it into
words (`a-b:c` and `a:b-c` would look alike). The query requires that term with boost 0, so
Lucene ranks within the tenant and the term adds nothing to the score.
"""

from __future__ import annotations

import hashlib

from graph_backends._redisearch import plain_text_query
from schema import Tenant


def tenant_term(tenant: Tenant) -> str:
    """One analyzer-proof word naming the tenant: letters and digits only, 128 bits of hash."""
    return "t" + hashlib.sha256(tenant.key.encode("utf-8")).hexdigest()[:32]


def lucene_query(text: str, tenant: Tenant) -> str | None:
    """A Lucene query for the word tokens of `text` within `tenant`, or None when it has none."""
    words = plain_text_query(text)
    if words is None:
        return None
    # plain_text_query joins word tokens (letters, digits, inner underscores) with " | ", so
    # splitting on it gives them back.
    terms = " ".join(f'"{word}"' for word in words.split(" | "))
    return f'+tenant_term:"{tenant_term(tenant)}"^0 +content:({terms})'

"""Named SurrealQL queries, one `.surql` file each, loaded as package data.

Files follow the Cypher convention of `cypher/`: leading `//` comment lines, one of which
declares the parameters (`// params: a, b`) and, rarely, the template slots (`// templates:
k, ef`). Templates exist only for what SurrealQL cannot bind — the KNN operator's `k` and `ef`
and an HNSW index's dimension are literals in its grammar — and accept nothing but integers, so
no caller string can reach the query text.

A file is the body of one *step*: statements separated by `;` whose value is the value of the
last one. The backend wraps each step in `LET $step_N = { … };` and, for writes, several steps
in one `BEGIN … COMMIT` transaction. A `RETURN` statement is therefore refused: inside a
transaction SurrealDB 3 treats it as the end of the whole transaction, skipping later steps.
Names bound inside a body (`LET $x`, `FOR $x IN`, closure parameters `|$x|`) are locals, not
parameters.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any, Final

from cypher.query_files import (
    PARAM_USE,
    QueryError,
    QueryFiles,
    bound,
    check_templates,
    checked_declarations,
)

_FILES: Final = QueryFiles(__name__, ".surql")
_LET: Final = re.compile(r"\bLET\s+\$([A-Za-z_][A-Za-z0-9_]*)", re.IGNORECASE)
_FOR: Final = re.compile(r"\bFOR\s+\$([A-Za-z_][A-Za-z0-9_]*)\s+IN\b", re.IGNORECASE)
_CLOSURE: Final = re.compile(r"\|([^|]*)\|")
#: String literals and comments, matched left to right so that a quote inside a comment or a
#: `//` inside a string is read as what it is.
_LITERAL_OR_COMMENT: Final = re.compile(
    r"'(?:[^'\\]|\\.)*'|\"(?:[^\"\\]|\\.)*\"|/\*.*?\*/|(?://|--|#)[^\n]*", re.DOTALL
)
#: `RETURN` at the start of a statement (`RETURN BEFORE` after DELETE is a clause, not this).
_RETURN_STATEMENT: Final = re.compile(r"(?:^|[;{])\s*RETURN\b", re.IGNORECASE)
#: Values SurrealDB binds itself inside some statements (`ON DUPLICATE KEY UPDATE … $input`).
_ENGINE_PARAMS: Final = frozenset({"input", "this", "parent"})
#: Parameter names the backend adds around every step; a query may not declare them.
RESERVED_PARAMS: Final = frozenset({"tenant_ns", "tenant_db"})
RESERVED_PREFIX: Final = "step_"
#: Largest integer a template slot accepts (k, ef and dimensions are far below it).
_MAX_TEMPLATE_INT: Final = 1_000_000


class QueryName(StrEnum):
    PING = "ping"
    LIST_NAMESPACES = "list_namespaces"
    LIST_DATABASES = "list_databases"
    REMOVE_DATABASE = "remove_database"
    DEFINE_SCHEMA = "define_schema"
    SCHEMA_STATUS = "schema_status"
    UPSERT_MEMORIES = "upsert_memories"
    CLAIM_SUPERSESSION = "claim_supersession"
    GET_MEMORIES = "get_memories"
    GET_EMBEDDINGS = "get_embeddings"
    EXISTING_MEMORY_IDS = "existing_memory_ids"
    DELETE_MEMORIES = "delete_memories"
    RECENT_MEMORIES = "recent_memories"
    LINK_MEMORIES = "link_memories"
    LINK_AUTO_MEMORIES = "link_auto_memories"
    UNLINK_MEMORIES = "unlink_memories"
    TRAVERSE_HOP = "traverse_hop"
    INDUCED_EDGES = "induced_edges"
    PAGE_EDGES = "page_edges"
    EDGE_PAGE = "edge_page"
    INCIDENT_EDGES = "incident_edges"
    DEGREES = "degrees"
    ALL_DEGREES = "all_degrees"
    KAPPA_MAX = "kappa_max"
    ORPHANS = "orphans"
    STALE_AUTO_LINKS = "stale_auto_links"
    ALL_STALE_AUTO_LINKS = "all_stale_auto_links"
    REMOVAL_IMPACT = "removal_impact"
    AUTO_LINK_INBOUND = "auto_link_inbound"
    VALIDATE_AUTO_LINKS = "validate_auto_links"
    RECORD_CASCADE = "record_cascade"
    SUPPORTIVE_NEIGHBOURS = "supportive_neighbours"
    UPDATE_MEMORIES = "update_memories"
    ALL_MEMORIES = "all_memories"
    MEMORIES_WITH_STATUS = "memories_with_status"
    WRITE_TOMBSTONES = "write_tombstones"
    GET_TOMBSTONES = "get_tombstones"
    TOMBSTONE_PAGE = "tombstone_page"
    WRITE_FORGOTTEN = "write_forgotten"
    GET_FORGOTTEN = "get_forgotten"
    FORGOTTEN_PAGE = "forgotten_page"
    DELETE_FORGOTTEN = "delete_forgotten"
    GET_CONFIG = "get_config"
    PUT_CONFIG = "put_config"
    REPLACE_MEMORY_VECTORS = "replace_memory_vectors"
    REPLACE_FACT_VECTORS = "replace_fact_vectors"
    VECTOR_SEARCH = "vector_search"
    FULLTEXT_SEARCH = "fulltext_search"
    COUNT_MEMORIES = "count_memories"
    COUNT_EDGES_BY_TYPE = "count_edges_by_type"
    # Export and restore: a tenant read a page at a time (keyset by id), RELATES as stored.
    MEMORY_PAGE = "memory_page"
    EDGES_FROM = "edges_from"
    CONFIG_ENTRIES = "config_entries"
    ENTITY_PAGE = "entity_page"
    FACT_PAGE = "fact_page"
    HOLDS_FACTS = "holds_facts"
    RELATIONS_FROM = "relations_from"
    RESTORE_RELATIONS = "restore_relations"
    # The fact layer (docs/design.md §5): facts, entities, derived edges, leases, extraction
    # records.
    DEFINE_FACT_SCHEMA = "define_fact_schema"
    FACT_SCHEMA_STATUS = "fact_schema_status"
    FACTS_BY_KEYS = "facts_by_keys"
    FACTS_BY_FINGERPRINTS = "facts_by_fingerprints"
    CHECK_FACT_SNAPSHOT = "check_fact_snapshot"
    MERGE_ENTITIES = "merge_entities"
    INSERT_FACTS = "insert_facts"
    LINK_FACT_OBJECTS = "link_fact_objects"
    LINK_FACT_SOURCES = "link_fact_sources"
    CLOSE_FACTS = "close_facts"
    RESHAPE_FACTS = "reshape_facts"
    REKEY_FACTS = "rekey_facts"
    SET_SOFT_CONFLICTS = "set_soft_conflicts"
    WRITE_FACT_VECTORS = "write_fact_vectors"
    GET_FACTS = "get_facts"
    FIND_FACTS = "find_facts"
    FIND_SUBJECT_FACTS = "find_subject_facts"
    FACTS_OF_ENTITY = "facts_of_entity"
    GET_ENTITIES = "get_entities"
    ACTIVE_STATE_FACTS = "active_state_facts"
    OPEN_RELATIONS = "open_relations"
    EXPIRE_RELATIONS = "expire_relations"
    UPSERT_RELATIONS = "upsert_relations"
    ACQUIRE_LEASE = "acquire_lease"
    RELEASE_LEASE = "release_lease"
    CLAIM_IDEMPOTENCY_KEY = "claim_idempotency_key"
    TAKE_OVER_IDEMPOTENCY_KEY = "take_over_idempotency_key"
    COMPLETE_IDEMPOTENCY_KEY = "complete_idempotency_key"
    RELEASE_IDEMPOTENCY_KEY = "release_idempotency_key"
    PURGE_IDEMPOTENCY_KEYS = "purge_idempotency_keys"
    RECORD_EXTRACTIONS = "record_extractions"
    GET_EXTRACTIONS = "get_extractions"
    # Recall's extra reads (docs/design.md §7).
    ADJACENT_MEMORIES = "adjacent_memories"
    MEMORY_SIMILARITIES = "memory_similarities"
    MEMORIES_MENTIONING = "memories_mentioning"
    MEMORIES_DATED_WITHIN = "memories_dated_within"
    MENTION_COUNT = "mention_count"
    LAST_IN_SESSIONS = "last_in_sessions"
    PREVIOUS_IN_SESSIONS = "previous_in_sessions"
    NEXT_IN_SESSIONS = "next_in_sessions"
    FACT_VECTOR_SEARCH = "fact_vector_search"
    FACT_FULLTEXT_SEARCH = "fact_fulltext_search"
    FACTS_OF_MEMORIES = "facts_of_memories"
    MEMORIES_ABOUT_ENTITIES = "memories_about_entities"
    FACT_ASSERTERS = "fact_asserters"
    FACTS_CONTAINING = "facts_containing"
    # Erasure of a subject (docs/adr/0018): the only queries that delete facts.
    ERASE_TRACES = "erase_traces"
    ERASE_FACTS = "erase_facts"
    # Instants stored out of range by an earlier version, set to the nearer bound.
    CLAMP_MEMORY_INSTANTS = "clamp_memory_instants"
    CLAMP_FACT_INSTANTS = "clamp_fact_instants"
    ERASE_ENTITIES = "erase_entities"


@dataclass(frozen=True, slots=True)
class Query:
    name: QueryName
    text: str
    params: frozenset[str]
    templates: frozenset[str]

    def render(self, **templates: int) -> str:
        """The query text with its template slots filled with integers."""
        check_templates(self.name, templates, self.templates)
        text = self.text
        for slot, value in templates.items():
            # bool is an int subclass; True/False would render as 1/0 by accident.
            if type(value) is not int or not 0 < value <= _MAX_TEMPLATE_INT:
                raise QueryError(f"{self.name}: template {slot} takes an integer, got {value!r}")
            text = text.replace("{{" + slot + "}}", str(value))
        return text

    def bind(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The parameters, checked to be exactly the declared ones."""
        return bound(self.name, self.params, params)


def code(text: str) -> str:
    """The query text without comments and with every string literal emptied."""
    return _LITERAL_OR_COMMENT.sub(lambda m: "''" if m.group(0)[0] in "'\"" else " ", text)


def bound_names(text: str) -> frozenset[str]:
    """Names a body binds itself: LET variables, FOR variables and closure parameters."""
    body = code(text)
    names = set(_LET.findall(body)) | set(_FOR.findall(body))
    for params in _CLOSURE.findall(body):
        names.update(PARAM_USE.findall(params))
    return frozenset(names)


def used_params(text: str) -> frozenset[str]:
    """Every `$name` the query takes from its caller (comments, string literals, locals and
    engine-bound names excluded)."""
    used = frozenset(PARAM_USE.findall(code(text)))
    return used - bound_names(text) - _ENGINE_PARAMS


def parse(name: QueryName, text: str) -> Query:
    params, templates = checked_declarations(name, text, used_params(text))
    clash = {
        p
        for p in params | bound_names(text)
        if p in RESERVED_PARAMS or p.startswith(RESERVED_PREFIX)
    }
    if clash:
        raise QueryError(f"{name}: {sorted(clash)} are reserved for the backend")
    if _RETURN_STATEMENT.search(code(text)):
        raise QueryError(f"{name}: a RETURN statement would end the enclosing transaction")
    return Query(name, text, params, templates)


def query_file(name: QueryName) -> resources.abc.Traversable:
    return _FILES.file(name)


@cache
def load(name: QueryName) -> Query:
    return parse(name, query_file(name).read_text(encoding="utf-8"))


__all__ = [
    "RESERVED_PARAMS",
    "Query",
    "QueryError",
    "QueryName",
    "bound_names",
    "code",
    "load",
    "parse",
    "query_file",
    "used_params",
]

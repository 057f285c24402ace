"""Named Cypher queries, one `.cypher` file each, loaded as package data.

A file starts with `//` comment lines; one of them declares the parameters the query uses
(`// params: a, b`) and, rarely, the templates it needs (`// templates: edge_type`). Templates
exist only for what Cypher cannot parameterise (a relationship type in CREATE/MERGE) and accept
nothing but `schema` enum members. Dialect overrides live in `cypher/<dialect>/NAME.cypher` and
are used only where the shared text really differs. The fact layer's queries live in
`cypher/facts/` and recall's in `cypher/recall/` (overrides in `<folder>/<dialect>/`).

The shared text is written for a graph per tenant. A dialect that keeps tenants apart by a
property (Neo4j) runs it scoped to `$tenant` by `cypher._tenancy`, so its overrides hold only
real dialect differences. A shared query that declares `tenant` already names its tenant, and
one marked `// tenancy: global` spans tenants on purpose: both run as written.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources
from typing import Any, Final

from cypher._tenancy import UnscopableQuery, scope_to_tenant
from cypher.query_files import (
    PARAM_USE,
    QueryError,
    QueryFiles,
    bound,
    check_templates,
    checked_declarations,
    declared,
)
from schema import EdgeType

_FILES: Final = QueryFiles(__name__, ".cypher")
_STRING_LITERAL: Final = re.compile(r"'(?:[^'\\]|\\.)*'")
#: What each template slot accepts.
_TEMPLATE_TYPES: Final[dict[str, type[StrEnum]]] = {"edge_type": EdgeType}
#: Dialects that keep every tenant in one database, told apart by a `tenant` property.
_TENANT_PROPERTY_DIALECTS: Final = frozenset({"neo4j"})


class QueryName(StrEnum):
    PING = "ping"
    LIST_INDEXES = "list_indexes"
    CREATE_MEMORY_ID_INDEX = "create_memory_id_index"
    CREATE_MEMORY_CREATED_AT_INDEX = "create_memory_created_at_index"
    CREATE_MEMORY_STATUS_INDEX = "create_memory_status_index"
    CREATE_MEMORY_VECTOR_INDEX = "create_memory_vector_index"
    CREATE_MEMORY_FULLTEXT_INDEX = "create_memory_fulltext_index"
    CREATE_MEMORY_VECTOR_ID_INDEX = "create_memory_vector_id_index"
    UPSERT_MEMORIES = "upsert_memories"
    GET_MEMORIES = "get_memories"
    GET_EMBEDDINGS = "get_embeddings"
    EXISTING_MEMORY_IDS = "existing_memory_ids"
    DELETE_MEMORIES = "delete_memories"
    RECENT_MEMORIES = "recent_memories"
    RECENT_MEMORIES_BETWEEN = "recent_memories_between"
    LINK_MEMORIES = "link_memories"
    UNLINK_MEMORIES = "unlink_memories"
    TRAVERSE_HOP = "traverse_hop"
    INDUCED_EDGES = "induced_edges"
    PAGE_EDGES = "page_edges"
    EDGE_PAGE = "edge_page"
    DEGREES = "degrees"
    ALL_DEGREES = "all_degrees"
    KAPPA_MAX = "kappa_max"
    ORPHANS = "orphans"
    VECTOR_SEARCH = "vector_search"
    FULLTEXT_SEARCH = "fulltext_search"
    TERM_POSTINGS = "term_postings"
    COUNT_MEMORIES = "count_memories"
    COUNT_EDGES_BY_TYPE = "count_edges_by_type"
    CREATE_TOMBSTONE_ID_INDEX = "create_tombstone_id_index"
    CREATE_CONFIG_KEY_INDEX = "create_config_key_index"
    UPDATE_MEMORIES = "update_memories"
    ALL_MEMORIES = "all_memories"
    MEMORIES_WITH_STATUS = "memories_with_status"
    INCIDENT_EDGES = "incident_edges"
    STALE_AUTO_LINKS = "stale_auto_links"
    ALL_STALE_AUTO_LINKS = "all_stale_auto_links"
    REMOVAL_IMPACT = "removal_impact"
    AUTO_LINK_INBOUND = "auto_link_inbound"
    WRITE_TOMBSTONES = "write_tombstones"
    GET_TOMBSTONES = "get_tombstones"
    TOMBSTONE_PAGE = "tombstone_page"
    TOMBSTONE_PAGE_BETWEEN = "tombstone_page_between"
    CREATE_FORGOTTEN_ID_INDEX = "create_forgotten_id_index"
    WRITE_FORGOTTEN = "write_forgotten"
    GET_FORGOTTEN = "get_forgotten"
    FORGOTTEN_PAGE = "forgotten_page"
    DELETE_FORGOTTEN = "delete_forgotten"
    GET_CONFIG = "get_config"
    PUT_CONFIG = "put_config"
    REPLACE_MEMORY_VECTORS = "replace_memory_vectors"
    REPLACE_FACT_VECTORS = "replace_fact_vectors"
    VALIDATE_AUTO_LINKS = "validate_auto_links"
    RECORD_CASCADE = "record_cascade"
    WRITE_REACTIVATIONS = "write_reactivations"
    WRITE_PRESENTATIONS = "write_presentations"
    # The full-text index on :MemoryText, and its move there from :Memory (FalkorDB).
    CREATE_MEMORY_TEXT_ID_INDEX = "create_memory_text_id_index"
    BACKFILL_MEMORY_TEXT = "backfill_memory_text"
    DROP_MEMORY_FULLTEXT_INDEX = "drop_memory_fulltext_index"
    SUPPORTIVE_NEIGHBOURS = "supportive_neighbours"
    # Export: a tenant read a page at a time (keyset by id).
    MEMORY_PAGE = "memory_page"
    MEMORY_PAGE_BETWEEN = "memory_page_between"
    EDGES_FROM = "edges_from"
    CONFIG_ENTRIES = "config_entries"
    # Analytics computed in the database where the engine has the algorithm (FalkorDB).
    COMPONENT_SIZES = "component_sizes"
    CLEAR_LABEL_PHANTOMS = "clear_label_phantoms"
    CORPUS_SIZE = "corpus_size"
    # An amendment's check-and-mark of the memory it supersedes (store_amendment).
    CLAIM_SUPERSESSION = "claim_supersession"
    # Auto-links written only while their target is under the inbound cap (store_memories).
    LINK_AUTO_MEMORIES = "link_auto_memories"
    # Tenancy by property, where tenants share one database (Neo4j); FalkorDB has a graph per
    # tenant and uses none of these.
    REGISTER_TENANT = "register_tenant"
    TENANT_REGISTERED = "tenant_registered"
    LIST_TENANTS = "list_tenants"
    DROP_TENANT_BATCH = "drop_tenant_batch"
    # Erasure of a subject (docs/adr/0018).
    ERASE_TOMBSTONES = "erase_tombstones"
    # Instants stored out of range by an earlier version, set to the nearer bound.
    CLAMP_MEMORY_INSTANTS = "clamp_memory_instants"


class FactQueryName(StrEnum):
    """The fact layer's queries (docs/design.md §5), kept in `cypher/facts/`."""

    ACQUIRE_LEASE = "acquire_lease"
    FACTS_BY_KEYS = "facts_by_keys"
    ACTIVE_STATE_FACTS = "active_state_facts"
    CLOSE_FACTS = "close_facts"
    RESHAPE_FACTS = "reshape_facts"
    REKEY_FACTS = "rekey_facts"
    CREATE_ENTITY_ID_INDEX = "create_entity_id_index"
    CREATE_ENTITY_KEY_INDEX = "create_entity_key_index"
    CREATE_EXTRACTION_MEMORY_ID_INDEX = "create_extraction_memory_id_index"
    CREATE_FACT_CONFLICT_KEY_INDEX = "create_fact_conflict_key_index"
    CREATE_FACT_FINGERPRINT_INDEX = "create_fact_fingerprint_index"
    CREATE_FACT_ID_INDEX = "create_fact_id_index"
    CREATE_FACT_SUBJECT_KEY_INDEX = "create_fact_subject_key_index"
    CREATE_LEASE_NAME_INDEX = "create_lease_name_index"
    CLAIM_IDEMPOTENCY_KEY = "claim_idempotency_key"
    TAKE_OVER_IDEMPOTENCY_KEY = "take_over_idempotency_key"
    COMPLETE_IDEMPOTENCY_KEY = "complete_idempotency_key"
    RELEASE_IDEMPOTENCY_KEY = "release_idempotency_key"
    PURGE_IDEMPOTENCY_KEYS = "purge_idempotency_keys"
    CREATE_IDEMPOTENCY_KEY_INDEX = "create_idempotency_key_index"
    EXPIRE_RELATIONS = "expire_relations"
    FACTS_BY_FINGERPRINTS = "facts_by_fingerprints"
    FACTS_OF_ENTITY = "facts_of_entity"
    FIND_FACTS = "find_facts"
    FIND_SUBJECT_FACTS = "find_subject_facts"
    GET_ENTITIES = "get_entities"
    GET_EXTRACTIONS = "get_extractions"
    GET_FACTS = "get_facts"
    INSERT_FACTS = "insert_facts"
    LINK_FACT_OBJECTS = "link_fact_objects"
    LINK_FACT_SOURCES = "link_fact_sources"
    MERGE_ENTITIES = "merge_entities"
    OPEN_RELATIONS = "open_relations"
    RECORD_EXTRACTION = "record_extraction"
    RELEASE_LEASE = "release_lease"
    SET_SOFT_CONFLICTS = "set_soft_conflicts"
    UPSERT_RELATIONS = "upsert_relations"
    # Export and restore: the fact layer read a page at a time, RELATES edges written as stored.
    ENTITY_PAGE = "entity_page"
    ENTITY_PAGE_BETWEEN = "entity_page_between"
    FACT_PAGE = "fact_page"
    FACT_PAGE_BETWEEN = "fact_page_between"
    RELATIONS_FROM = "relations_from"
    RESTORE_RELATIONS = "restore_relations"
    HOLDS_FACTS = "holds_facts"
    FACT_ASSERTERS = "fact_asserters"
    FACTS_CONTAINING = "facts_containing"
    # Erasure of a subject (docs/adr/0018): the only queries that delete facts.
    ERASE_FACTS = "erase_facts"
    ERASE_FACT_SLOTS = "erase_fact_slots"
    ERASE_ENTITIES = "erase_entities"
    ERASE_IDEMPOTENCY_KEYS = "erase_idempotency_keys"
    ERASE_EXTRACTIONS = "erase_extractions"
    # Instants stored out of range by an earlier version, set to the nearer bound.
    CLAMP_FACT_INSTANTS = "clamp_fact_instants"


class RecallQueryName(StrEnum):
    """Recall's extra reads (docs/design.md §7) and the indexes they use, kept in
    `cypher/recall/`."""

    ADJACENT_MEMORIES = "adjacent_memories"
    ADJACENT_BY_TYPE = "adjacent_by_type"
    ADJACENT_AROUND = "adjacent_around"
    BACKFILL_MEMORY_ENTITY_KEYS = "backfill_memory_entity_keys"
    CREATE_FACT_TEXT_INDEX = "create_fact_text_index"
    CREATE_FACT_VECTOR_ID_INDEX = "create_fact_vector_id_index"
    CREATE_FACT_VECTOR_INDEX = "create_fact_vector_index"
    CREATE_MEMORY_ENTITY_KEYS_INDEX = "create_memory_entity_keys_index"
    CREATE_MEMORY_MENTIONED_INDEX = "create_memory_mentioned_index"
    CREATE_MEMORY_SESSION_INDEX = "create_memory_session_index"
    FACT_CORPUS_SIZE = "fact_corpus_size"
    FACT_FULLTEXT_SEARCH = "fact_fulltext_search"
    FACT_TERM_POSTINGS = "fact_term_postings"
    FACT_VECTOR_SEARCH = "fact_vector_search"
    FACTS_OF_MEMORIES = "facts_of_memories"
    LAST_IN_SESSIONS = "last_in_sessions"
    MEMORIES_ABOUT_ENTITIES = "memories_about_entities"
    MEMORIES_DATED_WITHIN = "memories_dated_within"
    MEMORIES_MENTIONING = "memories_mentioning"
    MEMORIES_MENTIONING_CAPPED = "memories_mentioning_capped"
    MEMORY_FACETS = "memory_facets"
    MEMORY_SIMILARITIES = "memory_similarities"
    NEXT_IN_SESSIONS = "next_in_sessions"
    PREVIOUS_IN_SESSIONS = "previous_in_sessions"
    WRITE_FACT_VECTORS = "write_fact_vectors"


AnyQueryName = QueryName | FactQueryName | RecallQueryName
#: The folder of each query-name family (the memory queries live at the root).
_FOLDERS: Final[dict[type[StrEnum], str]] = {FactQueryName: "facts", RecallQueryName: "recall"}


@dataclass(frozen=True, slots=True)
class Query:
    name: AnyQueryName
    dialect: str | None
    text: str
    params: frozenset[str]
    templates: frozenset[str]

    def render(self, **templates: StrEnum) -> str:
        """The query as the engine runs it: its comment lines left out (a `//` line inside a
        `CALL { }` subquery crashes FalkorDB 4.16's query validator, docs/measured-facts.md)
        and its template slots filled from `schema` enum members."""
        check_templates(self.name, templates, self.templates)
        text = _without_comments(self.text)
        for slot, value in templates.items():
            expected = _TEMPLATE_TYPES[slot]
            if not isinstance(value, expected):
                raise QueryError(f"{self.name}: template {slot} takes a {expected.__name__}")
            text = text.replace("{{" + slot + "}}", value.value)
        return text

    def bind(self, params: Mapping[str, Any]) -> dict[str, Any]:
        """The parameters, checked to be exactly the declared ones."""
        return bound(self.name, self.params, params)


@cache
def _without_comments(text: str) -> str:
    """`text` without its comment lines (those whose first non-blank characters are `//`)."""
    return "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("//"))


def used_params(text: str) -> frozenset[str]:
    """Every `$name` the query body uses (comments and string literals excluded)."""
    return frozenset(PARAM_USE.findall(_STRING_LITERAL.sub("''", _without_comments(text))))


def parse(name: AnyQueryName, dialect: str | None, text: str) -> Query:
    label = f"{name} ({dialect or 'shared'})"
    params, templates = checked_declarations(label, text, used_params(text), slots=_TEMPLATE_TYPES)
    return Query(name, dialect, text, params, templates)


def query_file(name: AnyQueryName, dialect: str | None = None) -> resources.abc.Traversable:
    return _FILES.file(name, folder=_FOLDERS.get(type(name)), dialect=dialect)


@cache
def load(name: AnyQueryName, dialect: str | None = None) -> Query:
    """The dialect's override of `name` if it has one, else the shared query as the dialect
    runs it (`load_shared`)."""
    if dialect is not None:
        override = query_file(name, dialect)
        if override.is_file():
            return parse(name, dialect, override.read_text(encoding="utf-8"))
    return load_shared(name, dialect)


@cache
def load_shared(name: AnyQueryName, dialect: str | None = None) -> Query:
    """The shared query, scoped to `$tenant` where the dialect keeps tenants apart by property
    (unless it names its tenant already or is marked `// tenancy: global`)."""
    shared = parse(name, None, query_file(name).read_text(encoding="utf-8"))
    if (
        dialect not in _TENANT_PROPERTY_DIALECTS
        or "tenant" in shared.params
        or declared(shared.text, "tenancy") == {"global"}
    ):
        return shared
    try:
        scoped = scope_to_tenant(shared.text)
    except UnscopableQuery as e:
        raise QueryError(
            f"{name}: cannot be scoped to a tenant ({e}); write a {dialect} override"
        ) from e
    if used_params(scoped) == shared.params:  # nothing to scope (no node or relationship)
        return shared
    return parse(name, dialect, scoped)


__all__ = [
    "AnyQueryName",
    "FactQueryName",
    "Query",
    "QueryError",
    "QueryName",
    "RecallQueryName",
    "load",
    "load_shared",
    "parse",
    "query_file",
    "used_params",
]

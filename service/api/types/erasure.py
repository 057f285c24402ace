"""An erasure's receipt, which is also its audit line (docs/adr/0018)."""

from __future__ import annotations

from datetime import datetime

import strawberry

from service.api.types.enums import MemoryErasure
from service.usecases.erasure import Erasure, PossibleAlias


@strawberry.type(
    name="PossibleAlias",
    description="A name the project still holds after an erase that may be another name of "
    'its subject (a short form such as "Mel" for "Melanie"; the rule: docs/adr/0031), '
    "and how many memories and facts name it: erase it too with `aliases`.",
)
class PossibleAliasType:
    name: str
    memories: int
    facts: int

    @classmethod
    def from_domain(cls, alias: PossibleAlias) -> PossibleAliasType:
        return cls(name=alias.name, memories=alias.memories, facts=alias.facts)


@strawberry.type(
    name="Erasure",
    description="One erase of a subject: when, by whom, how, and how many records of each kind "
    "went. The subject is a salted digest of its normalised name, never the name.",
)
class ErasureType:
    id: strawberry.ID
    at: datetime
    by: str = strawberry.field(
        description="The API key that asked (its id), `development` or `operator` (the CLI)."
    )
    subject_digest: str = strawberry.field(
        description="HMAC-SHA256 of the normalised name with the project's own salt; empty "
        "when the project held nothing."
    )
    alias_digests: list[str] = strawberry.field(
        description="The same digests of the other names erased with it (`aliases`)."
    )
    memories: MemoryErasure
    memories_deleted: int
    memories_redacted: int
    facts_deleted: int = strawberry.field(
        description="Facts about the subject, in every state, deleted."
    )
    facts_retracted: int = strawberry.field(
        description="Other facts that only the deleted memories asserted: retracted, as a "
        "deleteMemories retracts them."
    )
    fact_vectors: int
    entities: int
    relations: int = strawberry.field(description="Derived RELATES edges of its entities.")
    edge_reasons_redacted: int
    tombstones: int
    idempotency_records: int
    extractions: int
    forgotten_deleted: int = strawberry.field(
        description="Forgotten memories (kept by maintenance) that named it, deleted for good "
        "whatever `memories` says."
    )
    possible_aliases: list[PossibleAliasType] = strawberry.field(
        description="Names still held that may be other names of the subject, the most named "
        "first (at most 20). Only the answer to `eraseSubject` carries them: an audit line "
        "holds no name, so `erasures` lists none."
    )

    @classmethod
    def from_domain(cls, erasure: Erasure) -> ErasureType:
        return cls(
            id=strawberry.ID(erasure.id),
            at=erasure.at,
            by=erasure.by,
            subject_digest=erasure.subject,
            alias_digests=list(erasure.aliases),
            memories=erasure.memories,
            memories_deleted=erasure.memories_deleted,
            memories_redacted=erasure.memories_redacted,
            facts_deleted=erasure.facts_deleted,
            facts_retracted=erasure.facts_retracted,
            fact_vectors=erasure.fact_vectors,
            entities=erasure.entities,
            relations=erasure.relations,
            edge_reasons_redacted=erasure.edge_reasons_redacted,
            tombstones=erasure.tombstones,
            idempotency_records=erasure.idempotency_records,
            extractions=erasure.extractions,
            forgotten_deleted=erasure.forgotten_deleted,
            possible_aliases=[PossibleAliasType.from_domain(a) for a in erasure.possible_aliases],
        )


@strawberry.type
class ErasureList:
    erasures: list[ErasureType]

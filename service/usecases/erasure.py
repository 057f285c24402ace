"""Erase a subject (docs/adr/0018): everything a tenant holds about a person or thing, so that
no read of any kind returns it afterwards.

The subject is matched as facts match entities: by its normalised key (`normalise`), and by
the key of each of its other names (`aliases`, docs/adr/0031), each exactly as the main name.
What names it (`service.engine.mentions`): a fact whose subject or object key holds one of the
keys as whole words ("Zoe Smith", "Zoe Smith's flat"), an entity so named, a memory whose
content, summary, entities, metadata or session does. An erase

1. reads every memory of the tenant, a page at a time, and every fact whose keys hold the
   subject's, and picks those that name it;
2. by default (`MemoryErasure.DELETE`) deletes the memories that name the subject and those
   that assert a fact about it; with `REDACT` keeps them with the name replaced (content
   re-embedded, edge reasons too) and deletes only the facts;
3. retracts the other facts that only the deleted memories asserted (the delete rule of
   `service.usecases.deletion`, docs/adr/0021);
4. deletes, in one backend transaction (`ErasureRepository.erase`): those memories with their
   embeddings, indexed text and edges; the facts with their embeddings; the entities with
   their RELATES edges; the tombstones, extraction records and idempotency records of what
   went; FalkorDB then rewrites its files;
5. drops the embedder's kept vectors of the erased texts and the ids from the core candidates;
6. records an audit line — salted digests of the keys, never a name — in the tenant's
   configuration and the log;
7. answers with the receipt, which also lists the names still named by memories or facts that
   may be other names of the subject (`service.engine.aliases`) — in the answer only, never in
   the audit line or the log.

Erasures of one tenant run one at a time (a lease). An erase is a point in time: a write racing
it may survive it, and an erase sent again removes that too (an erase that finds nothing
deletes nothing and still records its line).
"""

from __future__ import annotations

import dataclasses
import hashlib
import hmac
import json
import logging
import secrets
import uuid
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Final

from graph_backends.protocol import MAX_EXPORT_PAGE
from schema import Conflict, FactState, ForgottenMemory, InvalidInput, Memory, MemoryEdge, Tenant
from schema.erasure import REDACTION, ErasedCounts, ErasurePlan, MemoryErasure
from schema.facts import Fact, FactQuery, entity_id
from service.adapters.embedding import ForgetsTexts
from service.engine.aliases import AliasCandidates
from service.engine.mentioned_time import dated
from service.engine.mentions import mentions, redact
from service.engine.text import normalise
from service.usecases.core_preferences import CorePreferencesService
from service.usecases.embedder_records import EmbedderMismatch
from service.usecases.facts import FactService, sole_assertions
from service.usecases.memories import MAX_BATCH, MemoryService
from service.usecases.reactivation_queue import ReactivationQueue

log = logging.getLogger(__name__)

#: The tenant's configuration entries: its audit lines (a JSON list), and the salt of their
#: subject digests.
AUDIT_KEY: Final = "erasure_audit"
SALT_KEY: Final = "erasure_salt"
_LEASE: Final = "erasure"
_LEASE_TTL: Final = timedelta(minutes=30)
#: Memories read per page while looking for the subject.
_PAGE: Final = 1000
#: The most names a receipt lists as possible aliases (those naming the most memories).
MAX_POSSIBLE_ALIASES: Final = 20


@dataclass(frozen=True, slots=True)
class PossibleAlias:
    """A name the project still holds that may be another name of the erased subject, and how
    many memories and facts an erase of it would find."""

    name: str
    memories: int
    facts: int


@dataclass(frozen=True, slots=True)
class Erasure:
    """One erase, as its receipt and its audit line: when, by whom, of what (`subject`: the
    salted digest of its key, never the name; `aliases`: those of its other names), how, and
    how many of each kind went. `possible_aliases` are names, so only the receipt carries them:
    the audit line leaves them out."""

    id: str
    at: datetime
    by: str
    subject: str
    memories: MemoryErasure
    memories_deleted: int = 0
    memories_redacted: int = 0
    facts_deleted: int = 0
    facts_retracted: int = 0
    fact_vectors: int = 0
    entities: int = 0
    relations: int = 0
    edge_reasons_redacted: int = 0
    tombstones: int = 0
    idempotency_records: int = 0
    extractions: int = 0
    #: Forgotten memories (kept by maintenance, docs/adr/0032) that named it: deleted for
    #: good, whatever `memories` says — they are not in the present to keep.
    forgotten_deleted: int = 0
    aliases: tuple[str, ...] = ()
    possible_aliases: tuple[PossibleAlias, ...] = ()

    def to_json(self) -> dict[str, Any]:
        """The audit line: everything but the possible aliases."""
        data = dataclasses.asdict(self)
        del data["possible_aliases"]
        data["at"] = self.at.isoformat()
        data["memories"] = str(self.memories)
        data["aliases"] = list(self.aliases)
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Erasure:
        values = dict(data)
        values["at"] = datetime.fromisoformat(values["at"])
        values["memories"] = MemoryErasure(values["memories"])
        values["aliases"] = tuple(values.get("aliases", ()))  # lines written before aliases
        return cls(**values)


def _names(text: str | None, keys: Sequence[str]) -> bool:
    return any(mentions(text, key) for key in keys)


def memory_names(memory: Memory, keys: Sequence[str]) -> bool:
    """Whether any text the memory carries names the subject by one of its `keys`."""
    texts = [
        memory.content,
        memory.summary,
        memory.source_session,
        *memory.entities,
        *memory.metadata,
        *memory.metadata.values(),
    ]
    return any(_names(t, keys) for t in texts)


def redacted(text: str, keys: Sequence[str]) -> str:
    """`text` with every name of the subject replaced."""
    # The longest first, so that "Zoe Smith" goes as one run before its alias "Zoe" could
    # leave "[erased] Smith".
    for key in sorted(keys, key=lambda k: (-len(k), k)):
        text = redact(text, key, REDACTION)
    return text


def redacted_memory(memory: Memory, keys: Sequence[str]) -> Memory:
    """The memory with every name of the subject replaced in every text it carries, and
    dropped from its entities; the window its words date it to derived again from what is
    left (a subject named "June" no longer dates a memory to June)."""

    def cut(text: str) -> str:
        return redacted(text, keys)

    return dated(
        memory.model_copy(
            update={
                "content": cut(memory.content),
                "summary": None if memory.summary is None else cut(memory.summary),
                "source_session": None
                if memory.source_session is None
                else cut(memory.source_session),
                "entities": tuple(e for e in memory.entities if not _names(e, keys)),
                "metadata": {cut(k): cut(v) for k, v in memory.metadata.items()},
                "embedding": None,
            }
        )
    )


def _fact_names(fact: Fact, keys: Sequence[str]) -> bool:
    return _names(fact.subject_key, keys) or _names(fact.object_key, keys)


def _fact_keys(fact: Fact) -> tuple[str, str]:
    """What a backend may keep a record per: the fact's conflict key and its fingerprint."""
    return (fact.conflict_key, fact.fingerprint)


class ErasureService:
    def __init__(
        self,
        memories: MemoryService,
        facts: FactService,
        core: CorePreferencesService,
        reactivations: ReactivationQueue,
    ) -> None:
        self._memories = memories
        self._facts = facts
        self._core = core
        self._reactivations = reactivations

    async def erase_subject(
        self,
        tenant: Tenant,
        entity: str,
        *,
        aliases: Sequence[str] = (),
        memories: MemoryErasure = MemoryErasure.DELETE,
        by: str,
    ) -> Erasure:
        """Erase everything the tenant holds about `entity`, under its name and each of its
        `aliases` alike (see the module); `by` names who asked, for the audit line.
        `Conflict` while another erase of the tenant runs."""
        keys = _keys(entity, aliases)
        at = self._memories.now()
        if not await self._memories.ready_to_read(tenant):
            # A project never written holds nothing, and an erase creates nothing: no digest
            # (its salt would be the project's), the log line alone.
            erasure = Erasure(str(uuid.uuid4()), at, by, "", memories)
            self._log(tenant, erasure)
            return erasure
        repository = self._facts.repository
        owner = uuid.uuid4().hex
        if not await repository.acquire_lease(tenant, _LEASE, owner, at, _LEASE_TTL):
            raise Conflict(
                f"another erase of project {tenant.project} is running; send this one again "
                "when it has finished"
            )
        try:
            # Reactivations of recalls answered so far are written before, never after.
            await self._reactivations.settle(tenant)
            erasure = await self._erase(tenant, keys, memories, by, at)
            await self._record(tenant, erasure)
        finally:
            await repository.release_lease(tenant, _LEASE, owner)
        self._log(tenant, erasure)
        return erasure

    async def erasures(self, tenant: Tenant, subject: str | None = None) -> list[Erasure]:
        """The tenant's audit lines, newest first; with `subject`, only the erasures of it."""
        if not await self._memories.ready_to_read(tenant):
            return []
        repository = self._facts.repository
        raw = await repository.get_config(tenant, AUDIT_KEY)
        found = [Erasure.from_json(e) for e in json.loads(raw)] if raw else []
        if subject is not None:
            salt = await repository.get_config(tenant, SALT_KEY)
            wanted = _digest(salt, normalise(subject)) if salt else None
            found = [e for e in found if wanted in (e.subject, *e.aliases)]
        return found[::-1]  # appended as they happened

    # -- the erase -------------------------------------------------------------------------

    async def _erase(
        self, tenant: Tenant, keys: Sequence[str], how: MemoryErasure, by: str, at: datetime
    ) -> Erasure:
        repository = self._facts.repository
        facts = await self._facts_naming(tenant, keys)
        fact_ids = {f.id for f in facts}
        asserting = await repository.fact_asserters(tenant, sorted(fact_ids))
        seen = AliasCandidates(keys)
        seen.add_names(name for f in facts for name in (f.subject, f.object))
        named = await self._memories_naming(tenant, keys, seen)
        if how is MemoryErasure.DELETE:
            doomed = set(named) | {m for listed in asserting.values() for m in listed}
            kept: dict[str, Memory] = {}
        else:
            doomed, kept = set(), named
        # The delete rule: what only the deleted memories said does not stay active.
        orphaned = await sole_assertions(repository, tenant, sorted(doomed))
        retracted = await self._facts.retract_facts(
            tenant,
            [f.id for f in orphaned if f.id not in fact_ids and f.state is FactState.ACTIVE],
            at,
        )
        edges = await self._redact(tenant, keys, list(kept.values())) if kept else 0
        texts = {m.content for m in named.values()}
        unnamed = sorted(doomed - set(named))
        texts |= {m.content for m in await repository.get_memories(tenant, unnamed) if m}
        counts = await repository.erase(
            tenant,
            ErasurePlan(
                memories=tuple(sorted(doomed)),
                facts=tuple(sorted(fact_ids)),
                entities=tuple(sorted(await self._entities(tenant, keys, facts))),
                traces=tuple(sorted(doomed | set(kept) | fact_ids)),
                fact_keys=tuple(sorted({k for f in facts for k in _fact_keys(f)})),
            ),
        )
        forgotten = await self._forgotten_naming(tenant, keys, fact_ids, doomed)
        texts |= {f.memory.content for f in forgotten}
        await repository.delete_forgotten(tenant, [f.id for f in forgotten])
        embedder = self._memories.embedder
        if isinstance(embedder, ForgetsTexts):
            embedder.forget(lambda text: text in texts or _names(text, keys))
        candidates = await self._core.candidates(tenant)
        if doomed & set(candidates):
            await self._core.set_candidates(tenant, [i for i in candidates if i not in doomed])
        salt = await self._salt(tenant)
        erasure = _receipt(
            str(uuid.uuid4()),
            at,
            by,
            _digest(salt, keys[0]),
            how,
            counts,
            redacted=len(kept),
            retracted=len(retracted),
            edges=edges,
        )
        return dataclasses.replace(
            erasure,
            forgotten_deleted=len(forgotten),
            aliases=tuple(_digest(salt, k) for k in keys[1:]),
            possible_aliases=await self._possible_aliases(tenant, seen.found()),
        )

    async def _forgotten_naming(
        self, tenant: Tenant, keys: Sequence[str], fact_ids: set[str], doomed: set[str]
    ) -> list[ForgottenMemory]:
        """The forgotten memories that carry the subject: named in their texts or an edge's
        reason, asserting an erased fact, or erased themselves (kept and live at once after a
        crashed pass)."""
        found = []
        after: str | None = None
        repository = self._facts.repository
        while page := await repository.forgotten_page(tenant, after=after, limit=MAX_EXPORT_PAGE):
            found += [
                f
                for f in page
                if f.id in doomed
                or memory_names(f.memory, keys)
                or any(_names(e.reason, keys) for e in f.edges)
                or fact_ids.intersection(f.facts)
            ]
            after = page[-1].id
        return found

    async def _entities(
        self, tenant: Tenant, keys: Sequence[str], facts: Sequence[Fact]
    ) -> set[str]:
        """The entities to erase: the subject's own (one per name), every entity whose name
        holds one, and the other ends of its facts that no fact is left about once they are
        gone (an address, a condition: they exist only because of the subject)."""
        erased = {f.id for f in facts}
        found = {entity_id(key) for key in keys}
        ends: set[str] = set()
        for fact in facts:
            for entity, name in (
                (fact.subject_entity, fact.subject_key),
                (fact.object_entity, fact.object_key),
            ):
                if entity is not None:
                    (found if _names(name, keys) else ends).add(entity)
        for entity in sorted(ends - found):
            about = await self._facts.repository.find_facts(
                tenant, FactQuery(entity=entity, limit=len(erased) + 1)
            )
            if all(f.id in erased for f in about):
                found.add(entity)
        return found

    async def _facts_naming(self, tenant: Tenant, keys: Sequence[str]) -> list[Fact]:
        """Every fact, in any state, whose subject or object names the subject by one of its
        keys: the keys are stored normalised, so those holding a key as a substring are a
        superset."""
        found: dict[str, Fact] = {}
        for key in keys:
            candidates = await self._facts.repository.facts_containing(tenant, key)
            found.update((f.id, f) for f in candidates if _fact_names(f, keys))
        return [found[i] for i in sorted(found)]

    async def _memories_naming(
        self, tenant: Tenant, keys: Sequence[str], seen: AliasCandidates
    ) -> dict[str, Memory]:
        """Every memory that names the subject, by id; each memory read shows `seen` its
        names."""
        found: dict[str, Memory] = {}
        after: tuple[datetime, str] | None = None
        while True:
            page = await self._memories.recent(tenant, limit=_PAGE, after=after)
            for memory in page:
                if memory_names(memory, keys):
                    found[memory.id] = memory
                seen.add_names(memory.entities)
                seen.add_text(memory.content)
                seen.add_text(memory.summary)
            if len(page) < _PAGE:
                return found
            after = (page[-1].created_at, page[-1].id)

    async def _possible_aliases(
        self, tenant: Tenant, names: dict[str, str]
    ) -> tuple[PossibleAlias, ...]:
        """The names (key → spelling) that, after the erase, still name a memory or a fact,
        with how many of each: the most named first."""
        if not names:
            return ()
        memories: dict[str, int] = dict.fromkeys(names, 0)
        after: tuple[datetime, str] | None = None
        while True:
            page = await self._memories.recent(tenant, limit=_PAGE, after=after)
            for memory in page:
                for key in names:
                    memories[key] += memory_names(memory, [key])
            if len(page) < _PAGE:
                break
            after = (page[-1].created_at, page[-1].id)
        found = []
        for key, name in names.items():
            held = await self._facts.repository.facts_containing(tenant, key)
            facts = sum(_fact_names(f, [key]) for f in held)
            if memories[key] or facts:
                found.append(PossibleAlias(name, memories[key], facts))
        found.sort(key=lambda a: (-a.memories, -a.facts, a.name))
        return tuple(found[:MAX_POSSIBLE_ALIASES])

    async def _redact(self, tenant: Tenant, keys: Sequence[str], memories: Sequence[Memory]) -> int:
        """Write the memories with the subject's names replaced (re-embedded), and the reasons
        of their edges that name it; how many edge reasons changed."""
        repository = self._memories.repository
        # An erasure never waits for the embedder: where this process may not write the
        # project's vectors (another model's, or a migration under way), the redacted memories
        # lose theirs (the old one encodes the erased names) until a migration embeds them.
        try:
            if memories:
                await self._memories.guard.check_write(tenant)
            embeds = True
        except EmbedderMismatch as e:
            log.warning("erasure: redacted memories are stored without vectors: %s", e)
            embeds = False
        for start in range(0, len(memories), MAX_BATCH):
            batch = [redacted_memory(m, keys) for m in memories[start : start + MAX_BATCH]]
            vectors: Sequence[Sequence[float] | None] = (
                await self._memories.embedder.embed([m.content for m in batch])
                if embeds
                else [None] * len(batch)
            )
            embedded = zip(batch, vectors, strict=True)
            await repository.upsert_memories(
                tenant, [m.model_copy(update={"embedding": v}) for m, v in embedded]
            )
        edges: dict[tuple[str, str, str], MemoryEdge] = {}
        for memory in memories:
            for edge in await repository.incident_edges(tenant, memory.id):
                if _names(edge.reason, keys):
                    reason = redacted(edge.reason or "", keys)
                    edges[(edge.source, edge.target, str(edge.type))] = edge.model_copy(
                        update={"reason": reason}
                    )
        if edges:
            await repository.link(tenant, list(edges.values()))
        return len(edges)

    # -- the audit line --------------------------------------------------------------------

    async def _salt(self, tenant: Tenant) -> str:
        """The tenant's salt of subject digests, made at its first erase (under the lease)."""
        repository = self._facts.repository
        salt = await repository.get_config(tenant, SALT_KEY)
        if salt is None:
            salt = secrets.token_hex(32)
            await repository.put_config(tenant, SALT_KEY, salt)
        return salt

    async def _record(self, tenant: Tenant, erasure: Erasure) -> None:
        """Append the audit line (under the lease, so no concurrent erase loses one)."""
        repository = self._facts.repository
        raw = await repository.get_config(tenant, AUDIT_KEY)
        lines = [*(json.loads(raw) if raw else []), erasure.to_json()]
        await repository.put_config(tenant, AUDIT_KEY, json.dumps(lines, sort_keys=True))

    @staticmethod
    def _log(tenant: Tenant, erasure: Erasure) -> None:
        counts = {k: v for k, v in erasure.to_json().items() if isinstance(v, int)}
        log.info(
            "erasure %s of project %s/%s by %s: subject %s (and %d other names), memories %s, %s",
            erasure.id,
            tenant.org,
            tenant.project,
            erasure.by,
            erasure.subject or "(none: nothing stored)",
            len(erasure.aliases),
            erasure.memories,
            json.dumps(counts, sort_keys=True),
        )


def _keys(entity: str, aliases: Sequence[str]) -> list[str]:
    """The subject's keys: its name's first, then each other name's once."""
    key = normalise(entity)
    if not key:
        raise InvalidInput("entity", "has no letters or digits once normalised")
    keys = [key]
    for alias in aliases:
        other = normalise(alias)
        if not other:
            raise InvalidInput("aliases", f"{alias!r} has no letters or digits once normalised")
        if other not in keys:
            keys.append(other)
    return keys


def _digest(salt: str, key: str) -> str:
    return hmac.new(salt.encode(), key.encode(), hashlib.sha256).hexdigest()


def _receipt(
    erasure_id: str,
    at: datetime,
    by: str,
    subject: str,
    how: MemoryErasure,
    counts: ErasedCounts,
    *,
    redacted: int,
    retracted: int,
    edges: int,
) -> Erasure:
    return Erasure(
        id=erasure_id,
        at=at,
        by=by,
        subject=subject,
        memories=how,
        memories_deleted=counts.memories,
        memories_redacted=redacted,
        facts_deleted=counts.facts,
        facts_retracted=retracted,
        fact_vectors=counts.fact_vectors,
        entities=counts.entities,
        relations=counts.relations,
        edge_reasons_redacted=edges,
        tombstones=counts.tombstones,
        idempotency_records=counts.idempotency_records,
        extractions=counts.extractions,
    )

"""Idempotency records: what a write made under a client's idempotency key, kept in the
tenant's own database so a retry in any process (or after a restart) finds it."""

from __future__ import annotations

import re
from enum import StrEnum
from typing import Final

from pydantic import BaseModel, ConfigDict

from schema.errors import Conflict, InvalidInput
from schema.values import UtcDatetime

#: Longest idempotency key a client may send.
MAX_IDEMPOTENCY_KEY: Final = 200
#: What a key may be made of: a UUID, a ULID, `client:job/42` and the like, nothing that needs
#: escaping anywhere it is stored.
_KEY: Final = re.compile(r"[A-Za-z0-9_.:/-]+")


def check_idempotency_key(key: str, field: str = "idempotencyKey") -> str:
    """The key when it is 1–`MAX_IDEMPOTENCY_KEY` characters of letters, digits and `_.:/-`."""
    if not 1 <= len(key) <= MAX_IDEMPOTENCY_KEY:
        raise InvalidInput(field, f"has {len(key)} characters; 1–{MAX_IDEMPOTENCY_KEY} allowed")
    if not _KEY.fullmatch(key):
        raise InvalidInput(
            field, f"{key!r} may hold only letters, digits and '_', '.', ':', '/', '-'"
        )
    return key


class IdempotencyState(StrEnum):
    #: Claimed: the write may or may not have been committed yet.
    PENDING = "pending"
    #: The write's answer is recorded.
    DONE = "done"


class IdempotencyRecord(BaseModel):
    """One key's record. `plan` (JSON text) holds what the first request decided before it
    wrote (the ids of the memories it creates), so whoever finishes the request writes those;
    `answer` (JSON text) is the first answer, once recorded."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    key: str
    request_hash: str
    state: IdempotencyState
    plan: str
    answer: str | None = None
    claimed_at: UtcDatetime
    expires_at: UtcDatetime


class IdempotencyConflict(Conflict):
    """A request under a key that is in use: with another body (`retryable` false: send a new
    key), or while the first request with this body is still being written (`retryable`
    true: retry shortly and get its answer)."""

    def __init__(self, key: str, message: str, *, retryable: bool) -> None:
        super().__init__(message)
        self.key = key
        self.retryable = retryable

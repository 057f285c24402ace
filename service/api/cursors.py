"""Opaque page cursors: what a list's `pageInfo.endCursor` holds and its `after` takes back.

A cursor is the position of the last item a page showed (the list's sort keys, ending in a
unique id), the list it belongs to and a digest of the arguments it was read with, sealed with
a keyed checksum and base64url-encoded. Decoding refuses, as `InvalidInput` naming `after`,
anything this API did not hand out for the same list and arguments: garbage, a cursor edited by
hand, one of another list or of the same list read with other filters. The key is no secret —
a cursor grants nothing (the tenant comes from the request, and a position only says where to
resume) — so the checksum catches mistakes and tampering, not a determined forger.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from typing import Final

from schema import InvalidInput

_KEY: Final = b"retentia/page-cursor/v1"
_TAG_BYTES: Final = 8
#: Longer than any cursor this API makes (three keys and a UUID); longer input is not read.
MAX_CURSOR_CHARS: Final = 512

Key = str | int
_EPOCH: Final = datetime(1970, 1, 1, tzinfo=UTC)
_MICROSECOND: Final = timedelta(microseconds=1)


def instant_key(at: datetime) -> int:
    """An instant as a cursor key: integer microseconds since the epoch (exact)."""
    return (at - _EPOCH) // _MICROSECOND


def instant(key: int) -> datetime:
    return _EPOCH + key * _MICROSECOND


def _tag(body: bytes) -> bytes:
    return hashlib.blake2b(body, key=_KEY, digest_size=_TAG_BYTES).digest()


def scope_of(*arguments: object) -> str:
    """A short digest of the arguments a list was read with (a cursor is valid for those)."""
    text = json.dumps([repr(a) for a in arguments], separators=(",", ":"))
    return hashlib.blake2b(text.encode(), digest_size=6).hexdigest()


def encode(kind: str, scope: str, keys: Sequence[Key]) -> str:
    body = json.dumps([kind, scope, *keys], separators=(",", ":")).encode()
    return base64.urlsafe_b64encode(_tag(body) + body).decode().rstrip("=")


def decode(cursor: str, kind: str, scope: str, shape: Sequence[type[Key]]) -> list[Key]:
    """The keys a cursor of list `kind` read with arguments `scope` holds, each of the type
    `shape` names; `InvalidInput("after", …)` for anything else."""
    problem = "is not a cursor this API returned"
    try:
        if len(cursor) > MAX_CURSOR_CHARS:
            raise ValueError("too long")
        raw = base64.urlsafe_b64decode(cursor + "=" * (-len(cursor) % 4))
        tag, body = raw[:_TAG_BYTES], raw[_TAG_BYTES:]
        if not hmac.compare_digest(tag, _tag(body)):
            raise ValueError("checksum")
        decoded = json.loads(body)
        if not isinstance(decoded, list) or len(decoded) != 2 + len(shape):
            raise ValueError("shape")
        if decoded[0] != kind:
            problem = f"is a cursor of another list, not of `{kind}`"
            raise ValueError("kind")
        if decoded[1] != scope:
            problem = f"was returned for `{kind}` with other arguments; pass the same ones"
            raise ValueError("scope")
        keys: list[Key] = decoded[2:]
        # bool is an int subclass: a key that should be an int is never one.
        if not all(type(k) is t for k, t in zip(keys, shape, strict=True)):
            raise ValueError("keys")
        return keys
    except (binascii.Error, UnicodeDecodeError, ValueError) as e:
        raise InvalidInput(
            "after", f"{cursor[:80]!r} {problem} (pass a page's pageInfo.endCursor as `after`)"
        ) from e

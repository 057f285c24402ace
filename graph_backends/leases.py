"""Who holds a lease (`FactRepository.acquire_lease`): a name per holder."""

from __future__ import annotations

import os
import socket
import uuid


def lease_owner() -> str:
    """A lease owner's name that says which process holds it (host, pid) and is unique to
    this holder, for `acquire_lease` / `release_lease`."""
    return f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"

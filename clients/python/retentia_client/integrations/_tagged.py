"""The memories an integration wrote, found by a metadata key it sets on each: the service
lists a project's memories but filters them by no metadata, so the integrations read the pages
and keep their own (one pass per call; a project of its own per store keeps that pass short)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

from ..async_client import AsyncRetentia
from ..client import Retentia
from ..models import Memory


def metadata_of(memory: Memory) -> dict[str, str]:
    return {entry.key: entry.value for entry in memory.metadata}


def tagged(client: Retentia, key: str) -> Iterator[tuple[Memory, dict[str, str]]]:
    """Each memory of the client's project with metadata `key`, newest first, with its
    metadata as a dict."""
    for memory in client.iter_memories(page_size=100):
        metadata = metadata_of(memory)
        if key in metadata:
            yield memory, metadata


async def atagged(client: AsyncRetentia, key: str) -> AsyncIterator[tuple[Memory, dict[str, str]]]:
    """`tagged` for the async client."""
    async for memory in client.iter_memories(page_size=100):
        metadata = metadata_of(memory)
        if key in metadata:
            yield memory, metadata

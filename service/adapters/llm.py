"""The one factory of OpenAI-compatible clients: the embedder, the classifier, consolidation
summaries and fact extraction all talk to the endpoint through a client made here."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from openai import AsyncOpenAI


def openai_client(base_url: str | None, api_key: str | None) -> AsyncOpenAI:
    """A client of the endpoint at `base_url` (the SDK's default when None). Local servers
    want no key, but the SDK refuses an empty one: "none" stands in for it."""
    from openai import AsyncOpenAI

    return AsyncOpenAI(base_url=base_url, api_key=api_key or "none")

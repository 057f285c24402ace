"""`fact_store(repository)`: a `GraphRepository` typed as the `Backend` it is.

Every backend is a `Backend` (mypy checks each against the Protocol where `open_backend` yields
it), and the service holds one from its composition root. This is for holders of the narrower
type only — test fixtures and benches typed `GraphRepository`."""

from __future__ import annotations

from typing import cast

from graph_backends.protocol import Backend, GraphRepository


def fact_store(repository: GraphRepository) -> Backend:
    """`repository` typed as the `Backend` it is."""
    return cast("Backend", repository)

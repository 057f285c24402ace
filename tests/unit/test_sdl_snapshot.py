"""The committed SDL (`schema.graphql`) is the API contract: any change to the schema must be
deliberate, made by regenerating it with `retentia sdl --output schema.graphql`."""

from __future__ import annotations

from pathlib import Path

from service.api.schema import build_schema

SNAPSHOT = Path(__file__).resolve().parents[2] / "schema.graphql"


def test_sdl_matches_committed_snapshot() -> None:
    assert build_schema().as_str() + "\n" == SNAPSHOT.read_text(encoding="utf-8"), (
        "the GraphQL schema changed; if deliberate, run: retentia sdl --output schema.graphql"
    )

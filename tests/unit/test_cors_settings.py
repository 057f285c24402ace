"""`RETENTIA_CORS_ORIGINS`: exact origins only, read from a comma-separated list; wildcards,
paths and non-origins refused at start-up with a message that names the entry."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from service.settings import Settings


def test_empty_by_default() -> None:
    assert Settings().cors_origins == ()


def test_comma_separated_origins_are_normalised(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(
        "RETENTIA_CORS_ORIGINS", " https://App.Example.com , http://localhost:5173/,"
    )
    assert Settings().cors_origins == ("https://app.example.com", "http://localhost:5173")


@pytest.mark.parametrize(
    ("origin", "named"),
    [
        ("*", "wildcard"),
        ("https://*.example.com", "wildcard"),
        ("example.com", "not an origin"),
        ("ftp://example.com", "not an origin"),
        ("https://example.com/app", "no path"),
        ("https://example.com?x=1", "no path"),
        ("https://user@example.com", "no path"),
        ("https://example.com:99999", "RETENTIA_CORS_ORIGINS"),
    ],
)
def test_bad_origins_are_refused(monkeypatch: pytest.MonkeyPatch, origin: str, named: str) -> None:
    monkeypatch.setenv("RETENTIA_CORS_ORIGINS", f"https://ok.example.com,{origin}")
    with pytest.raises(ValidationError) as refused:
        Settings()
    assert named in str(refused.value)
    assert "RETENTIA_CORS_ORIGINS" in str(refused.value)

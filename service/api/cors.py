"""Cross-origin access for browser pages served elsewhere: an exact allow-list of origins."""

from __future__ import annotations

from starlette.middleware import Middleware
from starlette.middleware.cors import CORSMiddleware

from service.settings import Settings

#: The request headers a page on an allowed origin may send.
CORS_REQUEST_HEADERS = (
    "Authorization",
    "Content-Type",
    "X-Retentia-Org",
    "X-Retentia-Project",
    "X-Request-Id",
)


def cross_origin(settings: Settings) -> list[Middleware]:
    """CORS for the allowed origins only (none by default): a preflight from one of them is
    answered, a request from any other origin gets no CORS headers, so the browser withholds
    the answer. The key travels in `Authorization`, never in cookies: no credentials mode."""
    if not settings.cors_origins:
        return []
    return [
        Middleware(
            CORSMiddleware,
            allow_origins=list(settings.cors_origins),
            allow_methods=["GET", "POST"],
            allow_headers=list(CORS_REQUEST_HEADERS),
            expose_headers=["X-Request-Id", "Retry-After"],
            allow_credentials=False,
            max_age=600,
        )
    ]

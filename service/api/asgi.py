"""The app of one worker of `retentia serve --workers N`: uvicorn imports this in each worker
process it spawns and calls `from_environment`, which reads the settings the parent put in the
environment."""

from __future__ import annotations

from starlette.applications import Starlette

from service.api.app import create_app
from service.runtime.observability import configure_logging
from service.settings import Settings


def from_environment() -> Starlette:
    settings = Settings()
    configure_logging(settings.log_level, settings.log_format, worker=True)
    return create_app(settings, owns_process=True)

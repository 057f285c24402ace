"""Signed event webhooks: FACT_SUPERSEDED after a commit (docs/design.md §5).

Each delivery is a JSON POST with `X-Retentia-Event`, `X-Retentia-Delivery` (an id the receiver
can deduplicate on) and `X-Retentia-Signature: sha256=<hex HMAC-SHA256 of the body>`. Failures
are retried a bounded number of times with exponential backoff; every attempt is appended to a
JSON-lines delivery log. Delivery never blocks or fails the write that caused it.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import logging
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

from service.runtime import metrics

log = logging.getLogger(__name__)


def signature(secret: bytes, body: bytes) -> str:
    return "sha256=" + hmac.new(secret, body, hashlib.sha256).hexdigest()


@dataclass(frozen=True, slots=True)
class WebhookConfig:
    url: str
    secret: bytes
    max_attempts: int = 5
    backoff_s: float = 0.5
    timeout_s: float = 10.0
    log_path: Path | None = None


class WebhookSender:
    """Delivers events in the background; `drain()` waits for those in flight."""

    def __init__(self, config: WebhookConfig) -> None:
        self._config = config
        self._client = httpx.AsyncClient(timeout=config.timeout_s)
        self._tasks: set[asyncio.Task[None]] = set()

    def send(self, event: str, payload: Mapping[str, Any]) -> None:
        body = json.dumps(
            {"event": event, "at": datetime.now(UTC).isoformat(), **payload}, sort_keys=True
        ).encode()
        task = asyncio.create_task(self._deliver(event, str(uuid.uuid4()), body))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _deliver(self, event: str, delivery: str, body: bytes) -> None:
        headers = {
            "content-type": "application/json",
            "x-retentia-event": event,
            "x-retentia-delivery": delivery,
            "x-retentia-signature": signature(self._config.secret, body),
        }
        for attempt in range(1, self._config.max_attempts + 1):
            status: int | None = None
            error: str | None = None
            try:
                response = await self._client.post(self._config.url, content=body, headers=headers)
                status = response.status_code
                if response.is_success:
                    self._log(delivery, event, attempt, "delivered", status, None)
                    metrics.WEBHOOK_DELIVERIES.labels("delivered").inc()
                    return
                error = f"HTTP {status}"
            except httpx.HTTPError as e:
                error = f"{type(e).__name__}: {e}"
            last = attempt == self._config.max_attempts
            result = "failed" if last else "retry"
            self._log(delivery, event, attempt, result, status, error)
            metrics.WEBHOOK_DELIVERIES.labels(result).inc()
            if last:
                log.warning("webhook %s for %s gave up after %d attempts", delivery, event, attempt)
                return
            await asyncio.sleep(self._config.backoff_s * 2 ** (attempt - 1))

    def _log(
        self,
        delivery: str,
        event: str,
        attempt: int,
        result: str,
        status: int | None,
        error: str | None,
    ) -> None:
        if self._config.log_path is None:
            return
        entry = {
            "at": datetime.now(UTC).isoformat(),
            "delivery": delivery,
            "event": event,
            "attempt": attempt,
            "result": result,
            "status": status,
            "error": error,
        }
        self._config.log_path.parent.mkdir(parents=True, exist_ok=True)
        with self._config.log_path.open("a", encoding="utf-8") as f:
            f.write(json.dumps(entry, sort_keys=True) + "\n")

    async def drain(self) -> None:
        if self._tasks:
            await asyncio.gather(*self._tasks, return_exceptions=True)

    async def aclose(self) -> None:
        await self.drain()
        await self._client.aclose()

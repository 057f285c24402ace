"""Run `retentia serve` as a real process (uvicorn) on a free loopback port: in development mode
(no authentication) unless `dev=False` (or made by `ServiceProcess.secured`), when `key` (if
given) goes with every request."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx

from devtools.falkordb_server import free_port


class ServiceProcess:
    def __init__(
        self,
        data_dir: Path,
        env: Mapping[str, str] | None = None,
        *,
        dev: bool = True,
        key: str | None = None,
    ) -> None:
        self.data_dir = data_dir
        self.dev = dev
        self.key = key
        self.port = free_port()
        self.env = dict(env or {})
        self.process: subprocess.Popen[bytes] | None = None
        self.log = data_dir / "service.log"

    @classmethod
    def secured(
        cls, data_dir: Path, bootstrap: str, env: Mapping[str, str] | None = None
    ) -> ServiceProcess:
        """Production mode (every request needs an API key) with `bootstrap` as its bootstrap
        key, which also goes with every request a test sends without naming another key."""
        return cls(
            data_dir, {"RETENTIA_BOOTSTRAP_KEY": bootstrap, **(env or {})}, dev=False, key=bootstrap
        )

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def environment(self) -> dict[str, str]:
        # RETENTIA_BACKEND selects the storage tests' backends; the service runs on its default.
        inherited = {k: v for k, v in os.environ.items() if k != "RETENTIA_BACKEND"}
        return {
            **inherited,
            "RETENTIA_DATA_DIR": str(self.data_dir),
            "RETENTIA_PORT": str(self.port),
            "HF_HUB_OFFLINE": "1",
            **self.env,
        }

    def start(self, timeout: float = 180.0) -> None:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        self.process = self._launch()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"service exited early:\n{self.output_tail()}")
            try:
                if httpx.get(f"{self.url}/readyz", timeout=2).status_code == 200:
                    return
            except httpx.TransportError:
                pass
            time.sleep(0.25)
        raise RuntimeError(f"service not ready in {timeout} s:\n{self.output_tail()}")

    def _launch(self) -> subprocess.Popen[bytes]:
        with self.log.open("ab") as log:
            return subprocess.Popen(
                [sys.executable, "-m", "service.cli", "serve", *(["--dev"] if self.dev else [])],
                env=self.environment(),
                stdout=log,
                stderr=subprocess.STDOUT,
            )

    def output_tail(self) -> str:
        return self.log.read_text()[-3000:]

    @contextmanager
    def running(self, timeout: float = 180.0) -> Iterator[ServiceProcess]:
        """Started, and stopped on exit unless the test stopped it already."""
        self.start(timeout)
        try:
            yield self
        finally:
            if self.process is not None:
                self.stop()

    def stop(self, sig: signal.Signals = signal.SIGTERM) -> int:
        assert self.process is not None
        self.process.send_signal(sig)
        code = self.process.wait(timeout=90)
        self.process = None
        return code

    def graphql(
        self,
        query: str,
        variables: dict[str, Any] | None = None,
        headers: dict[str, str] | None = None,
        *,
        key: str | None = None,
    ) -> dict[str, Any]:
        """POST one operation; `key` (else the process's own) as the bearer token."""
        response = self.post(
            json={"query": query, "variables": variables or {}}, headers=headers, key=key
        )
        body: dict[str, Any] = response.json()
        if response.status_code == 401:  # not authenticated: said by a top-level error too
            codes = {e.get("extensions", {}).get("code") for e in body.get("errors", [])}
            assert codes == {"UNAUTHENTICATED"}, body
            return body
        assert response.status_code == 200, response.text
        return body

    def post(
        self,
        *,
        json: Any = None,
        content: bytes | None = None,
        headers: dict[str, str] | None = None,
        key: str | None = None,
    ) -> httpx.Response:
        """A raw POST to /graphql (for malformed and oversized bodies too)."""
        sent = dict(headers or {})
        token = key if key is not None else self.key
        if token is not None and "Authorization" not in sent:
            sent["Authorization"] = f"Bearer {token}"
        return httpx.post(
            f"{self.url}/graphql", json=json, content=content, headers=sent, timeout=120
        )

    def cli(self, *args: str, timeout: float = 300.0) -> subprocess.CompletedProcess[str]:
        """`retentia ARGS` with this service's data directory and environment (beside the
        running service, commands share its embedded FalkorDB)."""
        return subprocess.run(
            [sys.executable, "-m", "service.cli", *args],
            env=self.environment(),
            capture_output=True,
            text=True,
            timeout=timeout,
            check=False,
        )

    def create_key(
        self,
        permissions: list[str],
        *,
        name: str = "test",
        projects: list[str] | None = None,
        key: str | None = None,
    ) -> tuple[str, str]:
        """(id, key) of a new API key of the caller's org, made over the API; restricted to
        `projects` when given."""
        body = self.graphql(
            """mutation($name: String!, $permissions: [Permission!]!, $projects: [String!]) {
                 createApiKey(name: $name, permissions: $permissions, projects: $projects) {
                   __typename ... on NewApiKey { key apiKey { id } }
                   ... on Forbidden { message } ... on Unauthenticated { message } } }""",
            {"name": name, "permissions": permissions, "projects": projects},
            key=key,
        )
        created = body["data"]["createApiKey"]
        assert created["__typename"] == "NewApiKey", created
        return created["apiKey"]["id"], created["key"]


def ask(
    api: ServiceProcess,
    query: str,
    variables: dict[str, Any] | None = None,
    *,
    project: str | None = None,
    key: str | None = None,
) -> dict[str, Any]:
    """The answer of an operation whose one root field is aliased `r`, in `project` (the
    X-Retentia-Project header) when given; the response must carry no GraphQL errors but the
    top-level error a denial brings with its union member (`Forbidden`, `Unauthenticated`)."""
    headers = {"X-Retentia-Project": project} if project is not None else None
    body = api.graphql(query, variables, headers, key=key)
    result: dict[str, Any] = body["data"]["r"]
    assert_only_denial_errors(body, result)
    return result


#: The top-level error a denial brings beside its union member (issue 50).
DENIAL_CODES: dict[str, list[str]] = {
    "Forbidden": ["FORBIDDEN"],
    "Unauthenticated": ["UNAUTHENTICATED"],
}


def assert_only_denial_errors(body: dict[str, Any], result: dict[str, Any]) -> None:
    """The response carries no GraphQL error but the one a denial `result` brings."""
    codes = [e.get("extensions", {}).get("code") for e in body.get("errors", [])]
    assert codes == DENIAL_CODES.get(result.get("__typename", ""), []), body

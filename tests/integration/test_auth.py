"""API keys against a real service with authentication on: a request without a live key is
`Unauthenticated` (one message for every kind of bad key) and changes nothing; a key is shown
once and only its SHA-256 reaches the disk; revocation is immediate; a key grants only what it
holds; concurrent creators lose no key; `retentia keys` works beside the running service; the
bootstrap key rotates with the setting; an org header other than the key's own is refused the
same whether that org exists or not; an infrastructure failure denies (and a failing resolver is
masked with the request id), never a 500; development mode only on 127.0.0.1, loudly;
introspection needs a key unless a setting opens it."""

from __future__ import annotations

import hashlib
import subprocess
import sys
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from devtools import falkordb_server
from tests.integration.service_process import ServiceProcess

BOOTSTRAP = "auth-test-bootstrap-0123456789abcdef0123456789"
STATS = "{ stats { __typename ... on Stats { memories } ... on Unauthenticated { message } } }"
STORE = """mutation { storeMemory(input: {content: "written by an intruder"}) {
  __typename ... on Unauthenticated { message } } }"""
KEYS = """{ apiKeys { __typename ... on ApiKeyList {
  keys { id org name permissions admin createdBy revokedAt } } } }"""
REVOKE = """mutation($id: ID!) { revokeApiKey(id: $id) { __typename
  ... on ApiKey { id revokedAt } ... on NotFound { kind key message }
  ... on Forbidden { message } } }"""
CREATE = """mutation($permissions: [Permission!]!) {
  createApiKey(name: "sub", permissions: $permissions) {
    __typename ... on NewApiKey { key apiKey { id } } ... on Forbidden { message } } }"""


@pytest.fixture(scope="module")
def secured(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServiceProcess]:
    data_dir = tmp_path_factory.mktemp("auth-service")
    with ServiceProcess.secured(data_dir, BOOTSTRAP).running() as process:
        yield process


def stats(api: ServiceProcess, key: str) -> dict[str, Any]:
    result: dict[str, Any] = api.graphql(STATS, key=key)["data"]["stats"]
    return result


def listed(api: ServiceProcess, key: str | None = None) -> dict[str, dict[str, Any]]:
    keys = api.graphql(KEYS, key=key)["data"]["apiKeys"]["keys"]
    return {k["id"]: k for k in keys}


def test_requests_without_a_live_key_are_unauthenticated_and_write_nothing(
    secured: ServiceProcess,
) -> None:
    before = stats(secured, BOOTSTRAP)["memories"]
    key_id, key = secured.create_key(["PROJECT_READ", "PROJECT_WRITE"], name="soon revoked")
    assert stats(secured, key)["__typename"] == "Stats"
    assert secured.graphql(REVOKE, {"id": key_id})["data"]["revokeApiKey"]["revokedAt"]
    flipped = key[:-1] + ("0" if key[-1] != "0" else "1")
    bad_keys = {
        "garbage": "not-a-key",
        "wrong secret": flipped,
        "revoked": key,
        "unknown org": f"rtk_nobody_{'a' * 16}_{'b' * 64}",
        "unknown id": f"rtk_default_{'c' * 16}_{'d' * 64}",
        "bootstrap with a suffix": BOOTSTRAP + "x",
        "oversized": "x" * 5000,
    }
    messages = set()
    for token in bad_keys.values():
        for query in (STATS, STORE):
            body = secured.graphql(query, key=token)["data"]
            result = next(iter(body.values()))
            assert result["__typename"] == "Unauthenticated", result
            messages.add(result["message"])
    assert messages == {"the API key is not valid (unknown, revoked or mistyped)"}
    for header in ("", "Basic dXNlcjpwYXNz", "Bearer", "Token abc"):
        result = secured.graphql(STATS, headers={"Authorization": header})["data"]["stats"]
        assert result["__typename"] == "Unauthenticated" and "Bearer" in result["message"]
    assert stats(secured, BOOTSTRAP)["memories"] == before


def test_a_denial_never_looks_like_success_to_a_client_that_selects_only_success(
    secured: ServiceProcess,
) -> None:
    """Issue 50: a wrong key answered HTTP 200 `{"data":{"recall":{}}}` and a write with a
    read-only key `{"storeMemory":{}}` — a client selecting only the success type (as gql and
    graphql-request users do) raised nothing, and an agent silently stored nothing. Now a
    request that is not authenticated is HTTP 401 with an UNAUTHENTICATED error, and a field
    the key may not run carries a FORBIDDEN error naming the permission; the union members stay
    for the clients that select them."""
    recall = '{ recall(query: "x") { ... on Recall { hits { memory { id } } } } }'
    wrong = secured.post(json={"query": recall}, key="typo")
    assert wrong.status_code == 401, wrong.text
    assert wrong.headers["www-authenticate"].startswith("Bearer")
    body = wrong.json()
    assert body["data"] == {"recall": {}}
    (error,) = body["errors"]
    assert error["extensions"] == {"code": "UNAUTHENTICATED"} and error["path"] == ["recall"]
    assert "not valid" in error["message"]

    _, reader = secured.create_key(["PROJECT_READ"], name="read only")
    before = stats(secured, BOOTSTRAP)["memories"]
    store = (
        'mutation { storeMemory(input: {content: "y"}) { ... on StoreSuccess { memory { id } } } }'
    )
    denied = secured.post(json={"query": store}, key=reader)
    assert denied.status_code == 200, denied.text
    body = denied.json()
    assert body["data"] == {"storeMemory": {}}
    (error,) = body["errors"]
    assert error["extensions"] == {"code": "FORBIDDEN", "permission": "PROJECT_WRITE"}
    assert stats(secured, BOOTSTRAP)["memories"] == before


INTROSPECT = "{ __schema { queryType { name } } }"
INTROSPECT_TYPE = '{ __typename __type(name: "Memory") { name } }'


def keyless(api: ServiceProcess, query: str, status: int = 200, **headers: str) -> dict[str, Any]:
    """POST `query` with no Authorization header, or the given one; answered `status`."""
    response = httpx.post(f"{api.url}/graphql", json={"query": query}, headers=headers)
    assert response.status_code == status, response.text
    body: dict[str, Any] = response.json()
    return body


def test_introspection_needs_a_key_unless_the_setting_opens_it(
    secured: ServiceProcess, tmp_path: Path
) -> None:
    """Outside development mode a request without a valid key cannot introspect (`__schema`,
    `__type`) by default — the error names the setting — while `__typename` and a request with
    a valid key can; RETENTIA_INTROSPECTION_WITHOUT_KEY=true opens it to every request."""
    for query in (INTROSPECT, INTROSPECT_TYPE):
        for headers in ({}, {"Authorization": "Bearer not-a-key"}):
            body = keyless(secured, query, **headers)
            assert body.get("data") is None, body
            (error,) = body["errors"]
            assert "RETENTIA_INTROSPECTION_WITHOUT_KEY" in error["message"], error
    assert keyless(secured, "{ __typename }") == {"data": {"__typename": "Query"}}
    with_key = secured.graphql(INTROSPECT)
    assert with_key.get("errors") is None
    assert with_key["data"]["__schema"]["queryType"]["name"] == "Query"
    assert secured.graphql(INTROSPECT_TYPE)["data"]["__type"] == {"name": "Memory"}

    opened = ServiceProcess(
        tmp_path / "open", env={"RETENTIA_INTROSPECTION_WITHOUT_KEY": "true"}, dev=False
    )
    with opened.running():
        body = keyless(opened, INTROSPECT)
        assert body.get("errors") is None and body["data"]["__schema"]["queryType"]["name"]
        stats = keyless(opened, STATS, status=401)["data"]["stats"]
        assert stats["__typename"] == "Unauthenticated"  # it opens the schema, nothing else


def test_a_key_is_shown_once_and_only_its_hash_is_stored(secured: ServiceProcess) -> None:
    key_id, key = secured.create_key(["PROJECT_READ"], name="hashed")
    secret = key.rsplit("_", 1)[1]
    assert key.startswith(f"rtk_default_{key_id}_") and len(secret) == 64
    listing = secured.graphql(KEYS)
    assert secret not in str(listing)
    entry = listing["data"]["apiKeys"]["keys"]
    (mine,) = [k for k in entry if k["id"] == key_id]
    assert mine == {
        "id": key_id,
        "org": "default",
        "name": "hashed",
        "permissions": ["PROJECT_READ"],
        "admin": False,
        "createdBy": "bootstrap",
        "revokedAt": None,
    }
    # The append-only file is fsynced per write: every record written so far is on disk.
    stored = b"".join(
        p.read_bytes() for p in (secured.data_dir / "falkordb").rglob("*") if p.is_file()
    )
    assert hashlib.sha256(key.encode()).hexdigest().encode() in stored  # the search works
    assert secret.encode() not in stored and BOOTSTRAP.encode() not in stored


def test_revocation_is_immediate_and_idempotent(secured: ServiceProcess) -> None:
    key_id, key = secured.create_key(["PROJECT_READ"], name="revoked at once")
    assert stats(secured, key)["__typename"] == "Stats"
    first = secured.graphql(REVOKE, {"id": key_id})["data"]["revokeApiKey"]
    assert first["__typename"] == "ApiKey" and first["revokedAt"] is not None
    assert stats(secured, key)["__typename"] == "Unauthenticated"
    again = secured.graphql(REVOKE, {"id": key_id})["data"]["revokeApiKey"]
    assert again == first
    assert listed(secured)[key_id]["revokedAt"] == first["revokedAt"]
    missing = secured.graphql(REVOKE, {"id": "0123456789abcdef"})["data"]["revokeApiKey"]
    assert missing["__typename"] == "NotFound" and missing["key"] == "0123456789abcdef"


def test_a_key_grants_and_revokes_only_what_it_holds(secured: ServiceProcess) -> None:
    manager_id, manager = secured.create_key(["MEMBERS_WRITE", "PROJECT_READ"], name="manager")
    for wanted in (["PROJECT_WRITE"], [], ["PROJECT_READ", "PROJECT_MANAGE"]):
        refused = secured.graphql(CREATE, {"permissions": wanted}, key=manager)
        result = refused["data"]["createApiKey"]
        assert result["__typename"] == "Forbidden", (wanted, result)
        assert "can grant only permissions it holds" in result["message"]
    made = secured.graphql(CREATE, {"permissions": ["PROJECT_READ"]}, key=manager)
    child = made["data"]["createApiKey"]["apiKey"]["id"]
    assert listed(secured)[child]["createdBy"] == manager_id
    refused = secured.graphql(REVOKE, {"id": "bootstrap"}, key=manager)["data"]["revokeApiKey"]
    assert refused["__typename"] == "Forbidden"
    assert stats(secured, BOOTSTRAP)["__typename"] == "Stats"  # the admin key still works
    revoked = secured.graphql(REVOKE, {"id": child}, key=manager)["data"]["revokeApiKey"]
    assert revoked["__typename"] == "ApiKey" and revoked["revokedAt"] is not None


def test_concurrent_creators_lose_no_key(secured: ServiceProcess) -> None:
    """The key index is changed under a lease: twelve API creators racing two `retentia keys
    create` processes all end up listed."""
    clis = [
        subprocess.Popen(
            [sys.executable, "-m", "service.cli", "keys", "create", "--name", f"cli {i}"],
            env=secured.environment(),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for i in range(2)
    ]
    with ThreadPoolExecutor(max_workers=12) as pool:
        made = list(
            pool.map(lambda i: secured.create_key(["PROJECT_READ"], name=f"racer {i}"), range(12))
        )
    cli_ids = []
    for process in clis:
        out, err = process.communicate(timeout=300)
        assert process.returncode == 0, err
        cli_ids.append(out.strip().split("_")[-2])
    ids = {key_id for key_id, _ in made} | set(cli_ids)
    assert len(ids) == 14
    assert ids <= set(listed(secured))


def test_cli_creates_lists_and_revokes_keys_beside_the_service(secured: ServiceProcess) -> None:
    created = secured.cli(
        "keys", "create", "--org", "acme", "--permissions", "project:read,members:read"
    )
    assert created.returncode == 0, created.stderr
    key = created.stdout.strip()
    assert key.startswith("rtk_acme_") and "shown this once" in created.stderr
    key_id = key.split("_")[2]
    assert stats(secured, key)["__typename"] == "Stats"
    assert set(listed(secured, key)) == {key_id}  # its own org's keys only
    shown = secured.cli("keys", "list", "--org", "acme")
    assert shown.returncode == 0 and key_id in shown.stdout and "project:read" in shown.stdout
    assert key.rsplit("_", 1)[1] not in shown.stdout
    revoked = secured.cli("keys", "revoke", "--org", "acme", key_id)
    assert revoked.returncode == 0, revoked.stderr
    assert stats(secured, key)["__typename"] == "Unauthenticated"
    bad = secured.cli("keys", "create", "--permissions", "project:everything")
    assert bad.returncode == 2 and "'project:everything' is not a permission" in bad.stderr
    unknown = secured.cli("keys", "revoke", "--org", "acme", "0123456789abcdef")
    assert unknown.returncode == 2 and "does not exist" in unknown.stderr


def test_an_org_header_other_than_the_keys_own_is_refused_alike(secured: ServiceProcess) -> None:
    created = secured.cli("keys", "create", "--org", "existing-org")
    assert created.returncode == 0, created.stderr
    query = "{ stats { __typename ... on Forbidden { message permission } } }"
    answers = {}
    for org in ("existing-org", "never-existed"):
        body = secured.graphql(query, headers={"X-Retentia-Org": org})
        answers[org] = body["data"]["stats"]
    assert answers["existing-org"]["__typename"] == "Forbidden"
    assert answers["existing-org"]["permission"] is None
    assert answers["existing-org"]["message"].replace("existing-org", "X") == answers[
        "never-existed"
    ]["message"].replace("never-existed", "X")
    own = secured.graphql(STATS, headers={"X-Retentia-Org": "default"})
    assert own["data"]["stats"]["__typename"] == "Stats"
    # Names are case-insensitive, as docs/authentication.md says (issue 50: `Default` was
    # Forbidden).
    cased = secured.graphql(STATS, headers={"X-Retentia-Org": "Default"})
    assert cased["data"]["stats"]["__typename"] == "Stats", cased
    reserved = secured.graphql(
        "{ stats { __typename ... on InvalidInput { field message } } }",
        headers={"X-Retentia-Project": "retentia.system"},
    )["data"]["stats"]
    assert reserved["__typename"] == "InvalidInput" and reserved["field"] == "project"
    assert "reserved" in reserved["message"]


def test_the_bootstrap_key_follows_the_setting(secured: ServiceProcess) -> None:
    """A restart with another RETENTIA_BOOTSTRAP_KEY replaces the old one; keys made meanwhile
    survive the restart."""
    _, kept = secured.create_key(["PROJECT_READ"], name="survives restarts")
    rotated = "rotated-bootstrap-key-fedcba9876543210fedcba98"
    secured.stop()
    secured.env["RETENTIA_BOOTSTRAP_KEY"] = rotated
    secured.start()
    try:
        assert stats(secured, BOOTSTRAP)["__typename"] == "Unauthenticated"
        assert stats(secured, rotated)["__typename"] == "Stats"
        assert stats(secured, kept)["__typename"] == "Stats"
        assert len([k for k in listed(secured, rotated).values() if k["id"] == "bootstrap"]) == 1
    finally:
        secured.env["RETENTIA_BOOTSTRAP_KEY"] = BOOTSTRAP
        secured.key = BOOTSTRAP
        secured.stop()
        secured.start()


def test_an_infrastructure_failure_denies_and_masks_never_500(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """With the database gone, authentication denies (typed, with the request id), and in
    development mode the failing resolver answers the typed, retryable UNAVAILABLE (issue 22)
    with a fixed message and the request id it logged: nothing of the cause leaks."""
    server, url = falkordb_server.start(tmp_path_factory.mktemp("doomed-falkordb"))
    at_url = {"RETENTIA_FALKORDB_URL": url}
    secured = ServiceProcess.secured(tmp_path_factory.mktemp("doomed-auth"), BOOTSTRAP, at_url)
    dev = ServiceProcess(tmp_path_factory.mktemp("doomed-dev"), {"RETENTIA_FALKORDB_URL": url})
    try:
        secured.start()
        dev.start()
        assert stats(secured, BOOTSTRAP)["__typename"] == "Stats"
        falkordb_server.stop(server)
        denied = secured.post(json={"query": STATS}, headers={"X-Request-Id": "denied-request-1"})
        # Not the caller's fault and retryable: 503, never a 401 that blames the key.
        assert denied.status_code == 503 and denied.headers["x-request-id"] == "denied-request-1"
        (unavailable,) = denied.json()["errors"]
        assert unavailable["extensions"] == {"code": "UNAVAILABLE", "retryable": True}
        result = denied.json()["data"]["stats"]
        assert result["__typename"] == "Unauthenticated"
        assert "unavailable" in result["message"] and "denied-request-1" in result["message"]
        masked = dev.post(json={"query": STATS})
        assert masked.status_code == 200
        request_id = masked.headers["x-request-id"]
        (error,) = masked.json()["errors"]
        assert error["message"] == (
            f"The database is unavailable right now; retry shortly (request {request_id})."
        )
        assert error["extensions"] == {"code": "UNAVAILABLE", "retryable": True}
        assert request_id in dev.log.read_text()
        assert httpx.get(f"{secured.url}/readyz").status_code == 503
    finally:
        for process in (secured, dev):
            if process.process is not None:
                process.stop()
        if server.poll() is None:
            falkordb_server.stop(server)


def test_development_mode_is_loud_and_only_on_loopback(api: ServiceProcess) -> None:
    assert "DEVELOPMENT MODE: NO AUTHENTICATION" in api.log.read_text()
    assert api.graphql(STATS)["data"]["stats"]["__typename"] == "Stats"  # no key needed
    for args, env in (
        (["--dev", "--host", "0.0.0.0"], {}),
        (["--dev"], {"RETENTIA_HOST": "192.168.1.7"}),
    ):
        done = subprocess.run(
            [sys.executable, "-m", "service.cli", "serve", *args],
            env={**api.environment(), **env},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 2
        assert "only on 127.0.0.1" in done.stderr and "drop --dev" in done.stderr


def test_a_bootstrap_key_must_be_strong(tmp_path: Path) -> None:
    for weak in ("short", "rtk_" + "a" * 40, "with spaces " + "a" * 30):
        done = subprocess.run(
            [sys.executable, "-m", "service.cli", "serve", "--data-dir", str(tmp_path)],
            env={**ServiceProcess(tmp_path).environment(), "RETENTIA_BOOTSTRAP_KEY": weak},
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
        assert done.returncode == 2 and "RETENTIA_BOOTSTRAP_KEY" in done.stderr, done.stderr

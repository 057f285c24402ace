"""Idempotency keys over HTTP, on the embedded default: a mutation retried with its key returns
the first answer and writes nothing (storeMemory, storeMemories, amendMemory, linkMemories,
ingestFacts); another body under a used key is a Conflict naming the key; keys are per project;
a malformed key is InvalidInput naming the argument. And the retry that matters: the service
killed (SIGKILL) after the write committed and before the reply, restarted on the same data,
retried with the key — exactly one memory, and the answer names it."""

from __future__ import annotations

import signal
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.integration.service_process import ServiceProcess

STORE = """mutation($input: StoreMemoryInput!, $key: String) {
  storeMemory(input: $input, idempotencyKey: $key) {
    __typename
    ... on StoreSuccess { memory { id content } }
    ... on Conflict { message idempotencyKey retryable }
    ... on InvalidInput { field message } } }"""
STORE_MANY = """mutation($inputs: [StoreMemoryInput!]!, $key: String) {
  storeMemories(inputs: $inputs, idempotencyKey: $key) {
    __typename ... on StoreSuccess { memory { id } } ... on InvalidInput { field } } }"""
AMEND = """mutation($id: ID!, $content: String!, $key: String) {
  amendMemory(id: $id, content: $content, idempotencyKey: $key) {
    __typename ... on StoreSuccess { memory { id } } ... on Conflict { message } } }"""
LINK = """mutation($links: [LinkInput!]!, $key: String) {
  linkMemories(links: $links, idempotencyKey: $key) {
    __typename ... on LinkSuccess { edges { source target type createdAt } } } }"""
INGEST = """mutation($facts: [FactInput!]!, $key: String) {
  ingestFacts(facts: $facts, idempotencyKey: $key) {
    __typename ... on FactBatch { inserted skipped results { outcome factId } } } }"""
MEMORIES = """{ memories(first: 100) { ... on MemoryConnection { nodes { id } } } }"""


def project() -> dict[str, str]:
    """A fresh project, so each test counts only its own memories."""
    return {"X-Retentia-Project": f"p-{uuid.uuid4().hex[:10]}"}


def store(
    api: ServiceProcess, content: str, key: str | None, headers: dict[str, str]
) -> dict[str, Any]:
    answer: dict[str, Any] = api.graphql(
        STORE, {"input": {"content": content}, "key": key}, headers
    )["data"]["storeMemory"]
    return answer


def memory_ids(api: ServiceProcess, headers: dict[str, str]) -> list[str]:
    page = api.graphql(MEMORIES, headers=headers)["data"]["memories"]
    return [node["id"] for node in page["nodes"]]


def test_store_memory_retried_with_its_key_stores_once(api: ServiceProcess) -> None:
    """Defect 8: storeMemory sent twice after a lost response stored two memories."""
    headers = project()
    first = store(api, "The release freeze starts Friday", "freeze-1", headers)
    again = store(api, "The release freeze starts Friday", "freeze-1", headers)
    assert first["__typename"] == "StoreSuccess" and again == first
    assert memory_ids(api, headers) == [first["memory"]["id"]]


def test_a_different_body_under_a_used_key_is_a_conflict(api: ServiceProcess) -> None:
    headers = project()
    store(api, "one body", "k-1", headers)
    answer = store(api, "another body", "k-1", headers)
    assert answer["__typename"] == "Conflict"
    assert (answer["idempotencyKey"], answer["retryable"]) == ("k-1", False)
    assert "'k-1'" in answer["message"]
    assert len(memory_ids(api, headers)) == 1


def test_keys_are_per_project(api: ServiceProcess) -> None:
    a, b = project(), project()
    first = store(api, "same key, project a", "shared", a)
    other = store(api, "same key, project b", "shared", b)
    assert other["__typename"] == "StoreSuccess"
    assert other["memory"]["id"] != first["memory"]["id"]


@pytest.mark.parametrize("key", ["", "k" * 201, "with space", "semi;colon"])
def test_a_malformed_key_is_invalid_input_naming_it(api: ServiceProcess, key: str) -> None:
    headers = project()
    answer = store(api, "never stored", key, headers)
    assert (answer["__typename"], answer["field"]) == ("InvalidInput", "idempotencyKey")
    assert memory_ids(api, headers) == []


def test_every_keyed_mutation_answers_its_retry_as_the_first_time(api: ServiceProcess) -> None:
    headers = project()
    inputs = [{"content": "batch one"}, {"content": "batch two"}]
    batch = api.graphql(STORE_MANY, {"inputs": inputs, "key": "b-1"}, headers)["data"]
    assert api.graphql(STORE_MANY, {"inputs": inputs, "key": "b-1"}, headers)["data"] == batch
    one, two = (item["memory"]["id"] for item in batch["storeMemories"])
    links = [{"sourceId": two, "targetId": one, "type": "CAUSED_BY"}]
    linked = api.graphql(LINK, {"links": links, "key": "l-1"}, headers)["data"]
    assert linked["linkMemories"]["__typename"] == "LinkSuccess"
    assert api.graphql(LINK, {"links": links, "key": "l-1"}, headers)["data"] == linked
    amend = {"id": one, "content": "batch one, corrected", "key": "a-1"}
    amended = api.graphql(AMEND, amend, headers)["data"]
    assert amended["amendMemory"]["__typename"] == "StoreSuccess"
    assert api.graphql(AMEND, amend, headers)["data"] == amended
    facts = [{"subject": "Ana", "predicate": "lives in", "object": "Porto"}]
    ingested = api.graphql(INGEST, {"facts": facts, "key": "f-1"}, headers)["data"]
    assert ingested["ingestFacts"]["inserted"] == 1
    assert api.graphql(INGEST, {"facts": facts, "key": "f-1"}, headers)["data"] == ingested
    assert len(memory_ids(api, headers)) == 3  # two stored, one correction


def _wait_for(log: Path, text: str, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if log.exists() and text in log.read_text():
            return
        time.sleep(0.1)
    raise AssertionError(f"{text!r} not logged in {timeout} s:\n{log.read_text()[-3000:]}")


def test_a_retry_after_a_kill_between_write_and_reply_stores_once(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """The write commits, the process is SIGKILLed before it records the answer or replies;
    restarted on the same data, the retry with the key answers the memory written, and it is
    the only one."""
    data_dir = tmp_path_factory.mktemp("killed")
    held = ServiceProcess(data_dir, {"RETENTIA_FAULT_INJECTION": "hang_before_idempotent_answer"})
    variables = {"input": {"content": "Written, then the reply was lost"}, "key": "lost-1"}
    lost: list[BaseException] = []

    def send() -> None:
        try:
            held.graphql(STORE, variables)
        except httpx.TransportError as e:  # the connection dies with the process
            lost.append(e)

    with held.running():
        sender = threading.Thread(target=send)
        sender.start()
        _wait_for(held.log, "fault injection: holding at before_idempotent_answer")
        held.stop(signal.SIGKILL)
        sender.join(timeout=60)
    assert lost, "the first request must not have been answered"

    with ServiceProcess(data_dir).running() as restarted:
        answer = restarted.graphql(STORE, variables)["data"]["storeMemory"]
        assert answer["__typename"] == "StoreSuccess", answer
        assert memory_ids(restarted, {}) == [answer["memory"]["id"]]
        assert restarted.graphql(STORE, variables)["data"]["storeMemory"] == answer

"""The fact layer over real HTTP against a running service on the embedded default: ingest,
retract and temporal reads; the three writers converge; LLM extraction (from an endpoint in the
OpenAI wire format) with failures recorded on the memory; signed, retried webhooks; metrics."""

from __future__ import annotations

import hashlib
import hmac
import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tests.integration.local_endpoint import serve
from tests.integration.service_process import ServiceProcess

SECRET = "webhook-secret"
RULES = [
    (re.compile(r"(\w+) is thinking about moving to (\w+)"), "lives in", 0.4),
    (re.compile(r"(\w+) moved to (\w+)"), "lives in", 0.95),
    (re.compile(r"(\w+) lives in (\w+)"), "lives in", 0.95),
    (re.compile(r"(\w+) works at (\w+)"), "works at", 0.95),
    (re.compile(r"(\w+) likes (\w+)"), "likes", 0.95),
]


class Receiver:
    def __init__(self) -> None:
        self.deliveries: list[tuple[dict[str, str], bytes]] = []
        self.refused: set[str] = set()

    async def hook(self, request: Request) -> Response:
        body = await request.body()
        self.deliveries.append((dict(request.headers), body))
        delivery = request.headers["x-retentia-delivery"]
        if delivery not in self.refused:  # the first attempt of each delivery fails
            self.refused.add(delivery)
            return Response(status_code=503)
        return Response(status_code=204)


async def chat(request: Request) -> JSONResponse:
    body: dict[str, Any] = await request.json()
    text = body["messages"][-1]["content"].split("\n", 1)[1]
    if "DOWN" in text:
        return JSONResponse({"error": {"message": "overloaded"}}, status_code=400)
    if "GARBLED" in text:
        content = '{"facts": [{"subject": "x"'
    else:
        facts = []
        for pattern, predicate, confidence in RULES:
            match = pattern.search(text)
            if match:
                facts.append(
                    {
                        "subject": match[1],
                        "predicate": predicate,
                        "object": match[2],
                        "category": "other",
                        "confidence": confidence,
                    }
                )
                break
        content = json.dumps({"facts": facts})
    return JSONResponse(
        {
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "created": 0,
            "model": body["model"],
            "choices": [
                {
                    "index": 0,
                    "finish_reason": "stop",
                    "message": {"role": "assistant", "content": content},
                }
            ],
        }
    )


@pytest.fixture(scope="module")
def receiver() -> Receiver:
    return Receiver()


@pytest.fixture(scope="module")
def endpoint(receiver: Receiver) -> Iterator[str]:
    with serve(
        [
            Route("/v1/chat/completions", chat, methods=["POST"]),
            Route("/hooks", receiver.hook, methods=["POST"]),
        ]
    ) as url:
        yield url


@pytest.fixture(scope="module")
def service(tmp_path_factory: pytest.TempPathFactory, endpoint: str) -> Iterator[ServiceProcess]:
    process = ServiceProcess(
        tmp_path_factory.mktemp("facts-service"),
        env={
            "RETENTIA_LLM_MODEL": "fact-extractor",
            "RETENTIA_OPENAI_BASE_URL": f"{endpoint}/v1",
            "RETENTIA_OPENAI_API_KEY": "test-key",
            "RETENTIA_WEBHOOK_URL": f"{endpoint}/hooks",
            "RETENTIA_WEBHOOK_SECRET": SECRET,
            "RETENTIA_WEBHOOK_BACKOFF_S": "0.05",
        },
    )
    with process.running():
        yield process


COUNTS = """{ inserted superseded skipped softConflicts errors
  results { index outcome factId others field reason } }"""
BATCH = f"""{{ __typename ... on FactBatch {COUNTS} ... on InvalidInput {{ field message }} }}"""
INGEST = f"mutation($facts: [FactInput!]!) {{ ingestFacts(facts: $facts) {BATCH} }}"
FACT = "id subject predicate object state validFrom validTo invalidAt supersededBy sourceId writer"
FACTS = f"""query($subject: String, $asOf: DateTime, $entity: String, $limit: Int! = 100) {{
  facts(subject: $subject, asOf: $asOf, entity: $entity, limit: $limit) {{ __typename
    ... on FactList {{ facts {{ {FACT} }} }} ... on InvalidInput {{ field message }} }} }}"""
HISTORY = f"""query($s: String!, $p: String!) {{ factHistory(subject: $s, predicate: $p) {{
  ... on FactList {{ facts {{ {FACT} }} }} }} }}"""
STORE = f"""mutation($input: StoreMemoryInput!) {{ storeMemory(input: $input) {{ __typename
  ... on StoreSuccess {{ memory {{ id factExtraction {{ status error facts }} }}
        facts {COUNTS} extractedFacts {COUNTS} factExtraction {{ status error facts attempts }} }}
  ... on InvalidInput {{ field message }} }} }}"""


def tenant(name: str) -> dict[str, str]:
    return {"X-Retentia-Org": "facts", "X-Retentia-Project": name}


def ingest(api: ServiceProcess, facts: list[dict[str, Any]], headers: dict[str, str]) -> Any:
    return api.graphql(INGEST, {"facts": facts}, headers)["data"]["ingestFacts"]


def facts_now(api: ServiceProcess, headers: dict[str, str], **variables: Any) -> list[Any]:
    result = api.graphql(FACTS, variables, headers)["data"]["facts"]
    assert result["__typename"] == "FactList", result
    facts: list[Any] = result["facts"]
    return facts


def test_ingest_retract_and_temporal_reads(service: ServiceProcess) -> None:
    h = tenant("reads")
    first = ingest(
        service,
        [
            {
                "subject": "Alice",
                "predicate": "works at",
                "object": "Acme",
                "validFrom": "2025-01-01T00:00:00Z",
            }
        ],
        h,
    )
    assert (first["inserted"], first["errors"]) == (1, 0)
    second = ingest(
        service,
        [
            {
                "subject": "Alice",
                "predicate": "works at",
                "object": "Globex",
                "validFrom": "2026-01-01T00:00:00Z",
            },
            {"subject": "Alice", "predicate": "works at", "object": "Initech", "confidence": 2.0},
            {"subject": "   ", "predicate": "likes", "object": "tea"},
        ],
        h,
    )
    assert (second["superseded"], second["errors"]) == (1, 2)
    fields = {r["index"]: r["field"] for r in second["results"] if r["outcome"] == "ERROR"}
    assert fields == {1: "confidence", 2: "subject"}
    now = facts_now(service, h, subject="alice")
    assert [f["object"] for f in now] == ["Globex"]
    then = facts_now(service, h, subject="Alice", asOf="2025-06-01T00:00:00Z")
    assert [(f["object"], f["state"]) for f in then] == [("Acme", "SUPERSEDED")]
    history = service.graphql(HISTORY, {"s": "ALICE", "p": "Works At"}, h)["data"]
    assert [f["object"] for f in history["factHistory"]["facts"]] == ["Acme", "Globex"]
    entity = service.graphql(
        '{ entity(name: "globex") { __typename ... on Entity { name history { object } } } }',
        None,
        h,
    )["data"]["entity"]
    assert entity == {"__typename": "Entity", "name": "Globex", "history": [{"object": "Globex"}]}
    missing = service.graphql(
        '{ entity(name: "Nobody") { __typename ... on NotFound { kind key } } }', None, h
    )["data"]["entity"]
    assert missing == {"__typename": "NotFound", "kind": "entity", "key": "Nobody"}

    retract = """mutation($id: ID!) { retractFact(id: $id) { __typename
      ... on Fact { state invalidAt } ... on InvalidInput { field message }
      ... on NotFound { kind key } } }"""
    globex = now[0]["id"]
    done = service.graphql(retract, {"id": globex}, h)["data"]["retractFact"]
    assert done["__typename"] == "Fact" and done["state"] == "RETRACTED"
    assert facts_now(service, h, subject="Alice") == []
    assert [
        f["object"] for f in facts_now(service, h, subject="Alice", asOf="2026-02-01T00:00:00Z")
    ] == ["Globex"]
    # a repeat finds it ended already and returns it as it is (retractions commute)
    again = service.graphql(retract, {"id": globex}, h)["data"]["retractFact"]
    assert again == done
    unknown = service.graphql(retract, {"id": "no-such-fact"}, h)["data"]["retractFact"]
    assert unknown["__typename"] == "NotFound"
    # another tenant sees none of it
    assert facts_now(service, tenant("elsewhere"), subject="Alice") == []
    too_many = service.graphql(FACTS, {"limit": 100_000}, h)["data"]["facts"]
    assert too_many["__typename"] == "InvalidInput" and too_many["field"] == "limit"


def final_state(api: ServiceProcess, h: dict[str, str]) -> list[tuple[str, str]]:
    history = api.graphql(HISTORY, {"s": "Alice", "p": "works at"}, h)["data"]
    return [(f["object"], f["state"]) for f in history["factHistory"]["facts"]]


def test_the_three_writers_converge(service: ServiceProcess) -> None:
    states = []
    for writer in ("api", "memory", "extraction"):
        h = tenant(f"converge-{writer}")
        ingest(service, [{"subject": "Alice", "predicate": "works at", "object": "Acme"}], h)
        new = {"subject": "Alice", "predicate": "works at", "object": "Globex"}
        if writer == "api":
            result = ingest(service, [new], h)
        elif writer == "memory":
            stored = service.graphql(
                STORE, {"input": {"content": "Notes from the 1:1 today.", "facts": [new]}}, h
            )["data"]["storeMemory"]
            result = stored["facts"]
        else:
            stored = service.graphql(
                STORE, {"input": {"content": "Alice works at Globex now."}}, h
            )["data"]["storeMemory"]
            result = stored["extractedFacts"]
            assert stored["factExtraction"]["status"] == "DONE"
        assert (result["superseded"], result["errors"]) == (1, 0), writer
        states.append(final_state(service, h))
    assert states[0] == states[1] == states[2] == [("Acme", "SUPERSEDED"), ("Globex", "ACTIVE")]


def test_tentative_then_confirmed_move_through_extraction(service: ServiceProcess) -> None:
    h = tenant("moves")
    store = lambda text: service.graphql(STORE, {"input": {"content": text}}, h)["data"][  # noqa: E731
        "storeMemory"
    ]
    assert store("Alice lives in Istanbul.")["extractedFacts"]["inserted"] == 1
    thinking = store("Alice is thinking about moving to London.")["extractedFacts"]
    assert thinking["softConflicts"] == 1
    assert sorted(f["object"] for f in facts_now(service, h, subject="Alice")) == [
        "Istanbul",
        "London",
    ]
    moved = store("Alice moved to London last week.")["extractedFacts"]
    assert moved["superseded"] == 1 and len(moved["results"][0]["others"]) == 2
    assert [f["object"] for f in facts_now(service, h, subject="Alice")] == ["London"]


def test_extraction_failures_are_recorded_on_the_memory(service: ServiceProcess) -> None:
    h = tenant("failures")
    for text in ("GARBLED reply please", "DOWN for maintenance"):
        stored = service.graphql(STORE, {"input": {"content": text}}, h)["data"]["storeMemory"]
        assert stored["__typename"] == "StoreSuccess"  # the memory is kept
        assert stored["factExtraction"]["status"] == "FAILED"
        assert stored["factExtraction"]["error"]
        memory = service.graphql(
            "query($id: ID!) { memory(id: $id) { ... on Memory { "
            "factExtraction { status error } } } }",
            {"id": stored["memory"]["id"]},
            h,
        )["data"]["memory"]
        assert memory["factExtraction"]["status"] == "FAILED"


def test_supersession_webhook_is_signed_retried_and_logged(
    service: ServiceProcess, receiver: Receiver
) -> None:
    h = tenant("hooks")
    ingest(service, [{"subject": "Zoe", "predicate": "works at", "object": "Acme"}], h)
    ingest(service, [{"subject": "Zoe", "predicate": "works at", "object": "Umbrella"}], h)
    deadline = time.monotonic() + 30
    ours: list[tuple[dict[str, str], bytes]] = []
    while time.monotonic() < deadline:
        ours = [d for d in receiver.deliveries if b'"Umbrella"' in d[1]]
        if len(ours) >= 2:
            break
        time.sleep(0.05)
    assert len(ours) == 2, receiver.deliveries
    (headers, body), (retry_headers, retry_body) = ours
    assert retry_headers["x-retentia-delivery"] == headers["x-retentia-delivery"]
    assert retry_body == body
    expected = "sha256=" + hmac.new(SECRET.encode(), body, hashlib.sha256).hexdigest()
    assert headers["x-retentia-signature"] == expected
    event = json.loads(body)
    assert event["event"] == "FACT_SUPERSEDED" and event["triple"]["previous_object"] == "Acme"
    assert event["tenant"] == {"org": "facts", "project": "hooks"}
    log = Path(service.data_dir) / "webhooks.jsonl"
    entries = [json.loads(line) for line in log.read_text().splitlines()]
    mine = [e["result"] for e in entries if e["delivery"] == headers["x-retentia-delivery"]]
    assert mine == ["retry", "delivered"]


def test_metrics_count_fact_events(service: ServiceProcess) -> None:
    text = httpx.get(f"{service.url}/metrics").text
    superseded = re.search(r"^retentia_facts_superseded_total (\S+)$", text, re.M)
    assert superseded is not None and float(superseded[1]) >= 1
    assert 'retentia_facts_applied_total{outcome="error",writer="api"}' in text
    assert 'retentia_fact_extractions_total{status="failed"}' in text

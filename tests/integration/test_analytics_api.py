"""Analytics over the real service: the GraphQL `analytics` query and `whyPath` answer a
planted causal chain with honest totals, an unknown memory is a typed NotFound, and
`retentia analytics` beside the running service (sharing its embedded FalkorDB) writes the same
figures as JSON, a Markdown report, an HTML page with the plots inline and a real PNG."""

from __future__ import annotations

import json
from pathlib import Path

from tests.integration.service_process import ServiceProcess

STORE = """mutation($content: String!, $related: [RelatedEdgeInput!]!) {
  storeMemory(input: {content: $content, related: $related, entities: ["Hanna"]}) {
    ... on StoreSuccess { memory { id } }
  }
}"""
ANALYTICS = """{
  analytics {
    __typename
    ... on Analytics {
      inDatabase memories causalEdges rootCauses longestChain
      pagerank { total items { memoryId value } }
      causalDegree { total items { memoryId value } }
      dominators { total items { memoryId value } }
      cycles { memoriesOnCycles cycles truncated }
      components { count largest isolated sizes }
      communities { name members }
      statusByMonth { month key count }
      churn { facts superseded supersededShare }
    }
  }
}"""
WHY = """query($from: ID!, $to: ID!) {
  whyPath(from: $from, to: $to) {
    __typename
    ... on WhyPath { memoryIds found }
    ... on NotFound { kind key }
  }
}"""
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def store(service: ServiceProcess, content: str, caused_by: str | None = None) -> str:
    related = [] if caused_by is None else [{"targetId": caused_by, "type": "CAUSED_BY"}]
    body = service.graphql(STORE, {"content": content, "related": related})
    return str(body["data"]["storeMemory"]["memory"]["id"])


def test_analytics_over_graphql_and_the_cli(tmp_path: Path) -> None:
    service = ServiceProcess(tmp_path / "service")
    with service.running():
        first = store(service, "the boiler pressure dropped overnight")
        second = store(service, "Hanna found the valve leaking", caused_by=first)
        third = store(service, "we ordered a new valve from the plumber", caused_by=second)

        body = service.graphql(ANALYTICS)
        report = body["data"]["analytics"]
        assert report["__typename"] == "Analytics", body
        assert report["memories"] == 3 and report["causalEdges"] == 2
        assert report["inDatabase"] == ["components"]  # the service's embedded FalkorDB
        assert report["longestChain"] == [first, second, third]
        assert report["rootCauses"] == 1
        assert report["dominators"]["items"] == [
            {"memoryId": first, "value": 2.0},
            {"memoryId": second, "value": 1.0},
        ]
        assert report["pagerank"]["total"] == 3
        assert report["pagerank"]["items"][0]["memoryId"] == first  # rank flows to the cause
        assert report["cycles"] == {"memoriesOnCycles": 0, "cycles": [], "truncated": False}
        assert report["components"]["largest"] == 3
        assert sum(m["count"] for m in report["statusByMonth"]) == 3
        assert report["communities"][0]["name"] == "Hanna"

        why = service.graphql(WHY, {"from": first, "to": third})["data"]["whyPath"]
        assert why == {"__typename": "WhyPath", "memoryIds": [first, second, third], "found": True}
        back = service.graphql(WHY, {"from": third, "to": first})["data"]["whyPath"]
        assert back == {"__typename": "WhyPath", "memoryIds": [], "found": False}
        missing = "00000000-0000-4000-8000-000000000000"
        unknown = service.graphql(WHY, {"from": first, "to": missing})["data"]["whyPath"]
        assert unknown == {"__typename": "NotFound", "kind": "memory", "key": missing}

        out = tmp_path / "report.json"
        done = service.cli(
            "analytics", "--format", "json", "--output", str(out), "--why", first, third
        )
        assert done.returncode == 0, done.stderr
        data = json.loads(out.read_text())
        assert data["causal"]["longest_chain"] == [first, second, third]
        assert data["why_path"] == [first, second, third]
        ranked = [(r["memory_id"], r["value"]) for r in data["causal"]["pagerank"]["items"]]
        assert ranked == [(r["memoryId"], r["value"]) for r in report["pagerank"]["items"]]

        md = service.cli("analytics", "--format", "md")
        assert md.returncode == 0, md.stderr
        assert md.stdout.startswith("# Analytics of default/default")
        assert "In the database: components;" in md.stdout
        assert "PageRank over causal edges (toward causes) (top 3 of 3)" in md.stdout
        assert f"`{first}` → `{second}` → `{third}`" in md.stdout

        png = tmp_path / "report.png"
        drawn = service.cli("analytics", "--format", "png", "--output", str(png))
        assert drawn.returncode == 0, drawn.stderr
        assert png.read_bytes().startswith(PNG_SIGNATURE) and png.stat().st_size > 10_000

        page = tmp_path / "report.html"
        shown = service.cli("analytics", "--format", "html", "--output", str(page))
        assert shown.returncode == 0, shown.stderr
        text = page.read_text()
        assert text.startswith("<!doctype html>") and "data:image/png;base64,iVBORw0KGgo" in text
        assert "<script" not in text and 'src="http' not in text  # nothing off the page

        no_file = service.cli("analytics", "--format", "png")
        assert no_file.returncode == 2 and "--output" in no_file.stderr

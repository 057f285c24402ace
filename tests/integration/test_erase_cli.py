"""`retentia erase` beside a running service (sharing its embedded FalkorDB): without `--yes`
nothing is erased (exit status 2, the reason on stderr); with it the subject's memories and
facts are gone, the counts are printed and the name is not, and the audit line names the
operator; a short form still naming a memory is printed as a name that may be an alias, and
`--alias` erases it too (docs/adr/0031); a name without letters is refused with exit status 2."""

from __future__ import annotations

from pathlib import Path

from tests.integration.service_process import ServiceProcess

STORE = """mutation($content: String!, $facts: [FactInput!]!) {
  storeMemory(input: {content: $content, facts: $facts}) { ... on StoreSuccess { memory { id } } }
}"""
READ = "query($id: ID!) { memory(id: $id) { __typename } }"
FACTS = (
    '{ facts(entity: "Zoe Smith", states: [ACTIVE, RETRACTED]) '
    "{ ... on FactList { nodes { id } } } }"
)
AUDIT = "{ erasures { ... on ErasureList { erasures { by memoriesDeleted factsDeleted } } } }"


def test_erase_from_the_command_line(tmp_path: Path) -> None:
    service = ServiceProcess(tmp_path / "service")
    with service.running():
        fact = {"subject": "Zoe Smith", "predicate": "has condition", "object": "diabetes"}
        body = service.graphql(STORE, {"content": "Zoe Smith has diabetes", "facts": [fact]})
        named = body["data"]["storeMemory"]["memory"]["id"]
        body = service.graphql(STORE, {"content": "The deploy failed", "facts": []})
        kept = body["data"]["storeMemory"]["memory"]["id"]
        body = service.graphql(STORE, {"content": "Zoe called about the results", "facts": []})
        short = body["data"]["storeMemory"]["memory"]["id"]

        unconfirmed = service.cli("erase", "--entity", "Zoe Smith")
        assert unconfirmed.returncode == 2 and "--yes" in unconfirmed.stderr
        assert service.graphql(READ, {"id": named})["data"]["memory"]["__typename"] == "Memory"

        erased = service.cli("erase", "--entity", "Zoe Smith", "--project", "default", "--yes")
        assert erased.returncode == 0, erased.stderr
        assert "1 memories deleted, 0 redacted; 1 facts deleted" in erased.stdout
        assert "names that may be aliases: Zoe (1 memory)" in erased.stdout
        assert "zoe smith" not in (erased.stdout + erased.stderr).lower()
        assert service.graphql(READ, {"id": named})["data"]["memory"]["__typename"] == "NotFound"
        assert service.graphql(READ, {"id": kept})["data"]["memory"]["__typename"] == "Memory"
        assert service.graphql(READ, {"id": short})["data"]["memory"]["__typename"] == "Memory"
        assert service.graphql(FACTS)["data"]["facts"]["nodes"] == []

        aliased = service.cli("erase", "--entity", "Zoe Smith", "--alias", "Zoe", "--yes")
        assert aliased.returncode == 0, aliased.stderr
        assert "1 memories deleted" in aliased.stdout and "aliases" not in aliased.stdout
        assert service.graphql(READ, {"id": short})["data"]["memory"]["__typename"] == "NotFound"
        assert service.graphql(READ, {"id": kept})["data"]["memory"]["__typename"] == "Memory"
        lines = service.graphql(AUDIT)["data"]["erasures"]["erasures"]
        assert lines == [
            {"by": "operator", "memoriesDeleted": 1, "factsDeleted": 0},
            {"by": "operator", "memoriesDeleted": 1, "factsDeleted": 1},
        ]

        refused = service.cli("erase", "--entity", "?!", "--yes")
        assert refused.returncode == 2 and "entity" in refused.stderr
        reserved = service.cli("erase", "--entity", "x", "--project", "retentia.system", "--yes")
        assert reserved.returncode == 2 and "reserved" in reserved.stderr

"""`retentia tenants list|drop` beside a running service (sharing its embedded FalkorDB): the
listing shows each project with its memory and edge counts, a drop without `--yes` changes
nothing, with it the project is gone (its memories answer `NotFound`, the listing no longer
shows it), and the reserved system project or an unknown one is refused with exit status 2."""

from __future__ import annotations

from pathlib import Path

from tests.integration.service_process import ServiceProcess

STORE = (
    'mutation { storeMemory(input: {content: "a note"}) { ... on StoreSuccess { memory { id } } } }'
)
READ = "query($id: ID!) { memory(id: $id) { __typename } }"


def test_list_then_drop_a_project(tmp_path: Path) -> None:
    service = ServiceProcess(tmp_path / "service")
    with service.running():
        ids = {}
        for project in ("alpha", "beta", "beta"):
            body = service.graphql(STORE, headers={"X-Retentia-Project": project})
            ids[project] = body["data"]["storeMemory"]["memory"]["id"]

        listed = service.cli("tenants", "list")
        assert listed.returncode == 0, listed.stderr
        rows = {
            tuple(line.split("\t")[:2]): line.split("\t")[2:] for line in listed.stdout.splitlines()
        }
        assert rows[("default", "alpha")] == ["1", "0"]
        assert rows[("default", "beta")][0] == "2"  # (and an auto-link between the two)
        assert ("default", "retentia.system") not in rows
        assert service.cli("tenants", "list", "--org", "other").stdout == ""

        unconfirmed = service.cli("tenants", "drop", "--project", "beta")
        assert unconfirmed.returncode == 2 and "--yes" in unconfirmed.stderr
        body = service.graphql(READ, {"id": ids["beta"]}, {"X-Retentia-Project": "beta"})
        assert body["data"]["memory"]["__typename"] == "Memory"  # nothing was dropped

        dropped = service.cli("tenants", "drop", "--org", "default", "--project", "beta", "--yes")
        assert dropped.returncode == 0, dropped.stderr
        assert "project beta of org default dropped: 2 memories" in dropped.stdout
        after = service.cli("tenants", "list").stdout
        assert "default\talpha\t1\t0" in after.splitlines() and "\tbeta\t" not in after
        body = service.graphql(READ, {"id": ids["beta"]}, {"X-Retentia-Project": "beta"})
        assert body["data"]["memory"]["__typename"] == "NotFound"

        again = service.cli("tenants", "drop", "--project", "beta", "--yes")
        assert again.returncode == 2 and "beta" in again.stderr
        system = service.cli("tenants", "drop", "--project", "retentia.system", "--yes")
        assert system.returncode == 2 and "project: 'retentia.system' is reserved" in system.stderr

"""The Helm chart, checked with the real tools: helm (built by scripts/install-helm), the
Kubernetes schemas of a pinned version (kubernetes-validate, strict) and checkov."""

from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml  # type: ignore[import-untyped]  # PyYAML: via huggingface_hub and schemathesis; no stubs installed

from devtools import chart
from service.settings import Settings

PROFILES = sorted((chart.CHART / "ci").glob("*-values.yaml"))
TOOLS = Path.home() / ".cache" / "retentia" / "tools-venv" / "bin"
KEY = "bootstrap-key-for-tests-0123456789abcdef"
#: Custom resources: not in the Kubernetes schemas, checked field by field below instead.
CUSTOM_KINDS = {"ServiceMonitor"}


@pytest.fixture(scope="session")
def helm() -> Path:
    try:
        return chart.install_helm()
    except subprocess.CalledProcessError as error:  # Go or the module proxy missing
        pytest.skip(f"scripts/install-helm could not build helm: {error.stderr[-2000:]}")


def _tool(name: str) -> Path:
    path = TOOLS / name
    if not path.exists():
        pytest.skip(f"{path} missing: scripts/install-helm tools did not install it")
    return path


def _run(command: list[str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["nice", "-n", "19", *command], capture_output=True, text=True)


@pytest.mark.parametrize("profile", [None, *PROFILES], ids=lambda p: p.stem if p else "defaults")
def test_helm_lint_strict(helm: Path, profile: Path | None) -> None:
    values = ["--values", str(profile)] if profile else ["--set", f"secrets.bootstrapKey={KEY}"]
    done = _run([str(helm), "lint", "--strict", str(chart.CHART), *values])
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.stem)
def test_rendered_manifests_pass_the_kubernetes_schemas(
    helm: Path, profile: Path, tmp_path: Path
) -> None:
    docs = chart.documents(chart.render(helm, [profile]))
    files = []
    for index, doc in enumerate(docs):
        assert doc["metadata"].get("namespace", chart.NAMESPACE) == chart.NAMESPACE
        if doc["kind"] in CUSTOM_KINDS:
            continue
        path = tmp_path / f"{index:02d}-{doc['kind']}.yaml"
        path.write_text(yaml.safe_dump(doc))
        files.append(str(path))
    validate = _tool("kubernetes-validate")
    done = _run([str(validate), "--strict", "-k", chart.KUBE_VERSION, *files])
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.count("passed for resource") == len(files), done.stdout


def test_service_monitor_scrapes_the_api_and_the_reconciler(helm: Path) -> None:
    profile = chart.CHART / "ci" / "ingress-hpa-servicemonitor-values.yaml"
    docs = chart.documents(chart.render(helm, [profile]))
    (monitor,) = [doc for doc in docs if doc["kind"] == "ServiceMonitor"]
    assert monitor["apiVersion"] == "monitoring.coreos.com/v1"
    assert monitor["metadata"]["labels"]["release"] == "prometheus"
    assert {(e["port"], e["path"]) for e in monitor["spec"]["endpoints"]} == {
        ("http", "/metrics"),
        ("metrics", "/metrics"),
    }
    ports = {
        port["name"] for doc in docs if doc["kind"] == "Service" for port in doc["spec"]["ports"]
    }
    assert {"http", "metrics"} <= ports


def test_checkov_finds_no_failed_check(helm: Path, tmp_path: Path) -> None:
    for profile in PROFILES:
        out = tmp_path / profile.stem
        out.mkdir()
        for index, doc in enumerate(chart.documents(chart.render(helm, [profile]))):
            (out / f"{index:02d}-{doc['kind']}.yaml").write_text(yaml.safe_dump(doc))
    checkov = _tool("checkov")
    config = chart.CHART / ".checkov.yaml"
    done = _run([str(checkov), "--config-file", str(config), "-d", str(tmp_path), "-o", "json"])
    reports: Any = json.loads(done.stdout)
    reports = reports if isinstance(reports, list) else [reports]
    failed = [
        f"{check['check_id']} {check['resource']} ({check['file_path']})"
        for report in reports
        for check in report["results"]["failed_checks"]
    ]
    assert failed == []
    assert sum(report["summary"]["passed"] for report in reports) > 100
    assert done.returncode == 0, done.stderr[-2000:]


BAD_VALUES = [
    (["replicaCount=two"], "/replicaCount': got string, want integer"),
    (["replicaCount=0"], "/replicaCount"),
    (["unknownKey=1"], "additional properties 'unknownKey' not allowed"),
    (["config.bogus=1"], "additional properties 'bogus' not allowed"),
    (["backend=mysql"], "/backend': value must be one of"),
    (["falkordb.mode=sidecar"], "/falkordb/mode': value must be one of"),
    (["config.logLevel=LOUD"], "/config/logLevel"),
    (["secrets.bootstrapKey=too-short"], "/secrets/bootstrapKey"),
    (["config.corsOrigins={*}"], "/config/corsOrigins/0"),
    (["config.extraEnv.PATH=/x"], "'PATH' does not match pattern '^RETENTIA_"),
    (["falkordb.url=http://x"], "/falkordb/url"),
    (["service.port=70000"], "/service/port"),
    (["falkordb.mode=embedded", "replicaCount=2"], "falkordb.mode=embedded keeps the data"),
    (
        ["falkordb.mode=embedded", "replicaCount=1", "autoscaling.enabled=true"],
        "falkordb.mode=embedded keeps the data",
    ),
    (["falkordb.mode=embedded", "replicaCount=1"], "cannot share the API pod's embedded"),
    (["falkordb.mode=external"], "falkordb.mode=external needs falkordb.url"),
    (["falkordb.waitReplicas=1"], "falkordb.waitReplicas waits for a cluster"),
    (["backend=surrealdb"], "backend=surrealdb needs surrealdb.url"),
    (
        [
            "falkordb.mode=embedded",
            "replicaCount=1",
            "reconciler.enabled=false",
            "maintenance.enabled=false",
            "secrets.falkordbPassword=x",
        ],
        "the embedded FalkorDB (falkordb.mode=embedded) listens only on a socket",
    ),
    (["backend=neo4j", "secrets.falkordbPassword=x"], "it needs backend=falkordb"),
]


@pytest.mark.parametrize(("sets", "reason"), BAD_VALUES, ids=lambda v: str(v))
def test_bad_values_are_refused(helm: Path, sets: list[str], reason: str) -> None:
    with pytest.raises(subprocess.CalledProcessError) as refused:
        chart.render(helm, sets=[f"secrets.bootstrapKey={KEY}", *sets])
    assert reason in refused.value.stderr


def test_no_bootstrap_key_and_no_existing_secret_is_refused(helm: Path) -> None:
    with pytest.raises(subprocess.CalledProcessError) as refused:
        chart.render(helm)
    assert "set secrets.bootstrapKey" in refused.value.stderr


def _leaves(tree: dict[str, Any], prefix: str = "") -> list[str]:
    leaves = []
    for key, value in tree.items():
        if isinstance(value, dict) and value:
            leaves += _leaves(value, f"{prefix}{key}.")
        else:
            leaves.append(prefix + key)
    return leaves


def test_readme_lists_every_value() -> None:
    values = yaml.safe_load((chart.CHART / "values.yaml").read_text())
    readme = (chart.CHART / "README.md").read_text()
    listed = set(re.findall(r"^\| `([^`]+)` \|", readme, flags=re.MULTILINE))
    leaves = set(_leaves(values))
    assert sorted(leaves - listed) == []
    assert sorted(listed - leaves) == []


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.stem)
def test_the_api_environment_is_one_the_service_accepts(helm: Path, profile: Path) -> None:
    env, command = chart.api_container(chart.documents(chart.render(helm, [profile])))
    assert command == ["retentia", "serve"]
    settings_env = {k: v for k, v in env.items() if k.startswith("RETENTIA_")}
    fields = set(Settings.model_fields)
    unknown = [k for k in settings_env if k[9:].lower().split("__")[0] not in fields]
    assert unknown == []  # a misspelt name would be ignored by the service, silently
    settings = Settings.model_validate(
        {k[9:].lower(): v for k, v in settings_env.items() if "__" not in k}
    )
    assert settings.host == "0.0.0.0" and settings.port == 8080
    assert str(settings.data_dir) == "/data"
    assert env["HOME"] == "/data" and env["TMPDIR"] == "/tmp"
    if settings.backend == "falkordb" and "embedded" not in profile.name:
        assert settings.falkordb_url and settings.falkordb_url.startswith("redis://")
    if "embedded" in profile.name:
        assert settings.falkordb_url is None


def test_chart_env_writes_the_api_environment(tmp_path: Path) -> None:
    profile = chart.CHART / "ci" / "default-values.yaml"
    command_file = tmp_path / "command.json"
    done = _run(
        [str(chart.ROOT / "scripts" / "chart-env"), "-f", str(profile),
         "--command-out", str(command_file)]
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    lines = dict(line.split("=", 1) for line in done.stdout.splitlines())
    assert lines["RETENTIA_FALKORDB_URL"] == "redis://r-retentia-falkordb:6379"
    assert lines["RETENTIA_PORT"] == "8080"
    assert lines["RETENTIA_BOOTSTRAP_KEY"].startswith("ci-only-")
    assert json.loads(command_file.read_text()) == ["retentia", "serve"]


def test_config_changes_roll_the_pods(helm: Path) -> None:
    def checksums(*sets: str) -> dict[str, str]:
        docs = chart.documents(chart.render(helm, sets=[f"secrets.bootstrapKey={KEY}", *sets]))
        return {
            doc["metadata"]["name"]: doc["spec"]["template"]["metadata"]["annotations"][
                "checksum/config"
            ]
            for doc in docs
            if doc["kind"] == "Deployment"
        }

    before, after = checksums(), checksums("config.logLevel=DEBUG")
    assert before.keys() == after.keys() and len(before) == 2
    assert all(before[name] != after[name] for name in before)


def _pod_specs(docs: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    specs = []
    for doc in docs:
        name = f"{doc['kind']}/{doc['metadata']['name']}"
        if doc["kind"] in {"Deployment", "StatefulSet"}:
            specs.append((name, doc["spec"]["template"]["spec"]))
        elif doc["kind"] == "CronJob":
            specs.append((name, doc["spec"]["jobTemplate"]["spec"]["template"]["spec"]))
        elif doc["kind"] == "Pod":
            specs.append((name, doc["spec"]))
    return specs


@pytest.mark.parametrize("profile", PROFILES, ids=lambda p: p.stem)
def test_every_pod_is_locked_down(helm: Path, profile: Path) -> None:
    docs = chart.documents(chart.render(helm, [profile]))
    specs = _pod_specs(docs)
    assert len(specs) >= 2
    for name, spec in specs:
        assert spec["automountServiceAccountToken"] is False, name
        assert spec["securityContext"]["runAsNonRoot"] is True, name
        assert spec["securityContext"]["seccompProfile"] == {"type": "RuntimeDefault"}, name
        for container in spec["containers"]:
            context = container["securityContext"]
            assert context["readOnlyRootFilesystem"] is True, name
            assert context["allowPrivilegeEscalation"] is False, name
            assert context["capabilities"] == {"drop": ["ALL"]}, name
            mounts = {mount["mountPath"] for mount in container["volumeMounts"]}
            assert "/tmp" in mounts, name
    accounts = [doc for doc in docs if doc["kind"] == "ServiceAccount"]
    assert all(account["automountServiceAccountToken"] is False for account in accounts)


def test_the_default_runs_falkordb_with_its_append_only_file_on_a_volume(helm: Path) -> None:
    docs = chart.documents(chart.render(helm, [chart.CHART / "ci" / "default-values.yaml"]))
    (server,) = [doc for doc in docs if doc["kind"] == "StatefulSet"]
    command = server["spec"]["template"]["spec"]["containers"][0]["command"]
    assert command[command.index("--appendonly") + 1] == "yes"
    assert command[command.index("--dir") + 1] == "/data"
    (claim,) = server["spec"]["volumeClaimTemplates"]
    assert claim["metadata"]["name"] == "data"
    (cron,) = [doc for doc in docs if doc["kind"] == "CronJob"]
    assert cron["spec"]["concurrencyPolicy"] == "Forbid"
    job = cron["spec"]["jobTemplate"]["spec"]["template"]["spec"]["containers"][0]
    assert job["command"] == ["retentia", "maintain", "--all"]
    (reconciler,) = [d for d in docs if d["metadata"]["name"].endswith("-reconciler")
                     and d["kind"] == "Deployment"]  # fmt: skip
    assert reconciler["spec"]["template"]["spec"]["containers"][0]["command"][:2] == [
        "retentia",
        "reconcile",
    ]


def test_embedded_mode_is_one_pod_with_its_data_on_a_claim(helm: Path) -> None:
    docs = chart.documents(chart.render(helm, [chart.CHART / "ci" / "embedded-values.yaml"]))
    kinds = sorted(doc["kind"] for doc in docs)
    assert "StatefulSet" not in kinds and "CronJob" not in kinds
    assert "PodDisruptionBudget" not in kinds
    (api,) = [doc for doc in docs if doc["kind"] == "Deployment"]
    assert api["spec"]["replicas"] == 1 and api["spec"]["strategy"] == {"type": "Recreate"}
    (claim,) = [doc for doc in docs if doc["kind"] == "PersistentVolumeClaim"]
    volumes = {v["name"]: v for v in api["spec"]["template"]["spec"]["volumes"]}
    assert volumes["data"]["persistentVolumeClaim"]["claimName"] == claim["metadata"]["name"]


def test_existing_secret_makes_no_secret_and_is_used(helm: Path) -> None:
    docs = chart.documents(chart.render(helm, [chart.CHART / "ci" / "existing-secret-values.yaml"]))
    assert not [doc for doc in docs if doc["kind"] == "Secret"]
    for name, spec in _pod_specs(docs):
        if "falkordb" in name:
            continue
        refs = [
            s["secretRef"]["name"] for s in spec["containers"][0]["envFrom"] if "secretRef" in s
        ]
        assert refs == ["retentia-credentials"], name
        assert "@sha256:" in spec["containers"][0]["image"], name


def test_helm_template_needs_no_kube_version(helm: Path) -> None:
    """Issue 50: the helm scripts/install-helm built believed Kubernetes was v1.20, below the
    chart's kubeVersion, so `helm template` failed without --kube-version."""
    done = _run(
        [str(helm), "template", "r", str(chart.CHART), "--set", f"secrets.bootstrapKey={KEY}"]
    )
    assert done.returncode == 0, done.stderr[-2000:]
    version = _run([str(helm), "version", "--template", "{{ .Version }}"])
    assert version.stdout.startswith("v3."), version


def test_the_ingress_routes_only_what_a_user_needs(helm: Path) -> None:
    """Issue 50: the Ingress routed `/`, so the keyless /metrics, /healthz and /readyz were
    public. It routes GraphQL, MCP, the export and (when on) the explorer, nothing else."""
    profile = chart.CHART / "ci" / "ingress-hpa-servicemonitor-values.yaml"

    def paths(*sets: str) -> set[str]:
        docs = chart.documents(chart.render(helm, [profile], sets))
        (ingress,) = [doc for doc in docs if doc["kind"] == "Ingress"]
        (rule,) = ingress["spec"]["rules"]
        return {p["path"] for p in rule["http"]["paths"]}

    user = {"/graphql", "/mcp", "/export", "/static/graphiql"}
    assert paths() == user | {"/explorer", "/static/explorer"}
    assert paths("ingress.explorer=false") == user


def test_falkordb_requires_the_password_the_service_uses(helm: Path) -> None:
    """Issue 50: FalkorDB ran `--protected-mode no` without a password, guarded only by a
    NetworkPolicy. It requires the Secret's password; the API reads the same Secret key, and a
    given password is used verbatim."""
    docs = chart.documents(chart.render(helm, sets=[f"secrets.bootstrapKey={KEY}"]))
    (secret,) = [doc for doc in docs if doc["kind"] == "Secret"]
    generated = secret["stringData"]["RETENTIA_FALKORDB_PASSWORD"]
    assert len(generated) >= 32
    (server,) = [doc for doc in docs if doc["kind"] == "StatefulSet"]
    container = server["spec"]["template"]["spec"]["containers"][0]
    command = container["command"]
    assert command[command.index("--requirepass") + 1] == "$(RETENTIA_FALKORDB_PASSWORD)"
    assert "--protected-mode" not in command
    env = {e["name"]: e["valueFrom"]["secretKeyRef"] for e in container["env"]}
    assert env["RETENTIA_FALKORDB_PASSWORD"] == {
        "name": secret["metadata"]["name"],
        "key": "RETENTIA_FALKORDB_PASSWORD",
    }
    api_env, _ = chart.api_container(docs)
    assert api_env["RETENTIA_FALKORDB_PASSWORD"] == generated
    assert api_env["RETENTIA_FALKORDB_URL"].startswith("redis://")
    given = chart.documents(
        chart.render(helm, sets=[f"secrets.bootstrapKey={KEY}", "secrets.falkordbPassword=pw"])
    )
    (secret,) = [doc for doc in given if doc["kind"] == "Secret"]
    assert secret["stringData"]["RETENTIA_FALKORDB_PASSWORD"] == "pw"


def test_falkordb_is_ready_only_when_loaded_and_has_a_disruption_budget(helm: Path) -> None:
    """Its readiness passed (redis-cli ping exits 0) while it was still loading its append-only
    file, and nothing kept a node drain from evicting the one pod every replica needs."""
    docs = chart.documents(chart.render(helm, sets=[f"secrets.bootstrapKey={KEY}"]))
    (server,) = [doc for doc in docs if doc["kind"] == "StatefulSet"]
    container = server["spec"]["template"]["spec"]["containers"][0]
    probe = container["readinessProbe"]["exec"]["command"]
    assert probe[:2] == ["sh", "-c"] and "= PONG" in probe[2] and "ping" in probe[2]
    assert "REDISCLI_AUTH" in {e["name"] for e in container["env"]}
    budgets = {
        doc["metadata"]["name"]: doc["spec"] for doc in docs if doc["kind"] == "PodDisruptionBudget"
    }
    falkordb = budgets[server["metadata"]["name"]]
    assert falkordb["maxUnavailable"] == 0
    assert falkordb["selector"]["matchLabels"]["app.kubernetes.io/component"] == "falkordb"
    off = chart.render(
        helm, sets=[f"secrets.bootstrapKey={KEY}", "falkordb.disruptionBudget.enabled=false"]
    )
    assert len([d for d in chart.documents(off) if d["kind"] == "PodDisruptionBudget"]) == 1

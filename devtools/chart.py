"""The Helm chart as data: render it with the helm that scripts/install-helm builds, and read
the API container's environment and command out of the rendered manifests (for
`scripts/chart-env`, the chart tests and the image test)."""

from __future__ import annotations

import base64
import subprocess
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]  # PyYAML: via huggingface_hub and schemathesis; no stubs installed

ROOT = Path(__file__).resolve().parent.parent
CHART = ROOT / "helm" / "retentia"
#: The Kubernetes version the rendered manifests are validated against (kubernetes-validate).
#: `helm template` takes no --kube-version: the helm scripts/install-helm builds knows its own.
KUBE_VERSION = "1.33.0"
NAMESPACE = "retentia"
RELEASE = "r"


def install_helm() -> Path:
    """Build (once, cached) and return helm; raises CalledProcessError with its output."""
    done = subprocess.run(
        ["nice", "-n", "19", str(ROOT / "scripts" / "install-helm")],
        capture_output=True,
        text=True,
        check=True,
    )
    return Path(done.stdout.strip().splitlines()[-1])


def render(helm: Path, values: Sequence[Path] = (), sets: Sequence[str] = ()) -> str:
    """`helm template` of the chart; raises CalledProcessError (stderr says why) on refusal."""
    command = [str(helm), "template", RELEASE, str(CHART), "--namespace", NAMESPACE]
    for path in values:
        command += ["--values", str(path)]
    for assignment in sets:
        command += ["--set", assignment]
    done = subprocess.run(
        ["nice", "-n", "19", *command], capture_output=True, text=True, check=True
    )
    return done.stdout


def documents(rendered: str) -> list[dict[str, Any]]:
    return [doc for doc in yaml.safe_load_all(rendered) if doc]


def _find(docs: list[dict[str, Any]], kind: str, name: str) -> dict[str, Any] | None:
    for doc in docs:
        if doc["kind"] == kind and doc["metadata"]["name"] == name:
            return doc
    return None


def api_container(docs: list[dict[str, Any]]) -> tuple[dict[str, str], list[str]]:
    """The API container's resolved environment (ConfigMap, the chart's Secret where it makes
    one, then `env`) and its command line."""
    deployment = next(
        doc
        for doc in docs
        if doc["kind"] == "Deployment"
        and doc["metadata"]["labels"].get("app.kubernetes.io/component") == "api"
    )
    container = deployment["spec"]["template"]["spec"]["containers"][0]
    env: dict[str, str] = {}
    for source in container.get("envFrom", []):
        if "configMapRef" in source:
            config = _find(docs, "ConfigMap", source["configMapRef"]["name"])
            env.update((config or {}).get("data", {}))
        if "secretRef" in source:
            secret = _find(docs, "Secret", source["secretRef"]["name"])
            if secret is not None:
                env.update(secret.get("stringData", {}))
                for key, value in secret.get("data", {}).items():
                    env[key] = base64.b64decode(value).decode()
    for item in container.get("env", []):
        env[item["name"]] = item["value"]
    return env, [*container.get("command", []), *container.get("args", [])]

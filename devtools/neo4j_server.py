"""A real Neo4j 5 (Community) for the tests and for local use, without Docker.

`scripts/neo4j/` is a small Java launcher over Maven Central's `org.neo4j:neo4j` that listens
for Bolt on 127.0.0.1 with authentication off. The first `start()` builds it with Maven
(downloading ~160 MB into ~/.m2) and keeps the compiled class and the resolved classpath in
`.cache/neo4j/`; later starts run `java` directly. The launcher stops on SIGTERM, on Ctrl-C, and
when its standard input closes — which is how a killed test session takes its Neo4j with it.

`scripts/neo4j-server` runs it in the foreground: `python -m devtools.neo4j_server --help`.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Final

ROOT: Final = Path(__file__).resolve().parents[1]
LAUNCHER: Final = ROOT / "scripts" / "neo4j"
#: Compiled launcher and resolved classpath; `RETENTIA_NEO4J_CACHE` moves it.
CACHE: Final = Path(os.environ.get("RETENTIA_NEO4J_CACHE", ROOT / ".cache" / "neo4j"))
MAIN_CLASS: Final = "retentia.neo4j.Launcher"
#: What Neo4j's own start script passes on Java 17 (netty and the page cache reach into NIO).
JVM_OPTIONS: Final = (
    "-Xms256m",
    "-Xmx1g",
    "-XX:+UseG1GC",
    "-XX:-OmitStackTraceInFastThrow",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/java.io=ALL-UNNAMED",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "-Dio.netty.tryReflectionSetAccessible=true",
    "-Dlog4j2.disable.jmx=true",
)
LOG_NAME: Final = "launcher.log"


class Neo4jStartError(RuntimeError):
    """The launcher could not be built, or Neo4j did not answer on Bolt."""


def _say(message: str) -> None:
    print(f"[neo4j] {message}", file=sys.stderr, flush=True)


def _tool(name: str) -> str:
    java_home = os.environ.get("JAVA_HOME")
    if name == "java" and java_home and (Path(java_home) / "bin" / "java").is_file():
        return str(Path(java_home) / "bin" / "java")
    found = shutil.which(name)
    if found is None:
        raise Neo4jStartError(f"`{name}` is not on PATH; Neo4j needs Java 17+ and Maven")
    return found


def _fingerprint() -> str:
    """Changes whenever the launcher's sources do, so an edit rebuilds it."""
    digest = hashlib.sha256()
    for path in sorted(LAUNCHER.rglob("*")):
        if path.is_file() and "target" not in path.relative_to(LAUNCHER).parts:
            digest.update(str(path.relative_to(LAUNCHER)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def _cached_classpath() -> str | None:
    stamp, classpath = CACHE / "stamp", CACHE / "classpath.txt"
    if not (stamp.is_file() and classpath.is_file()):
        return None
    if stamp.read_text().strip() != _fingerprint():
        return None
    entries = [CACHE / "build" / "classes", *map(Path, classpath.read_text().strip().split(":"))]
    if not all(e.exists() for e in entries):  # ~/.m2 was cleaned: resolve again
        return None
    return ":".join(str(e) for e in entries)


def build() -> str:
    """The launcher's runtime classpath, building it (and downloading Neo4j) when needed."""
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / "build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # two test sessions must not build into one folder
        cached = _cached_classpath()
        if cached is not None:
            return cached
        _say(
            "building the Neo4j launcher with Maven (first run downloads Neo4j, ~160 MB, "
            "into ~/.m2; later runs start from .cache/neo4j)"
        )
        started = time.monotonic()
        log_path = CACHE / "build.log"
        command = [
            _tool("mvn"),
            "--batch-mode",
            "--no-transfer-progress",
            "-f",
            str(LAUNCHER / "pom.xml"),
            "package",
            "-Dmaven.test.skip=true",
            "dependency:build-classpath",
            f"-Dlauncher.build.dir={CACHE / 'build'}",
            f"-Dmdep.outputFile={CACHE / 'classpath.txt'}",
        ]
        with open(log_path, "w") as log:
            process = subprocess.Popen(
                command, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
            )
            assert process.stdout is not None
            for line in process.stdout:
                log.write(line)
                if line.startswith(("[INFO] --- ", "[INFO] BUILD", "[ERROR]")):
                    _say(line.rstrip())
            code = process.wait()
        if code != 0:
            raise Neo4jStartError(
                f"building the Neo4j launcher failed (mvn exited {code}); last lines of "
                f"{log_path}:\n{_tail(log_path)}"
            )
        (CACHE / "stamp").write_text(_fingerprint())
        _say(f"launcher built in {time.monotonic() - started:.1f} s")
        cached = _cached_classpath()
        if cached is None:
            raise Neo4jStartError(f"Maven succeeded but left no usable classpath in {CACHE}")
        return cached


def _tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@dataclass
class Neo4jServer:
    process: subprocess.Popen[bytes]
    url: str
    data_dir: Path

    @property
    def log_path(self) -> Path:
        return self.data_dir / LOG_NAME

    def stop(self, timeout_s: float = 60) -> None:
        """SIGTERM (Neo4j checkpoints and closes its store), SIGKILL if that hangs."""
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout_s)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        if self.process.stdin is not None:
            self.process.stdin.close()


def _bolt_answers(url: str) -> bool:
    import neo4j
    from neo4j.exceptions import DriverError, Neo4jError

    try:
        with neo4j.GraphDatabase.driver(url, auth=None) as driver:
            driver.verify_connectivity()
            return True
    except (DriverError, Neo4jError, OSError):
        return False


def start(
    data_dir: Path, *, port: int | None = None, timeout_s: float = 180, foreground: bool = False
) -> Neo4jServer:
    """Start Neo4j with its store in `data_dir` and wait until Bolt answers a query.

    `foreground` leaves standard input alone (for `scripts/neo4j-server`); otherwise Neo4j
    stops when this process closes the pipe or dies."""
    classpath = build()
    data_dir = data_dir.resolve()
    data_dir.mkdir(parents=True, exist_ok=True)
    port = port or free_port()
    log_path = data_dir / LOG_NAME
    command = [_tool("java"), *JVM_OPTIONS, "-cp", classpath, MAIN_CLASS, str(data_dir), str(port)]
    if not foreground:
        command.append("--stop-on-stdin-close")
    with open(log_path, "wb") as log:
        process = subprocess.Popen(
            command,
            stdin=None if foreground else subprocess.PIPE,
            stdout=log,
            stderr=subprocess.STDOUT,
            # Ctrl-C reaches the Python process, which then stops Neo4j in order.
            start_new_session=not foreground,
        )
    url = f"bolt://127.0.0.1:{port}"
    server = Neo4jServer(process, url, data_dir)
    deadline = time.monotonic() + timeout_s
    while True:
        printed = url in log_path.read_text(errors="replace")
        if printed and _bolt_answers(url):
            return server
        if process.poll() is not None or time.monotonic() > deadline:
            server.stop(timeout_s=10)
            why = (
                f"exited with code {process.returncode}"
                if process.returncode not in (None, -signal.SIGTERM)
                else f"did not answer on {url} within {timeout_s:.0f} s"
            )
            raise Neo4jStartError(
                f"Neo4j {why}; last lines of {log_path}:\n{_tail(log_path)}\n"
                f"-- {data_dir / 'logs' / 'debug.log'}:\n"
                f"{_tail(data_dir / 'logs' / 'debug.log', 20)}"
            )
        time.sleep(0.2)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="scripts/neo4j-server",
        description="Run a local Neo4j 5 (Bolt on 127.0.0.1, no authentication) in the "
        "foreground; Ctrl-C or SIGTERM stops it.",
    )
    parser.add_argument("--data", type=Path, default=ROOT / "data" / "neo4j", help="store dir")
    parser.add_argument("--port", type=int, default=7687, help="Bolt port (0: any free one)")
    parser.add_argument("--build-only", action="store_true", help="build the launcher and exit")
    args = parser.parse_args(argv)
    if args.build_only:
        build()
        _say(f"launcher ready in {CACHE}")
        return 0
    started = time.monotonic()
    server = start(args.data, port=args.port or None, foreground=True)
    _say(f"ready in {time.monotonic() - started:.1f} s; store in {server.data_dir}")
    print(server.url, flush=True)
    _say(f"use it with RETENTIA_BACKEND=neo4j RETENTIA_NEO4J_URL={server.url}")
    stop = False

    def request_stop(signum: int, frame: object) -> None:
        nonlocal stop
        stop = True

    signal.signal(signal.SIGTERM, request_stop)
    signal.signal(signal.SIGINT, request_stop)
    while not stop and server.process.poll() is None:
        time.sleep(0.5)
    server.stop()
    return 0 if stop else 1


if __name__ == "__main__":
    sys.exit(main())

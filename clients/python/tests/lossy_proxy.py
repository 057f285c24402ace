"""A TCP proxy in front of a real service that loses the answer to the first request it
forwards: the request reaches the service (and is written), the client sees the connection
drop before any byte of the answer — what a client meets when a network or a load balancer
fails mid-request. Later connections pass through untouched."""

from __future__ import annotations

import socket
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class LossyProxy:
    def __init__(self, upstream_port: int) -> None:
        self.upstream_port = upstream_port
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.listener.settimeout(0.05)  # accept() wakes to see `closed`
        self.closed = threading.Event()
        self.port = self.listener.getsockname()[1]
        self.lost = 0
        self.connections = 0
        self._threads: list[threading.Thread] = []
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def _serve(self) -> None:
        while not self.closed.is_set():
            try:
                client, _ = self.listener.accept()
            except TimeoutError:
                continue
            client.settimeout(None)
            upstream = socket.create_connection(("127.0.0.1", self.upstream_port))
            with self._lock:
                self.connections += 1
                lose = self.lost == 0
                self._sockets += [client, upstream]
            self._start(self._pump, client, upstream, False)
            self._start(self._pump, upstream, client, lose)

    def _start(self, target: Callable[..., None], *args: object) -> None:
        thread = threading.Thread(target=target, args=args, daemon=True)
        self._threads.append(thread)
        thread.start()

    def _pump(self, source: socket.socket, sink: socket.socket, lose: bool) -> None:
        try:
            while data := source.recv(65536):
                if lose:  # the service answered: the write is done; the answer goes nowhere
                    with self._lock:
                        self.lost += 1
                    break
                sink.sendall(data)
        except OSError:
            pass
        for s in (source, sink):
            try:
                s.shutdown(socket.SHUT_RDWR)
            except OSError:
                pass

    def close(self) -> None:
        self.closed.set()
        with self._lock:
            for s in self._sockets:
                try:
                    s.shutdown(socket.SHUT_RDWR)
                except OSError:
                    pass
                s.close()
        for thread in self._threads:
            thread.join(timeout=5)


@contextmanager
def lossy_proxy(upstream_port: int) -> Iterator[LossyProxy]:
    proxy = LossyProxy(upstream_port)
    server = threading.Thread(target=proxy._serve, daemon=True)
    server.start()
    try:
        yield proxy
    finally:
        proxy.close()
        server.join(timeout=5)
        proxy.listener.close()

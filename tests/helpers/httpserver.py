"""A real HTTP server on 127.0.0.1 for tests that must never reach the internet.

    with LocalServer() as server:
        server.route("/cards/search", Reply.json({"object": "list", "data": []}))
        server.route("/slow", Reply(body=b"late", delay=2.0))
        server.route("/flaky", Reply(status=503), Reply(status=503), Reply.json({...}))
        server.route("/echo", lambda request: Reply.json({"q": request.query}))
        ... use server.url ...
        assert len(server.requests) == 1

A route holds either a callable ``(RecordedRequest) -> Reply`` or a sequence of replies
served in turn (the last one repeats). Every request is recorded (method, path, query,
headers, arrival time on ``time.monotonic``) before it is answered, including requests to
unknown paths (answered 404). ``Reply(truncate_to=N)`` announces the full Content-Length but
sends only N bytes and closes the connection; ``Reply(delay=s)`` sleeps before answering.

Generic on purpose: nothing here knows about Scryfall.
"""

from __future__ import annotations

import json
import socket
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit


@dataclass(frozen=True)
class RecordedRequest:
    method: str
    path: str
    query: dict[str, str]  # first value of each parameter
    headers: dict[str, str]  # names lower-cased
    time: float  # time.monotonic() at arrival
    raw_path: str


@dataclass
class Reply:
    status: int = 200
    body: bytes = b""
    headers: dict[str, str] = field(default_factory=dict)
    delay: float = 0.0
    truncate_to: int | None = None

    @classmethod
    def json(cls, document: Any, status: int = 200, **headers: str) -> Reply:
        body = json.dumps(document).encode("utf-8")
        merged = {"Content-Type": "application/json; charset=utf-8", **headers}
        return cls(status=status, body=body, headers=merged)

    @classmethod
    def text(cls, text: str, status: int = 200, content_type: str = "text/plain") -> Reply:
        return cls(
            status=status,
            body=text.encode("utf-8"),
            headers={"Content-Type": f"{content_type}; charset=utf-8"},
        )


Handler = Callable[[RecordedRequest], Reply]


class _Route:
    def __init__(self, replies: Sequence[Reply] | Handler) -> None:
        self._lock = threading.Lock()
        self._handler: Handler | None = None
        self._replies: list[Reply] = []
        if callable(replies):
            self._handler = replies
        else:
            self._replies = list(replies)
            if not self._replies:
                raise ValueError("a route needs at least one reply")

    def answer(self, request: RecordedRequest) -> Reply:
        if self._handler is not None:
            return self._handler(request)
        with self._lock:
            return self._replies.pop(0) if len(self._replies) > 1 else self._replies[0]


class LocalServer:
    """A ThreadingHTTPServer on an ephemeral 127.0.0.1 port, with a route table."""

    def __init__(self) -> None:
        self.requests: list[RecordedRequest] = []
        self._routes: dict[str, _Route] = {}
        self._lock = threading.Lock()
        self._server = _QuietServer(("127.0.0.1", 0), self._handler_class())
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def route(self, path: str, *replies: Reply | Handler) -> None:
        """Answer ``path`` with a handler, or with these replies in turn (the last repeats)."""
        if len(replies) == 1 and callable(replies[0]) and not isinstance(replies[0], Reply):
            self._routes[path] = _Route(replies[0])
        else:
            self._routes[path] = _Route([r for r in replies if isinstance(r, Reply)])

    def requests_to(self, path: str) -> list[RecordedRequest]:
        return [r for r in self.requests if r.path == path]

    def start(self) -> LocalServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def __enter__(self) -> LocalServer:
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()

    def _record(self, request: RecordedRequest) -> None:
        with self._lock:
            self.requests.append(request)

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def log_message(self, format: str, *args: Any) -> None:  # quiet
                pass

            def _serve(self) -> None:
                parts = urlsplit(self.path)
                query = {k: v[0] for k, v in parse_qs(parts.query).items()}
                request = RecordedRequest(
                    method=self.command,
                    path=parts.path,
                    query=query,
                    headers={k.lower(): v for k, v in self.headers.items()},
                    time=time.monotonic(),
                    raw_path=self.path,
                )
                server._record(request)
                route = server._routes.get(parts.path)
                reply = (
                    route.answer(request)
                    if route
                    else Reply.json(
                        {
                            "object": "error",
                            "status": 404,
                            "code": "not_found",
                            "details": f"no route for {parts.path}",
                        },
                        status=404,
                    )
                )
                if reply.delay:
                    time.sleep(reply.delay)
                try:
                    self.send_response(reply.status)
                    for name, value in reply.headers.items():
                        self.send_header(name, value)
                    self.send_header("Content-Length", str(len(reply.body)))
                    if reply.truncate_to is not None:
                        self.send_header("Connection", "close")
                    self.end_headers()
                    body = reply.body
                    if reply.truncate_to is not None:
                        body = body[: reply.truncate_to]
                        self.close_connection = True
                    self.wfile.write(body)
                    self.wfile.flush()
                except OSError:
                    self.close_connection = True  # the client gave up (e.g. timed out)

            do_GET = _serve
            do_POST = _serve
            do_HEAD = _serve

        return Handler


class _QuietServer(ThreadingHTTPServer):
    daemon_threads = True
    block_on_close = False

    def handle_error(self, request: Any, client_address: Any) -> None:
        pass  # a client that hung up mid-answer is part of the tests


@contextmanager
def serve() -> Iterator[LocalServer]:
    """``with serve() as server: ...`` (also usable as the body of a pytest fixture)."""
    server = LocalServer().start()
    try:
        yield server
    finally:
        server.stop()


def refused_url() -> str:
    """An http://127.0.0.1 URL on which nothing listens (connection refused)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    return f"http://127.0.0.1:{port}"

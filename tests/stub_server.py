"""A real HTTP server on 127.0.0.1 that replays scripted JSON responses and records requests."""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


class StubServer:
    def __init__(self) -> None:
        self.responses: list[tuple[int, Any]] = []
        self.requests: list[dict[str, Any]] = []
        self.url = ""

    def reply(self, status: int, body: Any) -> None:
        self.responses.append((status, body))


@contextmanager
def stub_server() -> Iterator[StubServer]:
    stub = StubServer()

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", 0))
            body = json.loads(self.rfile.read(length) or b"{}")
            stub.requests.append({"path": self.path, "headers": dict(self.headers), "body": body})
            status, payload = stub.responses.pop(0) if stub.responses else (500, {"error": "no reply queued"})
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    stub.url = f"http://127.0.0.1:{server.server_address[1]}"
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield stub
    finally:
        server.shutdown()
        server.server_close()

"""A real uvicorn on 127.0.0.1 for the service tests, a small stdlib HTTP client, and the
deterministic engine (hashing embedder, keyword reranker, scripted generator)."""

from __future__ import annotations

import json
import socket
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI

from citadel.engine import Citadel
from citadel.generate import FakeGenerator
from citadel.generate.backends import GenerationRequest
from citadel.ingest import ingest
from citadel.pipeline import AskSettings
from citadel.retrieve import HashingEmbedder, KeywordReranker, Searcher
from citadel.store import open_store

REFUNDS = """# Refund policy

## Processing time

Approved refunds are processed within five business days. Refunds always go back to the original card.
"""
SALARIES = "# Salary bands\n\n## Engineering\n\nThe L5 staff engineer band is EUR 86,000 to 110,000 per year."
KEYS = {
    "hr-key-0123456789": {"groups": ["hr"], "write": ["hr", "public"]},
    "pub-key-0123456789": {"groups": []},
    "writer-key-0123456789": {"groups": [], "write": ["public"], "name": "writer"},
    "admin-key-0123456789": {"groups": ["hr"], "admin": True, "name": "admin"},
}
HR, PUB = "hr-key-0123456789", "pub-key-0123456789"
WRITER, ADMIN = "writer-key-0123456789", "admin-key-0123456789"

#: The system's Chromium, driven by Playwright (never `playwright install`), and where screenshots go.
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic"]  # fmt: skip
ARTIFACTS = Path(__file__).resolve().parent.parent / "artifacts"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Response:
    status: int
    headers: dict[str, str]
    body: bytes

    def json(self) -> Any:
        return json.loads(self.body)

    @property
    def text(self) -> str:
        return self.body.decode("utf-8")


class Client:
    """Plain ``urllib`` against the running server (no ASGI shortcuts)."""

    def __init__(self, base: str, key: str | None = None) -> None:
        self.base, self.key = base, key

    def with_key(self, key: str | None) -> Client:
        return Client(self.base, key)

    def request(self, method: str, path: str, body: bytes | None = None, headers: dict[str, str] | None = None,
                timeout: float = 120) -> Response:  # fmt: skip
        headers = dict(headers or {})
        if self.key:
            headers["Authorization"] = f"Bearer {self.key}"
        req = urllib.request.Request(self.base + path, data=body, method=method, headers=headers)
        try:
            with urllib.request.urlopen(req, timeout=timeout) as r:
                return Response(r.status, {k.lower(): v for k, v in r.headers.items()}, r.read())
        except urllib.error.HTTPError as exc:
            with exc:
                return Response(exc.code, {k.lower(): v for k, v in exc.headers.items()}, exc.read())

    def get(self, path: str) -> Response:
        return self.request("GET", path)

    def delete(self, path: str) -> Response:
        return self.request("DELETE", path)

    def post(self, path: str, data: Any) -> Response:
        return self.request("POST", path, json.dumps(data).encode(), {"Content-Type": "application/json"})

    def upload(self, files: list[Path], **fields: str) -> Response:
        boundary = uuid.uuid4().hex
        parts: list[bytes] = []
        for name, value in fields.items():
            parts.append(f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode())
        for path in files:
            head = (f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{path.name}"\r\n'
                    "Content-Type: application/octet-stream\r\n\r\n")  # fmt: skip
            parts.append(head.encode() + path.read_bytes() + b"\r\n")
        body = b"".join(parts) + f"--{boundary}--\r\n".encode()
        return self.request("POST", "/v1/documents", body, {"Content-Type": f"multipart/form-data; boundary={boundary}"})


def sse_events(text: str) -> list[tuple[str, Any]]:
    """(event, data) pairs of a Server-Sent Events body, comments (pings) skipped."""
    events = []
    for block in text.replace("\r\n", "\n").split("\n\n"):
        name, data = "message", []
        for line in block.split("\n"):
            if line.startswith("event:"):
                name = line[6:].strip()
            elif line.startswith("data:"):
                data.append(line[5:].removeprefix(" "))
        if data:
            events.append((name, json.loads("\n".join(data))))
    return events


@contextmanager
def running(app: FastAPI) -> Iterator[Client]:
    """Serve ``app`` with uvicorn on a free port of 127.0.0.1 until the block ends."""
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning", lifespan="off"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    client = Client(f"http://127.0.0.1:{port}")
    wait_healthy(client, thread)
    try:
        yield client
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def wait_healthy(client: Client, thread: threading.Thread | None = None, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if thread is not None and not thread.is_alive():
            raise RuntimeError("the server thread stopped before it was healthy")
        try:
            if client.get("/v1/health").status == 200:
                return
        except OSError:
            pass
        time.sleep(0.1)
    raise TimeoutError("the server did not become healthy")


def quote_question_source(request: GenerationRequest) -> str:
    """Scripted generator: quote the first sentence of the best source (or abstain); a question
    about "ninety" days gets a claim its quote does not support."""
    if not request.sources:
        return json.dumps({"abstained": True, "claims": []})
    source = request.sources[0]
    sentence = source.text.split("\n")[-1].split(". ")[0].rstrip(".") + "."
    text = "Approved refunds take ninety days." if "ninety" in request.question else sentence  # unsupported
    claim = {"citations": [{"source_id": source.sid, "quote": sentence}], "text": text}
    return json.dumps({"abstained": False, "claims": [claim]})


def make_corpus(root: Path) -> Path:
    (root / "pub").mkdir(parents=True)
    (root / "hr").mkdir()
    (root / "pub" / "refunds.md").write_text(REFUNDS)
    (root / "hr" / "salaries.md").write_text(SALARIES)
    return root


def fast_engine(
    root: Path, backend: FakeGenerator | None = None, threshold: float = 0.2, answerability: bool = False
) -> Citadel:
    """A deterministic engine over a small corpus: refunds (public) and salaries (hr); the
    scripted generator quotes the best source unless ``backend`` is given. The gate is the
    keyword reranker's relevance unless ``answerability`` (the bundled model's)."""
    corpus = make_corpus(root / "corpus")
    store = open_store(root / "store")
    embedder = HashingEmbedder()
    ingest(store, [corpus / "pub"], embedder=embedder)
    ingest(store, [corpus / "hr"], groups=["hr"], embedder=embedder)
    searcher = Searcher(store, embedder=embedder, reranker=KeywordReranker())
    # the keyword reranker's scores are not on the calibrated (cross-encoder) scale: an off-topic
    # question scores under 0.2 on it, on-topic ones above (the default threshold)
    # (the relevance gate: these engines test serving, the answerability model has its own tests)
    settings = AskSettings(abstain_threshold=threshold, use_answerability=answerability)
    generator = backend or FakeGenerator(respond=quote_question_source)
    return Citadel(store, backend=generator, searcher=searcher, settings=settings)

"""Load on the HTTP service: N concurrent clients asking for a fixed time (``/v1/ask`` and the
OpenAI-compatible ``/v1/chat/completions``), then the same while one more client attacks the server.

Ingests the sample corpus (samples/docs) into a fresh store, starts ``citadel serve`` as its
own process on 127.0.0.1 with the default backend (extractive, the bundled models) and API
keys (one per client), warms it up, then measures in the same run:

1. ``/v1/health`` with one client (the HTTP stack alone),
2. ``/v1/ask`` with one client (the single-client baseline),
3. ``/v1/chat/completions`` with one client (the same questions, one user message each),
4. ``/v1/ask`` with ``--clients`` concurrent clients for ``--duration`` seconds (clean),
5. ``/v1/chat/completions`` the same way,
6. ``/v1/ask`` with a hostile client beside them (``--hostile-duration`` seconds): in turn, a
   verify request at the limits, one far over them, a 100 MB JSON body, a 60 MB upload, a
   10 MB Markdown file, a YAML alias bomb, a zip-bomb DOCX, and all the while a second
   connection that starts request bodies and stalls.

It prints throughput, p50/p95/p99 latency and errors for each phase, the ratio of the
concurrent throughput to the single-client baseline, chat against ask (throughput and p95, one
client and ``--clients``), and the ask p95 under attack against the clean run's (a ratio). Errors of the clean clients must be zero (exit status 1
otherwise); the hostile client's answers are counted by status. The questions are a fixed
list (below), asked in turn, so after the warm-up the searcher's cache answers retrieval;
generation, verification and the trace write run on every request.

    .venv/bin/python bench/serve_load.py --clients 4 --duration 60 --hostile-duration 60
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
import zipfile
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUESTIONS = [
    "How long does it take to process a refund?",
    "How do I contact the service desk?",
    "How long does it take to get a new laptop?",
    "Can I install my own software?",
    "How long must a password be?",
    "What is the refund window for the Enterprise plan?",
    "What is the daily allowance for travel?",
    "What is the probation period for new employees?",
    "Who won the football world cup in 1954?",  # unanswerable: an abstention
]


@dataclass
class Phase:
    name: str
    clients: int
    seconds: float = 0.0
    latencies_ms: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    @property
    def throughput(self) -> float:
        return len(self.latencies_ms) / self.seconds if self.seconds else 0.0

    def pct(self, q: float) -> float:
        data = sorted(self.latencies_ms)
        if not data:
            return float("nan")
        return data[min(len(data) - 1, max(0, round(q / 100 * len(data) + 0.5) - 1))]

    def summary(self) -> dict[str, object]:
        return {
            "phase": self.name, "clients": self.clients, "seconds": round(self.seconds, 1),
            "requests": len(self.latencies_ms), "errors": len(self.errors),
            "throughput_rps": round(self.throughput, 2),
            "p50_ms": round(self.pct(50), 1), "p95_ms": round(self.pct(95), 1), "p99_ms": round(self.pct(99), 1),
            "mean_ms": round(statistics.fmean(self.latencies_ms), 1) if self.latencies_ms else None,
        }  # fmt: skip


def ask_body(question: str) -> dict[str, object]:
    return {"question": question}


def chat_body(question: str) -> dict[str, object]:
    """An OpenAI chat completion request, as the ``openai`` client sends it."""
    return {"model": "citadel", "messages": [{"role": "user", "content": question}]}


Body = Callable[[str], dict[str, object]]


def _request(base: str, path: str, body: dict[str, object] | None, key: str | None = None) -> None:
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json"}
    if key:
        headers["Authorization"] = f"Bearer {key}"
    req = urllib.request.Request(base + path, data=data, headers=headers)
    with urllib.request.urlopen(req, timeout=300) as r:
        payload = r.read()
    if body is None:
        return
    answer = json.loads(payload)
    answer = answer.get("citadel", {}) if "choices" in answer else answer  # a chat completion
    if "trace_id" not in answer:
        raise RuntimeError("an answer without a trace_id")


def client_key(n: int) -> str:
    return f"bench-client-key-{n:04d}"


HOSTILE_KEY = "bench-hostile-key-0000"
CHAT = "/v1/chat/completions"


def run_phase(base: str, name: str, path: str, clients: int, seconds: float, make: Body | None) -> Phase:
    """``clients`` threads sending ``make(question)`` (None: no body) to ``path`` for ``seconds``."""
    phase = Phase(name, clients)
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client(offset: int) -> None:
        n = offset
        while time.monotonic() < stop:
            body = make(QUESTIONS[n % len(QUESTIONS)]) if make is not None else None
            n += 1
            t0 = time.perf_counter()
            try:
                _request(base, path, body, client_key(offset))
            except (OSError, urllib.error.URLError, RuntimeError, ValueError) as exc:
                with lock:
                    phase.errors.append(f"{type(exc).__name__}: {exc}")
                continue
            with lock:
                phase.latencies_ms.append((time.perf_counter() - t0) * 1000)

    threads = [threading.Thread(target=client, args=(i * 3,)) for i in range(clients)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    phase.seconds = time.perf_counter() - t0  # includes the requests still running at the deadline
    return phase


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(store: Path, port: int, workers: int, keys: Path) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "citadel.cli", "--store", str(store), "serve", "--port", str(port),
           "--workers", str(workers), "--keys", str(keys)]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            _request(f"http://127.0.0.1:{port}", "/v1/health", None)
            return proc
        except OSError:
            time.sleep(0.2)
    proc.terminate()
    raise SystemExit("the server did not start")


# --- the hostile client ----------------------------------------------------------------------


def _raw(port: int, head: bytes, body: bytes = b"", read: bool = True) -> int:
    """Send one request on its own connection; its status (0 when the server hung up first)."""
    with socket.create_connection(("127.0.0.1", port), timeout=120) as sock:
        try:
            sock.sendall(head + body)
        except OSError:
            pass  # the server may answer and close before the whole body is sent
        data = b""
        while read and b"\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    try:
        return int(data.split(b" ", 2)[1])
    except (IndexError, ValueError):
        return 0


def _head(method: str, path: str, length: int, ctype: str = "application/json") -> bytes:
    return (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer {HOSTILE_KEY}\r\n"
            f"Content-Type: {ctype}\r\nContent-Length: {length}\r\nConnection: close\r\n\r\n").encode()


def _multipart(name: str, data: bytes) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    body = (f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{name}"\r\n'
            "Content-Type: application/octet-stream\r\n\r\n").encode() + data + f"\r\n--{boundary}--\r\n".encode()
    return body, f"multipart/form-data; boundary={boundary}"


def _zip_bomb() -> bytes:
    out = BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("[Content_Types].xml", "<Types/>")
        z.writestr("word/document.xml", b"<w:document>" + b"\0" * (300 << 20) + b"</w:document>")
    return out.getvalue()


def attacks() -> list[tuple[str, bytes, bytes]]:
    """(name, head, body) of each hostile request, made once."""
    words = "refund policy process business days card order account invoice plan travel".split()
    text = " ".join(words[i % len(words)] for i in range(16_000))  # ~99,000 characters
    at_limit = {"sources": {"S1": text[:49_000], "S2": text[49_000:98_000]},
                "claims": [{"text": f"Refunds for order {i} take {i} business days.", "citations": [{"source_id": "S1"}]}
                           for i in range(50)]}  # fmt: skip
    over = {"sources": {f"S{i}": text[:600] for i in range(300)},
            "claims": [{"text": "x", "citations": [{"source_id": "S1"}]} for _ in range(300)]}  # fmt: skip
    out = []
    for name, payload in [("verify at the limits", at_limit), ("verify over the limits", over)]:
        body = json.dumps(payload).encode()
        out.append((name, _head("POST", "/v1/verify", len(body)), body))
    out.append(("100 MB JSON body", _head("POST", "/v1/ask", 100 << 20), b'{"question": "' + b"a" * 65536))
    big, ctype = _multipart("big.txt", b"x" * (60 << 20))
    out.append(("60 MB upload", _head("POST", "/v1/documents", len(big), ctype), big[: 1 << 20]))
    md, ctype = _multipart("huge.md", ("# Huge\n\n" + "All work and no play. " * 480_000).encode())
    out.append(("10 MB Markdown", _head("POST", "/v1/documents", len(md), ctype), md))
    bomb = "---\na: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\nc: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    bomb += "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\ne: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n---\n# Bomb\n\nBoom.\n"
    yaml_body, ctype = _multipart("bomb.md", bomb.encode())
    out.append(("YAML alias bomb", _head("POST", "/v1/documents", len(yaml_body), ctype), yaml_body))
    docx, ctype = _multipart("bomb.docx", _zip_bomb())
    out.append(("zip-bomb DOCX", _head("POST", "/v1/documents", len(docx), ctype), docx))
    return out


def hostile(port: int, made: list[tuple[str, bytes, bytes]], seconds: float, answers: Counter[str]) -> None:
    """Send the attacks in turn until ``seconds`` pass; a second thread stalls in bodies."""
    stop = time.monotonic() + seconds

    def slow() -> None:
        # Declare a body, send a little of it, then stall: the server must cut it off (408)
        # without holding anything the other clients need.
        while time.monotonic() < stop:
            with socket.create_connection(("127.0.0.1", port), timeout=60) as sock:
                sock.sendall(_head("POST", "/v1/ask", 1000) + b'{"question": "')
                try:
                    status = sock.recv(64)[9:12].decode() or "closed"
                except TimeoutError:
                    status = "no answer in 60 s"
            answers[f"slow body -> {status}"] += 1

    trickle = threading.Thread(target=slow, daemon=True)
    trickle.start()
    n = 0
    while time.monotonic() < stop:
        name, head, body = made[n % len(made)]
        n += 1
        try:
            status = _raw(port, head, body)
        except OSError as exc:
            status = 0
            name += f" ({type(exc).__name__})"
        answers[f"{name} -> {status}"] += 1
    trickle.join(timeout=30)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of concurrent load")
    parser.add_argument("--baseline", type=float, default=20.0, help="seconds of single-client asks")
    parser.add_argument("--workers", type=int, default=1, help="server worker processes")
    parser.add_argument("--hostile-duration", type=float, default=60.0,
                        help="seconds of concurrent load beside a hostile client (0: skip)")
    parser.add_argument("--json", action="store_true", help="also print the figures as one JSON line")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="citadel-serve-bench-") as tmp:
        store = Path(tmp) / "store"
        subprocess.run([sys.executable, "-m", "citadel.cli", "--store", str(store), "ingest", str(ROOT / "samples/docs")],
                       check=True, stdout=subprocess.DEVNULL)  # fmt: skip
        keys = Path(tmp) / "keys.json"
        entries = {client_key(3 * i): {"groups": []} for i in range(args.clients)}
        keys.write_text(json.dumps({**entries, HOSTILE_KEY: {"groups": [], "write": ["public"]}}))
        port = free_port()
        server = start_server(store, port, args.workers, keys)
        base = f"http://127.0.0.1:{port}"
        answers: Counter[str] = Counter()
        try:
            for _ in range(2 * args.workers):  # warm-up: every worker loads its models, caches fill
                for q in QUESTIONS:
                    _request(base, "/v1/ask", ask_body(q), client_key(0))
                    _request(base, CHAT, chat_body(q), client_key(0))
            n = args.clients
            health = run_phase(base, "health, 1 client", "/v1/health", 1, 5, None)
            single = run_phase(base, "ask, 1 client", "/v1/ask", 1, args.baseline, ask_body)
            chat_single = run_phase(base, "chat, 1 client", CHAT, 1, args.baseline, chat_body)
            loaded = run_phase(base, f"ask, {n} clients", "/v1/ask", n, args.duration, ask_body)
            chat_loaded = run_phase(base, f"chat, {n} clients", CHAT, n, args.duration, chat_body)
            phases = [health, single, chat_single, loaded, chat_loaded]
            attacked = None
            if args.hostile_duration > 0:
                made = attacks()  # built before the phase, so building them costs it nothing
                attacker = threading.Thread(target=hostile, args=(port, made, args.hostile_duration, answers))
                attacker.start()
                attacked = run_phase(base, f"ask, {n} + hostile", "/v1/ask", n, args.hostile_duration, ask_body)
                phases.append(attacked)
                attacker.join()
        finally:
            server.terminate()
            server.wait(timeout=30)

    print(f"citadel serve load: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f}, {args.workers} worker(s), {len(QUESTIONS)} questions")  # fmt: skip
    print(f"{'phase':<20} {'req':>6} {'err':>4} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
    for p in phases:
        s = p.summary()
        print(f"{p.name:<20} {s['requests']:>6} {s['errors']:>4} {s['throughput_rps']:>8} {s['p50_ms']:>8} "
              f"{s['p95_ms']:>8} {s['p99_ms']:>8}")  # fmt: skip
    ratio = loaded.throughput / single.throughput if single.throughput else float("nan")
    print(f"concurrent / single-client throughput: {ratio:.2f}x; "
          f"p50 latency under load / single: {loaded.pct(50) / single.pct(50):.2f}x")
    chat_vs_ask = {}
    for label, ask_phase, chat_phase in [("1 client", single, chat_single), (f"{n} clients", loaded, chat_loaded)]:
        rps = chat_phase.throughput / ask_phase.throughput if ask_phase.throughput else float("nan")
        p95 = chat_phase.pct(95) / ask_phase.pct(95)
        chat_vs_ask[label] = {"throughput": round(rps, 2), "p95": round(p95, 2)}
        print(f"chat / ask, {label}: throughput {rps:.2f}x, p95 {p95:.2f}x")
    p95_ratio = None
    if attacked is not None:
        p95_ratio = round(attacked.pct(95) / loaded.pct(95), 2)
        print(f"ask p95 beside the hostile client / clean {args.clients}-client p95: {p95_ratio:.2f}x; "
              f"throughput {attacked.throughput / loaded.throughput:.2f}x; clean-client errors: {len(attacked.errors)}")
        for name, count in sorted(answers.items()):
            print(f"  hostile: {name}: {count}")
    errors = [e for p in phases for e in p.errors]
    for e in sorted(set(errors))[:5]:
        print(f"error: {e}")
    if args.json:
        print(json.dumps({"phases": [p.summary() for p in phases], "throughput_ratio": round(ratio, 2),
                          "chat_vs_ask": chat_vs_ask, "hostile_p95_ratio": p95_ratio,
                          "hostile": dict(answers)}))  # fmt: skip
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

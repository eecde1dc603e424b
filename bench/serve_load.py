"""Load on the HTTP service: N concurrent clients asking for a fixed time.

Ingests the sample corpus (samples/docs) into a fresh store, starts ``citadel serve`` as its
own process on 127.0.0.1 with the default backend (extractive, the bundled models), warms
it up, then measures in the same run:

1. ``/v1/health`` with one client (the HTTP stack alone),
2. ``/v1/ask`` with one client (the single-client baseline),
3. ``/v1/ask`` with ``--clients`` concurrent clients for ``--duration`` seconds,

and prints throughput, p50/p95/p99 latency and errors for each, and the ratio of the
concurrent throughput to the single-client baseline. Errors must be zero (exit status 1
otherwise). The questions are a fixed list (below), asked in turn, so after the warm-up the
searcher's cache answers retrieval; generation, verification and the trace write run on
every request.

    .venv/bin/python bench/serve_load.py --clients 4 --duration 60
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
from dataclasses import dataclass, field
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


def _request(base: str, path: str, body: dict[str, object] | None) -> None:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(base + path, data=data, headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(req, timeout=300) as r:
        payload = r.read()
    if body is not None and "trace_id" not in json.loads(payload):
        raise RuntimeError("an answer without a trace_id")


def run_phase(base: str, name: str, path: str, clients: int, seconds: float, ask: bool) -> Phase:
    phase = Phase(name, clients)
    lock = threading.Lock()
    stop = time.monotonic() + seconds

    def client(offset: int) -> None:
        n = offset
        while time.monotonic() < stop:
            body = {"question": QUESTIONS[n % len(QUESTIONS)]} if ask else None
            n += 1
            t0 = time.perf_counter()
            try:
                _request(base, path, body)
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


def start_server(store: Path, port: int, workers: int) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "citadel.cli", "--store", str(store), "serve", "--port", str(port),
           "--workers", str(workers)]  # fmt: skip
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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=4)
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of concurrent load")
    parser.add_argument("--baseline", type=float, default=20.0, help="seconds of single-client asks")
    parser.add_argument("--workers", type=int, default=1, help="server worker processes")
    parser.add_argument("--json", action="store_true", help="also print the figures as one JSON line")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="citadel-serve-bench-") as tmp:
        store = Path(tmp) / "store"
        subprocess.run([sys.executable, "-m", "citadel.cli", "--store", str(store), "ingest", str(ROOT / "samples/docs")],
                       check=True, stdout=subprocess.DEVNULL)  # fmt: skip
        port = free_port()
        server = start_server(store, port, args.workers)
        base = f"http://127.0.0.1:{port}"
        try:
            for _ in range(2 * args.workers):  # warm-up: every worker loads its models, caches fill
                for q in QUESTIONS:
                    _request(base, "/v1/ask", {"question": q})
            phases = [
                run_phase(base, "health, 1 client", "/v1/health", 1, 5, ask=False),
                run_phase(base, "ask, 1 client", "/v1/ask", 1, args.baseline, ask=True),
                run_phase(base, f"ask, {args.clients} clients", "/v1/ask", args.clients, args.duration, ask=True),
            ]
        finally:
            server.terminate()
            server.wait(timeout=30)

    print(f"citadel serve load: {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f}, {args.workers} worker(s), {len(QUESTIONS)} questions")  # fmt: skip
    print(f"{'phase':<18} {'req':>6} {'err':>4} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}")
    for p in phases:
        s = p.summary()
        print(f"{p.name:<18} {s['requests']:>6} {s['errors']:>4} {s['throughput_rps']:>8} {s['p50_ms']:>8} "
              f"{s['p95_ms']:>8} {s['p99_ms']:>8}")  # fmt: skip
    single, loaded = phases[1], phases[2]
    ratio = loaded.throughput / single.throughput if single.throughput else float("nan")
    print(f"concurrent / single-client throughput: {ratio:.2f}x; "
          f"p50 latency under load / single: {loaded.pct(50) / single.pct(50):.2f}x")
    errors = [e for p in phases for e in p.errors]
    for e in sorted(set(errors))[:5]:
        print(f"error: {e}")
    if args.json:
        print(json.dumps({"phases": [p.summary() for p in phases], "throughput_ratio": round(ratio, 2)}))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())

"""``citadel serve`` as a real process, probed from outside: a foreign Host is refused,
credentials never reach the access log, SIGTERM stops the server within seconds even while
a long request runs, and the wheel (not the source tree) serves the page."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from citadel.ingest import ingest
from citadel.retrieve import HashingEmbedder
from citadel.store import open_store

from .serve_support import HR, KEYS, Client, free_port, make_corpus, wait_healthy

ROOT = Path(__file__).resolve().parent.parent


def _store(tmp_path: Path) -> Path:
    corpus = make_corpus(tmp_path / "corpus")
    with open_store(tmp_path / "store") as store:
        ingest(store, [corpus / "pub"], embedder=HashingEmbedder())
        ingest(store, [corpus / "hr"], groups=["hr"], embedder=HashingEmbedder())
    return tmp_path / "store"


@contextmanager
def _serving(args: list[str], env: dict[str, str] | None = None,
             exe: list[str] | None = None) -> Iterator[tuple[Client, subprocess.Popen[str]]]:  # fmt: skip
    port = free_port()
    cmd = [*(exe or [sys.executable, "-m", "citadel.cli"]), *args, "--port", str(port)]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            env={**os.environ, **(env or {})})  # fmt: skip
    try:
        client = Client(f"http://127.0.0.1:{port}")
        wait_healthy(client, seconds=90)
        yield client, proc
    finally:
        if proc.poll() is None:
            proc.kill()
        proc.wait(30)
        if proc.stdout is not None:
            proc.stdout.close()


def test_a_local_server_refuses_foreign_hosts_and_logs_no_credentials(tmp_path: Path) -> None:
    store = _store(tmp_path)
    with _serving(["--store", str(store), "serve"]) as (client, proc):
        req = urllib.request.Request(client.base + "/v1/documents", headers={"Host": "rebind.evil.example"})
        try:
            urllib.request.urlopen(req, timeout=30)
            raise AssertionError("a foreign Host was served")
        except urllib.error.HTTPError as exc:
            assert exc.code == 403 and json.loads(exc.read())["error"] == "forbidden_host"
        assert client.get("/?key=super-secret-value-1&api_key=another-secret-2").status == 200
        proc.send_signal(signal.SIGINT)
        output = proc.communicate(timeout=30)[0]
    assert "GET /?key=[redacted]&api_key=[redacted]" in output
    assert "super-secret-value-1" not in output and "another-secret-2" not in output


def test_a_keyed_server_never_logs_a_key_wherever_it_is_in_the_url(tmp_path: Path) -> None:
    store = _store(tmp_path)
    keys = tmp_path / "keys.json"
    keys.write_text(json.dumps(KEYS))
    with _serving(["--store", str(store), "serve", "--keys", str(keys)]) as (client, proc):
        assert client.get(f"/?key={HR}").status == 200
        assert client.get(f"/v1/documents/{HR}").status == 401
        assert client.get(f"/static/{HR}.js?x={HR}").status == 404
        proc.send_signal(signal.SIGINT)
        output = proc.communicate(timeout=30)[0]
    assert output.count("[redacted]") >= 3 and HR not in output


def test_sigterm_stops_the_server_within_seconds_during_a_long_verify(tmp_path: Path) -> None:
    """A verify request allowed to run for ten minutes is stopped when the server is told to."""
    store = _store(tmp_path)
    sources = {f"S{i}": f"Refunds for order {i} are processed within {i} business days. " * 20 for i in range(40)}
    claims = [{"text": f"Refunds for order {i} take {i + 1} days.", "citations": [{"source_id": f"S{i % 40}"}]}
              for i in range(1500)]  # fmt: skip
    env = {"CITADEL_LIMIT_REQUEST_SECONDS": "600", "CITADEL_LIMIT_MAX_VERIFY_CLAIMS": "5000",
           "CITADEL_LIMIT_MAX_VERIFY_SOURCE_CHARS": "1000000"}  # fmt: skip
    with _serving(["--store", str(store), "serve"], env) as (client, proc):
        outcome: dict[str, object] = {}

        def long_verify() -> None:
            try:
                outcome["status"] = client.post("/v1/verify", {"sources": sources, "claims": claims}).status
            except OSError as exc:  # the server went away: what SIGTERM is for
                outcome["status"] = repr(exc)

        thread = threading.Thread(target=long_verify, daemon=True)
        thread.start()
        time.sleep(6)  # the model is loaded and the verification is under way
        assert thread.is_alive(), outcome
        started = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        proc.wait(timeout=30)
        took = time.monotonic() - started
        thread.join(10)
    assert took < 8, f"the server took {took:.1f} s to stop"
    assert outcome["status"] != 200


def test_the_wheel_ships_the_page_and_serves_it(tmp_path: Path) -> None:
    """Build the wheel, install it (without dependencies) into a fresh virtual environment that
    borrows this one's dependencies, and fetch the page from its ``citadel serve``."""
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet",
                    "-w", str(dist), str(ROOT)], check=True, timeout=300)  # fmt: skip
    wheel = next(dist.glob("citadel-*.whl"))
    fresh = tmp_path / "fresh"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(fresh)], check=True, timeout=120)
    site = next((fresh / "lib").glob("python3*/site-packages"))
    deps = next(p for p in sys.path if p.endswith("site-packages") and Path(p).is_dir())
    (site / "borrowed-deps.pth").write_text(deps + "\n")  # a plain path: its editable finder is not run
    subprocess.run([sys.executable, "-m", "pip", "--python", str(fresh / "bin" / "python"), "install", "--quiet",
                    "--no-deps", "--no-index", str(wheel)], check=True, timeout=300)  # fmt: skip
    where = subprocess.run([str(fresh / "bin" / "python"), "-c", "import citadel; print(citadel.__file__)"],
                           check=True, capture_output=True, text=True, cwd=tmp_path).stdout  # fmt: skip
    assert where.startswith(str(site)), where
    store = _store(tmp_path)
    with _serving(["--store", str(store), "serve"], exe=[str(fresh / "bin" / "citadel")]) as (client, proc):
        page = client.get("/")
        assert page.status == 200 and 'data-testid="question"' in page.text
        assert client.get("/static/app.js").status == 200 and client.get("/static/app.css").status == 200
        proc.send_signal(signal.SIGINT)
        proc.communicate(timeout=30)

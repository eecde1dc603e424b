"""``citadel serve`` as a real process: local-only without keys, factory mode with workers."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from citadel.cli import main
from citadel.ingest import ingest
from citadel.retrieve import HashingEmbedder
from citadel.store import open_store

from .serve_support import HR, KEYS, PUB, Client, free_port, make_corpus, wait_healthy


@pytest.mark.parametrize("host", ["0.0.0.0", "192.168.1.20", "example.org"])
def test_without_keys_it_refuses_to_listen_beyond_localhost(host: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--host", host, "--port", "1"]) == 1
    err = capsys.readouterr().err
    assert "local-only" in err and "--keys" in err


def test_a_bad_keys_file_is_refused_with_a_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    keys = tmp_path / "keys.json"
    keys.write_text(json.dumps({"short": {"groups": ["hr"]}}))
    assert main(["serve", "--keys", str(keys), "--port", "1"]) == 1
    assert "at least 8 characters" in capsys.readouterr().err
    keys.write_text(json.dumps({"long-enough-key": {"groups": "hr"}}))
    assert main(["serve", "--keys", str(keys), "--port", "1"]) == 1
    err = capsys.readouterr().err
    assert "'groups' must be a list" in err and "long-enough-key" not in err  # never echo a key


def test_serve_with_keys_and_two_workers(tmp_path: Path) -> None:
    corpus = make_corpus(tmp_path / "corpus")
    with open_store(tmp_path / "store") as store:
        ingest(store, [corpus / "pub"], embedder=HashingEmbedder())
        ingest(store, [corpus / "hr"], groups=["hr"], embedder=HashingEmbedder())
    keys = tmp_path / "keys.json"
    keys.write_text(json.dumps(KEYS))
    port = free_port()
    cmd = [sys.executable, "-m", "citadel.cli", "--store", str(tmp_path / "store"), "serve",
           "--port", str(port), "--keys", str(keys), "--workers", "2"]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        client = Client(f"http://127.0.0.1:{port}")
        wait_healthy(client, seconds=90)
        assert client.with_key(PUB).get("/v1/health").json()["auth"] == "keys"
        assert client.get("/v1/documents").status == 401
        assert [d["doc_id"] for d in client.with_key(HR).get("/v1/documents").json()] == ["refunds.md", "salaries.md"]
        for _ in range(4):  # whichever worker answers, it has the same store and keys
            assert [d["doc_id"] for d in client.with_key(PUB).get("/v1/documents").json()] == ["refunds.md"]
    finally:
        proc.terminate()
        output, _ = proc.communicate(timeout=30)
    assert "4 API keys, 2 worker(s)" in output
    assert HR not in output and PUB not in output

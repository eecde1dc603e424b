"""The CLI contract of issue 2, run as a real process exactly as a user would."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

CITADEL = [sys.executable, "-m", "citadel.cli"]


def run(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CITADEL, *args], capture_output=True, text=True, cwd=cwd, env=env or dict(os.environ))


@pytest.fixture
def corpus(tmp_path: Path) -> Path:
    folder = tmp_path / "corpus"
    (folder / "policies").mkdir(parents=True)
    (folder / "policies" / "refunds.md").write_text(
        "---\ntitle: Refund Policy\n---\n# Refunds\n\n## Processing time\n\nRefunds take five business days.\n"
    )
    (folder / "faq.txt").write_text("FAQ\n\nThe desk opens at 8:00.")
    return folder


def test_ingest_documents_show_delete_contract(tmp_path: Path, corpus: Path) -> None:
    store = str(tmp_path / "s")
    first = run("--store", store, "ingest", str(corpus), "--json")
    assert first.returncode == 0, first.stderr
    summary = json.loads(first.stdout)
    assert summary == {"added": 2, "updated": 0, "unchanged": 0, "failed": [], "skipped": [], "chunks": summary["chunks"]}
    assert summary["chunks"] >= 2
    assert json.loads(run("--store", store, "ingest", str(corpus), "--json").stdout)["unchanged"] == 2

    listing = json.loads(run("--store", store, "documents", "--json").stdout)
    assert listing == [
        {"doc_id": "faq.txt", "version": 1, "title": "FAQ", "groups": [], "chunks": 1},
        {"doc_id": "policies/refunds.md", "version": 1, "title": "Refund Policy", "groups": [], "chunks": 1},
    ]

    shown = json.loads(run("--store", store, "show", "policies/refunds.md", "--json").stdout)
    assert set(shown) == {"doc_id", "version", "title", "groups", "text", "chunks"}
    [chunk] = shown["chunks"]
    assert set(chunk) == {"chunk_id", "start", "end", "text", "page", "heading_path", "location"}
    assert chunk["chunk_id"] == "policies/refunds.md#processing-time/1"
    assert chunk["heading_path"] == ["Refunds", "Processing time"] and chunk["page"] is None
    assert shown["text"][chunk["start"] : chunk["end"]] == chunk["text"]

    assert run("--store", store, "delete", "faq.txt").returncode == 0
    assert [d["doc_id"] for d in json.loads(run("--store", store, "documents", "--json").stdout)] == [
        "policies/refunds.md"
    ]
    missing = run("--store", store, "delete", "faq.txt")
    assert missing.returncode == 1 and "no document 'faq.txt'" in missing.stderr


def test_groups_and_doc_id_flags(tmp_path: Path, corpus: Path) -> None:
    store = str(tmp_path / "s")
    single = corpus / "faq.txt"
    result = run("--store", store, "ingest", str(single), "--doc-id", "it/faq", "--groups", "it, ops", "--json")
    assert result.returncode == 0, result.stderr
    [doc] = json.loads(run("--store", store, "documents", "--json").stdout)
    assert doc["doc_id"] == "it/faq" and doc["groups"] == ["it", "ops"]


def test_usage_errors_exit_1(tmp_path: Path, corpus: Path) -> None:
    assert run("ingest").returncode == 1
    assert run("ingest", str(corpus), "--bogus").returncode == 1
    both = run("ingest", str(corpus), str(corpus), "--doc-id", "x")
    assert both.returncode == 1 and "--doc-id needs exactly one file" in both.stderr


def test_store_location_precedence(tmp_path: Path, corpus: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "CITADEL_STORE"}
    run("ingest", str(corpus / "faq.txt"), cwd=tmp_path, env=env)
    assert (tmp_path / ".citadel" / "citadel.db").exists()
    env["CITADEL_STORE"] = str(tmp_path / "from-env")
    run("ingest", str(corpus / "faq.txt"), cwd=tmp_path, env=env)
    assert (tmp_path / "from-env" / "citadel.db").exists()
    run("--store", str(tmp_path / "flag"), "ingest", str(corpus / "faq.txt"), cwd=tmp_path, env=env)
    assert (tmp_path / "flag" / "citadel.db").exists()


def test_human_output_is_aligned_and_short(tmp_path: Path, corpus: Path) -> None:
    store = str(tmp_path / "s")
    out = run("--store", store, "ingest", str(corpus)).stdout
    assert out.startswith("2 added, 0 updated, 0 unchanged, 0 failed, 0 skipped;")
    lines = run("--store", store, "documents").stdout.splitlines()
    assert lines[0].split() == ["DOC_ID", "VERSION", "CHUNKS", "GROUPS", "TITLE"]
    assert lines[1].index("1") == lines[0].index("VERSION")  # columns line up
    empty = run("--store", str(tmp_path / "empty"), "documents")
    assert "No documents" in empty.stdout and "citadel ingest" in empty.stdout

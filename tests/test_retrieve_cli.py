"""The search CLI contract of issue 3, run as a real process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from citadel.store import open_store

from tests.retrieve_fixtures import PUBLIC_DOCS, SECRET_DOC, ingest_records

CITADEL = [sys.executable, "-m", "citadel.cli"]
HIT_KEYS = {"chunk_id", "doc_id", "score", "text", "title", "page", "start", "end"}


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([*CITADEL, *args], capture_output=True, text=True, env=dict(os.environ))


@pytest.fixture
def store_dir(tmp_path: Path) -> str:
    with open_store(tmp_path / "s") as store:
        ingest_records(store, tmp_path, [*PUBLIC_DOCS, SECRET_DOC])
    return str(tmp_path / "s")


def test_search_json_contract_and_groups(store_dir: str) -> None:
    out = run("--store", store_dir, "search", "refunds team lead salary", "--k", "3", "--mode", "bm25", "--json")
    assert out.returncode == 0, out.stderr
    hits = json.loads(out.stdout)
    assert 1 <= len(hits) <= 3 and all(HIT_KEYS <= set(h) for h in hits)
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)
    assert all(h["doc_id"] != "salaries" for h in hits)
    with open_store(store_dir) as store:
        for h in hits:
            assert store.text(h["doc_id"])[h["start"] : h["end"]] == h["text"]
    hr = json.loads(run("--store", store_dir, "search", "refunds team lead salary", "--groups", "sales,hr",
                        "--mode", "dense", "--json").stdout)  # fmt: skip
    assert hr[0]["doc_id"] == "salaries"


def test_default_mode_is_hybrid_with_rerank_and_people_output(store_dir: str) -> None:
    out = run("--store", store_dir, "search", "when does the help desk open", "--k", "2", "--json")
    assert out.returncode == 0, out.stderr
    hits = json.loads(out.stdout)
    assert hits[0]["doc_id"] == "desk" and 0.5 < hits[0]["relevance"] <= 1.0
    assert hits[0]["bm25_rank"] is not None and hits[0]["dense_rank"] is not None
    people = run("--store", store_dir, "search", "when does the help desk open", "--k", "2", "--no-rerank")
    assert people.returncode == 0
    assert "[S1] Help desk" in people.stdout and "doc desk" in people.stdout and "[S2]" in people.stdout
    assert "opens at eight" in people.stdout


def test_batch_queries_one_line_each_and_malformed_lines(tmp_path: Path, store_dir: str) -> None:
    queries = tmp_path / "q.jsonl"
    queries.write_text(
        '{"query_id": "q1", "text": "visitors park"}\n'
        "{not json}\n"
        '{"query_id": "q2"}\n'
        '{"query_id": 3, "text": "salary bands refunds"}\n'
    )
    out = run("--store", store_dir, "search", "--queries", str(queries), "--k", "2", "--no-rerank", "--json")
    assert out.returncode == 2
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert [line["query_id"] for line in lines] == ["q1", "3"]
    assert lines[0]["hits"][0]["doc_id"] == "parking" and all(HIT_KEYS <= set(h) for h in lines[0]["hits"])
    assert all(h["doc_id"] != "salaries" for line in lines for h in line["hits"])
    assert f"{queries}:2" in out.stderr and f"{queries}:3" in out.stderr


def test_usage_errors(store_dir: str) -> None:
    assert run("--store", store_dir, "search").returncode == 1
    assert run("--store", store_dir, "search", "x", "--mode", "fuzzy").returncode == 1
    assert run("--store", store_dir, "search", "x", "--queries", "q.jsonl").returncode == 1

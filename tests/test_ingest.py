"""Batch ingestion: bad files are reported and skipped, interruptions leave the store consistent."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from citadel.ingest import ingest
from citadel.store import Store, open_store

from .files import make_docx, make_pdf

CITADEL = [sys.executable, "-m", "citadel.cli"]


def bad_files(folder: Path) -> dict[str, str]:
    """name -> a fragment of the reason the user must see."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "corrupt.pdf").write_bytes(b"%PDF-1.4\n%garbage that is not a pdf\x00\x01")
    (folder / "binary.txt").write_bytes(bytes(range(256)) * 4)
    (folder / "latin1.txt").write_bytes("Caf\xe9 cr\xe8me".encode("latin-1"))
    (folder / "empty.md").write_bytes(b"")
    (folder / "broken.docx").write_bytes(b"PK\x03\x04 not really a zip")
    (folder / "bulk.jsonl").write_text('{"id": "ok-line", "text": "Fine."}\n{not json}\n{"id": "x"}\n')
    return {
        "corrupt.pdf": "PDF",
        "binary.txt": "binary",
        "latin1.txt": "UTF-8",
        "empty.md": "empty",
        "broken.docx": "DOCX",
        "bulk.jsonl:2": "invalid JSON",
        "bulk.jsonl:3": '"text"',
    }


def test_bad_files_are_reported_and_the_rest_is_stored(tmp_path: Path, store: Store) -> None:
    expected = bad_files(tmp_path / "in")
    (tmp_path / "in" / "good.md").write_text("# Good\n\nThis one is fine.")
    (tmp_path / "in" / "picture.png").write_bytes(b"\x89PNG")  # skipped in a folder walk
    report = ingest(store, [tmp_path / "in"])
    failures = {Path(f.path).name: f.error for f in report.failed}
    assert set(failures) == set(expected)
    for name, fragment in expected.items():
        assert fragment in failures[name], (name, failures[name])
    assert report.added == 2  # good.md and the valid JSONL line
    assert {d.doc_id for d in store.documents()} == {"good.md", "ok-line"}
    skipped = {Path(s.path).name: s.reason for s in report.skipped}
    assert skipped.keys() == {"picture.png"} and skipped["picture.png"].startswith("unsupported file type")


def test_explicit_unsupported_or_missing_paths_fail_clearly(tmp_path: Path, store: Store) -> None:
    (tmp_path / "x.png").write_bytes(b"\x89PNG")
    report = ingest(store, [tmp_path / "x.png", tmp_path / "missing.md"])
    errors = [f.error for f in report.failed]
    assert errors[0].startswith("unsupported file type") and errors[1] == "no such file or folder"


def test_doc_ids_are_relative_paths_or_file_names(tmp_path: Path, store: Store) -> None:
    (tmp_path / "corpus" / "hr").mkdir(parents=True)
    (tmp_path / "corpus" / "hr" / "leave.md").write_text("# Leave\n\n25 days.")
    (tmp_path / "corpus" / ".hidden.md").write_text("# Hidden\n\nnot ingested")
    single = tmp_path / "single.txt"
    single.write_text("Single file.")
    ingest(store, [tmp_path / "corpus"])
    ingest(store, [single])
    ingest(store, [single], doc_id="custom-id")
    assert [d.doc_id for d in store.documents()] == ["custom-id", "hr/leave.md", "single.txt"]


def test_every_format_through_the_pipeline(tmp_path: Path, store: Store) -> None:
    folder = tmp_path / "mixed"
    folder.mkdir()
    (folder / "a.md").write_text("# A\n\nMarkdown body.")
    (folder / "b.txt").write_text("Text body.")
    (folder / "c.html").write_text("<html><body><main><p>HTML body.</p></main></body></html>")
    make_pdf(folder / "d.pdf", [[("PDF body on page one.", False)], [("PDF body on page two.", False)]])
    make_docx(folder / "e.docx", "E", [("Part", ["DOCX body."])])
    report = ingest(store, [folder])
    assert (report.added, report.failed) == (5, [])
    media = {d.doc_id: d.media_type for d in store.documents()}
    assert media["d.pdf"] == "application/pdf" and media["c.html"] == "text/html"
    assert [c.page for c in store.chunks("d.pdf")] == [1, 2]
    for doc in store.documents():
        text = store.text(doc.doc_id)
        for chunk in store.chunks(doc.doc_id):
            assert text[chunk.start : chunk.end] == chunk.text


def test_keyboard_interrupt_mid_batch_keeps_whole_documents(tmp_path: Path, store: Store) -> None:
    folder = make_corpus(tmp_path / "c", 10)
    seen: list[str] = []

    def stop_after_three(label: str) -> None:
        seen.append(label)
        if len(seen) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        ingest(store, [folder], on_progress=stop_after_three)
    assert len(store.documents()) == 3
    assert_consistent(store)
    report = ingest(store, [folder])
    assert (report.added, report.unchanged) == (7, 3)


def make_corpus(folder: Path, n: int) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for i in range(n):
        body = "\n\n".join(f"Paragraph {j} of document {i} about topic {i * 7 % 13}." for j in range(30))
        (folder / f"doc{i:04d}.md").write_text(f"# Document {i}\n\n{body}")
    return folder


def assert_consistent(store: Store) -> None:
    db = sqlite3.connect(store.path)  # type: ignore[attr-defined]
    try:
        docs = db.execute("SELECT doc_id, version, part_id FROM documents").fetchall()
        for doc_id, version, _part_id in docs:
            rows = db.execute('SELECT start, "end", text, version FROM chunks WHERE doc_id = ?', (doc_id,)).fetchall()
            assert rows, f"{doc_id} stored without chunks"
            (text,) = db.execute("SELECT text FROM versions WHERE doc_id = ? AND version = ?", (doc_id, version)).fetchone()
            assert all(text[s:e] == t and v == version for s, e, t, v in rows)
        orphans = db.execute("SELECT count(*) FROM chunks WHERE doc_id NOT IN (SELECT doc_id FROM documents)")
        assert orphans.fetchone()[0] == 0
        parts = [p for (p,) in db.execute("SELECT part_id FROM partitions")]
        fts_rows = sum(db.execute(f"SELECT count(*) FROM fts_{p}").fetchone()[0] for p in parts)
        assert fts_rows == db.execute("SELECT count(*) FROM chunks").fetchone()[0]
    finally:
        db.close()


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT])
def test_killed_process_leaves_store_consistent_and_rerun_completes(tmp_path: Path, sig: int) -> None:
    folder = make_corpus(tmp_path / "corpus", 400)
    store_dir = tmp_path / "store"
    # a shell without job control starts background jobs with SIGINT ignored, and the child
    # would inherit that: give it the default disposition, as an interactive terminal does
    proc = subprocess.Popen([*CITADEL, "--store", str(store_dir), "ingest", str(folder)], stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    db_path = store_dir / "citadel.db"
    deadline = time.monotonic() + 60
    seen = 0
    while time.monotonic() < deadline and proc.poll() is None:
        seen = _count_docs(db_path) if db_path.exists() else 0
        if seen >= 5:
            break
        time.sleep(0.02)
    assert proc.poll() is None, f"ingest finished before it could be stopped (last count seen: {seen})"
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=30)
    with open_store(store_dir) as store:
        stored = len(store.documents())
        assert 5 <= stored < 400, "the process must be stopped mid-batch"
        assert_consistent(store)
    if sig == signal.SIGINT:
        assert proc.returncode == 130 and b"run again to finish" in err, err.decode()[-2000:]
    rerun = subprocess.run([*CITADEL, "--store", str(store_dir), "ingest", str(folder), "--json"], capture_output=True)
    assert rerun.returncode == 0, rerun.stderr
    with open_store(store_dir) as store:
        assert len(store.documents()) == 400
        assert_consistent(store)


def _count_docs(db_path: Path) -> int:
    try:
        # a plain connection: a read-only one can fail to open the WAL index while the
        # writer creates it, and then every poll reads 0
        db = sqlite3.connect(db_path, timeout=0.1)
        try:
            db.execute("PRAGMA query_only=1")
            return int(db.execute("SELECT count(*) FROM documents").fetchone()[0])
        finally:
            db.close()
    except sqlite3.Error:
        return 0


def test_cli_exit_codes_for_partial_failure(tmp_path: Path) -> None:
    bad_files(tmp_path / "in")
    env = {**os.environ, "CITADEL_STORE": str(tmp_path / "s")}
    result = subprocess.run([*CITADEL, "ingest", str(tmp_path / "in")], capture_output=True, text=True, env=env)
    assert result.returncode == 2
    assert "failed" in result.stderr and "corrupt.pdf" in result.stderr

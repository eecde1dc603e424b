"""Ingest and eval on a real local Ray (2 CPUs, started once for the module): the same store and
the same results as on one machine, a stopped job finished by running it again."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from citadel._errors import BackendError
from citadel.cli import main
from citadel.engine import Citadel
from citadel.evaluate import load_questions, run_questions, summarize
from citadel.evaluate.distributed import run_questions_on_ray
from citadel.ingest import IngestReport, ingest
from citadel.ingest.distributed import ingest_on_ray, ray_session
from citadel.retrieve import embedders
from citadel.retrieve.embedders import HashingEmbedder
from citadel.store import Store, open_store

from .files import make_pdf

LONG = " ".join(f"Refunds of type {n} are paid back within {n + 2} working days of the request." for n in range(40))


@pytest.fixture(scope="module")
def ray() -> Iterator[Any]:
    """One local Ray of 2 CPUs for the module, started the way ``address="local"`` starts it."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("RAY_AUTH_MODE", "disabled")
        with ray_session("local") as ray:
            assert ray.cluster_resources()["CPU"] == 2
            yield ray
        assert not ray.is_initialized()


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Real small files: Markdown, text, PDF, JSONL (one id twice, one bad line), a corrupt PDF,
    a nested folder, and files a folder walk skips."""
    folder = tmp_path_factory.mktemp("docs")
    (folder / "guide.md").write_text(f"# Refund guide\n\nHow refunds work.\n\n## Timing\n\n{LONG}\n\n## Gift cards\n\n"
                                     "Gift cards are never refunded.\n")  # fmt: skip
    (folder / "notes.txt").write_text("Shipping notes.\n\nOrders ship within two days. Express orders ship the same day.\n")
    make_pdf(folder / "policy.pdf", [[("Returns policy", True), ("Items may be returned within 30 days.", False)]])
    (folder / "corrupt.pdf").write_bytes(b"%PDF-1.4\n%garbage that is not a pdf\x00\x01")
    (folder / "bulk.jsonl").write_text("\n".join([
        json.dumps({"doc_id": "j1", "title": "Warranty", "text": "The warranty lasts one year."}),
        json.dumps({"doc_id": "j2", "title": "Repairs", "text": "Repairs take a week.", "groups": ["staff"]}),
        "{not json}",
        json.dumps({"doc_id": "j1", "title": "Warranty", "text": "The warranty lasts two years."}),
    ]) + "\n")  # fmt: skip
    (folder / "sub").mkdir()
    (folder / "sub" / "faq.md").write_text("# FAQ\n\nCan I pay by card? Yes, every major card is accepted.\n")
    (folder / ".hidden.md").write_text("# Hidden\n")
    (folder / "picture.png").write_bytes(b"\x89PNG")
    return folder


def contents(store: Store) -> dict[str, tuple[int, str, list[tuple[str, str]], list[np.ndarray | None]]]:
    """doc_id -> (version, content hash, [(chunk_id, text)], vectors) of every stored document."""
    return {
        r.document.doc_id: (r.document.version, r.document.content_hash,
                            [(c.chunk_id, c.text) for c in r.chunks], list(r.vectors))
        for r in store.export_documents()
    }  # fmt: skip


def assert_same_documents(got: Store, want: Store) -> None:
    a, b = contents(got), contents(want)
    assert a.keys() == b.keys()
    for doc_id, (version, digest, chunks, vectors) in a.items():
        assert (version, digest, chunks) == b[doc_id][:3], doc_id
        for mine, theirs in zip(vectors, b[doc_id][3], strict=True):
            assert mine is not None and theirs is not None, doc_id
            assert float(np.dot(mine, theirs)) > 0.99, doc_id  # unit rows: the cosine


def test_ingest_on_ray_stores_what_one_machine_stores(ray: Any, docs: Path, tmp_path: Path) -> None:
    with open_store(tmp_path / "one") as one, open_store(tmp_path / "ray") as on_ray:
        want = ingest(one, [docs])
        labels: list[str] = []
        got = ingest_on_ray(on_ray, [docs], address="local", on_progress=labels.append)
        assert got.as_json() == want.as_json()
        assert (got.added, got.updated, got.unchanged) == (6, 1, 0)  # j1 came twice: version 2
        failed = {Path(f.path).name: f.error for f in got.failed}
        assert failed.keys() == {"corrupt.pdf", "bulk.jsonl:3"} and "PDF" in failed["corrupt.pdf"]
        assert {Path(s.path).name for s in got.skipped} == {".hidden.md", "picture.png"}
        assert len(labels) == 8 and labels[-1].endswith("bulk.jsonl:4")  # the repeated id comes last
        assert len(on_ray.chunks("guide.md")) > 2
        assert on_ray.embedding_spec() == one.embedding_spec()
        assert_same_documents(on_ray, one)
        j2 = on_ray.current("j2")
        assert j2 is not None and j2.groups == ("staff",)


def test_a_stopped_job_is_finished_by_running_it_again(ray: Any, docs: Path, tmp_path: Path) -> None:
    def stop_after_two(label: str) -> None:
        seen.append(label)
        if len(seen) == 2:
            raise KeyboardInterrupt

    seen: list[str] = []
    with open_store(tmp_path / "clean") as clean, open_store(tmp_path / "ray") as store:
        ingest(clean, [docs], embedder=HashingEmbedder())
        with pytest.raises(KeyboardInterrupt):
            ingest_on_ray(store, [docs], address="local", embedder="hashing", on_progress=stop_after_two)
        first = contents(store)
        assert first.keys() == {"j1", "j2"}  # the first two sources, each stored whole
        assert first["j2"][:3] == contents(clean)["j2"][:3]
        assert first["j1"][0] == 1 and [text for _, text in first["j1"][2]] == ["The warranty lasts one year."]
        assert store.count_unembedded() == 0
        again = ingest_on_ray(store, [docs], address="local", embedder="hashing")
        assert (again.unchanged, again.added, again.updated) == (2, 4, 1)  # j1 then gets its second line
        assert_same_documents(store, clean)


def test_the_cli_ingests_on_ray(ray: Any, docs: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--store", str(tmp_path / "s"), "ingest", str(docs / "sub"), "--ray", "local",
                 "--ray-embedders", "1", "--json"]) == 0  # fmt: skip
    assert json.loads(capsys.readouterr().out) == IngestReport(added=1, chunks=1).as_json()
    assert main(["--store", str(tmp_path / "s"), "ingest", str(docs / "sub"), "--ray-embedders", "2"]) == 1
    assert "--ray-embedders needs --ray" in capsys.readouterr().err


def test_an_embedder_the_workers_do_not_have_fails_the_job_clearly(
    ray: Any, docs: Path, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    class OnlyHere(HashingEmbedder):
        name = "only-in-the-test-process"

    monkeypatch.setitem(embedders._REGISTRY, OnlyHere.name, OnlyHere)  # registered here, not in the workers
    with pytest.raises(BackendError, match="unknown embedder 'only-in-the-test-process'"):
        ingest_on_ray(store, [docs / "sub"], address="local", embedder=OnlyHere.name)
    assert store.documents() == []


CORPUS = [
    {"doc_id": "p1", "title": "Moon", "text": "The Moon orbits the Earth once every 27.3 days. It has no atmosphere to speak of."},
    {"doc_id": "p2", "title": "Mars", "text": "Mars has two small moons, Phobos and Deimos. A day on Mars lasts 24.6 hours."},
    {"doc_id": "p3", "title": "Venus", "text": "Venus is the hottest planet, with a surface temperature of about 465 degrees Celsius."},
]
QUESTIONS = [
    {"id": "a1", "question": "How long does the Moon take to orbit the Earth?", "answerable": True,
     "gold_answers": ["27.3 days"], "gold_evidence": [{"doc_id": "p1", "sentences": []}]},
    {"id": "a2", "question": "What are the names of the moons of Mars?", "answerable": True,
     "gold_answers": ["Phobos and Deimos"], "gold_evidence": [{"doc_id": "p2", "sentences": []}]},
    {"id": "u1", "question": "Who was the first person to walk on Venus?", "answerable": False,
     "gold_answers": [], "gold_evidence": []},
]  # fmt: skip


def _without_run_details(row: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in row.items() if k not in ("trace_id", "ms")}


def test_eval_on_ray_gives_the_single_machine_results_in_order(ray: Any, tmp_path: Path) -> None:
    (tmp_path / "corpus.jsonl").write_text("\n".join(json.dumps(d) for d in CORPUS) + "\n")
    (tmp_path / "questions.jsonl").write_text("\n".join(json.dumps(q) for q in QUESTIONS) + "\n")
    items = load_questions(tmp_path / "questions.jsonl")
    location = str(tmp_path / "store")
    with Citadel(location) as engine:
        assert engine.ingest([tmp_path / "corpus.jsonl"]).added == 3
        want = run_questions(engine, items)
        steps: list[str] = []
        got = run_questions_on_ray(location, items, address="local", on_step=steps.append)
        assert steps == ["a1", "a2", "u1"] and [r.item for r in got.records] == list(items)
        for mine, theirs in zip(got.records, want.records, strict=True):
            assert {**mine.answer, "trace_id": ""} == {**theirs.answer, "trace_id": ""}
            assert (mine.retrieved_docs, mine.top_score, mine.drafts, mine.quotes_ok) == (
                theirs.retrieved_docs, theirs.top_score, theirs.drafts, theirs.quotes_ok)
            assert engine.store.get_trace(mine.trace_id) is not None  # the actors logged their answers
        assert got.judgements == want.judgements
        assert not got.records[0].abstained and got.records[2].abstained
        a, b = summarize(got.records, got.judgements), summarize(want.records, want.judgements)
        assert [_without_run_details(r) for r in a.pop("per_question")] == [
            _without_run_details(r) for r in b.pop("per_question")]
        assert a == b


def test_importing_citadel_does_not_import_ray() -> None:
    code = ("import sys, citadel, citadel.cli, citadel.ingest.distributed, citadel.evaluate.distributed; "
            "print('ray' in sys.modules)")  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"

"""The HTTP API on a real uvicorn (127.0.0.1) with a deterministic engine: keys and 401s,
group filtering and trace visibility per key, the event stream, verify, search and uploads."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from citadel.engine import Citadel
from citadel.serve import ServeSettings, create_app

from .files import make_docx, make_pdf
from .serve_support import ADMIN, HR, KEYS, PUB, WRITER, Client, fast_engine, running, sse_events


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Citadel]:
    engine = fast_engine(tmp_path)
    yield engine
    engine.close()


@pytest.fixture
def server(engine: Citadel) -> Iterator[Client]:
    with running(create_app(engine, KEYS)) as client:
        yield client


REFUND_Q = "How long are approved refunds processed?"
SALARY_Q = "What is the L5 staff engineer salary band?"


def test_every_api_request_needs_a_known_key_but_health_and_the_page_do_not(server: Client) -> None:
    assert server.get("/v1/health").json() == {"status": "ok"}  # no version or auth mode without a key
    known = server.with_key(PUB).get("/v1/health").json()
    assert known == {"status": "ok", "version": "0.1.0", "auth": "keys", "audit_failures": 0}
    page = server.get("/")
    assert page.status == 200 and 'data-testid="question"' in page.text
    assert server.get("/static/app.js").status == 200
    for method, path in [("GET", "/v1/documents"), ("GET", "/v1/traces"), ("GET", "/v1/documents/refunds.md"),
                         ("GET", "/v1/traces/x"), ("DELETE", "/v1/documents/refunds.md")]:  # fmt: skip
        r = server.request(method, path)
        assert r.status == 401, path
        assert r.json()["error"] == "unauthorized" and r.headers["www-authenticate"] == "Bearer"
    for path in ["/v1/ask", "/v1/ask/stream", "/v1/search", "/v1/verify"]:
        assert server.post(path, {"question": REFUND_Q, "query": "x"}).status == 401, path
    wrong = server.with_key("not-a-configured-key")
    r = wrong.post("/v1/ask", {"question": REFUND_Q})
    assert r.status == 401 and r.json() == {"error": "unauthorized", "message": "unknown API key"}
    assert server.with_key(PUB).get("/v1/documents").status == 200


def test_each_key_reads_only_its_groups(server: Client) -> None:
    hr, pub = server.with_key(HR), server.with_key(PUB)
    assert [d["doc_id"] for d in hr.get("/v1/documents").json()] == ["refunds.md", "salaries.md"]
    assert [d["doc_id"] for d in pub.get("/v1/documents").json()] == ["refunds.md"]
    assert pub.get("/v1/documents/salaries.md").json() == {"error": "not_found", "message": "no document 'salaries.md'"}
    assert pub.get("/v1/documents/salaries.md").status == pub.get("/v1/documents/nothing.md").status == 404
    assert "EUR 86,000" in hr.get("/v1/documents/salaries.md").json()["text"]

    hr_answer = hr.post("/v1/ask", {"question": SALARY_Q}).json()
    assert not hr_answer["abstained"] and "86,000" in hr_answer["answer"]
    pub_answer = pub.post("/v1/ask", {"question": SALARY_Q}).json()
    assert all(s["doc_id"] != "salaries.md" for s in pub_answer["sources"].values())
    assert "86,000" not in json.dumps(pub_answer)
    # A request can narrow a key's groups, never widen them.
    assert pub.post("/v1/ask", {"question": SALARY_Q, "groups": ["hr"]}).json()["sources"] == pub_answer["sources"]
    narrowed = hr.post("/v1/search", {"query": "salary band engineer", "groups": []}).json()
    assert {h["doc_id"] for h in narrowed["hits"]} <= {"refunds.md"}
    hits = hr.post("/v1/search", {"query": "salary band engineer", "k": 3}).json()["hits"]
    assert hits[0]["doc_id"] == "salaries.md"
    assert all(h["doc_id"] != "salaries.md" for h in pub.post("/v1/search", {"query": "salary band"}).json()["hits"])


def test_a_trace_is_visible_only_to_keys_that_could_read_all_its_evidence(server: Client) -> None:
    hr, pub, admin = server.with_key(HR), server.with_key(PUB), server.with_key(ADMIN)
    hr_trace = hr.post("/v1/ask", {"question": SALARY_Q}).json()["trace_id"]
    pub_trace = pub.post("/v1/ask", {"question": REFUND_Q}).json()["trace_id"]
    hr_public = hr.post("/v1/ask", {"question": REFUND_Q, "groups": []}).json()["trace_id"]  # reads public only
    # A key sees its own traces only; an admin key sees every caller's it could read.
    assert {t["trace_id"] for t in hr.get("/v1/traces").json()} == {hr_trace, hr_public}
    assert [t["trace_id"] for t in pub.get("/v1/traces").json()] == [pub_trace]
    assert {t["trace_id"] for t in admin.get("/v1/traces").json()} == {hr_trace, pub_trace, hr_public}
    assert pub.get(f"/v1/traces/{hr_trace}").status == 404
    assert pub.get(f"/v1/traces/{hr_public}").status == 404  # public evidence, but another caller's question
    assert hr.get(f"/v1/traces/{pub_trace}").status == 404
    assert admin.get(f"/v1/traces/{pub_trace}").json()["question"] == REFUND_Q
    assert pub.get(f"/v1/traces?caller={hr.get('/v1/me').json()['caller']}").json() == []
    trace = hr.get(f"/v1/traces/{hr_trace}").json()
    assert trace["question"] == SALARY_Q and trace["caller"].startswith("key-") and trace["groups"] == ["hr"]
    assert HR not in json.dumps(trace) and "prompt" not in trace
    assert trace["evidence"] and trace["verification"] and trace["answer"]["trace_id"] == hr_trace
    assert {"retrieve", "generate", "verify", "total"} <= set(trace["timings"])
    # Filters
    assert [t["trace_id"] for t in hr.get("/v1/traces?doc_id=salaries.md").json()] == [hr_trace]
    assert [t["trace_id"] for t in hr.get("/v1/traces?text=refunds").json()] == [hr_public]
    assert [t["trace_id"] for t in hr.get("/v1/traces?limit=1").json()] == [hr_public]
    assert hr.get("/v1/traces?abstained=true").json() == []
    assert hr.get("/v1/traces?since=2999-01-01T00:00:00Z").json() == []
    label = trace["caller"]
    assert {t["trace_id"] for t in admin.get(f"/v1/traces?caller={label}").json()} == {hr_public, hr_trace}


def test_the_stream_sends_retrieval_quotes_claims_then_done(server: Client) -> None:
    pub = server.with_key(PUB)
    r = pub.request("POST", "/v1/ask/stream", json.dumps({"question": REFUND_Q}).encode(),
                    {"Content-Type": "application/json"})  # fmt: skip
    assert r.status == 200 and r.headers["content-type"].startswith("text/event-stream")
    events = sse_events(r.text)
    names = [n for n, _ in events]
    assert names == ["retrieval", "quote", "claim", "done"]
    done = events[-1][1]
    assert done == pub.post("/v1/ask", {"question": REFUND_Q}).json() | {"trace_id": done["trace_id"]}
    quote = events[1][1]
    assert quote["quote"] == "Approved refunds are processed within five business days."
    assert quote["doc_id"] == "refunds.md" and quote["title"] == "Refund policy"
    assert events[2][1]["text"] == done["claims"][0]["text"]
    assert [s["doc_id"] for s in events[0][1]["sources"]] == [s["doc_id"] for s in done["sources"].values()]


def test_an_abstention_streams_retrieval_then_abstain(server: Client) -> None:
    pub = server.with_key(PUB)
    r = pub.request("POST", "/v1/ask/stream", json.dumps({"question": "zebra migration patterns"}).encode(),
                    {"Content-Type": "application/json"})  # fmt: skip
    events = sse_events(r.text)
    assert [n for n, _ in events] == ["retrieval", "abstain"]
    assert events[1][1]["abstained"] and events[1][1]["abstention_reason"] == "no_evidence"


def test_a_failure_is_streamed_as_an_error_event(server: Client, engine: Citadel) -> None:
    engine.store.close()  # the store is gone: retrieval fails inside the request
    r = server.with_key(PUB).request("POST", "/v1/ask/stream", json.dumps({"question": REFUND_Q}).encode(),
                                     {"Content-Type": "application/json"})  # fmt: skip
    events = sse_events(r.text)
    assert [n for n, _ in events][-1] == "error"
    assert set(events[-1][1]) == {"error", "message"}
    plain = server.with_key(PUB).post("/v1/ask", {"question": REFUND_Q})
    assert plain.status >= 500 and set(plain.json()) == {"error", "message"}
    assert "Traceback" not in plain.text


def test_verify_takes_the_verify_answer_file_format(server: Client) -> None:
    pub = server.with_key(PUB)
    sources = {"S1": "Approved refunds are processed within five business days."}
    report = pub.post("/v1/verify", {"sources": sources, "answer": "Refunds are processed within five business days [S1]."})
    body = report.json()
    assert report.status == 200 and body["kept"] == [0] and body["claims"][0]["verdict"] == "supported"
    claims = [{"text": "Refunds take ninety days.", "citations": [{"source_id": "S1", "quote": "five business days"}]}]
    body = pub.post("/v1/verify", {"sources": sources, "claims": claims}).json()
    assert body["kept"] == [] and body["claims"][0]["verdict"] != "supported"
    bad = pub.post("/v1/verify", {"sources": sources})
    assert bad.status == 422 and bad.json()["error"] == "invalid_request"


def test_invalid_requests_get_a_json_error(server: Client) -> None:
    pub = server.with_key(PUB)
    r = pub.post("/v1/ask", {"question": ""})
    assert r.status == 422 and r.json()["error"] == "invalid_request" and "question" in r.json()["message"]
    assert pub.post("/v1/ask", {"question": "x", "backend": "openai"}).status == 422
    assert pub.get("/v1/nothing").json()["error"] == "not_found"


def _upload_files(folder: Path) -> list[Path]:
    folder.mkdir()
    (folder / "notes.md").write_text("# Parking\n\nVisitors park in the north garage on level two.")
    (folder / "faq.txt").write_text("The office wifi network is called Citadel-Guest.")
    (folder / "page.html").write_text("<html><body><h1>Badges</h1><p>Lost badges are replaced at reception.</p></body></html>")
    make_pdf(folder / "manual.pdf", [[("Printers", True), ("The color printer is on the third floor.", False)]])
    make_docx(folder / "travel.docx", "Travel", [("Trains", ["Second class train tickets are reimbursed."])])
    (folder / "bulk.jsonl").write_text(
        json.dumps({"doc_id": "kb-1", "title": "Kitchen", "text": "The kitchen closes at six in the evening."}) + "\n"
    )
    return sorted(folder.iterdir())


EXPECTED = {
    "notes.md": "north garage", "faq.txt": "Citadel-Guest", "page.html": "reception",
    "manual.pdf": "third floor", "travel.docx": "Second class", "kb-1": "six in the evening",
}  # fmt: skip


def test_uploads_of_every_file_type_are_ingested_readable_and_answerable(server: Client, tmp_path: Path) -> None:
    hr = server.with_key(HR)
    report = hr.upload(_upload_files(tmp_path / "up"), public="true")
    assert report.status == 200, report.text
    # new names go into the key's namespace for the target groups, in the order of the files
    ids = [f"~public/{n}" for n in ["kb-1", "faq.txt", "manual.pdf", "notes.md", "page.html", "travel.docx"]]
    assert report.json() == {"added": 6, "updated": 0, "unchanged": 0, "chunks": report.json()["chunks"], "failed": [],
                             "doc_ids": ids}
    pub = server.with_key(PUB)
    listed = {d["doc_id"].removeprefix("~public/"): d for d in pub.get("/v1/documents").json()}
    for doc_id, phrase in EXPECTED.items():
        assert listed[doc_id]["groups"] == [], doc_id
        assert phrase in pub.get(f"/v1/documents/~public/{doc_id}").json()["text"], doc_id
    assert listed["manual.pdf"]["media_type"] == "application/pdf"
    answer = pub.post("/v1/ask", {"question": "Where is the color printer?"}).json()
    assert not answer["abstained"] and "third floor" in answer["answer"]
    assert answer["sources"]["S1"]["doc_id"] == "~public/manual.pdf" and answer["sources"]["S1"]["page"] == 1


def test_older_versions_are_only_shown_to_the_local_owner(server: Client, engine: Citadel, tmp_path: Path) -> None:
    hr = server.with_key(HR)
    changed = tmp_path / "refunds.md"
    changed.write_text("# Refund policy\n\n## Processing time\n\nApproved refunds are processed within ten business days.\n")
    assert hr.upload([changed], public="true").json()["updated"] == 1
    assert hr.get("/v1/documents/refunds.md").json()["version"] == 2
    assert hr.get("/v1/documents/refunds.md?version=2").json()["version"] == 2
    old = hr.get("/v1/documents/refunds.md?version=1")
    assert old.status == 404 and "five" not in old.text
    with running(create_app(engine)) as local:
        assert "five business days" in local.get("/v1/documents/refunds.md?version=1").json()["text"]
        assert local.get("/v1/documents/refunds.md?version=7").status == 404


def test_uploads_respect_the_keys_groups(server: Client, tmp_path: Path) -> None:
    hr, pub = server.with_key(HR), server.with_key(PUB)
    doc = tmp_path / "bonus.md"
    doc.write_text("# Bonus\n\nThe annual bonus is paid in March.")
    writer = server.with_key(WRITER)
    assert hr.upload([doc], groups="hr").json()["doc_ids"] == ["~hr/bonus.md"]
    assert "~hr/bonus.md" not in {d["doc_id"] for d in pub.get("/v1/documents").json()}
    assert hr.get("/v1/documents/~hr/bonus.md").json()["groups"] == ["hr"]
    forbidden = writer.upload([doc], groups="hr")
    assert forbidden.status == 403 and forbidden.json()["error"] == "forbidden"
    assert pub.upload([doc]).status == 403  # a read-only key writes nothing
    line = json.dumps({"doc_id": "x", "text": "secret", "groups": ["hr"]})
    (tmp_path / "sneak.jsonl").write_text(line + "\n")
    assert writer.upload([tmp_path / "sneak.jsonl"]).status == 403
    bad = tmp_path / "bad.pdf"
    bad.write_bytes(b"not a pdf at all")
    failed = writer.upload([bad]).json()
    assert failed["added"] == 0 and failed["failed"][0]["path"] == "bad.pdf"
    assert writer.delete("/v1/documents/~hr/bonus.md").status == 404
    assert hr.delete("/v1/documents/~hr/bonus.md").json() == {"deleted": "~hr/bonus.md"}
    assert hr.get("/v1/documents/~hr/bonus.md").status == 404


def test_an_upload_over_the_size_limit_is_refused(engine: Citadel, tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("All work and no play. " * 100)
    with running(create_app(engine, KEYS, ServeSettings(max_upload_bytes=1000))) as server:
        r = server.with_key(HR).upload([big])
        assert r.status == 413 and r.json()["error"] == "too_large"
        assert "big.txt" not in {d["doc_id"] for d in server.with_key(HR).get("/v1/documents").json()}


def test_without_keys_the_local_owner_needs_no_key_and_sees_every_document(engine: Citadel) -> None:
    with running(create_app(engine)) as local:
        assert local.get("/v1/health").json()["auth"] == "local"
        assert local.get("/v1/me").json()["owner"] is True
        assert [d["doc_id"] for d in local.get("/v1/documents").json()] == ["refunds.md", "salaries.md"]
        public_only = local.post("/v1/ask", {"question": SALARY_Q}).json()
        assert "86,000" not in public_only["answer"]  # like the CLI: no groups unless asked
        with_hr = local.post("/v1/ask", {"question": SALARY_Q, "groups": ["hr"]}).json()
        assert "86,000" in with_hr["answer"]
        assert local.get(f"/v1/traces/{with_hr['trace_id']}").json()["caller"] == "local"
        assert local.get("/openapi.json").json()["info"]["title"] == "citadel"
        assert local.get("/docs").status == 200


def test_the_openapi_document_lists_every_endpoint_with_a_summary(server: Client) -> None:
    assert server.get("/openapi.json").status == 401  # with keys, the API description needs one too
    assert server.get("/docs").status == 404
    spec = server.with_key(PUB).get("/openapi.json").json()
    expected = {
        "/v1/health": {"get"}, "/v1/me": {"get"}, "/v1/ask": {"post"}, "/v1/ask/stream": {"post"}, "/v1/verify": {"post"},
        "/v1/search": {"post"}, "/v1/documents": {"get", "post"}, "/v1/documents/{doc_id}": {"get", "delete"},
        "/v1/traces": {"get"}, "/v1/traces/{trace_id}": {"get"},
        "/v1/chat/completions": {"post"}, "/v1/models": {"get"}, "/v1/models/{model}": {"get"},  # OpenAI-compatible
        "/v1/metrics": {"get"},  # Prometheus
    }  # fmt: skip
    assert {p: set(ops) for p, ops in spec["paths"].items()} == expected
    for path, ops in spec["paths"].items():
        for op in ops.values():
            assert op.get("summary"), path
    answer = spec["components"]["schemas"]["AnswerBody"]["properties"]
    assert set(answer) == {"question", "abstained", "abstention_reason", "answer", "claims", "sources", "trace_id",
                           "trace_stored", "closest"}

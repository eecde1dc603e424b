"""The hardening of the HTTP server, probed as an attacker would, on a real uvicorn on
127.0.0.1: DNS rebinding (Host), cross-site writes (Origin, Sec-Fetch-Site), bounded and
slow bodies, request limits naming the limit, upload names, existence of unreadable
documents, key rights, other callers' traces, response headers, and the fair model queue."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
import uuid
import zipfile
from collections.abc import Iterator
from io import BytesIO
from pathlib import Path
from typing import Any

import pytest

from citadel.engine import Citadel
from citadel.generate import FakeGenerator
from citadel.generate.backends import GenerationRequest
from citadel.limits import Limits
from citadel.serve import ServeSettings, create_app
from citadel.serve.auth import KeyRing
from citadel.serve.guard import is_local_host, same_origin, scrub_url

from .files import make_docx
from .serve_support import ADMIN, HR, KEYS, PUB, WRITER, Client, Response, fast_engine, quote_question_source, running

REFUND_Q = "How long are approved refunds processed?"


@pytest.fixture
def engine(tmp_path: Path) -> Iterator[Citadel]:
    engine = fast_engine(tmp_path)
    yield engine
    engine.close()


@pytest.fixture
def local(engine: Citadel) -> Iterator[Client]:
    with running(create_app(engine)) as client:
        yield client


@pytest.fixture
def keyed(engine: Citadel) -> Iterator[Client]:
    with running(create_app(engine, KEYS)) as client:
        yield client


def _raw(client: Client, method: str, path: str, headers: dict[str, str], body: bytes = b"") -> tuple[int, Any]:
    """One request with exactly these headers (``Host`` included), through http.client."""
    host, port = client.base.removeprefix("http://").split(":")
    conn = http.client.HTTPConnection(host, int(port), timeout=60)
    try:
        conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        for name, value in headers.items():
            conn.putheader(name, value)
        if body or method in ("POST", "PUT"):
            conn.putheader("Content-Length", str(len(body)))
        conn.endheaders(body)
        response = conn.getresponse()
        data = response.read()
        try:
            return response.status, json.loads(data)
        except ValueError:
            return response.status, data.decode()
    finally:
        conn.close()


def _read_all(sock: socket.socket) -> bytes:
    """What the server sends until it closes the connection (it does after a refusal)."""
    data = b""
    while chunk := sock.recv(65536):
        data += chunk
    return data


def _multipart(files: list[tuple[str, bytes]], **fields: str) -> tuple[bytes, str]:
    boundary = uuid.uuid4().hex
    parts = [f'--{boundary}\r\nContent-Disposition: form-data; name="{k}"\r\n\r\n{v}\r\n'.encode() for k, v in fields.items()]
    for name, data in files:
        head = (f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{name}"\r\n'
                "Content-Type: application/octet-stream\r\n\r\n")  # fmt: skip
        parts.append(head.encode("utf-8", "surrogateescape") + data + b"\r\n")
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), f"multipart/form-data; boundary={boundary}"


def _upload(client: Client, files: list[tuple[str, bytes]], headers: dict[str, str] | None = None,
            **fields: str) -> Response:  # fmt: skip
    body, ctype = _multipart(files, **fields)
    return client.request("POST", "/v1/documents", body, {"Content-Type": ctype, **(headers or {})})


# --- 1. DNS rebinding ---------------------------------------------------------------------


def test_local_mode_refuses_every_host_but_loopback_names(local: Client) -> None:
    port = local.base.rsplit(":", 1)[1]
    for host in ["evil.example", f"evil.example:{port}", "127.0.0.1.evil.example", "localhost.evil.example:80",
                 "10.0.0.5", "[::2]", "", f"localhost:{port}x"]:  # fmt: skip
        for method, path in [("GET", "/v1/documents"), ("GET", "/v1/traces"), ("DELETE", "/v1/documents/refunds.md"),
                             ("GET", "/")]:  # fmt: skip
            status, body = _raw(local, method, path, {"Host": host})
            assert status == 403 and body["error"] == "forbidden_host", (host, path)
    for host in ["127.0.0.1", f"127.0.0.1:{port}", "localhost", f"LOCALHOST:{port}", "[::1]", f"[::1]:{port}"]:
        status, body = _raw(local, "GET", "/v1/documents", {"Host": host})
        assert status == 200 and {d["doc_id"] for d in body} == {"refunds.md", "salaries.md"}, host
    # two Host headers are not a way around it (the HTTP parser already refuses them)
    status, _ = _raw(local, "GET", "/v1/documents", {"Host": "127.0.0.1", "host": "evil.example"})
    assert status in (400, 403)
    assert local.get("/v1/documents/refunds.md").status == 200  # nothing was deleted


def test_keyed_mode_serves_any_host_name(keyed: Client) -> None:
    status, _ = _raw(keyed, "GET", "/v1/documents", {"Host": "citadel.internal", "Authorization": f"Bearer {PUB}"})
    assert status == 200


def test_host_and_origin_parsing() -> None:
    assert is_local_host("localhost:8080") and is_local_host("[::1]:1") and is_local_host("127.0.0.1")
    assert not is_local_host("localhost:") and not is_local_host("[::1]x") and not is_local_host(None)
    assert same_origin("http://127.0.0.1:8080", "http", "127.0.0.1:8080")
    assert same_origin("http://localhost", "http", "localhost:80")
    assert not same_origin("http://localhost:8081", "http", "localhost:8080")
    assert not same_origin("null", "http", "localhost:8080")
    assert not same_origin("https://127.0.0.1:8080", "http", "127.0.0.1:8080")


# --- 2. cross-site writes -------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["local", "keyed"])
def test_cross_site_writes_are_refused_and_change_nothing(mode: str, local: Client, keyed: Client) -> None:
    client = local if mode == "local" else keyed.with_key(HR)
    own = client.base
    evil = {"Origin": "http://evil.example"}
    changed = [("refunds.md", b"# Refund policy\n\nRefunds take ninety days.")]
    for headers in [evil, {"Sec-Fetch-Site": "cross-site"}, {"Origin": "null"}, {"Origin": own.replace("127.0.0.1", "localhost")}]:
        r = _upload(client, changed, headers, public="true")
        assert r.status == 403 and r.json()["error"] == "cross_site", headers
        r = client.request("DELETE", "/v1/documents/refunds.md", headers=headers)
        assert r.status == 403 and r.json()["error"] == "cross_site"
        r = client.request("POST", "/v1/ask", json.dumps({"question": REFUND_Q}).encode(),
                           {"Content-Type": "application/json", **headers})  # fmt: skip
        assert r.status == 403
    assert "five business days" in client.get("/v1/documents/refunds.md").json()["text"]
    # Reading cross-site is the browser's business (no CORS headers are sent); the page's own
    # same-origin requests and clients that send neither header work as before.
    assert client.request("GET", "/v1/documents", headers=evil).status == 200
    same = _upload(client, changed, {"Origin": own, "Sec-Fetch-Site": "same-origin"}, public="true")
    assert same.status == 200 and same.json()["updated"] == 1
    assert "access-control-allow-origin" not in client.request("GET", "/v1/documents", headers=evil).headers


# --- 7. limits ------------------------------------------------------------------------------


def _limited(engine: Citadel, **changes: float) -> ServeSettings:
    return ServeSettings(limits=Limits(**changes))  # type: ignore[arg-type]


def test_bodies_over_the_limit_are_refused_before_they_are_read(engine: Citadel) -> None:
    with running(create_app(engine, KEYS, _limited(engine, max_body_bytes=2000, max_upload_bytes=5000))) as server:
        hr = server.with_key(HR)
        big = json.dumps({"question": "x" * 3000}).encode()
        r = hr.request("POST", "/v1/ask", big, {"Content-Type": "application/json"})
        assert r.status == 413 and r.json()["error"] == "too_large" and "max_body_bytes" in r.json()["message"]
        # a declared length that is far too large is answered before the body is sent
        host, port = server.base.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            sock.sendall(b"POST /v1/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Authorization: Bearer " + HR.encode() + b"\r\nContent-Length: 100000000\r\n\r\n")  # fmt: skip
            head = _read_all(sock)
        assert head.startswith(b"HTTP/1.1 413") and b"max_body_bytes" in head
        # a chunked body (no length) is counted as it comes and cut at the limit
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            sock.sendall(b"POST /v1/verify HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Authorization: Bearer " + HR.encode() + b"\r\nTransfer-Encoding: chunked\r\n\r\n")  # fmt: skip
            for _ in range(4):
                sock.sendall(b"400\r\n" + b" " * 1024 + b"\r\n")
            head = sock.recv(4096)
        assert head.startswith(b"HTTP/1.1 413")
        r = _upload(hr, [("big.txt", b"All work and no play. " * 400)])
        assert r.status == 413 and "max_upload_bytes" in r.json()["message"]
        assert server.with_key(HR).get("/v1/health").status == 200


def test_a_slow_body_is_cut_off(engine: Citadel) -> None:
    with running(create_app(engine, KEYS, _limited(engine, body_idle_seconds=0.5))) as server:
        host, port = server.base.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=10) as sock:
            sock.sendall(b"POST /v1/ask HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                         b"Authorization: Bearer " + HR.encode() + b"\r\nContent-Length: 100\r\n\r\n{\"que")  # fmt: skip
            started = time.monotonic()
            head = sock.recv(4096)
        assert head.startswith(b"HTTP/1.1 408") and time.monotonic() - started < 5
        assert server.with_key(HR).post("/v1/ask", {"question": REFUND_Q}).status == 200


def test_requests_over_a_limit_get_a_json_error_naming_it(engine: Citadel) -> None:
    settings = _limited(engine, max_question_chars=50, max_verify_claims=3, max_verify_source_chars=1000,
                        max_claim_chars=100)  # fmt: skip
    with running(create_app(engine, KEYS, settings)) as server:
        hr = server.with_key(HR)
        r = hr.post("/v1/ask", {"question": "why " * 20})
        assert r.status == 413 and r.json()["limit"] == "max_question_chars"
        assert hr.post("/v1/search", {"query": "why " * 20}).json()["limit"] == "max_question_chars"
        claims = [{"text": f"Claim {i}.", "citations": [{"source_id": "S1"}]} for i in range(4)]
        r = hr.post("/v1/verify", {"sources": {"S1": "Refunds take five days."}, "claims": claims})
        assert r.status == 422 and r.json()["limit"] == "max_verify_claims"
        r = hr.post("/v1/verify", {"sources": {"S1": "x" * 1001}, "claims": claims[:1]})
        assert r.status == 413 and r.json()["limit"] == "max_verify_source_chars"
        r = hr.post("/v1/verify", {"sources": {"S1": "x"}, "claims": [{"text": "y" * 101, "citations": []}]})
        assert r.status == 413 and r.json()["limit"] == "max_claim_chars"


def test_a_request_over_its_time_budget_stops_with_503(engine: Citadel, tmp_path: Path) -> None:
    with running(create_app(engine, KEYS, _limited(engine, request_seconds=1e-9))) as server:
        r = _upload(server.with_key(HR), [("a.md", b"# A\n\nAlpha."), ("b.md", b"# B\n\nBeta.")])
        assert r.status == 503 and r.json()["error"] == "time_budget_exceeded" and r.json()["limit"] == "request_seconds"


def test_one_caller_cannot_queue_more_than_its_share(tmp_path: Path) -> None:
    """While one caller's requests wait on the models, its next one is refused with 429;
    another caller's still queues and is answered."""
    release = threading.Event()
    entered = threading.Semaphore(0)

    def slow(request: GenerationRequest) -> str:
        entered.release()
        release.wait(30)
        return quote_question_source(request)

    engine = fast_engine(tmp_path, backend=FakeGenerator(respond=slow))
    try:
        with running(create_app(engine, KEYS, _limited(engine, max_inflight_per_caller=2))) as server:
            hr, writer = server.with_key(HR), server.with_key(WRITER)
            results: dict[str, int] = {}

            def ask(name: str, client: Client) -> None:
                results[name] = client.post("/v1/ask", {"question": REFUND_Q}).status

            threads = [threading.Thread(target=ask, args=("hr1", hr))]
            threads[0].start()
            assert entered.acquire(timeout=30)  # hr1 holds the models
            threads.append(threading.Thread(target=ask, args=("hr2", hr)))
            threads[1].start()
            time.sleep(0.5)  # hr2 is queued
            assert hr.post("/v1/ask", {"question": REFUND_Q}).json()["error"] == "too_many_requests"
            threads.append(threading.Thread(target=ask, args=("writer", writer)))
            threads[2].start()
            time.sleep(0.3)
            release.set()
            for t in threads:
                t.join(60)
            assert results == {"hr1": 200, "hr2": 200, "writer": 200}
    finally:
        release.set()
        engine.close()


# --- 8. upload names ------------------------------------------------------------------------


def test_bad_upload_names_and_ids_are_refused_with_422(local: Client) -> None:
    for name in ["a\x00b.md", "a\nb.md", "x" * 300 + ".md", "tab\there.md", "rtl\u202e.md"]:
        r = _upload(local, [(name, b"# Hello\n\nWorld.")])
        assert r.status == 422 and r.json()["error"] == "invalid_request", repr(name)
    for doc_id in ["line\nbreak", "nul\x00", "é" * 200, " padded "]:
        r = _upload(local, [("ok.md", b"# Hello\n\nWorld.")], doc_id=doc_id)
        assert r.status == 422, repr(doc_id)
    assert {d["doc_id"] for d in local.get("/v1/documents").json()} == {"refunds.md", "salaries.md"}


# --- 9. nothing about unreadable documents ---------------------------------------------------


def test_an_upload_never_tells_whether_an_unreadable_document_exists(keyed: Client) -> None:
    writer, hr = keyed.with_key(WRITER), keyed.with_key(HR)
    taken = _upload(writer, [("salaries.md", b"# Salaries\n\nEveryone earns the same.")])
    free = _upload(writer, [("nothing.md", b"# Nothing\n\nNothing here.")])
    assert taken.status == free.status == 200
    assert taken.json() == {**free.json(), "doc_ids": ["~public/salaries.md"], "chunks": taken.json()["chunks"]}
    assert free.json()["doc_ids"] == ["~public/nothing.md"] and taken.json()["added"] == 1
    assert "86,000" in hr.get("/v1/documents/salaries.md").json()["text"]  # the hr document is untouched
    # explicit ids and JSONL lines behave the same
    a = _upload(writer, [("x.md", b"# X\n\nX.")], doc_id="salaries.md").json()
    line = json.dumps({"doc_id": "salaries.md", "text": "Overwritten?"}).encode()
    b = _upload(writer, [("bulk.jsonl", line + b"\n")]).json()
    assert a["doc_ids"] == b["doc_ids"] == ["~public/salaries.md"]
    assert "86,000" in hr.get("/v1/documents/salaries.md").json()["text"]
    # deleting or reading: not found, exactly like an id that does not exist
    gone, never = writer.delete("/v1/documents/salaries.md"), writer.delete("/v1/documents/never.md")
    assert gone.status == never.status == 404
    assert gone.json()["message"].replace("salaries", "X") == never.json()["message"].replace("never", "X")


# --- 11. write rights -----------------------------------------------------------------------


def test_keys_write_only_where_their_rights_allow(engine: Citadel, tmp_path: Path) -> None:
    keys = {**KEYS, "hr-only-key-0123456": {"groups": ["hr"], "write": ["hr"]}}
    with running(create_app(engine, keys)) as server:
        pub, writer, admin = server.with_key(PUB), server.with_key(WRITER), server.with_key(ADMIN)
        hr_only = server.with_key("hr-only-key-0123456")
        new = [("refunds.md", b"# Refund policy\n\nApproved refunds are processed within ten business days.")]
        # a read-only key may neither replace nor delete a shared public document
        assert _upload(pub, new).status == 403
        assert pub.delete("/v1/documents/refunds.md").status == 403
        # a key that may not write "public" cannot turn a public document into its own
        assert _upload(hr_only, new).status == 403
        assert pub.get("/v1/documents/refunds.md").status == 200
        # a key with write ["public"] replaces the public document in place
        r = _upload(writer, new)
        assert r.json()["updated"] == 1 and r.json()["doc_ids"] == ["refunds.md"]
        assert pub.get("/v1/documents/refunds.md").json()["groups"] == []
        # ... but not into groups it may not write
        assert _upload(writer, new, groups="hr").status == 403
        # hr-only writes into hr (its default), and may delete what it wrote
        mine = _upload(hr_only, [("bonus.md", b"# Bonus\n\nPaid in March.")]).json()
        assert mine["doc_ids"] == ["~hr/bonus.md"]
        assert pub.get("/v1/documents/~hr/bonus.md").status == 404
        # an admin key writes everything it can read: it deletes the hr document
        assert admin.delete("/v1/documents/~hr/bonus.md").json() == {"deleted": "~hr/bonus.md"}
        assert admin.delete("/v1/documents/salaries.md").status == 200
    with pytest.raises(Exception, match="admin"):
        KeyRing({"some-key-0123456789": {"groups": [], "admin": "yes"}})
    with pytest.raises(Exception, match="unknown fields"):
        KeyRing({"some-key-0123456789": {"groups": [], "writes": ["hr"]}})


# --- 13. headers ----------------------------------------------------------------------------


def test_every_response_carries_the_security_headers(keyed: Client, local: Client) -> None:
    for client, path in [(keyed, "/"), (keyed, "/static/app.js"), (keyed, "/v1/health"), (keyed, "/v1/documents"),
                         (local, "/"), (local, "/v1/documents")]:  # fmt: skip
        headers = client.get(path).headers
        assert headers["x-frame-options"] == "DENY", path
        assert "frame-ancestors 'none'" in headers["content-security-policy"], path
        assert headers["x-content-type-options"] == "nosniff", path
    page_csp = keyed.get("/").headers["content-security-policy"]
    assert "default-src 'self'" in page_csp and "script-src 'self'" in page_csp
    assert keyed.get("/v1/health").json() == {"status": "ok"}
    assert "version" not in keyed.with_key("wrong-key-0123456").get("/v1/health").json()


# --- 10. credentials in URLs ------------------------------------------------------------------


def test_access_log_urls_are_scrubbed_of_credentials() -> None:
    ring = KeyRing(KEYS)
    assert HR not in scrub_url(f"/?key={HR}", ring) and "key=[redacted]" in scrub_url(f"/?key={HR}", ring)
    assert scrub_url(f"/v1/documents/{HR}/x", ring) == "/v1/documents/[redacted]/x"
    assert scrub_url("/?api_key=abc&q=1&access_token=zz", None) == "/?api_key=[redacted]&q=1&access_token=[redacted]"
    assert scrub_url(f"/search?q={HR.replace('-', '%2D')}", ring) == "/search?q=[redacted]"
    assert scrub_url("/v1/documents/refunds.md?version=2", ring) == "/v1/documents/refunds.md?version=2"


def test_a_long_request_hands_the_models_on_between_its_steps() -> None:
    """A holder that runs past its slice lets a waiting caller in at its next step, so a long
    verify or upload is served in slices instead of stalling everyone behind it."""
    from citadel.limits import check_deadline, yielding
    from citadel.serve.service import FairQueue

    queue = FairQueue(slice_seconds=0.05)
    done: dict[str, float] = {}
    inside = threading.Event()

    def long_job() -> None:
        with queue.turn("bulk", None), yielding(lambda: queue.pass_on("bulk")):
            inside.set()
            for _ in range(60):  # 3 s of steps
                time.sleep(0.05)
                check_deadline("the job")
        done["long"] = time.monotonic()

    def short_job() -> None:
        with queue.turn("asker", None):
            assert queue.busy
        done["short"] = time.monotonic()

    first = threading.Thread(target=long_job)
    first.start()
    assert inside.wait(10)
    started = time.monotonic()
    second = threading.Thread(target=short_job)
    second.start()
    second.join(10)
    first.join(10)
    assert done["short"] < done["long"] and done["short"] - started < 1.0
    assert not queue.busy and not queue.inflight


# --- 6. one bad file never loses the batch ----------------------------------------------------


def test_an_upload_with_broken_files_stores_the_good_ones(local: Client, tmp_path: Path) -> None:
    good = tmp_path / "good.docx"
    make_docx(good, "Good", [("Parking", ["Visitors park in the north garage."])])
    broken = BytesIO()
    with zipfile.ZipFile(good) as src, zipfile.ZipFile(broken, "w") as out:
        for item in src.infolist():
            data = src.read(item)
            out.writestr(item, data[: len(data) // 2] if item.filename == "word/document.xml" else data)
    nested = b"<html><body>" + b"<div>" * 5000 + b"deep" + b"</div>" * 5000 + b"</body></html>"
    r = _upload(local, [("broken.docx", broken.getvalue()), ("nested.html", nested),
                        ("notes.md", b"# Notes\n\nThe kitchen closes at six.")])  # fmt: skip
    assert r.status == 200, r.text
    report = r.json()
    assert {f["path"] for f in report["failed"]} >= {"broken.docx"}
    assert "notes.md" in {d["doc_id"] for d in local.get("/v1/documents").json()}
    assert all(f["error"] for f in report["failed"])
    assert local.get("/v1/health").status == 200


def test_the_caller_that_used_the_models_least_goes_next() -> None:
    from citadel.serve.service import FairQueue

    queue = FairQueue()
    with queue.turn("heavy", None):
        time.sleep(0.3)  # "heavy" has used the models for 0.3 s
    order: list[str] = []
    hold = threading.Event()

    def holder() -> None:
        with queue.turn("light", None):
            hold.wait(10)

    def waiter(who: str) -> None:
        with queue.turn(who, None):
            order.append(who)

    first = threading.Thread(target=holder)
    first.start()
    time.sleep(0.1)
    heavy = threading.Thread(target=waiter, args=("heavy",))
    heavy.start()  # arrives first ...
    time.sleep(0.1)
    fresh = threading.Thread(target=waiter, args=("fresh",))
    fresh.start()  # ... but "fresh" has used nothing
    time.sleep(0.1)
    hold.set()
    for t in (first, heavy, fresh):
        t.join(10)
    assert order == ["fresh", "heavy"]
    assert queue.used("heavy") > queue.used("fresh") >= 0


def test_a_jsonl_upload_keeps_a_bad_line_bad_and_stores_the_rest(keyed: Client) -> None:
    body = (json.dumps({"doc_id": "kb-good", "text": "The kitchen closes at six."}).encode() + b"\n"
            + b'{"doc_id": "kb-bad", "text": "caf\xe9 hours"}\n')  # fmt: skip
    r = _upload(keyed.with_key(WRITER), [("bulk.jsonl", body)]).json()
    assert r["added"] == 1 and r["doc_ids"] == ["~public/kb-good", "~public/kb-bad"]
    assert len(r["failed"]) == 1 and "UTF-8" in r["failed"][0]["error"]
    assert keyed.with_key(PUB).get("/v1/documents/~public/kb-bad").status == 404


def test_a_question_without_words_is_refused_and_logs_nothing(engine: Citadel) -> None:
    """An empty question used to be answered confidently from whatever the embedder made of
    nothing; every surface now refuses it with 422 before any model or the audit log sees it."""
    with running(create_app(engine, KEYS)) as server:
        hr = server.with_key(HR)
        before = len(engine.store.list_traces())
        for path, body in [("/v1/ask", {"question": "  \n\t"}), ("/v1/search", {"query": "?!"})]:
            r = hr.post(path, body)
            assert r.status == 422 and "no words" in r.json()["message"], (path, r.status, r.json())
        r = hr.post("/v1/chat/completions", {"messages": [{"role": "user", "content": "?"}]})
        assert r.status == 400 and r.json()["error"]["param"] == "messages" and "no words" in r.json()["error"]["message"]
        assert hr.post("/v1/ask", {"question": REFUND_Q}).status == 200  # the server is still answering
        assert len(engine.store.list_traces()) == before + 1

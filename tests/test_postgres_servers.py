"""Several servers, one database (issue 18): two ``citadel serve`` processes on different ports
(standing in for two hosts) share one PostgreSQL store. A document uploaded through one is
answered through the other at once, and the traces of both land in one audit log."""

from __future__ import annotations

import json
from pathlib import Path

from citadel.store import open_store
from citadel.store.base import ADMIN, TraceQuery

from .pg_support import fresh_database, postgres_url
from .test_serve_process import _serving

NOTE = "# Parking\n\nVisitor parking at the north gate is free for the first two hours.\n"


def test_a_document_uploaded_through_one_server_is_answered_through_another(tmp_path: Path) -> None:
    url = fresh_database(postgres_url())
    doc = tmp_path / "parking.md"
    doc.write_text(NOTE)
    with _serving(["--store", url, "serve"]) as (first, _), _serving(["--store", url, "serve"]) as (second, _):
        assert first.base != second.base
        empty = json.loads(second.post("/v1/ask", {"question": "How long is visitor parking free?"}).body)
        assert empty["abstained"] is True
        uploaded = first.upload([doc])
        assert uploaded.status == 200, uploaded.body
        assert json.loads(uploaded.body)["added"] == 1
        answer = json.loads(second.post("/v1/ask", {"question": "How long is visitor parking free?"}).body)
        assert answer["abstained"] is False, answer
        assert "two hours" in answer["answer"]
        assert {s["doc_id"] for s in answer["sources"].values()} == {"parking.md"}
        # the other server sees the same documents, and the audit log holds both servers' traces
        listed = json.loads(first.get("/v1/documents").body)
        assert [d["doc_id"] for d in listed] == ["parking.md"]
        again = json.loads(first.post("/v1/ask", {"question": "Where is visitor parking free?"}).body)
        trace_ids = {empty["trace_id"], answer["trace_id"], again["trace_id"]}
        via_first = {t["trace_id"] for t in json.loads(first.get("/v1/traces?limit=10").body)}
        assert trace_ids <= via_first
    with open_store(url) as store:
        logged = {t["trace_id"] for t in store.list_traces(ADMIN, TraceQuery(limit=10))}
        assert trace_ids <= logged
        assert store.current("parking.md") is not None and store.count_unembedded() == 0

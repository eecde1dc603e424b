"""Server-Sent Events for one finished answer.

Verification finishes before anything is streamed, so nothing shown is ever withdrawn.
Order: ``retrieval`` (the sources looked at), then one ``quote`` per verified citation,
then one ``claim`` per verified claim, then ``done`` with the full answer (the
``ask --json`` object). An abstention sends ``retrieval`` then ``abstain`` (the full
answer, with the titles that were looked at). A failure sends ``error``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

from citadel.answers import Answer

Event = dict[str, str]


def _event(name: str, data: Any) -> Event:
    return {"event": name, "data": json.dumps(data, ensure_ascii=False)}


def answer_events(answer: Answer) -> Iterator[Event]:
    body = answer.to_json()
    sources = [
        {"source_id": sid, "doc_id": s.doc_id, "title": s.title, "version": s.version, "page": s.page,
         "location": s.location}
        for sid, s in answer.sources.items()
    ]
    yield _event("retrieval", {"question": answer.question, "sources": sources})
    if answer.abstained:
        yield _event("abstain", {**body, "looked_at": sorted({s.title for s in answer.sources.values()})})
        return
    for index, claim in enumerate(answer.claims):
        for citation in claim.citations:
            source = answer.sources[citation.source_id]
            where = {"doc_id": source.doc_id, "title": source.title, "version": source.version, "page": source.page}
            yield _event("quote", {"claim": index, **citation.model_dump(), **where})
    for index, claim in enumerate(answer.claims):
        yield _event("claim", {"index": index, **claim.model_dump()})
    yield _event("done", body)


def error_event(code: str, message: str) -> Event:
    return _event("error", {"error": code, "message": message})

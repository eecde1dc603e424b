"""The ``/v1`` routes: health, ask (JSON and SSE), verify, search and the audit log."""

from __future__ import annotations

import logging
from datetime import UTC, datetime
from importlib.metadata import version as package_version
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from sse_starlette import EventSourceResponse
from starlette.concurrency import run_in_threadpool

from citadel._errors import CitadelError
from citadel.answers import Answer
from citadel.limits import check_count, check_deadline, check_question, check_size
from citadel.serve.auth import Caller
from citadel.serve.events import answer_events, error_event
from citadel.serve.schemas import (
    AnswerBody,
    AskRequest,
    ErrorBody,
    HealthBody,
    MeBody,
    SearchBody,
    SearchRequest,
    TraceBody,
    TraceSummary,
    VerifyBody,
    VerifyRequest,
)
from citadel.serve.service import HTTPProblem, Service, current_caller, service
from citadel.store import TraceQuery
from citadel.store.base import StoredTrace
from citadel.verify import AnswerReport, Citation, Claim, split_claims

ERRORS: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorBody, "description": "Missing or unknown API key."},
    422: {"description": "The request body or parameters are invalid."},
}

log = logging.getLogger(__name__)
#: Claims verified in one step of a verify request while no one waits for the models (one
#: claim a step while someone does; see Service.run: others may go between steps).
VERIFY_SLICE = 2
router = APIRouter(prefix="/v1")
CallerDep = Annotated[Caller, Depends(current_caller)]
ServiceDep = Annotated[Service, Depends(service)]


@router.get("/health", summary="Liveness check (no key needed)", response_model=HealthBody,
            response_model_exclude_none=True, tags=["service"])  # fmt: skip
def health(request: Request, svc: ServiceDep) -> dict[str, Any]:
    """Without a valid key only ``{"status": "ok"}``: the version and the auth mode are
    shown to callers the server knows (and to the local owner)."""
    body: dict[str, Any] = {"status": "ok"}
    if svc.optional_caller(request.headers.get("authorization")) is not None:
        body.update(
            version=package_version("citadel"), auth="keys" if svc.keys else "local",
            audit_failures=svc.engine.audit_failures,
        )  # fmt: skip
    return body


@router.get("/me", summary="Who this key is: its label, read and write groups", response_model=MeBody,
            responses=ERRORS, tags=["service"])  # fmt: skip
def me(caller: CallerDep, svc: ServiceDep) -> dict[str, Any]:
    return {
        "caller": caller.label, "auth": "keys" if svc.keys else "local", "groups": sorted(caller.groups),
        "write": sorted(caller.write), "admin": caller.admin, "owner": caller.owner,
    }  # fmt: skip


def _ask(svc: Service, caller: Caller, body: AskRequest) -> Answer:
    check_question(body.question)
    groups = caller.ask_groups(body.groups)
    return svc.run(lambda: svc.engine.ask(body.question, groups=groups, caller=caller.label), caller)


@router.post(
    "/ask", summary="A verified, cited answer (same JSON as `citadel ask --json`)",
    response_model=AnswerBody, responses=ERRORS, tags=["ask"],
)  # fmt: skip
def ask(body: AskRequest, caller: CallerDep, svc: ServiceDep) -> dict[str, object]:
    """Retrieve, generate, verify every claim and keep only supported ones; or abstain with a reason.
    Every request is logged as a trace; the answer carries its ``trace_id``."""
    return _ask(svc, caller, body).to_json()


@router.post(
    "/ask/stream", summary="The answer as Server-Sent Events", responses=ERRORS, tags=["ask"],
    response_class=EventSourceResponse,
)  # fmt: skip
async def ask_stream(body: AskRequest, caller: CallerDep, svc: ServiceDep) -> EventSourceResponse:
    """Events, in order: `retrieval`, one `quote` per verified citation, one `claim` per verified
    claim, then `done` with the full answer. An abstention sends `abstain` (the full answer)
    after `retrieval`; a failure sends `error`. Verification finishes before the first event,
    so nothing shown is ever withdrawn."""

    async def events() -> Any:
        try:
            answer = await run_in_threadpool(_ask, svc, caller, body)
        except CitadelError as exc:
            from citadel.serve.app import error_status

            yield error_event(error_status(exc)[1], str(exc))
            return
        except Exception:
            log.exception("POST /v1/ask/stream crashed")
            yield error_event("internal_error", "the server failed on this request; see the server log")
            return
        for event in answer_events(answer):
            yield event

    return EventSourceResponse(events(), ping=15)


@router.post("/verify", summary="Check an answer's claims against sources (as `citadel verify --answer`)",
             response_model=VerifyBody, responses=ERRORS, tags=["verify"])  # fmt: skip
def verify(body: VerifyRequest, caller: CallerDep, svc: ServiceDep) -> dict[str, object]:
    """Give `sources` (id to text) and either `answer` (text with `[S1]` markers) or `claims`."""
    if (body.answer is None) == (body.claims is None):
        raise HTTPProblem(422, "invalid_request", "give exactly one of 'answer' or 'claims'")
    _check_verify_size(body)
    claims = None
    if body.claims is not None:
        claims = [
            Claim(text=c.text, citations=tuple(Citation(source_id=x.source_id, quote=x.quote) for x in c.citations))
            for c in body.claims
        ]
    if claims is not None:
        items = claims  # their number was checked with their size
    else:
        items = split_claims(body.answer or "")
        check_count("claims in one verify request", len(items), "max_verify_claims")
    verifier = svc.engine.verifier

    def in_slices() -> AnswerReport:
        # Runs of claims, each a step after which a waiting caller may take the models: one
        # claim at a time while others wait, larger runs (better model batches) while none do.
        parts, i = [], 0
        while i < len(items):
            check_deadline("the verification")
            size = 1 if svc.queue.contended else VERIFY_SLICE
            parts.append(verifier.check_answer(body.sources, claims=items[i : i + size]))
            i += size
        return AnswerReport.merge(parts)

    return svc.run(in_slices, caller).to_json()


def _check_verify_size(body: VerifyRequest) -> None:
    """Bound the verifier's work before it starts: sources, claims and their length."""
    check_size("the sources", sum(len(k) + len(v) for k, v in body.sources.items()), "max_verify_source_chars",
               "characters")  # fmt: skip
    if body.claims is not None:
        check_count("claims in one verify request", len(body.claims), "max_verify_claims")
        for claim in body.claims:
            check_size("a claim", len(claim.text), "max_claim_chars", "characters")
            check_count("citations of one claim", len(claim.citations), "max_verify_claims")
    if body.answer is not None:
        check_size("the answer", len(body.answer), "max_verify_source_chars", "characters")


@router.post("/search", summary="Hybrid search over the documents the caller may read",
             response_model=SearchBody, responses=ERRORS, tags=["search"])  # fmt: skip
def search(body: SearchRequest, caller: CallerDep, svc: ServiceDep) -> dict[str, object]:
    check_question(body.query, "the query")
    groups = caller.ask_groups(body.groups)
    result = svc.run(lambda: svc.engine.search(body.query, k=body.k, groups=groups, mode=body.mode), caller)
    return {
        "query": result.query, "mode": result.mode, "reranked": result.reranked,
        "notes": list(result.notes), "hits": [h.to_json() for h in result.hits],
    }  # fmt: skip


def _utc(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return (moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat()


def _summary(trace: StoredTrace) -> dict[str, Any]:
    return {k: trace[k] for k in TraceSummary.model_fields}


@router.get("/traces", summary="The audit log: the caller's own traces (every caller's for admin keys) "
            "whose every document, as read, the caller may read",
            response_model=list[TraceSummary], responses=ERRORS, tags=["traces"])  # fmt: skip
def traces(
    caller: CallerDep,
    svc: ServiceDep,
    limit: Annotated[int, Query(ge=1, le=1000)] = 50,
    since: Annotated[datetime | None, Query(description="Only traces created at or after this time.")] = None,
    abstained: bool | None = None,
    doc_id: Annotated[str | None, Query(description="Only traces that retrieved this document.")] = None,
    text: Annotated[str | None, Query(description="Only questions containing this text.")] = None,
    caller_label: Annotated[str | None, Query(alias="caller", description="Only this caller's traces.")] = None,
) -> list[dict[str, Any]]:
    if not caller.sees_all_callers:
        if caller_label is not None and caller_label != caller.label:
            return []
        caller_label = caller.label  # a key sees only its own questions
    query = TraceQuery(
        limit=limit, since=_utc(since), abstained=abstained,
        doc_id=doc_id, text=text, caller=caller_label,
    )  # fmt: skip
    return [_summary(t) for t in svc.engine.store.list_traces(caller.where, query)]


@router.get("/traces/{trace_id}", summary="One trace: evidence, raw output, verification, answer, timings",
            response_model=TraceBody, responses={**ERRORS, 404: {"model": ErrorBody}}, tags=["traces"])  # fmt: skip
def trace(trace_id: str, caller: CallerDep, svc: ServiceDep) -> dict[str, Any]:
    # Another caller's question is answered as if it did not exist.
    mine = None if caller.sees_all_callers else caller.label
    found = svc.engine.store.get_trace(trace_id, caller.where, caller=mine)
    if found is None:
        raise HTTPProblem(404, "not_found", f"no trace {trace_id!r}")
    body = found.to_json()
    body.pop("prompt", None)
    return body

"""``GET /v1/metrics``: the audit log's counters in Prometheus' text format (version 0.0.4).

The counters are :class:`citadel.evaluate.monitor.Counts`, defined as for ``citadel monitor``,
labelled by backend, over the traces created since 00:00 UTC today. They reset at midnight
UTC, which Prometheus' ``rate()`` and ``increase()`` treat as a counter reset. Being counted
from the audit log rather than in the process, they agree across the servers of one store.
The monitor's metrics are ratios of them: groundedness ``citadel_kept_claims_total /
citadel_draft_claims_total``, citation precision ``citadel_relevant_citations_total /
citadel_shown_citations_total``, citation recall ``citadel_supported_alone_claims_total /
citadel_shown_claims_total``, model calls and tokens per answer over
``citadel_answers_total``, latency percentiles ``histogram_quantile`` of
``citadel_request_latency_seconds``.

**Access.** Any valid key may scrape. It counts exactly the traces ``GET /v1/traces`` would list
for it: those whose every document, as read, it may read (``caller.where``), and for a key that
is not an admin only its own. Everything in the response (counters, backend labels, abstention
reasons, the incomplete flag) comes from that view alone, so a key learns nothing about a trace
it cannot see. The local owner (no keys) sees every trace. To count every caller, give
Prometheus an admin key (``authorization: {credentials: KEY}`` in its scrape config); an admin
still never counts a trace that read a document outside its groups.

**Bounds.** Each view (the owner, each key) keeps, per process, its counters and the ids of the
traces of the last :data:`LAG_SECONDS`. A scrape reads only the traces created since the newest
it counted, less :data:`LAG_SECONDS` (a trace is written when its request ends but stamped when
it began), and at most :data:`PAGE` of them. A trace written more than :data:`LAG_SECONDS` after
its request began is not counted here (``citadel monitor`` counts it). A scrape that finds
:data:`PAGE` traces may have missed older ones: ``citadel_audit_incomplete`` is then 1 until
the next reset.
"""

from __future__ import annotations

import copy
import threading
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Annotated

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import PlainTextResponse

from citadel.evaluate.monitor import LATENCY_BOUNDS_S, REASONS, Counts, period_of
from citadel.serve.api import ERRORS, CallerDep, ServiceDep
from citadel.store import SearchFilter, Store, TraceQuery

#: the exposition format's content type
CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
#: the most traces one scrape reads
PAGE = 5_000
#: how long after its request began a trace may be written and still be counted
LAG_SECONDS = 600.0

router = APIRouter(prefix="/v1")


@dataclass
class _View:
    """One caller view's counters since ``day`` began."""

    day: datetime
    counts: dict[str, Counts] = field(default_factory=dict)  # by backend
    recent: dict[str, str] = field(default_factory=dict)  # trace_id -> created_at, the last LAG_SECONDS
    newest: str | None = None
    incomplete: bool = False


@dataclass(frozen=True)
class Snapshot:
    """A view's counters at one scrape."""

    since: datetime
    counts: Mapping[str, Counts]
    incomplete: bool


def _now() -> datetime:
    return datetime.now(UTC)


def _earlier(moment: str, seconds: float) -> str:
    at = datetime.fromisoformat(moment)
    return ((at.astimezone(UTC) if at.tzinfo else at.replace(tzinfo=UTC)) - timedelta(seconds=seconds)).isoformat()


class AuditCounters:
    """Every caller view's counters, kept up to date from the audit log (thread-safe)."""

    def __init__(self, page: int = PAGE, lag_seconds: float = LAG_SECONDS, clock: Callable[[], datetime] = _now) -> None:
        self.page, self.lag, self.clock = page, lag_seconds, clock
        self._lock = threading.Lock()
        self._views: dict[tuple[bool, frozenset[str], str | None], _View] = {}

    def read(self, store: Store, where: SearchFilter, caller: str | None) -> Snapshot:
        """The counters of the traces ``where`` may see (only ``caller``'s, when given)."""
        key = (where.unrestricted, where.groups, caller)
        day = period_of(self.clock(), "day")[1]
        with self._lock:
            view = self._views.get(key)
            if view is None or view.day != day:
                view = self._views[key] = _View(day)
            self._catch_up(view, store, where, caller)
            return Snapshot(view.day, copy.deepcopy(dict(sorted(view.counts.items()))), view.incomplete)

    def _catch_up(self, view: _View, store: Store, where: SearchFilter, caller: str | None) -> None:
        since = view.day.isoformat()
        if view.newest is not None:
            since = max(since, _earlier(view.newest, self.lag))
        rows = store.list_traces(where, TraceQuery(limit=self.page, since=since, caller=caller))
        view.incomplete |= len(rows) >= self.page
        for trace in reversed(rows):  # oldest first
            if trace.trace_id in view.recent:
                continue
            view.counts.setdefault(trace.backend, Counts()).add(trace)
            view.recent[trace.trace_id] = trace.created_at
            view.newest = max(view.newest or trace.created_at, trace.created_at)
        if view.newest is not None:
            cutoff = _earlier(view.newest, self.lag)
            view.recent = {k: v for k, v in view.recent.items() if v >= cutoff}


_SIMPLE: list[tuple[str, str, Callable[[Counts], int]]] = [
    ("citadel_questions_total", "Questions asked (one trace each).", lambda c: c.questions),
    ("citadel_answers_total", "Questions answered (not abstained).", lambda c: c.answers),
    ("citadel_draft_claims_total", "Draft claims the verifier checked, every round.", lambda c: c.draft_claims),
    ("citadel_kept_claims_total", "Draft claims the verifier kept (groundedness: kept / draft).",
     lambda c: c.kept_claims),
    ("citadel_verifier_errors_total", "Verification rounds in which the verifier failed.", lambda c: c.verifier_errors),
    ("citadel_shown_claims_total", "Claims shown in answers.", lambda c: c.shown_claims),
    ("citadel_supported_alone_claims_total",
     "Shown claims with a citation that alone supports them (citation recall: this / shown claims).",
     lambda c: c.supported_alone),
    ("citadel_shown_citations_total", "Citations of the claims shown.", lambda c: c.shown_citations),
    ("citadel_relevant_citations_total",
     "Shown citations the verifier judged relevant, ALCE (citation precision: this / shown citations).",
     lambda c: c.relevant_citations),
    ("citadel_model_calls_total", "Calls to the generator, failed ones included.", lambda c: c.model_calls),
]  # fmt: skip


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace("\n", "\\n").replace('"', '\\"')


def _sample(name: str, labels: Mapping[str, str], value: float) -> str:
    inner = ",".join(f'{k}="{_escape(v)}"' for k, v in labels.items())
    number = str(value) if isinstance(value, int) else repr(float(value))
    return f"{name}{{{inner}}} {number}" if inner else f"{name} {number}"


def _family(name: str, kind: str, text: str) -> list[str]:
    return [f"# HELP {name} " + text.replace("\\", "\\\\").replace("\n", "\\n"), f"# TYPE {name} {kind}"]


def _histogram(counts: Mapping[str, Counts]) -> Iterator[str]:
    name = "citadel_request_latency_seconds"
    yield from _family(name, "histogram", "Time from question to answer (timings.total), abstentions included.")
    for backend, c in counts.items():
        for bound, n in zip(LATENCY_BOUNDS_S, c.latency_le, strict=True):
            yield _sample(f"{name}_bucket", {"backend": backend, "le": f"{bound:g}"}, n)
        yield _sample(f"{name}_bucket", {"backend": backend, "le": "+Inf"}, c.timed)
        yield _sample(f"{name}_sum", {"backend": backend}, c.latency_ms_sum / 1000)
        yield _sample(f"{name}_count", {"backend": backend}, c.timed)


def render(snapshot: Snapshot) -> str:
    """The exposition text of one view's counters."""
    lines: list[str] = []
    counts = snapshot.counts
    for name, text, get in _SIMPLE:
        lines += _family(name, "counter", text)
        lines += [_sample(name, {"backend": b}, get(c)) for b, c in counts.items()]
    lines += _family("citadel_abstentions_total", "counter", "Abstentions by reason.")
    for b, c in counts.items():
        reasons = dict.fromkeys(REASONS, 0) | dict(sorted(c.abstentions.items()))
        lines += [_sample("citadel_abstentions_total", {"backend": b, "reason": r}, n) for r, n in reasons.items()]
    lines += _family("citadel_tokens_total", "counter", "Tokens the backend reported in usage.")
    for b, c in counts.items():
        lines += [_sample("citadel_tokens_total", {"backend": b, "kind": "input"}, c.input_tokens),
                  _sample("citadel_tokens_total", {"backend": b, "kind": "output"}, c.output_tokens)]  # fmt: skip
    lines += _histogram(counts)
    lines += _family("citadel_audit_window_start_timestamp_seconds", "gauge",
                     "When these counters began (00:00 UTC today), as Unix time.")  # fmt: skip
    lines.append(_sample("citadel_audit_window_start_timestamp_seconds", {}, int(snapshot.since.timestamp())))
    lines += _family("citadel_audit_incomplete", "gauge", "1 if a scrape may have missed traces since the window began.")
    lines.append(_sample("citadel_audit_incomplete", {}, int(snapshot.incomplete)))
    return "\n".join(lines) + "\n"


_INSTALL = threading.Lock()


def audit_counters(request: Request) -> AuditCounters:
    """The app's counters, made on the first scrape."""
    with _INSTALL:
        found = getattr(request.app.state, "audit_counters", None)
        if not isinstance(found, AuditCounters):
            found = request.app.state.audit_counters = AuditCounters()
    return found


CountersDep = Annotated[AuditCounters, Depends(audit_counters)]


@router.get("/metrics", summary="The audit log's counters for Prometheus (text format 0.0.4): the traces this "
            "key may see, since 00:00 UTC", response_class=PlainTextResponse, responses=ERRORS, tags=["service"])  # fmt: skip
def metrics(caller: CallerDep, svc: ServiceDep, counters: CountersDep) -> Response:
    """Counters per backend: questions, answers, abstentions by reason, draft and kept claims,
    shown claims and citations, model calls, tokens, and a latency histogram."""
    mine = None if caller.sees_all_callers else caller.label  # a key counts only its own questions
    snapshot = counters.read(svc.engine.store, caller.where, mine)
    return Response(render(snapshot), media_type=CONTENT_TYPE)

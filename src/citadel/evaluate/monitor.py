"""Monitoring over time: the audit log's metrics per period, and drift from a baseline period.

``citadel monitor`` and ``GET /v1/metrics`` (:mod:`citadel.serve.metrics`) count the same
things (:class:`Counts`), from what each trace holds. The audit log has no gold labels, so
every metric is the system's own record of itself: the outcome, the verifier's per-claim
verdicts, the timings and what the backend reported in ``usage``.

Metrics of a period (the traces created in it, in UTC; ``--backend`` keeps one backend's):

* ``questions``: traces (every request is one trace, answered or not).
* ``answers``: traces that did not abstain; ``abstentions``: the others by
  ``abstention_reason`` (``no_evidence``, ``unsupported``, ``invalid_output``);
  ``abstention_rate``: abstentions / questions.
* ``groundedness``: the share of draft claims the verifier kept: claims with ``keep`` / claims
  checked, over every verification round of every trace (a regenerated draft counts too). A
  round where the model abstained has no claims; a round where the verifier failed checked
  none and is counted in ``verifier_errors`` instead.
* ``citation_precision``: over the citations of the claims *shown* (the kept claims the answer
  carries: a second round's claim that repeats a kept one is shown once, as the pipeline
  does), the share the verifier judged relevant by the ALCE rule (the citation alone supports
  the supported claim, or the other citations without it do not; :mod:`citadel.evaluate.metrics`).
  Every shown citation counts.
* ``citation_recall``: the share of shown claims with at least one citation that supports the
  claim on its own (the verifier's ``supports_alone``). ALCE's recall (the citations jointly
  support the claim) is 1 by construction here, as only such claims are shown; this stricter
  reading falls when answers stitch claims together from several sources.
* ``latency_p50_ms``, ``latency_p95_ms``: nearest-rank percentiles of ``timings["total"]``
  (milliseconds from question to answer, abstentions included): exact up to 2,048 traces a
  period, within 1% past that (:class:`Quantiles`).
* ``model_calls_per_answer``: calls to the generator (one ``usage`` entry each, failed calls
  included) / answers: what one shown answer costs, calls spent on abstentions included.
* ``tokens_per_answer``: input plus output tokens in ``usage`` (``prompt_tokens`` and
  ``completion_tokens``; or ``input_tokens`` with Anthropic's ``cache_creation_input_tokens``
  and ``cache_read_input_tokens``, and ``output_tokens``) / answers; 0 from a backend that
  reports none (extractive).

A ratio with nothing to count (no claims, no answers) is None, never 0.

**Drift.** The baseline is the first period that is complete (see below) and has at least
``min_questions`` questions (default 10), or the period named. Every other period with at least
``min_questions`` questions is compared with it, metric by metric, within :data:`TOLERANCES`
(absolute for rates: groundedness, citation precision and recall, the abstention rate move at
most ±0.10; a factor for the rest: latency, calls and tokens per answer within ×1.5 either
way). A metric beyond its tolerance is a :class:`Drift`, and its period is flagged.

**Bounds.** The monitor reads at most ``max_traces`` traces (:func:`read_window`, newest
first, since ``--since``; default 10,000), one :meth:`~citadel.store.Store.list_traces` call
held in memory while it is counted (a trace is about 5 to 15 KB of JSON as stored, a few
times that as objects: a few hundred MB at the default). The store's interface has no upper
time bound to page oldest-first with (``TraceQuery`` has ``since`` only, newest first), so
the window is capped instead of paged. When more traces match, the oldest are left out, the
output says from when the count is complete, and the period they fall in is marked
``partial`` (as is a first period that ``since`` cuts). Kept per period, whatever the number
of its traces: counters, at most 2,048 latencies and about 1,300 latency buckets.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Literal

from citadel._errors import ValidationError
from citadel.answers import claim_text
from citadel.store.base import ADMIN, SearchFilter, Store, StoredTrace, TraceQuery

Granularity = Literal["day", "hour"]
#: the metric drift is reported first for, and the reason this module exists
PRIMARY = "groundedness"
#: the most traces one ``citadel monitor`` run reads (``--max-traces``)
DEFAULT_MAX_TRACES = 10_000
#: latency histogram bounds for Prometheus (seconds): ``Counts.latency_le[i]`` counts requests
#: that took at most ``LATENCY_BOUNDS_S[i]``
LATENCY_BOUNDS_S = (0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0, 60.0, 120.0)
#: the reasons an abstention can have; an unknown one is counted under its own name
REASONS = ("no_evidence", "unsupported", "invalid_output")


class Quantiles:
    """Percentiles in bounded memory. Up to :attr:`EXACT` values they are exact (nearest rank);
    past that, counts of values in logarithmic buckets 2% wide give each percentile within 1%
    of the exact value (DDSketch, Masson et al., VLDB 2019). Values from 1 µs to a day (in ms)
    fill at most about 1,300 buckets."""

    GAMMA = 1.02
    SMALLEST = 1e-3  # at most this counts as 0
    EXACT = 2048

    def __init__(self) -> None:
        self._buckets: Counter[int] = Counter()
        self._zero = 0
        self._exact: list[float] | None = []
        self.count = 0

    def add(self, value: float) -> None:
        self.count += 1
        if self._exact is not None:
            self._exact.append(value)
            if len(self._exact) > self.EXACT:
                self._exact = None
        if value <= self.SMALLEST:
            self._zero += 1
        else:
            self._buckets[math.ceil(math.log(value, self.GAMMA))] += 1

    def quantile(self, q: float) -> float | None:
        """The value at rank ``ceil(q * count)``, None without values."""
        if not self.count:
            return None
        rank = max(1, math.ceil(q * self.count))
        if self._exact is not None:
            return sorted(self._exact)[rank - 1]
        seen = self._zero
        if seen >= rank:
            return 0.0
        for i in sorted(self._buckets):
            seen += self._buckets[i]
            if seen >= rank:
                return 2 * self.GAMMA**i / (self.GAMMA + 1)
        return None  # not reached: the buckets hold every value above zero


def _count(value: object) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def _ratio(part: float, whole: float) -> float | None:
    return part / whole if whole else None


@dataclass
class Counts:
    """What a set of traces adds up to; every metric of the module docstring is a ratio of
    these (so periods and servers can be summed)."""

    questions: int = 0
    answers: int = 0
    abstentions: Counter[str] = field(default_factory=Counter)
    draft_claims: int = 0  # claims the verifier checked, every round
    kept_claims: int = 0
    verifier_errors: int = 0
    shown_claims: int = 0
    supported_alone: int = 0  # shown claims with a citation that alone supports them
    shown_citations: int = 0
    relevant_citations: int = 0
    model_calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0
    timed: int = 0  # traces with a total timing
    latency_ms_sum: float = 0.0
    latency: Quantiles = field(default_factory=Quantiles)
    latency_le: list[int] = field(default_factory=lambda: [0] * len(LATENCY_BOUNDS_S))

    def add(self, trace: StoredTrace) -> None:
        self.questions += 1
        if trace.abstained:
            self.abstentions[trace.abstention_reason or "unknown"] += 1
        else:
            self.answers += 1
        shown: set[str] = set()
        for round_ in trace.verification or []:
            if round_.get("error"):
                self.verifier_errors += 1
            claims = [c for c in round_.get("claims") or [] if isinstance(c, dict)]
            kept = [c for c in claims if c.get("keep")]
            self.draft_claims += len(claims)
            self.kept_claims += len(kept)
            if not trace.abstained:
                new = [c for c in kept if claim_text(str(c.get("text", ""))) not in shown]
                self._show(new)
                shown |= {claim_text(str(c.get("text", ""))) for c in new}
        for usage in trace.usage or []:
            self.model_calls += 1
            if isinstance(usage, dict):
                self.input_tokens += _count(usage.get("prompt_tokens")) or sum(
                    _count(usage.get(k)) for k in ("input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens"))
                self.output_tokens += _count(usage.get("completion_tokens")) or _count(usage.get("output_tokens"))
        total = (trace.timings or {}).get("total")
        if isinstance(total, int | float) and not isinstance(total, bool) and math.isfinite(total) and total >= 0:
            self._time(float(total))

    def _show(self, claims: Sequence[dict[str, Any]]) -> None:
        for claim in claims:
            cites = [ch for ch in claim.get("citations") or [] if isinstance(ch, dict)]
            self.shown_claims += 1
            self.shown_citations += len(cites)
            self.relevant_citations += sum(bool(ch.get("relevant")) for ch in cites)
            self.supported_alone += any(ch.get("supports_alone") for ch in cites)

    def _time(self, ms: float) -> None:
        self.timed += 1
        self.latency_ms_sum += ms
        self.latency.add(ms)
        for i, bound in enumerate(LATENCY_BOUNDS_S):
            self.latency_le[i] += ms <= bound * 1000

    def metrics(self) -> dict[str, Any]:
        """The named metrics of the module docstring (ratios None when undefined)."""
        return {
            "questions": self.questions,
            "answers": self.answers,
            "abstentions": {**dict.fromkeys(REASONS, 0), **dict(sorted(self.abstentions.items()))},
            "abstention_rate": _ratio(sum(self.abstentions.values()), self.questions),
            "groundedness": _ratio(self.kept_claims, self.draft_claims),
            "citation_precision": _ratio(self.relevant_citations, self.shown_citations),
            "citation_recall": _ratio(self.supported_alone, self.shown_claims),
            "latency_p50_ms": self.latency.quantile(0.50),
            "latency_p95_ms": self.latency.quantile(0.95),
            "model_calls_per_answer": _ratio(self.model_calls, self.answers),
            "tokens_per_answer": _ratio(self.input_tokens + self.output_tokens, self.answers),
        }

    def counters(self) -> dict[str, int]:
        """The raw counts the ratios come from."""
        names = ("draft_claims", "kept_claims", "verifier_errors", "shown_claims", "supported_alone",
                 "shown_citations", "relevant_citations", "model_calls", "input_tokens", "output_tokens", "timed")
        return {n: getattr(self, n) for n in names}  # fmt: skip


@dataclass(frozen=True)
class Tolerance:
    """How far a metric may move from the baseline: ``absolute`` (flagged when
    |value - baseline| > amount) or ``ratio`` (flagged when value > baseline * amount or
    value < baseline / amount; from a baseline of 0, any value above 0)."""

    kind: Literal["absolute", "ratio"]
    amount: float

    def exceeded(self, baseline: float, value: float) -> bool:
        if self.kind == "absolute":
            return abs(value - baseline) > self.amount + 1e-12
        if baseline <= 0:
            return value > 0
        return value > baseline * self.amount * (1 + 1e-12) or value < baseline / self.amount * (1 - 1e-12)

    def describe(self) -> str:
        return f"\u00b1{self.amount:g}" if self.kind == "absolute" else f"\u00d7{self.amount:g}"

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "amount": self.amount}


#: the metrics drift is checked on, with their default tolerances (``--tolerance`` overrides)
TOLERANCES: dict[str, Tolerance] = {
    "groundedness": Tolerance("absolute", 0.10),
    "citation_precision": Tolerance("absolute", 0.10),
    "citation_recall": Tolerance("absolute", 0.10),
    "abstention_rate": Tolerance("absolute", 0.10),
    "latency_p50_ms": Tolerance("ratio", 1.5),
    "latency_p95_ms": Tolerance("ratio", 1.5),
    "model_calls_per_answer": Tolerance("ratio", 1.5),
    "tokens_per_answer": Tolerance("ratio", 1.5),
}


@dataclass(frozen=True)
class Drift:
    """One metric of one period beyond its tolerance from the baseline."""

    metric: str
    baseline: float
    value: float
    tolerance: Tolerance

    @property
    def direction(self) -> str:
        return "up" if self.value > self.baseline else "down"

    def describe(self) -> str:
        if self.tolerance.kind == "absolute":
            change = f"{self.value - self.baseline:+.3f}"
        else:
            change = f"\u00d7{self.value / self.baseline:.2f}" if self.baseline else "from 0"
        return (f"{self.metric} {self.value:.3f} (baseline {self.baseline:.3f}, {change}; "
                f"tolerance {self.tolerance.describe()})")  # fmt: skip

    def to_json(self) -> dict[str, Any]:
        return {"metric": self.metric, "baseline": self.baseline, "value": self.value, "direction": self.direction,
                "tolerance": self.tolerance.to_json()}  # fmt: skip


@dataclass(frozen=True)
class Period:
    """One day or hour of the audit log, with its counts and what drifted in it."""

    label: str  # "2026-12-01", or "2026-12-01T14" by hour
    start: datetime
    counts: Counts
    partial: bool = False  # cut by ``since`` or by the read bound: not all its traces were read
    compared: bool = False  # compared with the baseline (enough questions, not the baseline)
    drift: tuple[Drift, ...] = ()

    @property
    def flagged(self) -> bool:
        return bool(self.drift)

    def to_json(self) -> dict[str, Any]:
        return {"period": self.label, "start": self.start.isoformat(), "partial": self.partial,
                "compared": self.compared, **self.counts.metrics(), "counts": self.counts.counters(),
                "drift": [d.to_json() for d in self.drift]}  # fmt: skip


@dataclass(frozen=True)
class AuditWindow:
    """Traces read for monitoring (newest first, as the store lists them)."""

    traces: Sequence[StoredTrace]
    since: str | None = None
    max_traces: int = DEFAULT_MAX_TRACES
    truncated: bool = False  # more traces matched: the oldest were left out

    @property
    def complete_from(self) -> str | None:
        """With the oldest left out, the time from which every trace was read."""
        return self.traces[-1].created_at if self.truncated and self.traces else None


def read_window(
    store: Store, since: str | None = None, max_traces: int = DEFAULT_MAX_TRACES, where: SearchFilter = ADMIN
) -> AuditWindow:
    """At most ``max_traces`` traces at or after ``since`` (an ISO time in UTC), newest first."""
    rows = store.list_traces(where, TraceQuery(limit=max_traces + 1, since=since))
    return AuditWindow(rows[:max_traces], since, max_traces, truncated=len(rows) > max_traces)


@dataclass(frozen=True)
class MonitorSettings:
    """How ``citadel monitor`` groups and compares (see the module docstring)."""

    by: Granularity = "day"
    backend: str | None = None  # only this backend's traces
    baseline: str | None = None  # a period's label; None: the first complete one with enough questions
    tolerances: Mapping[str, Tolerance] = field(default_factory=lambda: dict(TOLERANCES))
    min_questions: int = 10


@dataclass(frozen=True)
class MonitorReport:
    settings: MonitorSettings
    window: AuditWindow
    periods: tuple[Period, ...]
    baseline: str | None
    traces: int  # traces counted (after the backend filter)

    @property
    def flagged(self) -> list[str]:
        return [p.label for p in self.periods if p.flagged]

    def to_json(self) -> dict[str, Any]:
        s = self.settings
        return {
            "by": s.by, "since": self.window.since, "backend": s.backend, "baseline": self.baseline,
            "min_questions": s.min_questions, "primary": PRIMARY,
            "tolerances": {k: t.to_json() for k, t in s.tolerances.items()},
            "traces": self.traces, "truncated": self.window.truncated, "max_traces": self.window.max_traces,
            "complete_from": self.window.complete_from, "flagged": self.flagged,
            "periods": [p.to_json() for p in self.periods],
        }  # fmt: skip


def _utc(moment: datetime) -> datetime:
    return moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)


def period_of(moment: str | datetime, by: Granularity) -> tuple[str, datetime]:
    """The label and start (UTC) of the period a time falls in."""
    at = _utc(datetime.fromisoformat(moment) if isinstance(moment, str) else moment)
    if by == "hour":
        start = at.replace(minute=0, second=0, microsecond=0)
        return start.strftime("%Y-%m-%dT%H"), start
    start = at.replace(hour=0, minute=0, second=0, microsecond=0)
    return start.strftime("%Y-%m-%d"), start


def check_tolerances(tolerances: Mapping[str, Tolerance]) -> None:
    unknown = sorted(set(tolerances) - set(TOLERANCES))
    if unknown:
        raise ValidationError(f"no metric {', '.join(unknown)} to set a tolerance for; "
                              f"choose from {', '.join(TOLERANCES)}")  # fmt: skip
    for name, t in tolerances.items():
        if not math.isfinite(t.amount) or t.amount < 0 or (t.kind == "ratio" and t.amount < 1):
            need = "at least 1 (a factor)" if t.kind == "ratio" else "0 or more"
            raise ValidationError(f"the tolerance of {name} must be {need}, not {t.amount:g}")


def monitor(
    window: AuditWindow, settings: MonitorSettings = MonitorSettings(), on_step: Callable[[str], None] | None = None
) -> MonitorReport:
    """Count ``window``'s traces per period and flag the periods that drifted from the baseline."""
    check_tolerances(settings.tolerances)
    counts: dict[str, Counts] = {}
    starts: dict[str, datetime] = {}
    used = 0
    for trace in window.traces:
        if settings.backend is None or trace.backend == settings.backend:
            label, start = period_of(trace.created_at, settings.by)
            counts.setdefault(label, Counts()).add(trace)
            starts[label] = start
            used += 1
        if on_step is not None:
            on_step(trace.trace_id)
    partial = _partial_labels(window, settings.by)
    order = sorted(counts, key=lambda label: starts[label])
    periods = [Period(label, starts[label], counts[label], partial=label in partial) for label in order]
    baseline = _baseline(periods, settings)
    if baseline is not None:
        base = next(p for p in periods if p.label == baseline).counts.metrics()
        periods = [_compare(p, base, settings) if p.label != baseline else p for p in periods]
    return MonitorReport(settings, window, tuple(periods), baseline, used)


def _partial_labels(window: AuditWindow, by: Granularity) -> set[str]:
    out = set()
    if window.complete_from is not None:
        out.add(period_of(window.complete_from, by)[0])
    if window.since is not None:
        label, start = period_of(window.since, by)
        if start != _utc(datetime.fromisoformat(window.since)):
            out.add(label)
    return out


def _baseline(periods: Sequence[Period], settings: MonitorSettings) -> str | None:
    if settings.baseline is not None:
        if not any(p.label == settings.baseline for p in periods):
            shown = ", ".join(p.label for p in periods[:8]) + (", ..." if len(periods) > 8 else "")
            raise ValidationError(f"no period {settings.baseline!r} in the audit log read; "
                                  f"periods by {settings.by}: {shown or 'none'}")  # fmt: skip
        return settings.baseline
    for p in periods:
        if not p.partial and p.counts.questions >= settings.min_questions:
            return p.label
    return None


def _compare(period: Period, base: Mapping[str, Any], settings: MonitorSettings) -> Period:
    if period.counts.questions < settings.min_questions:
        return period
    values = period.counts.metrics()
    drift = []
    for name, tolerance in settings.tolerances.items():
        b, v = base.get(name), values.get(name)
        if b is not None and v is not None and tolerance.exceeded(b, v):
            drift.append(Drift(name, b, v, tolerance))
    drift.sort(key=lambda d: d.metric != PRIMARY)
    return Period(period.label, period.start, period.counts, period.partial, compared=True, drift=tuple(drift))


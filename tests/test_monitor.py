"""Monitoring over time: ``citadel monitor`` on a store of generated traces over five days with
a planted drop in groundedness (flagged, and nothing else), its options, its bound, its HTML
report in real headless Chromium, and ``GET /v1/metrics`` on a real server, where each key
counts only the traces it may see.

The traces are written through the store's own API (``Store.add_trace``) from real
``Trace``, ``AnswerReport`` and ``Answer`` objects, shaped as the pipeline writes them.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from playwright.sync_api import Browser, expect, sync_playwright

from citadel.answers import Answer, CitationOut, ClaimOut
from citadel.cli._state import CliState
from citadel.cli.monitor import monitor
from citadel.evaluate.monitor import TOLERANCES, Counts, Quantiles
from citadel.serve import create_app, metrics
from citadel.serve.auth import key_label
from citadel.store import SearchFilter, Store
from citadel.store.traces import row_to_trace, row_values
from citadel.trace import Trace
from citadel.verify import AnswerReport, Citation, CitationCheck, Claim, ClaimReport, Verdict, VerifyResult

from .serve_support import ARTIFACTS, CHROMIUM, CHROMIUM_ARGS, HR, KEYS, PUB, fast_engine, running
from .serve_support import ADMIN as ADMIN_KEY

DAYS = ["2026-03-01", "2026-03-02", "2026-03-03", "2026-03-04", "2026-03-05"]
DROP = "2026-03-04"  # the day the planted groundedness drop is on
USAGE = {"prompt_tokens": 120, "completion_tokens": 30}

# --- generated traces ------------------------------------------------------------------------


def claim(text: str, keep: bool, cites: list[tuple[bool, bool]]) -> ClaimReport:
    """A verified claim; ``cites``: (supports_alone, relevant) per citation."""
    citations = tuple(Citation(source_id=f"S{i}", quote=text) for i in range(1, len(cites) + 1))
    verdict = Verdict.SUPPORTED if keep else Verdict.UNSUPPORTED
    checks = tuple(CitationCheck(source_id=f"S{i}", exists=True, quote_found=True, supports_alone=alone, relevant=rel)
                   for i, (alone, rel) in enumerate(cites, 1))  # fmt: skip
    result = VerifyResult(verdict=verdict, score=0.9 if keep else 0.1, reason=f"{verdict.value} by the source")
    return ClaimReport(claim=Claim(text=text, citations=citations), result=result, citations=checks, keep=keep)


def make_trace(
    at: datetime, n: int, *, rounds: list[list[ClaimReport]] | None = None, reason: str | None = None,
    latency: float = 1000.0, usage: list[dict[str, Any]] | None = None, backend: str = "extractive",
    caller: str = "cli", doc: tuple[str, list[str]] = ("refunds.md", []),
) -> Trace:  # fmt: skip
    """One request as the pipeline logs it: no rounds is an early abstention (no_evidence)."""
    rounds = rounds or []
    doc_id, groups = doc
    trace = Trace(f"{at:%Y%m%dT%H%M%S}-{n:012x}", at.isoformat(), f"question {n}", [], backend, caller)
    trace.record_retrieval([{"doc_id": doc_id, "version": 1, "chunk_id": f"{doc_id}#0", "score": 0.5}], [],
                           {doc_id: [groups]})  # fmt: skip
    if rounds:
        trace.evidence = [{"source_id": "S1", "chunk_id": f"{doc_id}#0", "doc_id": doc_id, "version": 1, "start": 0,
                           "end": 40, "score": 0.9, "text": "Approved refunds are processed in five days."}]  # fmt: skip
    trace.prompts = [{"system": "answer from the sources", "user": f"question {n}"} for _ in rounds]
    trace.raw_outputs = ["{}" for _ in rounds]
    trace.usage = usage if usage is not None else [dict(USAGE) for _ in rounds]
    trace.validation = [None for _ in rounds]
    trace.verification = [AnswerReport(claims=tuple(r), citation_precision=0.0, citation_recall=0.0).to_json()
                          for r in rounds]  # fmt: skip
    shown: dict[str, ClaimReport] = {}
    for r in rounds:
        for c in r:
            if c.keep:
                shown.setdefault(c.claim.text, c)
    abstained = reason is not None or not shown
    answer = Answer(
        question=trace.question, abstained=abstained,
        abstention_reason=(reason or ("unsupported" if rounds else "no_evidence")) if abstained else None,
        answer="I could not find this." if abstained else " ".join(shown),
        claims=[] if abstained else [
            ClaimOut(text=t, verdict="supported", citations=[CitationOut(source_id="S1", quote=t, start=0, end=40)])
            for t in shown
        ],
        sources={}, trace_id=trace.trace_id,
    )  # fmt: skip
    trace.answer = answer.to_json()
    trace.timings = {"retrieve": 12.5, "total": latency}
    return trace


def day_traces(day: str, drop: bool) -> list[Trace]:
    """Twelve questions, one every 15 minutes from 08:00 UTC: two early abstentions, one
    abstention after every claim was dropped, nine answers of two draft claims (one of them
    regenerated). On the drop day every answer's second claim is dropped."""
    start = datetime.fromisoformat(day).replace(hour=8, tzinfo=UTC)
    base = int(start.timestamp())
    at = [start + timedelta(minutes=15 * i) for i in range(12)]
    out = [make_trace(at[0], base, latency=50.0), make_trace(at[1], base + 1, latency=50.0)]
    out.append(make_trace(at[2], base + 2, latency=900.0, usage=[{"prompt_tokens": 100, "completion_tokens": 10}],
                          rounds=[[claim("Refunds take ninety days.", False, [(False, False)]),
                                   claim("Refunds are in cash.", False, [(False, False)])]]))  # fmt: skip
    for a in range(9):
        second = [(True, True), (False, False)] if a == 0 else [(False, True), (False, True)] if a == 1 else [(True, True)]
        first = claim(f"Claim one of answer {a}.", True, [(True, True)])
        two = claim(f"Claim two of answer {a}.", not drop, [(False, False)] if drop else second)
        rounds = [[first, two]]
        usage = [{"input_tokens": 100, "cache_read_input_tokens": 20, "output_tokens": 30}] if a == 0 else None
        if a == 8:  # regenerated: the second draft repeats the kept claim (shown once) and adds another
            rounds = [[first, claim(f"Claim two of answer {a}.", False, [(False, False)])],
                      [first, claim(f"Claim three of answer {a}.", not drop, [(True, True)] if not drop else [(False, False)])]]  # fmt: skip
        out.append(make_trace(at[3 + a], base + 3 + a, rounds=rounds, latency=1000.0 + 10 * a, usage=usage))
    return out


def other_backend_traces() -> list[Trace]:
    """Two answers of another backend on the second day, within every tolerance."""
    at = datetime.fromisoformat(DAYS[1]).replace(hour=12, tzinfo=UTC)
    return [make_trace(at + timedelta(minutes=30 * i), 900 + i, backend="openai", latency=1000.0,
                       rounds=[[claim(f"Openai claim {i}.", True, [(True, True)])]]) for i in range(2)]  # fmt: skip


@pytest.fixture
def log(store: Store) -> Store:
    for day in DAYS:
        for trace in day_traces(day, drop=day == DROP):
            store.add_trace(trace)
    for trace in other_backend_traces():
        store.add_trace(trace)
    return store


def run(tmp_path: Path, *args: str) -> Result:
    state = CliState(str(tmp_path / "store"))
    try:
        return CliRunner().invoke(monitor, list(args), obj=state)
    finally:
        state.close()


def run_json(tmp_path: Path, *args: str) -> dict[str, Any]:
    result = run(tmp_path, "--json", *args)
    assert result.exit_code == 0, result.output
    data: dict[str, Any] = json.loads(result.stdout)
    return data


# --- citadel monitor ------------------------------------------------------------------------

NORMAL = {
    "questions": 12, "answers": 9, "abstentions": {"no_evidence": 2, "unsupported": 1, "invalid_output": 0},
    "abstention_rate": 3 / 12, "groundedness": 19 / 22, "citation_precision": 19 / 20, "citation_recall": 17 / 18,
    "model_calls_per_answer": 11 / 9, "tokens_per_answer": 1610 / 9,
}  # fmt: skip
DROPPED = {**NORMAL, "groundedness": 10 / 22, "citation_precision": 9 / 9, "citation_recall": 9 / 9}


def test_metrics_per_day_and_only_the_planted_drop_is_flagged(log: Store, tmp_path: Path) -> None:
    data = run_json(tmp_path, "--backend", "extractive")
    assert [p["period"] for p in data["periods"]] == DAYS
    assert data["baseline"] == DAYS[0] and data["traces"] == 60 and not data["truncated"]
    for p in data["periods"]:
        expected = DROPPED if p["period"] == DROP else NORMAL
        for name, value in expected.items():
            assert p[name] == pytest.approx(value), (p["period"], name)
        assert p["latency_p50_ms"] == 1020.0  # nearest rank 6 of 12 (exact: few values)
        assert p["latency_p95_ms"] == 1080.0  # nearest rank 12 of 12
        assert p["counts"]["model_calls"] == 11 and p["counts"]["input_tokens"] == 9 * 120 + 120 + 100
        assert p["compared"] is (p["period"] != DAYS[0]) and not p["partial"]
    assert data["flagged"] == [DROP]
    (drop,) = [p for p in data["periods"] if p["period"] == DROP]
    assert drop["drift"] == [{"metric": "groundedness", "baseline": pytest.approx(19 / 22),
                              "value": pytest.approx(10 / 22), "direction": "down",
                              "tolerance": {"kind": "absolute", "amount": 0.1}}]  # fmt: skip
    assert all(p["drift"] == [] for p in data["periods"] if p["period"] != DROP)
    assert data["tolerances"]["latency_p95_ms"] == {"kind": "ratio", "amount": 1.5}
    assert data["primary"] == "groundedness"


def test_every_backend_by_default_and_the_human_output(log: Store, tmp_path: Path) -> None:
    data = run_json(tmp_path)
    second = data["periods"][1]
    assert second["questions"] == 14 and second["answers"] == 11
    assert second["groundedness"] == pytest.approx(21 / 24)
    assert data["flagged"] == [DROP]

    result = run(tmp_path)
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert re.match(r"PERIOD +QUESTIONS +ANSWERS +NO_EVIDENCE +UNSUPPORTED +INVALID_OUTPUT +GROUNDED", lines[0])
    rows = {line.split()[0]: line for line in lines[1:6]}
    assert rows[DROP].endswith("DRIFT") and rows[DAYS[0]].endswith("baseline")
    assert rows[DROP].split()[6] == "0.455" and rows[DAYS[2]].split()[6] == "0.864"
    drift = [line for line in lines if line.startswith("drift in")]
    assert drift == [f"drift in {DROP}: groundedness 0.455 (baseline 0.864, -0.409; tolerance \u00b10.1)"]
    assert "no drift beyond the tolerances" not in result.stdout

    none = run(tmp_path, "--backend", "llamacpp")
    assert none.exit_code == 0 and none.stdout.startswith("No traces of backend llamacpp")


def test_tolerances_and_the_baseline_can_be_chosen(log: Store, tmp_path: Path) -> None:
    loose = run_json(tmp_path, "--backend", "extractive", "--tolerance", "groundedness=0.5")
    assert loose["flagged"] == [] and loose["tolerances"]["groundedness"]["amount"] == 0.5
    assert "no drift beyond the tolerances" in run(tmp_path, "--tolerance", "groundedness=0.5").stdout

    against_drop = run_json(tmp_path, "--backend", "extractive", "--baseline", DROP)
    assert against_drop["baseline"] == DROP
    assert against_drop["flagged"] == [d for d in DAYS if d != DROP]
    assert {d["metric"] for p in against_drop["periods"] for d in p["drift"]} == {"groundedness"}

    tight = run_json(tmp_path, "--backend", "extractive", "--tolerance", "citation_precision=0.01")
    assert tight["flagged"] == [DROP]
    (drop,) = [p for p in tight["periods"] if p["period"] == DROP]
    assert [d["metric"] for d in drop["drift"]] == ["groundedness", "citation_precision"]  # the primary first

    missing = run(tmp_path, "--baseline", "2026-02-01")
    assert missing.exit_code == 2 and "no period '2026-02-01'" in missing.output and "2026-03-01" in missing.output
    for bad in ["nope=1", "groundedness", "latency_p95_ms=0.5", "groundedness=x"]:
        result = run(tmp_path, "--tolerance", bad)
        assert result.exit_code == 2 and "--tolerance" in result.output, bad


def test_by_hour_and_since(log: Store, tmp_path: Path) -> None:
    hourly = run_json(tmp_path, "--by", "hour", "--since", "2026-03-04", "--min-questions", "4", "--backend", "extractive")
    labels = [p["period"] for p in hourly["periods"]]
    assert labels == [f"{d}T{h:02d}" for d in DAYS[3:] for h in (8, 9, 10)]
    assert [p["questions"] for p in hourly["periods"]] == [4] * 6
    assert hourly["baseline"] == "2026-03-04T08" and hourly["periods"][0]["abstentions"]["no_evidence"] == 2

    cut = run_json(tmp_path, "--since", "2026-03-02T09:00:00", "--backend", "extractive")
    first = cut["periods"][0]
    assert first["period"] == DAYS[1] and first["partial"] and first["questions"] == 8
    assert cut["baseline"] == DAYS[2]  # a partial day is no baseline
    assert cut["since"] == "2026-03-02T09:00:00+00:00" and cut["flagged"] == [DROP]


def test_the_read_is_bounded_and_says_what_it_left_out(log: Store, tmp_path: Path) -> None:
    data = run_json(tmp_path, "--max-traces", "30")
    assert data["traces"] == 30 and data["truncated"] and data["max_traces"] == 30
    assert data["complete_from"] == "2026-03-03T09:30:00+00:00"  # the 30th newest: day 3's 7th question
    assert [(p["period"], p["partial"], p["questions"]) for p in data["periods"]] == [
        ("2026-03-03", True, 6), ("2026-03-04", False, 12), ("2026-03-05", False, 12)]  # fmt: skip
    assert data["baseline"] == DROP and data["flagged"] == ["2026-03-05"]
    text = run(tmp_path, "--max-traces", "30").stdout
    assert "read the newest 30 traces (--max-traces); older ones left out: complete from 2026-03-03T09:30:00+00:00" in text
    assert "2026-03-03" in text and "(partial)" in text


def test_an_empty_log(store: Store, tmp_path: Path) -> None:
    data = run_json(tmp_path)
    assert data["periods"] == [] and data["baseline"] is None and data["flagged"] == []
    assert run(tmp_path).stdout.startswith("No traces to monitor.")


def test_quantiles_are_exact_for_few_values_and_within_one_percent_for_many() -> None:
    rng = random.Random(7)
    for n, rel in [(Quantiles.EXACT, 0.0), (5000, 0.01)]:
        values = [rng.lognormvariate(6.5, 1.2) for _ in range(n - 10)] + [0.0] * 10
        sketch = Quantiles()
        for v in values:
            sketch.add(v)
        ordered = sorted(values)
        for q in (0.001, 0.01, 0.25, 0.5, 0.9, 0.95, 0.99, 1.0):
            exact = ordered[max(1, -(-int(q * 1000) * n // 1000)) - 1]
            assert sketch.quantile(q) == pytest.approx(exact, rel=rel, abs=0), (n, q)
        assert sketch.quantile(0.001) == 0.0
    assert Quantiles().quantile(0.5) is None
    empty = Counts().metrics()
    assert all(empty[k] is None for k in TOLERANCES)  # nothing to count is None, never 0


# --- the HTML report in Chromium ------------------------------------------------------------


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def test_the_report_opens_in_chromium_with_a_plot_per_metric_and_the_drop_marked(
    log: Store, tmp_path: Path, browser: Browser
) -> None:
    result = run(tmp_path, "--backend", "extractive", "--report", str(tmp_path / "report"))
    assert result.exit_code == 0 and f"report: {tmp_path / 'report' / 'index.html'}" in result.stderr
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto((tmp_path / "report" / "index.html").as_uri())
    for metric in ["questions", *TOLERANCES]:
        plot = page.locator(f'.plot[data-metric="{metric}"] svg')
        expect(plot).to_have_count(1)
        expect(plot).to_be_visible()
        box = plot.bounding_box()
        assert box is not None and box["width"] > 400 and box["height"] > 200, metric
    points = page.locator('.plot[data-metric="groundedness"] circle')
    expect(points).to_have_count(5)
    drift = page.locator('.plot[data-metric="groundedness"] circle.drift')
    expect(drift).to_have_count(1)
    expect(drift).to_have_attribute("data-period", DROP)
    expect(drift.locator("title")).to_contain_text("groundedness 0.455 (baseline 0.864")
    expect(page.locator('.plot[data-metric="groundedness"] rect.band')).to_have_count(1)
    # the drop is below the tolerance band, the other days within it
    band = page.locator('.plot[data-metric="groundedness"] rect.band').bounding_box()
    marked = drift.bounding_box()
    assert band is not None and marked is not None and marked["y"] > band["y"] + band["height"]
    for metric in TOLERANCES:
        if metric != "groundedness":
            expect(page.locator(f'.plot[data-metric="{metric}"] circle.drift')).to_have_count(0)
    expect(page.locator("tr.flagged")).to_have_count(1)
    expect(page.locator("tr.flagged")).to_have_attribute("data-period", DROP)
    expect(page.locator("#flagged")).to_have_text(DROP)
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "monitor-report.png"), full_page=True)
    page.close()


# --- GET /v1/metrics ------------------------------------------------------------------------

_SAMPLE = re.compile(r"^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$")
_LABEL = re.compile(r'([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"')

Samples = dict[tuple[str, tuple[tuple[str, str], ...]], float]


def parse_exposition(text: str) -> Samples:
    """A strict reader of the text format 0.0.4: every sample belongs to a family whose TYPE came
    first, labels are well formed, no sample twice, histograms cumulative and ending at +Inf."""
    assert text.endswith("\n")
    types: dict[str, str] = {}
    samples: Samples = {}
    for line in text[:-1].split("\n"):
        if line.startswith("# HELP "):
            continue
        if line.startswith("# TYPE "):
            _, _, name, kind = line.split(" ")
            assert kind in {"counter", "gauge", "histogram", "summary", "untyped"} and name not in types
            types[name] = kind
            continue
        match = _SAMPLE.match(line)
        assert match, line
        name, inner, number = match.groups()
        family = name if name in types else re.sub(r"_(bucket|sum|count)$", "", name)
        assert family in types and (family == name or types[family] == "histogram"), line
        labels: list[tuple[str, str]] = []
        rest = inner or ""
        while rest:
            label = _LABEL.match(rest)
            assert label, line
            labels.append((label.group(1), label.group(2)))
            rest = rest[label.end():]
            assert rest == "" or rest.startswith(","), line
            rest = rest[1:]
        key = (name, tuple(sorted(labels)))
        assert key not in samples, line
        samples[key] = float(number)
    for (name, labels), count in list(samples.items()):
        if name.endswith("_count") and types.get(name[:-6]) == "histogram":
            rest = tuple(lb for lb in labels)
            buckets = sorted(((float(dict(lb)["le"]), v) for (n, lb), v in samples.items()
                              if n == name[:-6] + "_bucket" and tuple(x for x in lb if x[0] != "le") == rest))  # fmt: skip
            assert buckets[-1] == (float("inf"), count)
            assert all(a[1] <= b[1] for a, b in zip(buckets, buckets[1:]))
    return samples


def value(samples: Samples, name: str, **labels: str) -> float:
    return samples.get((name, tuple(sorted(labels.items()))), 0.0)


def total(samples: Samples, name: str) -> float:
    return sum(v for (n, _), v in samples.items() if n == name)


def answered(at: datetime, n: int, caller: str, doc: tuple[str, list[str]] = ("refunds.md", []),
             backend: str = "extractive") -> Trace:  # fmt: skip
    return make_trace(at, n, caller=caller, doc=doc, backend=backend, latency=300.0,
                      rounds=[[claim(f"Claim {n}.", True, [(True, True)]), claim(f"Other {n}.", False, [(False, False)])]])  # fmt: skip


def with_metrics(app: Any) -> Any:
    if not any(getattr(r, "path", None) == "/v1/metrics" for r in app.routes):
        app.include_router(metrics.router)
    return app


def test_metrics_counts_only_the_traces_each_key_may_see(tmp_path: Path) -> None:
    engine = fast_engine(tmp_path)
    store, now = engine.store, datetime.now(UTC)
    pub, hr = key_label(PUB), key_label(HR)
    store.add_trace(answered(now, 1, pub))
    store.add_trace(answered(now, 2, hr, doc=("salaries.md", ["hr"])))
    store.add_trace(make_trace(now, 3, caller="admin", latency=40.0))  # an early abstention
    with running(with_metrics(create_app(engine, KEYS))) as client:
        assert client.get("/v1/metrics").status == 401
        r = client.with_key(PUB).get("/v1/metrics")
        assert r.status == 200 and r.headers["content-type"] == metrics.CONTENT_TYPE
        seen = parse_exposition(r.text)
        assert value(seen, "citadel_questions_total", backend="extractive") == 1  # its own question only
        assert value(seen, "citadel_draft_claims_total", backend="extractive") == 2
        assert value(seen, "citadel_kept_claims_total", backend="extractive") == 1
        assert value(seen, "citadel_tokens_total", backend="extractive", kind="input") == 120
        assert value(seen, "citadel_request_latency_seconds_bucket", backend="extractive", le="0.25") == 0
        assert value(seen, "citadel_request_latency_seconds_bucket", backend="extractive", le="0.5") == 1
        assert value(seen, "citadel_request_latency_seconds_sum", backend="extractive") == pytest.approx(0.3)
        day = now.replace(hour=0, minute=0, second=0, microsecond=0)
        assert value(seen, "citadel_audit_window_start_timestamp_seconds") == day.timestamp()
        assert value(seen, "citadel_audit_incomplete") == 0

        # the key's own question, over a document it may not read: nothing of it shows, not even its backend
        store.add_trace(answered(now, 4, pub, doc=("board.md", ["finance"]), backend="secret-backend"))
        assert client.with_key(PUB).get("/v1/metrics").text == r.text

        admin = parse_exposition(client.with_key(ADMIN_KEY).get("/v1/metrics").text)
        assert total(admin, "citadel_questions_total") == 3  # every caller, but not the finance trace
        assert value(admin, "citadel_abstentions_total", backend="extractive", reason="no_evidence") == 1
        assert "secret-backend" not in client.with_key(ADMIN_KEY).get("/v1/metrics").text
        hr_view = parse_exposition(client.with_key(HR).get("/v1/metrics").text)
        assert total(hr_view, "citadel_questions_total") == 1

        # counted as they are written, a late-written trace of an earlier start too, each once
        store.add_trace(answered(datetime.now(UTC), 5, pub))
        store.add_trace(answered(max(now - timedelta(seconds=60), day), 6, pub))
        for _ in range(2):
            later = parse_exposition(client.with_key(PUB).get("/v1/metrics").text)
            assert value(later, "citadel_questions_total", backend="extractive") == 3
            assert value(later, "citadel_request_latency_seconds_count", backend="extractive") == 3

    with running(with_metrics(create_app(engine))) as owner:  # no keys: the local owner sees every trace
        everything = parse_exposition(owner.get("/v1/metrics").text)
        assert total(everything, "citadel_questions_total") == 6
        assert value(everything, "citadel_questions_total", backend="secret-backend") == 1
    engine.close()


def test_metrics_reset_at_midnight_utc_and_flag_a_full_page(store: Store) -> None:
    clock = [datetime(2026, 3, 1, 23, 59, tzinfo=UTC)]
    counters = metrics.AuditCounters(page=3, clock=lambda: clock[0])
    for i in range(3):
        store.add_trace(answered(datetime(2026, 3, 1, 23, 50, i, tzinfo=UTC), 10 + i, "cli"))
    everyone = SearchFilter(unrestricted=True)
    first = counters.read(store, everyone, None)
    assert first.counts["extractive"].questions == 3 and first.incomplete  # a full page may have missed some
    clock[0] = datetime(2026, 3, 2, 0, 5, tzinfo=UTC)
    store.add_trace(answered(datetime(2026, 3, 2, 0, 1, tzinfo=UTC), 20, "cli"))
    second = counters.read(store, everyone, None)
    assert second.counts["extractive"].questions == 1 and not second.incomplete
    assert second.since == datetime(2026, 3, 2, tzinfo=UTC)
    text = metrics.render(second)
    assert parse_exposition(text)[("citadel_questions_total", (("backend", "extractive"),))] == 1


def test_failed_rounds_and_calls_are_counted_apart_from_the_claims() -> None:
    at = datetime(2026, 3, 1, 9, tzinfo=UTC)
    trace = make_trace(at, 1, reason="invalid_output", usage=[{}, {}])
    trace.verification = [{"error": "the verifier failed: boom", "claims": []}, {"model_abstained": True, "claims": []}]
    stored = Counts()
    stored.add(row_to_trace(row_values(trace.to_json())))  # the trace as a store returns it
    m = stored.metrics()
    assert (stored.verifier_errors, stored.model_calls, stored.draft_claims, stored.input_tokens) == (1, 2, 0, 0)
    assert m["groundedness"] is None and m["model_calls_per_answer"] is None and m["abstentions"]["invalid_output"] == 1

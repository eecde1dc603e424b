"""``citadel monitor``: the audit log's metrics per day or hour, drift from a baseline, a report.

The store owner's command: it reads every caller's traces (:data:`citadel.store.ADMIN`).
Metrics, tolerances and bounds are defined in :mod:`citadel.evaluate.monitor`.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import click

from citadel._errors import ValidationError
from citadel.cli._output import echo_json, progress, table
from citadel.cli._state import CliState
from citadel.cli.documents import pass_state
from citadel.evaluate.monitor import (
    DEFAULT_MAX_TRACES,
    REASONS,
    TOLERANCES,
    MonitorReport,
    MonitorSettings,
    Tolerance,
    check_tolerances,
    monitor as run_monitor,
    read_window,
)

_COLUMNS = (("groundedness", "grounded", "{:.3f}"), ("citation_precision", "cite_p", "{:.3f}"),
            ("citation_recall", "cite_r", "{:.3f}"), ("latency_p50_ms", "p50_ms", "{:.0f}"),
            ("latency_p95_ms", "p95_ms", "{:.0f}"), ("model_calls_per_answer", "calls/ans", "{:.2f}"),
            ("tokens_per_answer", "tokens/ans", "{:.0f}"))  # fmt: skip


def _tolerances(values: tuple[str, ...]) -> dict[str, Tolerance]:
    out = dict(TOLERANCES)
    for value in values:
        name, sep, amount = value.partition("=")
        name = name.strip()
        if not sep or name not in TOLERANCES:
            raise click.BadParameter(f"{value!r}: expected METRIC=AMOUNT with METRIC one of {', '.join(TOLERANCES)}",
                                     param_hint="'--tolerance'")  # fmt: skip
        try:
            out[name] = Tolerance(TOLERANCES[name].kind, float(amount))
        except ValueError:
            raise click.BadParameter(f"{value!r}: {amount!r} is not a number", param_hint="'--tolerance'") from None
    try:
        check_tolerances(out)
    except ValidationError as exc:
        raise click.BadParameter(str(exc), param_hint="'--tolerance'") from exc
    return out


@click.command()
@click.option("--since", type=click.DateTime(), help="Only traces at or after this time (UTC).")
@click.option("--by", type=click.Choice(["day", "hour"]), default="day", show_default=True, help="Period length (UTC).")
@click.option("--backend", metavar="NAME", help="Only traces of this backend (as traces record it: extractive, openai, ...).")
@click.option("--baseline", metavar="PERIOD",
              help="Compare with this period (2026-12-01, or 2026-12-01T14 by hour); default: the first "
                   "complete period with at least --min-questions questions.")  # fmt: skip
@click.option("--tolerance", "tolerance", multiple=True, metavar="METRIC=AMOUNT",
              help="Override a tolerance, e.g. groundedness=0.05 (absolute for rates) or latency_p95_ms=2 "
                   "(a factor for latency, calls and tokens); repeatable.")  # fmt: skip
@click.option("--min-questions", type=click.IntRange(min=1), default=10, show_default=True,
              help="Periods with fewer questions are shown but not compared.")  # fmt: skip
@click.option("--max-traces", type=click.IntRange(min=1), default=DEFAULT_MAX_TRACES, show_default=True,
              help="Read at most this many traces, newest first (held in memory together); older ones are left "
                   "out, and the output says from when the count is complete.")  # fmt: skip
@click.option("--report", "report_dir", type=click.Path(file_okay=False, path_type=Path),
              help="Write an HTML report with a plot over time per metric here.")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print the periods, metrics and drift as one JSON object.")
@pass_state
def monitor(
    state: CliState, since: datetime | None, by: str, backend: str | None, baseline: str | None,
    tolerance: tuple[str, ...], min_questions: int, max_traces: int, report_dir: Path | None, as_json: bool,
) -> int:  # fmt: skip
    """Metrics of the audit log over time, and the periods that drifted.

    Per day (or hour): questions, answers, abstentions by reason, groundedness (the share of
    draft claims the verifier kept), citation precision (shown citations the verifier judged
    relevant) and recall (shown claims one citation supports on its own), answer latency
    p50/p95, model calls and tokens per answer. A period is flagged when a metric moves beyond
    its tolerance from the baseline: rates by more than 0.10, latency, calls and tokens by more
    than a factor of 1.5 either way (see --tolerance). Reads every caller's traces: this is the
    store owner's view; a server's callers see theirs at GET /v1/metrics.
    """
    settings = MonitorSettings(
        by="hour" if by == "hour" else "day", backend=backend, baseline=baseline,
        tolerances=_tolerances(tolerance), min_questions=min_questions,
    )  # fmt: skip
    start = None if since is None else since.replace(tzinfo=UTC).isoformat()  # the traces' own format
    with progress("Monitoring") as (on_start, on_step):
        window = read_window(state.store, since=start, max_traces=max_traces)
        on_start(len(window.traces))
        try:
            report = run_monitor(window, settings, on_step=on_step)
        except ValidationError as exc:
            raise click.BadParameter(str(exc), param_hint="'--baseline'") from exc
    if report_dir is not None:
        from citadel.evaluate.monitor_report import write_report

        path = write_report(report_dir, report, title=f"citadel monitor: {state.store_dir}")
        click.echo(f"report: {path}", err=True)
    if as_json:
        echo_json(report.to_json())
    else:
        click.echo(render(report))
    return 0


def render(report: MonitorReport) -> str:
    """The human output: one row per period, then the baseline and every drift."""
    if not report.periods:
        scope = f" of backend {report.settings.backend}" if report.settings.backend else ""
        return f"No traces{scope} to monitor. Every `citadel ask` and every /v1/ask request is logged."
    reasons = list(dict.fromkeys([*REASONS, *(r for p in report.periods for r in p.counts.abstentions)]))
    rows: list[list[Any]] = []
    for p in report.periods:
        m = p.counts.metrics()
        mark = "DRIFT" if p.flagged else "baseline" if p.label == report.baseline else ""
        mark += " (partial)" if p.partial else ""
        rows.append([p.label, p.counts.questions, p.counts.answers, *(p.counts.abstentions.get(r, 0) for r in reasons),
                     *("-" if m[k] is None else f.format(m[k]) for k, _, f in _COLUMNS), mark.strip()])  # fmt: skip
    out = [table(["period", "questions", "answers", *reasons, *(h for _, h, _ in _COLUMNS), "flag"], rows, max_width=20)]
    w = report.window
    if w.truncated:
        out.append(f"read the newest {w.max_traces} traces (--max-traces); older ones left out: complete from "
                   f"{w.complete_from}")  # fmt: skip
    s = report.settings
    if report.baseline is None:
        out.append(f"no baseline: no complete period has {s.min_questions} questions (see --min-questions)")
    else:
        out.append(f"baseline: {report.baseline}; periods with at least {s.min_questions} questions compared")
    for p in report.periods:
        for d in p.drift:
            out.append(f"drift in {p.label}: {d.describe()}")
    if report.baseline is not None and not report.flagged:
        out.append("no drift beyond the tolerances")
    return "\n".join(out)


commands = [monitor]

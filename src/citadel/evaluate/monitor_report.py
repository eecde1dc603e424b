"""The HTML report of ``citadel monitor``: one plot over time per metric, with the baseline's
tolerance band shaded and every flagged period marked in red, then the table of periods.

Each plot is ``<div class="plot" data-metric="NAME">`` around an SVG (:mod:`citadel.evaluate.svg`'s
frame); a flagged point is a ``circle.drift`` with ``data-period`` and a tooltip saying what moved.
The page is one self-contained file: no script, no network.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from pathlib import Path

from citadel.evaluate import svg
from citadel.evaluate.monitor import REASONS, MonitorReport, Period, Tolerance

#: the plotted metrics: title and unit ("rate" plots on 0..1)
PLOTS: dict[str, tuple[str, str]] = {
    "groundedness": ("Groundedness: draft claims kept by the verifier", "rate"),
    "citation_precision": ("Citation precision: shown citations judged relevant", "rate"),
    "citation_recall": ("Citation recall: shown claims a single citation supports", "rate"),
    "abstention_rate": ("Abstention rate", "rate"),
    "latency_p50_ms": ("Answer latency, median", "ms"),
    "latency_p95_ms": ("Answer latency, 95th percentile", "ms"),
    "model_calls_per_answer": ("Model calls per answer", "calls"),
    "tokens_per_answer": ("Tokens per answer", "tokens"),
}

CSS = """body{font-family:system-ui,sans-serif;max-width:1180px;margin:2rem auto;padding:0 1rem;color:#111}
table{border-collapse:collapse;width:100%;font-size:13px}td,th{border-bottom:1px solid #ddd;padding:5px;text-align:right}
td:first-child,th:first-child,td.drift{text-align:left}td:first-child{white-space:nowrap}.grid{display:flex;flex-wrap:wrap;gap:1rem}
tr.flagged{background:#fee2e2}.drift{color:#b91c1c}figure{margin:0}"""

_RED = "#dc2626"


def write_report(folder: Path, report: MonitorReport, title: str = "citadel monitor") -> Path:
    """Write ``index.html`` into ``folder`` (made if missing) and return its path."""
    folder.mkdir(parents=True, exist_ok=True)
    plots = [_volume(report.periods)] + [_plot(report, m) for m in PLOTS] if report.periods else []
    s = report.settings
    tolerances = ", ".join(f"{escape(k)} {escape(t.describe())}" for k, t in s.tolerances.items())
    flagged = ", ".join(escape(p) for p in report.flagged) or "none"
    window = ""
    if report.window.truncated:
        window = (f" Only the newest {report.window.max_traces} traces were read: complete from "
                  f"{escape(str(report.window.complete_from))}.")  # fmt: skip
    html = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>{CSS}</style></head><body>
<h1>{escape(title)}</h1>
<p>{report.traces} traces{f" of backend {escape(s.backend)}" if s.backend else ""}, by {s.by} (UTC),
{len(report.periods)} periods{f" since {escape(report.window.since)}" if report.window.since else ""}.{window}
Baseline: {escape(report.baseline or "none (no complete period with enough questions)")}; periods with at least
{s.min_questions} questions are compared. Tolerances: {tolerances}.</p>
<p>Flagged periods: <strong class="drift" id="flagged">{flagged}</strong></p>
<div class="grid">{"".join(plots)}</div>
<h2>Periods</h2>{_table(report)}</body></html>"""
    path = folder / "index.html"
    path.write_text(html, encoding="utf-8")
    return path


def _xs(periods: Sequence[Period]) -> tuple[list[float], float, float]:
    xs = [p.start.timestamp() for p in periods]
    return xs, min(xs), max(xs)


def _x_ticks(periods: Sequence[Period], lo: float, hi: float) -> str:
    step = max(1, -(-len(periods) // 6))
    shown = periods[::step]
    out = []
    for p in shown:
        x = svg._x(p.start.timestamp(), lo, hi)
        anchor = "end" if x > svg.W - 60 else "start" if x < svg.PAD + 30 else "middle"  # labels stay inside
        out.append(f'<text x="{x:.1f}" y="{svg.H - svg.PAD + 14}" font-size="10" text-anchor="{anchor}">'
                   f"{escape(p.label)}</text>")
    return "".join(out)


def _y_ticks(top: float, unit: str) -> str:
    fmt = "{:.1f}" if unit == "rate" or top < 10 else "{:.0f}"
    return "".join(
        f'<text x="{svg.PAD - 4}" y="{svg._y(top * i / 5, top) + 3:.1f}" font-size="10" text-anchor="end">'
        f"{fmt.format(top * i / 5)}</text>"
        for i in range(6)
    )


def _band(value: float, tolerance: Tolerance, top: float) -> tuple[float, float]:
    if tolerance.kind == "absolute":
        lo, hi = value - tolerance.amount, value + tolerance.amount
    else:
        lo, hi = value / tolerance.amount, value * tolerance.amount
    return max(0.0, lo), min(top, hi)


def _plot(report: MonitorReport, metric: str) -> str:
    title, unit = PLOTS[metric]
    periods = report.periods
    xs, lo, hi = _xs(periods)
    values = [p.counts.metrics()[metric] for p in periods]
    base = next((p for p in periods if p.label == report.baseline), None)
    base_value = None if base is None else base.counts.metrics()[metric]
    tolerance = report.settings.tolerances.get(metric)
    known = [v for v in values if v is not None]
    if unit == "rate":
        top = 1.0
    else:
        reach = [*known, *([base_value * tolerance.amount] if base_value is not None and tolerance is not None
                           and tolerance.kind == "ratio" else [])]  # fmt: skip
        top = max(reach, default=0.0) * 1.15 or 1.0
    body = []
    if base_value is not None and tolerance is not None:
        b_lo, b_hi = _band(base_value, tolerance, top)
        y_hi, y_lo = svg._y(b_hi, top), svg._y(b_lo, top)
        body.append(f'<rect class="band" x="{svg.PAD}" y="{y_hi:.1f}" width="{svg.W - 10 - svg.PAD}" '
                    f'height="{max(0.0, y_lo - y_hi):.1f}" fill="{svg.COLORS[0]}" opacity="0.12"><title>baseline '
                    f'{escape(str(report.baseline))}: {base_value:.3f} {escape(tolerance.describe())}</title></rect>'
                    f'<line class="baseline-line" x1="{svg.PAD}" x2="{svg.W - 10}" y1="{svg._y(base_value, top):.1f}" '
                    f'y2="{svg._y(base_value, top):.1f}" stroke="{svg.COLORS[0]}" stroke-dasharray="3"/>')  # fmt: skip
    points = [(svg._x(x, lo, hi), svg._y(v, top), p, v) for x, p, v in zip(xs, periods, values) if v is not None]
    if len(points) > 1:
        line = " ".join(f"{x:.1f},{y:.1f}" for x, y, _, _ in points)
        body.append(f'<polyline points="{line}" fill="none" stroke="{svg.COLORS[0]}" stroke-width="2"/>')
    for x, y, p, v in points:
        drift = [d for d in p.drift if d.metric == metric]
        tip = escape(f"{p.label}: {v:.3f}" + (f"; drift: {drift[0].describe()}" if drift else ""))
        if drift:
            body.append(f'<line class="drift-line" x1="{x:.1f}" x2="{x:.1f}" y1="30" y2="{svg.H - svg.PAD}" '
                        f'stroke="{_RED}" stroke-dasharray="4"/><circle class="drift" data-period="{escape(p.label)}" '
                        f'cx="{x:.1f}" cy="{y:.1f}" r="6" fill="{_RED}"><title>{tip}</title></circle>')  # fmt: skip
        else:
            kind = "point baseline" if p.label == report.baseline else "point"
            body.append(f'<circle class="{kind}" data-period="{escape(p.label)}" cx="{x:.1f}" cy="{y:.1f}" r="3.5" '
                        f'fill="{svg.COLORS[0]}"><title>{tip}</title></circle>')  # fmt: skip
    body.append(_x_ticks(periods, lo, hi) + _y_ticks(top, unit))
    frame = svg._frame(title, "".join(body), (), "period (UTC)", unit)
    return f'<div class="plot" data-metric="{metric}">{frame}</div>'


def _volume(periods: Sequence[Period]) -> str:
    """Questions, answers and abstentions per period."""
    xs, lo, hi = _xs(periods)
    series = {
        "questions": [p.counts.questions for p in periods],
        "answers": [p.counts.answers for p in periods],
        "abstentions": [sum(p.counts.abstentions.values()) for p in periods],
    }
    top = max(max(series["questions"]) * 1.15, 1.0)
    body = []
    for i, ys in enumerate(series.values()):
        pts = [(svg._x(x, lo, hi), svg._y(y, top)) for x, y in zip(xs, ys)]
        body.append(f'<polyline points="{" ".join(f"{a:.1f},{b:.1f}" for a, b in pts)}" fill="none" '
                    f'stroke="{svg.COLORS[i]}" stroke-width="2"/>'
                    + "".join(f'<circle cx="{a:.1f}" cy="{b:.1f}" r="2.5" fill="{svg.COLORS[i]}"/>' for a, b in pts))  # fmt: skip
    body.append(_x_ticks(periods, lo, hi) + _y_ticks(top, "questions"))
    frame = svg._frame("Questions, answers and abstentions", "".join(body), list(series), "period (UTC)", "questions")
    return f'<div class="plot" data-metric="questions">{frame}</div>'


def _cell(value: float | None, unit: str) -> str:
    if value is None:
        return "&ndash;"
    return f"{value:.3f}" if unit == "rate" else f"{value:.0f}" if unit == "ms" else f"{value:.1f}"


def _table(report: MonitorReport) -> str:
    reasons = list(dict.fromkeys([*REASONS, *(r for p in report.periods for r in p.counts.abstentions)]))
    head = ["period", "questions", "answers", *reasons, *PLOTS, "drift"]
    rows = []
    for p in report.periods:
        m = p.counts.metrics()
        note = "; ".join(d.describe() for d in p.drift) or ("baseline" if p.label == report.baseline else "")
        note += " (partial)" if p.partial else ""
        cells = [escape(p.label), str(p.counts.questions), str(p.counts.answers),
                 *(str(p.counts.abstentions.get(r, 0)) for r in reasons),
                 *(_cell(m[k], unit) for k, (_, unit) in PLOTS.items())]  # fmt: skip
        flag = ' class="flagged"' if p.flagged else ""
        rows.append(f'<tr data-period="{escape(p.label)}"{flag}>'
                    + "".join(f"<td>{c}</td>" for c in cells) + f'<td class="drift">{escape(note)}</td></tr>')  # fmt: skip
    header = "".join(f"<th>{escape(h.replace('_', ' '))}</th>" for h in head)
    return f"<table><thead><tr>{header}</tr></thead><tbody>{''.join(rows)}</tbody></table>"

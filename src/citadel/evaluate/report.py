"""The HTML report of ``citadel eval``: plots first, then the worst examples with their quotes."""

from __future__ import annotations

from html import escape
from pathlib import Path
from typing import Any

from citadel.evaluate import svg
from citadel.evaluate.runner import QuestionRecord
from citadel.evaluate.scoring import STAGES, Calibration, diagnose, outcome

CSS = """body{font-family:system-ui,sans-serif;max-width:1180px;margin:2rem auto;padding:0 1rem;color:#111}
table{border-collapse:collapse;width:100%;font-size:14px}td,th{border-bottom:1px solid #ddd;padding:6px;vertical-align:top;text-align:left}
.grid{display:flex;flex-wrap:wrap;gap:1rem}.metric{font-variant-numeric:tabular-nums}blockquote{margin:.2rem 0;padding-left:.6rem;border-left:3px solid #2563eb;color:#333}
.stage{font-size:12px;padding:2px 6px;border-radius:4px;background:#eee}"""


def write_report(
    folder: Path,
    title: str,
    metrics: dict[str, Any],
    records: list[QuestionRecord],
    calibration: Calibration | None = None,
    threshold: float | None = None,
    curve_source: str = "",
) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    answerable = [r.top_score for r in records if r.item.answerable]
    unanswerable = [r.top_score for r in records if not r.item.answerable]
    plots = [
        svg.histogram(
            "Best evidence relevance: answerable vs unanswerable questions",
            {"answerable": answerable, "unanswerable": unanswerable},
            x_label="top evidence relevance",
        ),
        svg.bars("Outcome per question by pipeline stage", {s: int(metrics["stages"].get(s, 0)) for s in STAGES}),
    ]
    if calibration is not None and calibration.curve:
        xs = [row["threshold"] for row in calibration.curve]
        keys = ("balanced_accuracy", "answer_correctness", "answer_rate_answerable", "abstain_rate_unanswerable")
        plots.insert(1, svg.lines(
            "Threshold curve (best sentence threshold at each evidence threshold"
            + (f", {curve_source})" if curve_source else ")"),
            xs,
            {k: [row[k] for row in calibration.curve] for k in keys if all(k in row for row in calibration.curve)},
            x_label="evidence relevance threshold",
            marker=threshold,
            marker_label="" if threshold is None else f"in force: {threshold:.3f}",
        ))  # fmt: skip
    rows = "".join(
        f'<tr><th scope="row">{escape(k)}</th><td class="metric">{v:.3f}</td></tr>'
        for k, v in metrics.items()
        if isinstance(v, float)
    )
    failures = [r for r in records if diagnose(r) not in ("correct_answer", "correct_abstention")]
    failures.sort(key=lambda r: (diagnose(r), -r.top_score))
    html = f"""<!doctype html><html lang="en"><head><meta charset="utf-8"><title>{escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1"><style>{CSS}</style></head><body>
<h1>{escape(title)}</h1>
<p>{metrics["questions"]} questions: {metrics["answered"]} answered, {metrics["abstained"]} abstained.
Threshold in force: {"n/a" if threshold is None else f"{threshold:.3f}"}.
Answer correctness: {metrics.get("answer_correctness", 0.0):.3f} ({metrics.get("answered_correctly", 0)} answerable questions
answered with a gold answer, a gold document cited and every quote at its offsets);
{metrics.get("answered_without_answer_count", 0)} answered without the answer.</p>
<div class="grid">{"".join(plots)}</div>
<h2>Metrics</h2><table>{rows}</table>
<h2>Failures ({len(failures)})</h2>
<table><thead><tr><th>stage</th><th>question</th><th>answer and quotes</th><th>gold</th><th>trace</th></tr></thead><tbody>
{"".join(_failure_row(r) for r in failures[:60])}</tbody></table></body></html>"""
    path = folder / "index.html"
    path.write_text(html, encoding="utf-8")
    return path


def _failure_row(r: QuestionRecord) -> str:
    quotes = "".join(
        f"<blockquote>{escape(c['quote'])} <small>({escape(r.answer['sources'][c['source_id']]['doc_id'])})</small></blockquote>"
        for cl in r.answer["claims"]
        for c in cl["citations"]
    )
    answer = escape(r.answer["answer"])
    gold = "<br>".join(escape(a) for a in r.item.gold_answers[:3]) or "<em>unanswerable</em>"
    return (
        f'<tr><td><span class="stage">{escape(diagnose(r).replace("_", " "))}</span><br><small>'
        f'{escape(outcome(r).replace("_", " "))}, relevance {r.top_score:.2f}</small></td><td>{escape(r.item.question)}</td>'
        f"<td>{answer}{quotes}</td><td>{gold}</td><td><code>{escape(r.trace_id)}</code></td></tr>"
    )

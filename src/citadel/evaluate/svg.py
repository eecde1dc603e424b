"""Tiny dependency-free SVG charts for the HTML reports: histograms, lines, bars."""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

W, H, PAD = 560, 300, 44
COLORS = ("#2563eb", "#dc2626", "#16a34a", "#9333ea")


def _frame(title: str, body: str, legend: Sequence[str] = (), x_label: str = "", y_label: str = "") -> str:
    items = "".join(
        f'<rect x="{PAD + 175 * i}" y="8" width="12" height="12" fill="{COLORS[i % 4]}"/>'
        f'<text x="{PAD + 175 * i + 16}" y="19" font-size="11">{escape(name)}</text>'
        for i, name in enumerate(legend)
    )
    axes = (
        f'<line x1="{PAD}" y1="{H - PAD}" x2="{W - 10}" y2="{H - PAD}" stroke="#444"/>'
        f'<line x1="{PAD}" y1="30" x2="{PAD}" y2="{H - PAD}" stroke="#444"/>'
        f'<text x="{W / 2}" y="{H - 8}" font-size="12" text-anchor="middle">{escape(x_label)}</text>'
        f'<text x="12" y="{H / 2}" font-size="12" text-anchor="middle" transform="rotate(-90 12 {H / 2})">'
        f"{escape(y_label)}</text>"
    )
    return (
        f'<figure><svg role="img" aria-label="{escape(title)}" viewBox="0 0 {W} {H}" width="{W}" height="{H}" '
        f'xmlns="http://www.w3.org/2000/svg" font-family="sans-serif">{items}{axes}{body}</svg>'
        f"<figcaption>{escape(title)}</figcaption></figure>"
    )


def _x(v: float, lo: float, hi: float) -> float:
    return PAD + (v - lo) / ((hi - lo) or 1) * (W - 10 - PAD)


def _y(v: float, top: float) -> float:
    return H - PAD - v / (top or 1) * (H - PAD - 30)


def _ticks(lo: float, hi: float, top: float, y_fmt: str = "{:.0f}") -> str:
    out = []
    for i in range(6):
        xv = lo + (hi - lo) * i / 5
        out.append(f'<text x="{_x(xv, lo, hi)}" y="{H - PAD + 14}" font-size="10" text-anchor="middle">{xv:.2f}</text>')
        yv = top * i / 5
        out.append(f'<text x="{PAD - 4}" y="{_y(yv, top) + 3}" font-size="10" text-anchor="end">{y_fmt.format(yv)}</text>')
    return "".join(out)


def histogram(title: str, series: dict[str, Sequence[float]], bins: int = 20, lo: float = 0.0, hi: float = 1.0, x_label: str = "") -> str:
    counts = {}
    for name, values in series.items():
        c = [0] * bins
        for v in values:
            c[min(bins - 1, max(0, int((v - lo) / ((hi - lo) or 1) * bins)))] += 1
        counts[name] = c
    top = max([max(c) for c in counts.values()] + [1])
    body, width = [], (W - 10 - PAD) / bins
    for s, (name, c) in enumerate(counts.items()):
        for b, n in enumerate(c):
            if n:
                x = PAD + b * width + s * width / len(counts)
                body.append(
                    f'<rect x="{x:.1f}" y="{_y(n, top):.1f}" width="{width / len(counts) - 1:.1f}" '
                    f'height="{H - PAD - _y(n, top):.1f}" fill="{COLORS[s % 4]}" opacity="0.8"><title>{escape(name)}: {n}</title></rect>'
                )
    return _frame(title, "".join(body) + _ticks(lo, hi, top), list(series), x_label, "questions")


def lines(title: str, x: Sequence[float], series: dict[str, Sequence[float]], x_label: str = "", marker: float | None = None,
          marker_label: str = "") -> str:  # fmt: skip
    lo, hi = (min(x), max(x)) if x else (0.0, 1.0)
    body = []
    for s, ys in enumerate(series.values()):
        pts = " ".join(f"{_x(a, lo, hi):.1f},{_y(b, 1.0):.1f}" for a, b in zip(x, ys, strict=True))
        body.append(f'<polyline points="{pts}" fill="none" stroke="{COLORS[s % 4]}" stroke-width="2"/>')
    if marker is not None:
        mx = _x(marker, lo, hi)
        body.append(f'<line class="marker" x1="{mx:.1f}" y1="30" x2="{mx:.1f}" y2="{H - PAD}" stroke="#111" stroke-dasharray="4">'
                    f"<title>{escape(marker_label or f'{marker:.3f}')}</title></line>")
        if marker_label:
            body.append(f'<text x="{mx + 4:.1f}" y="40" font-size="11">{escape(marker_label)}</text>')
    return _frame(title, "".join(body) + _ticks(lo, hi, 1.0, "{:.1f}"), list(series), x_label, "rate")


def bars(title: str, counts: dict[str, int]) -> str:
    top = max([*counts.values(), 1])
    width = (W - 10 - PAD) / max(1, len(counts))
    body = []
    for i, (name, n) in enumerate(counts.items()):
        x = PAD + i * width + 6
        body.append(
            f'<rect x="{x:.1f}" y="{_y(n, top):.1f}" width="{width - 12:.1f}" height="{H - PAD - _y(n, top):.1f}" '
            f'fill="{COLORS[i % 4]}"/><text x="{x + (width - 12) / 2:.1f}" y="{_y(n, top) - 4:.1f}" font-size="11" '
            f'text-anchor="middle">{n}</text><text x="{x + (width - 12) / 2:.1f}" y="{H - PAD + 14}" font-size="10" '
            f'text-anchor="middle">{escape(name.replace("_", " "))}</text>'
        )
    return _frame(title, "".join(body), (), "", "questions")


def reliability_plot(title: str, rows: Sequence[dict[str, float]]) -> str:
    body = [f'<line x1="{_x(0, 0, 1)}" y1="{_y(0, 1)}" x2="{_x(1, 0, 1)}" y2="{_y(1, 1)}" stroke="#999" stroke-dasharray="4"/>']
    for r in rows:
        body.append(
            f'<circle cx="{_x(r["mean_score"], 0, 1):.1f}" cy="{_y(r["observed"], 1):.1f}" r="{3 + min(9, r["count"] ** 0.5 / 2):.1f}" '
            f'fill="{COLORS[0]}" opacity="0.7"><title>{int(r["count"])} pairs</title></circle>'
        )
    return _frame(title, "".join(body) + _ticks(0, 1, 1.0, "{:.1f}"), (), "predicted probability of support", "observed rate")

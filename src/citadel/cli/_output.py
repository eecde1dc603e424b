"""Small output helpers for the CLI: JSON to stdout, aligned tables, progress (a bar on a
TTY, periodic lines otherwise)."""

from __future__ import annotations

import json
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import click


def echo_json(value: Any) -> None:
    click.echo(json.dumps(value, ensure_ascii=False, default=str))


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]], max_width: int = 60) -> str:
    """Left-aligned columns; long cells are cut with an ellipsis."""
    cells = [[_cut(str(c), max_width) for c in row] for row in rows]
    widths = [max([len(h), *(len(r[i]) for r in cells)]) for i, h in enumerate(headers)]
    lines = ["  ".join(h.upper().ljust(w) for h, w in zip(headers, widths)).rstrip()]
    lines += ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in cells]
    return "\n".join(lines)


def _cut(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


#: without a terminal, a progress line goes to stderr at least this often (seconds)
PROGRESS_LINE_EVERY_S = 10.0


class _Lines:
    """Progress as plain lines on stderr, for logs and pipes: done/total, items/s, ETA.
    A background thread writes one every ``every`` seconds while the work runs, however
    long one item takes."""

    def __init__(self, label: str, every: float) -> None:
        self.label, self.every = label, every
        self.total: int | None = None
        self.done = 0
        self.start = time.monotonic()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="citadel-progress", daemon=True)

    def on_start(self, total: int) -> None:
        self.total = total

    def on_step(self, item: str) -> None:
        self.done += 1

    def __enter__(self) -> _Lines:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()
        if time.monotonic() - self.start >= self.every:  # a long run ends with its last count
            click.echo(self.line(time.monotonic()), err=True)

    def _run(self) -> None:
        while not self._stop.wait(self.every):
            click.echo(self.line(time.monotonic()), err=True)

    def line(self, now: float) -> str:
        rate = self.done / max(now - self.start, 1e-9)
        of = f"/{self.total}" if self.total is not None else ""
        eta = ""
        if self.total is not None and rate > 0 and self.done < self.total:
            eta = f", about {_duration((self.total - self.done) / rate)} left"
        return f"{self.label}: {self.done}{of} done ({rate:.1f}/s{eta})"


def _duration(seconds: float) -> str:
    seconds = int(round(seconds))
    return f"{seconds // 60} min {seconds % 60:02d} s" if seconds >= 60 else f"{seconds} s"


@contextmanager
def progress(label: str) -> Iterator[tuple[Callable[[int], None], Callable[[str], None]]]:
    """(on_start(total), on_step(item)) callbacks: a progress bar on a terminal, else a
    line on stderr at least every :data:`PROGRESS_LINE_EVERY_S` seconds of work."""
    if not sys.stderr.isatty():
        with _Lines(label, PROGRESS_LINE_EVERY_S) as lines:
            yield lines.on_start, lines.on_step
        return
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    bar = Progress(
        TextColumn(label), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
        TextColumn("{task.description}"), transient=True,
    )  # fmt: skip
    task = bar.add_task("", total=None)
    with bar:
        yield (
            lambda total: bar.update(task, total=total),
            lambda item: bar.update(task, advance=1, description=_cut(item, 40)),
        )

"""Small output helpers for the CLI: JSON to stdout, aligned tables, a progress bar on a TTY."""

from __future__ import annotations

import json
import sys
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


@contextmanager
def progress(label: str) -> Iterator[tuple[Callable[[int], None], Callable[[str], None]]]:
    """(on_start(total), on_step(item)) callbacks driving a progress bar on a terminal only."""
    if not sys.stderr.isatty():
        yield (lambda total: None), (lambda item: None)
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

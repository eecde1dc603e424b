"""Reading JSONL files line by line, with errors that name the file and line.

A line may hold at most ``max_jsonl_line_chars`` characters (:mod:`citadel.limits`).
:func:`iter_bounded_lines` reads a file in bounded pieces, so a longer line is reported
as that line's failure without ever being held whole in memory or handed to a parser;
a line that is not UTF-8 fails alone too. Lines end at ``\\n`` (a ``\\r`` before it is
dropped); a JSON string may hold U+2028 and the other Unicode line separators.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from citadel._errors import ValidationError
from citadel.limits import check_size, limits, too_large

#: UTF-8 needs at most this many bytes per character
_MAX_UTF8_BYTES = 4
_SKIP_BLOCK = 1 << 20


def read_lines(path: Path) -> list[str]:
    """The file's lines (UTF-8, BOM allowed); a clear error when it cannot be read."""
    try:
        return path.read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ValidationError(f"cannot read {path}: {exc}") from exc


def iter_bounded_lines(path: Path) -> Iterator[tuple[int, str | None, str | None]]:
    """``(line number, line, None)`` for each line of a UTF-8 file (BOM allowed), or
    ``(line number, None, why)`` for a line over ``max_jsonl_line_chars`` or not UTF-8.

    Raises OSError when the file cannot be opened or read.
    """
    bound = limits().max_jsonl_line_chars
    max_bytes = bound * _MAX_UTF8_BYTES + 2  # and "\r\n"
    with path.open("rb") as file:
        number = 0
        while raw := file.readline(max_bytes + 1):
            number += 1
            if len(raw) > max_bytes and not raw.endswith(b"\n"):
                size = len(raw)
                while not raw.endswith(b"\n") and (raw := file.readline(_SKIP_BLOCK)):
                    size += len(raw)  # skip the rest of the line, one block at a time
                yield number, None, (
                    f"the line is over {bound:,} characters ({size:,} bytes), "
                    f"over the limit max_jsonl_line_chars = {bound:,} characters"
                )
                continue
            if number == 1 and raw.startswith(b"\xef\xbb\xbf"):
                raw = raw[3:]
            try:
                line = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                yield number, None, f"not valid UTF-8 text (bad byte at offset {exc.start} of the line)"
                continue
            line = line.removesuffix("\n")
            line = line.removesuffix("\r")
            if len(line) > bound:
                yield number, None, str(too_large("the line", len(line), "max_jsonl_line_chars", "characters"))
                continue
            yield number, line, None


def parse_line(line: str) -> dict[str, Any]:
    """One JSONL line as a JSON object, or a ValidationError saying what is wrong
    (a :class:`~citadel.LimitError` for a line over ``max_jsonl_line_chars``)."""
    check_size("the line", len(line), "max_jsonl_line_chars", "characters")
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValidationError(f"invalid JSON ({exc.msg} at column {exc.colno})") from exc
    except RecursionError as exc:
        raise ValidationError("invalid JSON (nested too deeply)") from exc
    if not isinstance(record, dict):
        raise ValidationError("each line must be a JSON object")
    return record


def iter_jsonl(path: Path) -> Iterator[tuple[int, dict[str, Any] | None, str | None]]:
    """``(line number, record, None)`` for each good non-empty line, ``(n, None, "path:n: why")`` otherwise."""
    try:
        lines = list(iter_bounded_lines(path))
    except OSError as exc:
        raise ValidationError(f"cannot read {path}: {exc}") from exc
    for number, line, problem in lines:
        if problem is not None:
            yield number, None, f"{path}:{number}: {problem}"
            continue
        if line is None or not line.strip():
            continue
        try:
            yield number, parse_line(line), None
        except ValidationError as exc:
            yield number, None, f"{path}:{number}: {exc}"

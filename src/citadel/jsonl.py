"""Reading JSONL files line by line, with errors that name the file and line."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from citadel._errors import ValidationError


def read_lines(path: Path) -> list[str]:
    """The file's lines (UTF-8, BOM allowed); a clear error when it cannot be read."""
    try:
        return path.read_text(encoding="utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        raise ValidationError(f"cannot read {path}: {exc}") from exc


def parse_line(line: str) -> dict[str, Any]:
    """One JSONL line as a JSON object, or a ValidationError saying what is wrong."""
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise ValidationError(f"invalid JSON ({exc.msg} at column {exc.colno})") from exc
    if not isinstance(record, dict):
        raise ValidationError("each line must be a JSON object")
    return record


def iter_jsonl(path: Path) -> Iterator[tuple[int, dict[str, Any] | None, str | None]]:
    """``(line number, record, None)`` for each good non-empty line, ``(n, None, "path:n: why")`` otherwise."""
    for number, line in enumerate(read_lines(path), start=1):
        if not line.strip():
            continue
        try:
            yield number, parse_line(line), None
        except ValidationError as exc:
            yield number, None, f"{path}:{number}: {exc}"

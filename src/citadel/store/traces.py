"""The audit log: one row per request in ``traces`` plus its evidence in ``trace_docs``.

``traces`` keeps the question, the caller and their groups, the backend, the outcome,
the threshold in force, every retrieved candidate, each prompt, each raw output
exactly as received (and the backend's usage notes), validation errors, per-claim verification, the final answer
and timings (JSON columns). ``trace_docs`` has one row per document a trace
looked at (selected or only retrieved), with the version and the document's access
groups as the request read them (see :func:`access`), so visibility can be decided in
SQL: a trace is visible to a caller who could read every one of those documents. A
document deleted or made public while the request ran leaves the trace as restricted
as the text it read.

The tables themselves are made by migrations 3, 4 and 5 (:mod:`citadel.store.migrations`).
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence
from typing import Any

from citadel.store.base import SearchFilter, StoredTrace, TraceQuery

_JSON_COLUMNS = ("groups", "candidates", "notes", "evidence", "prompt", "raw_output", "usage", "validation",
                 "verification", "answer", "timings", "gate")  # fmt: skip
_COLUMNS = ("trace_id", "created_at", "question", "caller", "groups", "backend", "abstained", "abstention_reason",
            "threshold", "candidates", "notes", "evidence", "prompt", "raw_output", "usage", "validation",
            "verification", "answer", "timings", "gate")  # fmt: skip


def insert(db: sqlite3.Connection, trace: dict[str, Any], current: dict[str, list[str] | None]) -> None:
    """Write one trace. ``trace["read_groups"]`` gives, per document, every set of access
    groups it had when the request read it; ``current`` its groups now (None: gone)."""
    db.execute(f"INSERT INTO traces ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})",
               row_values(trace))
    db.executemany(
        "INSERT OR IGNORE INTO trace_docs (trace_id, doc_id, version, groups, public) VALUES (?,?,?,?,?)",
        doc_rows(trace, current),
    )


def current_groups(doc_ids: Sequence[str], rows: Iterable[tuple[str, str | None]]) -> dict[str, list[str] | None]:
    """Each document's groups now (``[]``: public), None for a document that is gone, from
    ``(doc_id, group)`` rows of documents left-joined to their groups (group None: none)."""
    current: dict[str, list[str] | None] = {d: None for d in doc_ids}
    for doc_id, grp in rows:
        groups = current[doc_id] or []
        if grp is not None:
            groups.append(grp)
        current[doc_id] = groups
    return current


def row_values(trace: dict[str, Any]) -> list[Any]:
    """The ``traces`` row of a trace (:data:`COLUMNS`, JSON columns as text): one layout for
    every store."""
    answer = trace.get("answer") or {}
    row = {
        **{k: trace.get(k) for k in _COLUMNS},
        "prompt": trace.get("prompts", []),
        "raw_output": trace.get("raw_outputs", []),
        "abstained": int(bool(answer.get("abstained", True))),
        "abstention_reason": answer.get("abstention_reason"),
        "gate": {"scale": trace["gate"], "score": trace.get("gate_score")} if trace.get("gate") else None,
    }
    return [json.dumps(row[c], default=str) if c in _JSON_COLUMNS else row[c] for c in _COLUMNS]


def doc_rows(trace: dict[str, Any], current: dict[str, list[str] | None]) -> list[tuple[str, str, int, str, int]]:
    """``trace_docs`` rows: (trace_id, doc_id, version, groups as JSON, public) per document seen."""
    read: dict[str, list[list[str]]] = trace.get("read_groups") or {}
    seen = {(e["doc_id"], int(e["version"])) for e in [*trace.get("candidates", []), *trace.get("evidence", [])]}
    rows = []
    for doc_id, version in sorted(seen):
        groups, public = access(read.get(doc_id, []), current.get(doc_id))
        rows.append((trace["trace_id"], doc_id, version, json.dumps(groups), int(public)))
    return rows


def access(as_read: list[list[str]], current: list[str] | None) -> tuple[list[str], bool]:
    """``(groups, public)`` of one document in a trace: never looser than any of its groups.

    Every restricted set among ``as_read`` (the groups it had each time the request read
    it) and ``current`` must be satisfied, so the stored groups are their intersection: a
    caller sharing one of them shares one of each. Restricted with no group in common,
    or gone with no groups as read, is stored as restricted with no groups, which only
    an unrestricted filter sees. Public only if it was public every time it was seen.
    """
    if current is None and not as_read:
        return [], False
    sets = [set(g) for g in as_read] + ([set(current)] if current is not None else [])
    restricted = [s for s in sets if s]
    if not restricted:
        return [], True
    return sorted(set.intersection(*restricted)), False


def query_sql(q: TraceQuery, mark: str, contains: str) -> tuple[list[str], list[Any]]:
    """The filters of ``q`` over alias ``t``, for every store: SQL clauses with ``mark`` as
    the placeholder, and their parameters. ``contains`` is the dialect's case-insensitive
    substring test of the question (one placeholder: the text)."""
    clauses: list[str] = []
    args: list[Any] = []
    if q.since:
        clauses.append(f"t.created_at >= {mark}")
        args.append(q.since)
    if q.abstained is not None:
        clauses.append(f"t.abstained = {mark}")
        args.append(int(q.abstained))
    if q.doc_id:
        clauses.append(f"EXISTS (SELECT 1 FROM trace_docs x WHERE x.trace_id = t.trace_id AND x.doc_id = {mark})")
        args.append(q.doc_id)
    if q.text:
        clauses.append(contains)
        args.append(q.text)
    if q.caller:
        clauses.append(f"t.caller = {mark}")
        args.append(q.caller)
    return clauses, args


def visible_sql(where: SearchFilter) -> tuple[str, list[Any]]:
    """SQL over alias ``t`` keeping traces whose every document the filter can read
    (with the groups recorded in ``trace_docs``, see :func:`access`)."""
    if where.unrestricted:
        return "1", []
    marks = ",".join("?" * len(where.groups))
    return (
        "NOT EXISTS (SELECT 1 FROM trace_docs td WHERE td.trace_id = t.trace_id AND td.public = 0 "
        f"AND NOT EXISTS (SELECT 1 FROM json_each(td.groups) g WHERE g.value IN ({marks})))",
        sorted(where.groups),
    )


def row_to_trace(row: sqlite3.Row | tuple[Any, ...]) -> StoredTrace:
    """The typed trace of a ``traces`` row (the same layout in every store)."""
    data = dict(zip(_COLUMNS, row))
    for c in _JSON_COLUMNS:
        data[c] = json.loads(data[c]) if data[c] is not None else None
    data["abstained"] = bool(data["abstained"])
    gate = data.pop("gate") or {}
    data["gate"], data["gate_score"] = gate.get("scale"), gate.get("score")
    data["usage"] = data.get("usage") or []
    return StoredTrace(**data)


COLUMNS = _COLUMNS
SELECT = f"SELECT {', '.join('t.' + c for c in _COLUMNS)} FROM traces t"

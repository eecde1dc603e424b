"""The audit log: one row per request in ``traces`` plus its evidence in ``trace_evidence``.

``traces`` keeps the question, the caller and their groups, the backend, the outcome,
the threshold in force, every retrieved candidate, each prompt, each raw output
exactly as received (and the backend's usage notes), validation errors, per-claim verification, the final answer
and timings (JSON columns). ``trace_evidence`` has one row per document a trace
looked at (selected or only retrieved), with the version and the document's access
groups at that time, so visibility can be decided in SQL: a trace is visible to a
caller who could read every one of those documents.
"""

from __future__ import annotations

import json
import sqlite3
from typing import Any

from citadel.store.base import SearchFilter

SCHEMA = """
CREATE TABLE traces (
    trace_id TEXT PRIMARY KEY,
    created_at TEXT NOT NULL,
    question TEXT NOT NULL,
    caller TEXT,
    groups TEXT NOT NULL,
    backend TEXT NOT NULL,
    abstained INTEGER NOT NULL,
    abstention_reason TEXT,
    threshold REAL,
    candidates TEXT NOT NULL,
    notes TEXT NOT NULL,
    evidence TEXT NOT NULL,
    prompt TEXT NOT NULL,
    raw_output TEXT NOT NULL,
    usage TEXT NOT NULL DEFAULT '[]',
    validation TEXT NOT NULL,
    verification TEXT NOT NULL,
    answer TEXT NOT NULL,
    timings TEXT NOT NULL
);
CREATE INDEX traces_created ON traces(created_at);
CREATE TABLE trace_docs (
    trace_id TEXT NOT NULL REFERENCES traces(trace_id) ON DELETE CASCADE,
    doc_id TEXT NOT NULL,
    version INTEGER NOT NULL,
    groups TEXT NOT NULL,
    public INTEGER NOT NULL,
    PRIMARY KEY (trace_id, doc_id, version)
);
CREATE INDEX trace_docs_doc ON trace_docs(doc_id)
"""

_JSON_COLUMNS = ("groups", "candidates", "notes", "evidence", "prompt", "raw_output", "usage", "validation",
                 "verification", "answer", "timings")  # fmt: skip
_COLUMNS = ("trace_id", "created_at", "question", "caller", "groups", "backend", "abstained", "abstention_reason",
            "threshold", "candidates", "notes", "evidence", "prompt", "raw_output", "usage", "validation",
            "verification", "answer", "timings")  # fmt: skip


def create(db: sqlite3.Connection) -> None:
    for statement in SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)


def insert(db: sqlite3.Connection, trace: dict[str, Any], doc_groups: dict[str, list[str]]) -> None:
    """Write one trace; ``doc_groups`` gives the current groups of each document it touched."""
    answer = trace.get("answer") or {}
    row = {
        **{k: trace.get(k) for k in _COLUMNS},
        "prompt": trace.get("prompts", []),
        "raw_output": trace.get("raw_outputs", []),
        "abstained": int(bool(answer.get("abstained", True))),
        "abstention_reason": answer.get("abstention_reason"),
    }
    values = [json.dumps(row[c], default=str) if c in _JSON_COLUMNS else row[c] for c in _COLUMNS]
    db.execute(f"INSERT INTO traces ({', '.join(_COLUMNS)}) VALUES ({', '.join('?' * len(_COLUMNS))})", values)
    seen = {(e["doc_id"], int(e["version"])) for e in [*trace.get("candidates", []), *trace.get("evidence", [])]}
    db.executemany(
        "INSERT OR IGNORE INTO trace_docs (trace_id, doc_id, version, groups, public) VALUES (?,?,?,?,?)",
        [
            (trace["trace_id"], doc_id, version, json.dumps(doc_groups.get(doc_id, [])), int(not doc_groups.get(doc_id)))
            for doc_id, version in sorted(seen)
        ],
    )


def visible_sql(where: SearchFilter) -> tuple[str, list[Any]]:
    """SQL over alias ``t`` keeping traces whose every document the filter can read."""
    if where.unrestricted:
        return "1", []
    marks = ",".join("?" * len(where.groups))
    return (
        "NOT EXISTS (SELECT 1 FROM trace_docs td WHERE td.trace_id = t.trace_id AND td.public = 0 "
        f"AND NOT EXISTS (SELECT 1 FROM json_each(td.groups) g WHERE g.value IN ({marks})))",
        sorted(where.groups),
    )


def row_to_dict(row: sqlite3.Row | tuple[Any, ...]) -> dict[str, Any]:
    data = dict(zip(_COLUMNS, row))
    for c in _JSON_COLUMNS:
        data[c] = json.loads(data[c]) if data[c] is not None else None
    data["abstained"] = bool(data["abstained"])
    return data


SELECT = f"SELECT {', '.join('t.' + c for c in _COLUMNS)} FROM traces t"

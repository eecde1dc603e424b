"""The record of one request, written to the store so any answer can be audited and replayed.

A trace holds the question and the caller's groups, every retrieved candidate and the
selected evidence (chunk ids, versions, spans), each prompt sent, each raw output
exactly as received (before any repair), validation errors, per-claim verdicts and
reasons, the final answer, and timings per step; and, for the store's visibility check,
the access groups of every document as it was read (``read_groups``).
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from citadel.answers import Answer
    from citadel.generate.backends.base import Generation
    from citadel.generate.prompt import Prompt, Source


def new_trace_id() -> str:
    """Time-ordered and unique: ``20261130T142233-3f9a1c0b2d4e``."""
    return datetime.now(UTC).strftime("%Y%m%dT%H%M%S") + "-" + uuid.uuid4().hex[:12]


@dataclass
class Trace:
    trace_id: str
    created_at: str
    question: str
    groups: list[str]
    backend: str
    caller: str | None = None
    threshold: float | None = None
    #: what the abstention threshold was compared with: "answerability" or "relevance"
    gate: str | None = None
    gate_score: float | None = None
    candidates: list[dict[str, Any]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    evidence: list[dict[str, Any]] = field(default_factory=list)
    prompts: list[dict[str, str]] = field(default_factory=list)
    raw_outputs: list[str | None] = field(default_factory=list)
    usage: list[dict[str, Any]] = field(default_factory=list)
    validation: list[str | None] = field(default_factory=list)
    verification: list[dict[str, Any]] = field(default_factory=list)
    answer: dict[str, Any] = field(default_factory=dict)
    timings: dict[str, float] = field(default_factory=dict)
    #: per document, every set of access groups it had when this request read it; the store
    #: decides the trace's visibility from these (never from later changes that loosen it)
    read_groups: dict[str, list[list[str]]] = field(default_factory=dict)
    _started: float = field(default_factory=time.perf_counter, repr=False, compare=False)

    @classmethod
    def start(cls, question: str, groups: Sequence[str], backend: str, caller: str | None = None) -> Trace:
        return cls(new_trace_id(), datetime.now(UTC).isoformat(), question, sorted(set(groups)), backend, caller)

    @contextmanager
    def timed(self, step: str) -> Iterator[None]:
        t0 = time.perf_counter()
        try:
            yield
        finally:
            self.timings[step] = round(self.timings.get(step, 0.0) + (time.perf_counter() - t0) * 1000, 2)

    def record_retrieval(
        self,
        candidates: list[dict[str, Any]],
        notes: list[str],
        read_groups: dict[str, list[list[str]]] | None = None,
    ) -> None:
        self.candidates, self.notes = candidates, list(notes)
        for doc_id, sets in (read_groups or {}).items():
            mine = self.read_groups.setdefault(doc_id, [])
            for groups in sets:
                if sorted(groups) not in mine:
                    mine.append(sorted(groups))

    def record_sources(self, sources: Sequence[Source]) -> None:
        self.evidence = [
            {
                "source_id": s.sid, "chunk_id": s.chunk_id, "doc_id": s.doc_id, "version": s.version,
                "start": s.start, "end": s.end, "score": round(s.score, 4), "text": s.text,
                **({"answerability": round(max(a for _, _, a in s.answers), 4)} if s.answers else {}),
            }  # fmt: skip
            for s in sources
        ]

    def record_generation(self, prompt: Prompt, generation: Generation | None, error: str | None) -> None:
        self.prompts.append({"system": prompt.system, "user": prompt.user})
        raw = None if generation is None else (generation.raw or generation.text)
        self.raw_outputs.append(raw)
        self.usage.append(dict(generation.usage) if generation is not None else {})
        self.validation.append(error)

    def finish(self, answer: Answer) -> None:
        self.answer = answer.to_json()
        self.timings["total"] = round((time.perf_counter() - self._started) * 1000, 2)

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("_started")
        return data

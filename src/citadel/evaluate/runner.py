"""Run labelled questions through ``ask`` and keep what the metrics need, per question."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from citadel.engine import Citadel
from citadel.evaluate.correctness import F1_THRESHOLD, gold_answer_found, quotes_at_offsets
from citadel.evaluate.data import QAItem
from citadel.evaluate.metrics import CitationJudgement, SentenceJudgement


@dataclass(frozen=True)
class DraftClaim:
    """A claim the backend proposed (before the verifier): what calibration replays."""

    score: float | None  # the backend's own confidence (extractive: reranker probability)
    kept: bool  # the verifier accepted it
    docs: frozenset[str]
    text: str


@dataclass
class QuestionRecord:
    item: QAItem
    answer: dict[str, Any]
    retrieved_docs: list[str]
    top_score: float
    drafts: list[DraftClaim] = field(default_factory=list)
    #: every quote is the stored text at its offsets (checked against the store by run_questions;
    #: None: not checked, which never counts as correct)
    quotes_ok: bool | None = None
    elapsed_ms: float = 0.0  # the ask call, wall clock
    #: the trace's cost: generations, model_calls, tokens_in, tokens_out (see StoredTrace.cost)
    cost: dict[str, int] = field(default_factory=dict)

    @property
    def trace_id(self) -> str:
        return str(self.answer.get("trace_id", ""))

    @property
    def abstained(self) -> bool:
        return bool(self.answer["abstained"])

    @property
    def cited_docs(self) -> set[str]:
        sources = self.answer["sources"]
        return {sources[c["source_id"]]["doc_id"] for cl in self.answer["claims"] for c in cl["citations"]}

    @property
    def verdicts(self) -> list[str]:
        return [c["verdict"] for c in self.answer["claims"]]

    @property
    def answer_text(self) -> str:
        return " ".join(c["text"] for c in self.answer["claims"])

    def gold_answer_found(self, f1_threshold: float = F1_THRESHOLD) -> bool:
        """The shown answer contains the gold answer (see citadel.evaluate.correctness)."""
        return not self.abstained and gold_answer_found(self.answer_text, self.item.gold_answers, f1_threshold)

    def cites_gold(self) -> bool:
        return bool(self.cited_docs & self.item.gold_docs)

    def correct(self, f1_threshold: float = F1_THRESHOLD) -> bool:
        """Answered, contains a gold answer, cites a gold document, every quote at its offsets."""
        return (
            self.item.answerable
            and not self.abstained
            and self.gold_answer_found(f1_threshold)
            and self.cites_gold()
            and self.quotes_ok is True
        )

    def judgements(self, verification: dict[str, Any] | None) -> list[SentenceJudgement]:
        """ALCE judgements of the final answer's sentences, from the verifier's checks."""
        if verification is None:
            return []
        return [
            SentenceJudgement(
                supported=bool(c["keep"]),
                citations=tuple(
                    CitationJudgement(alone=ch["supports_alone"], others=not ch["supports_alone"] and not ch["relevant"])
                    for ch in c["citations"]
                ),
            )
            for c in verification["claims"]
            if c["keep"]
        ]


@dataclass
class RunResult:
    records: list[QuestionRecord]
    judgements: list[list[SentenceJudgement]]


def run_questions(
    engine: Citadel,
    items: Sequence[QAItem],
    *,
    groups: Sequence[str] = (),
    backend: str | None = None,
    on_step: Callable[[str], None] | None = None,
) -> RunResult:
    records, judgements = [], []
    for item in items:
        t0 = time.perf_counter()
        answer = engine.ask(item.question, groups=groups, backend=backend, caller="eval")
        elapsed = (time.perf_counter() - t0) * 1000
        stored = engine.store.get_trace(answer.trace_id)
        trace = stored.to_json() if stored is not None else {}
        record = _record(item, answer.to_json(), trace)
        record.elapsed_ms = elapsed
        record.quotes_ok = None if record.abstained else quotes_at_offsets(engine.store, record.answer)
        records.append(record)
        verification = trace.get("verification") or []
        final = next((v for v in reversed(verification) if v.get("claims")), None)
        judgements.append(record.judgements(final))
        if on_step:
            on_step(item.id)
    return RunResult(records, judgements)


def _record(item: QAItem, answer: dict[str, Any], trace: dict[str, Any]) -> QuestionRecord:
    retrieved = [str(c["doc_id"]) for c in trace.get("candidates", [])]
    evidence = trace.get("evidence", [])
    # an early abstention selects no evidence: then the best retrieved hit's relevance counts
    scores = [float(e["score"]) for e in evidence] or [float(c.get("relevance") or 0.0) for c in trace.get("candidates", [])]
    top = max(scores, default=0.0)
    if isinstance(trace.get("gate_score"), int | float):  # what the abstention gate compared
        top = float(trace["gate_score"])
    drafts: list[DraftClaim] = []
    verification = trace.get("verification") or []
    usage = trace.get("usage") or []
    if verification and verification[0].get("claims"):
        by_sid = {e["source_id"]: e["doc_id"] for e in evidence}
        valid = [i for i, error in enumerate(trace.get("validation") or []) if error is None]
        scores = (usage[valid[0]] if valid and valid[0] < len(usage) else {}).get("claim_scores", [])
        for i, claim in enumerate(verification[0]["claims"]):
            docs = frozenset(by_sid.get(c["source_id"], "") for c in claim["citations"])
            score = float(scores[i]) if i < len(scores) else None
            drafts.append(DraftClaim(score, bool(claim["keep"]), docs, claim["text"]))
    return QuestionRecord(item, answer, retrieved, top, drafts, cost=dict(trace.get("cost") or {}))

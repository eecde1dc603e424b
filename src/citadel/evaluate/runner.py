"""Run labelled questions through ``ask`` and keep what the metrics need, per question."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from citadel.engine import Citadel
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
        answer = engine.ask(item.question, groups=groups, backend=backend, caller="eval")
        trace = engine.store.get_trace(answer.trace_id) or {}
        record = _record(item, answer.to_json(), trace)
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
    return QuestionRecord(item, answer, retrieved, top, drafts)

"""``ask``: retrieve → abstain early (the best unit's answerability below the threshold,
or a name the question asks about in no retrieved text) → number the sources → prompt → generate → validate
→ verify → keep what is supported (regenerating once with feedback) → render → log.

Every step is recorded in a :class:`~citadel.trace.Trace` that is written to the
store, whatever the outcome; the answer carries its ``trace_id``, and
``trace_stored=False`` when that write failed (counted in :class:`AuditLog`). An
abstention is a normal answer with a reason, never an error.
"""

from __future__ import annotations

import logging
import re
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from citadel._errors import BackendError, ValidationError
from citadel.answers import (
    CLOSEST_LIMIT,
    AbstentionReason,
    Answer,
    CitationOut,
    ClaimOut,
    ClosestOut,
    SourceOut,
    claim_text,
    with_markers,
)
from citadel.generate.backends.base import GenerationRequest, Generator
from citadel.generate.prompt import ABSTAIN_SENTENCE, Source, build_prompt
from citadel.generate.schema import DraftAnswer, answer_json_schema, parse_draft
from citadel.limits import check_question
from citadel.retrieve.ask import Retrieved
from citadel.retrieve.evidence import Passage
from citadel.retrieve.sentences import LIST_MARKER
from citadel.store.base import SearchFilter, Store
from citadel.trace import Trace
from citadel.verify import Citation, Claim, Verifier, find_quote

log = logging.getLogger(__name__)

#: Store configuration key of the calibrated abstention threshold.
THRESHOLD_KEY = "abstain_threshold"
#: What the threshold is compared with. A threshold stored for another scale (earlier:
#: the relevance of a whole reranked passage; then of a unit read alone) is ignored, never
#: misapplied: `citadel calibrate` writes one for the scale in force.
RELEVANCE_SCALE = "best-unit-in-context-probability"
#: The scale of a threshold on the answerability model's probability (the default gate).
#: v2: the 2026-12-02 model, read with the reranker in context and alone.
ANSWERABILITY_SCALE = "answerability-v2"


class Retriever(Protocol):
    def retrieve(self, question: str, where: SearchFilter) -> Retrieved: ...


@dataclass(frozen=True)
class AskSettings:
    abstain_threshold: float | None = None  # None: the store's calibrated value, else the default
    #: used until `citadel calibrate` stores a threshold: calibrated on all 294 ClapNQ dev
    #: questions with the default backend (bench/RESULTS.md), not guessed. It applies to
    #: the best unit's reranker probability (citadel.retrieve.evidence); it was calibrated
    #: when units were read alone and is only the fallback when the answerability model
    #: is missing (units read in context score higher: it is lenient there)
    default_threshold: float = 0.621
    #: the gate when the answerability model read the evidence (the default): None takes
    #: the threshold shipped with the model, calibrated on ClapNQ dev and docsqa dev
    #: together (train/answerability)
    answerability_threshold: float | None = None
    #: False: gate on relevance alone and rank units by the reranker (the design before
    #: the answerability model; for comparisons)
    use_answerability: bool = True
    max_sources: int = 6
    regenerate: bool = True


class AuditLog:
    """Counts failed audit-log writes; shared by every pipeline of one engine (thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._failures = 0

    @property
    def failures(self) -> int:
        return self._failures

    def record_failure(self) -> None:
        with self._lock:
            self._failures += 1


class Pipeline:
    """Answers questions from one store with one backend, verifier and retriever.

    ``audit`` counts traces the store failed to write; pass the engine's to keep one count
    over many pipelines (:attr:`citadel.Citadel.audit_failures`)."""

    def __init__(
        self,
        store: Store,
        retriever: Retriever,
        backend: Generator,
        verifier: Verifier,
        settings: AskSettings = AskSettings(),
        audit: AuditLog | None = None,
        answer_default: float = 0.5,
    ) -> None:
        self.store, self.retriever, self.backend, self.verifier = store, retriever, backend, verifier
        self.settings = settings
        #: the answerability threshold shipped with the model (``AskSettings`` may override)
        self.answer_default = answer_default
        self.audit = audit if audit is not None else AuditLog()

    @property
    def audit_failures(self) -> int:
        """Traces this pipeline's audit log failed to write."""
        return self.audit.failures

    @property
    def scale(self) -> str:
        """What the abstention gate reads: answerability when the retriever has the model."""
        return ANSWERABILITY_SCALE if getattr(self.retriever, "answerability", None) is not None else RELEVANCE_SCALE

    def threshold(self, scale: str | None = None) -> float:
        """The abstention threshold for a gate on ``scale`` (default: :attr:`scale`): the
        caller's, else the store's calibrated one when it was calibrated on that scale,
        else the default."""
        scale = scale or self.scale
        if self.settings.abstain_threshold is not None:
            return self.settings.abstain_threshold
        default = self.settings.default_threshold
        if scale == ANSWERABILITY_SCALE:
            default = self.settings.answerability_threshold if self.settings.answerability_threshold is not None else self.answer_default
        stored = self.store.get_config(THRESHOLD_KEY)
        if isinstance(stored, dict) and isinstance(stored.get("value"), int | float):
            if stored.get("scale") == scale:
                return float(stored["value"])
            log.warning("the store's abstention threshold was calibrated on another scale (%s, not %s); "
                        "using the default %.3f until `citadel calibrate` runs again", stored.get("scale"), scale, default)
        return default

    def ask(self, question: str, groups: Sequence[str] = (), caller: str | None = None) -> Answer:
        check_question(question)
        trace = Trace.start(question, groups, self.backend.name, caller)
        where = SearchFilter(groups=frozenset(groups))
        with trace.timed("retrieve"):
            retrieved = self.retriever.retrieve(question, where)
        trace.record_retrieval(retrieved.candidates, retrieved.notes, retrieved.read_groups)
        closest = _closest(retrieved.evidence)  # the caller's own evidence: access already filtered
        if retrieved.top_answerability is not None:
            trace.gate, gate, scale = "answerability", retrieved.top_answerability, ANSWERABILITY_SCALE
        else:
            trace.gate, gate, scale = "relevance", retrieved.top_score, RELEVANCE_SCALE
        threshold = self.threshold(scale)
        trace.threshold, trace.gate_score = threshold, round(gate, 4)
        if not retrieved.evidence or gate < threshold or retrieved.missing_terms:
            return self._finish(trace, [], [], "no_evidence", closest)
        sources = [_source(f"S{i}", e) for i, e in enumerate(retrieved.evidence[: self.settings.max_sources], 1)]
        trace.record_sources(sources)
        texts = {s.sid: s.text for s in sources}
        draft = self._generate(trace, question, sources, texts, feedback=None)
        if draft is None:
            return self._finish(trace, sources, [], "invalid_output", closest)
        kept = self._verify(trace, draft, sources)
        dropped = len(draft.claims) - len(kept)
        if dropped and self.settings.regenerate and self.backend.repairable and not draft.abstained:
            feedback = _feedback(trace.verification[-1])
            second = self._generate(trace, question, sources, texts, feedback=feedback)
            if second is not None:
                seen = {c.text for c in kept}
                kept += [c for c in self._verify(trace, second, sources) if c.text not in seen]
        return self._finish(trace, sources, kept, None if kept else "unsupported", closest)

    # --- steps ------------------------------------------------------------------------

    def _generate(
        self, trace: Trace, question: str, sources: list[Source], texts: dict[str, str], feedback: str | None
    ) -> DraftAnswer | None:
        """Generate and validate, retrying once with the validation error; None if both fail."""
        for _ in range(2):
            prompt = build_prompt(question, sources, feedback)
            request = GenerationRequest(question, tuple(sources), prompt, answer_json_schema(), feedback)
            with trace.timed("generate"):
                try:
                    generation = self.backend.run(request)
                except BackendError as exc:
                    trace.record_generation(prompt, None, f"backend error: {exc}")
                    return None
            try:
                draft = parse_draft(generation.text, texts)
            except ValidationError as exc:
                trace.record_generation(prompt, generation, str(exc))
                feedback = str(exc)
                continue
            trace.record_generation(prompt, generation, None)
            return draft
        return None

    def _verify(self, trace: Trace, draft: DraftAnswer, sources: Sequence[Source]) -> list[ClaimOut]:
        texts = {s.sid: s.text for s in sources}
        if draft.abstained or not draft.claims:
            trace.verification.append({"model_abstained": True, "claims": []})
            return []
        claims = [
            Claim(text=c.text, citations=tuple(Citation(source_id=x.source_id, quote=x.quote) for x in c.citations))
            for c in draft.claims
        ]
        with trace.timed("verify"):
            try:
                report = self.verifier.check_answer(texts, claims=claims, question=trace.question,
                                                    known=_known_answerability(claims, sources))
            except Exception as exc:
                log.exception("the verifier failed; no claim of this answer is shown")
                trace.verification.append({"error": f"the verifier failed: {exc}", "claims": []})
                return []
        trace.verification.append(report.to_json())
        return [_claim_out(r.claim, r.result.verdict.value) for r in report.claims if r.keep]

    def _finish(
        self,
        trace: Trace,
        sources: list[Source],
        claims: list[ClaimOut],
        reason: AbstentionReason | None,
        closest: Sequence[ClosestOut] = (),
    ) -> Answer:
        by_id = {s.sid: s for s in sources}
        claims = [_locate(c, by_id) for c in claims]
        answer = Answer(
            question=trace.question,
            abstained=reason is not None,
            abstention_reason=reason,
            answer=(
                ABSTAIN_SENTENCE
                if reason
                else " ".join(with_markers(c.text, [x.source_id for x in c.citations]) for c in claims)
            ),
            claims=claims,
            sources={s.sid: _source_out(s) for s in sources},
            trace_id=trace.trace_id,
            closest=list(closest) if reason else [],
        )
        trace.finish(answer)
        try:
            self.store.add_trace(trace)
        except Exception:
            log.exception("could not write trace %s", trace.trace_id)
            self.audit.record_failure()
            return answer.model_copy(update={"trace_stored": False})
        return answer


_WORD = re.compile(r"\w+")


def _known_answerability(claims: Sequence[Claim], sources: Sequence[Source]) -> dict[str, float]:
    """The answerability evidence selection measured for a claim that is its quotes, in
    order, punctuation aside (the extractive backend's claims: a unit, a list item after its
    lead-in, a version heading and what stands under it): the best of the units they hold."""
    by_sid = {s.sid: s for s in sources}
    out: dict[str, float] = {}
    for claim in claims:
        scores: list[float] = []
        quoted = [w for c in claim.citations for w in _WORD.findall((c.quote or "").lower())]
        if _WORD.findall(claim.text.lower()) != quoted:
            continue  # only a claim that is its quotes (punctuation aside: "License: MIT.") is what the model read
        for c in claim.citations:
            source = by_sid.get(c.source_id)
            if source is None or not c.quote:
                continue
            match = find_quote(c.quote, source.text)
            if match is not None:
                lo, hi = _widen(c.quote, source.text, match.start, match.end)  # its closing punctuation too
                scores += [p for s, e, p in source.answers if lo <= s and e <= hi]
        if scores:
            out[claim.text] = max(scores)
    return out


def _source(sid: str, p: Passage) -> Source:
    scored = tuple((x.start - p.start, x.end - p.start, x.score) for x in p.sentences)
    answers = tuple((x.start - p.start, x.end - p.start, x.answerability) for x in p.sentences if x.answerability is not None)
    return Source(
        sid, p.chunk_ids[0], p.doc_id, p.version, p.title, p.heading_path, p.page, p.start, p.end, p.text,
        p.relevance, scored, answers, p.location, p.pieces,
    )  # fmt: skip


def _closest(evidence: Sequence[Passage]) -> list[ClosestOut]:
    """The passages that came closest, best relevance first (ties keep the ranking); a
    version note attached to a unit (its scores are the unit's) is no passage of its own."""
    own = [p for p in evidence if not p.sentences or any(x.completes is None for x in p.sentences)]
    best = sorted(own, key=lambda p: (-(p.answerability or 0.0), -p.relevance))[:CLOSEST_LIMIT]
    return [
        ClosestOut(title=p.title, doc_id=p.doc_id, chunk_id=p.chunk_ids[0], page=p.page, location=p.location.as_dict(),
                   relevance=float(p.relevance), score=float(p.score),
                   answerability=None if p.answerability is None else float(p.answerability))
        for p in best
    ]  # fmt: skip


def _source_out(s: Source) -> SourceOut:
    return SourceOut(
        chunk_id=s.chunk_id, doc_id=s.doc_id, version=s.version, title=s.title, page=s.page,
        start=s.start, end=s.end, text=s.text, section=s.section, location=s.location.as_dict(),
    )  # fmt: skip


def _claim_out(claim: Claim, verdict: str) -> ClaimOut:
    citations = [CitationOut(source_id=c.source_id, quote=c.quote or "", start=-1, end=-1) for c in claim.citations]
    return ClaimOut(text=claim_text(claim.text), verdict=verdict, citations=citations)  # no leading "- " or "## "


def _locate(claim: ClaimOut, sources: dict[str, Source]) -> ClaimOut:
    """Give each citation the offsets of its quote in the cited document."""
    located = []
    for c in claim.citations:
        s = sources[c.source_id]
        match = find_quote(c.quote, s.text) if c.quote else None
        if match:
            lo, hi = _widen(c.quote, s.text, match.start, match.end)
            start, end = s.start + lo, s.start + hi
        else:
            start, end = s.start, s.end
        located.append(c.model_copy(update={
            "start": start, "end": end, "quote": s.text[start - s.start : end - s.start],
            "location": s.locate(start, end).as_dict(),
        }))  # fmt: skip
    return claim.model_copy(update={"citations": located})


_PUNCT = ".,;:!?\"')]}\u201d\u2019"
#: what may follow a quote's last letter or digit (``str.rstrip`` takes a set of characters)
_NOT_WORD = "".join(chr(c) for c in range(33, 127) if not chr(c).isalnum()) + "\u201d\u2019"


def _widen(quote: str, text: str, start: int, end: int) -> tuple[int, int]:
    """Take back what the quote ends with after its last letter or digit, as the text has it
    (matching ignores it: "License: GPL-2+", "C++"), else its closing punctuation, and the list
    marker the quote of a list item leaves out ("- Audit logs: 1 year")."""
    quote = quote.rstrip()
    ending = quote[len(quote.rstrip(_NOT_WORD)) :]
    if ending and text.startswith(ending, end):
        end += len(ending)
    else:
        tail = len(quote) - len(quote.rstrip(_PUNCT))
        while tail and end < len(text) and text[end] in _PUNCT:
            end, tail = end + 1, tail - 1
    line = text.rfind("\n", 0, start) + 1
    if (marker := LIST_MARKER.match(text, line)) is not None and marker.end() == start:
        start = line
    return start, end


def _feedback(verification: dict[str, object]) -> str:
    claims = verification.get("claims", [])
    failed = [c for c in claims if isinstance(c, dict) and not c.get("keep")] if isinstance(claims, list) else []
    lines = [
        f"claim {c.get('text')!r} " + (f"was dropped: {c['drop_reason']}" if c.get("drop_reason")
                                       else f"was not supported by its quotes ({c.get('reason')})")
        for c in failed
    ]  # fmt: skip
    return "; ".join(lines) + ". Only make claims that the quoted text states directly."


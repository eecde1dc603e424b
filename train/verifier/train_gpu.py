"""Train the claim-support cross-encoder on an accelerator, from the shipped ONNX weights.

The CPU recipe (`train.py`) reaches ~30 pairs/s on two cores, so it saw ~140k pairs in all.
This script runs the same model (all-MiniLM-L6-v2 with the 3-way head) where a GPU is lent:
length-bucketed batches, bf16 autocast, linear decay driven by max(step, wall-clock) progress
so a run cut by its time budget still ends decayed. The embeddings stay frozen (as on CPU), so
a checkpoint is the encoder and the head only (~11M parameters) and the word-embedding table
of the shipped model is reused at export.

Several runs (``--runs``: lr, frozen layers, epochs) share one time budget. Each is scored on
dev data only: the model's P(entailment) AUC on crisp dev (source, claim) and on the
calibration fold of the dev splits (`build_data.py`'s calib.jsonl, never trained on), at four
points of the run; the best point of each run by the mean of the two is saved in fp16, split
in two files (an accelerator machine returns files of 16 MiB at most).

Usage (see README.md, "Stage 6"); `assemble` turns a saved run back into a checkpoint folder:
  python3 train/verifier/train_gpu.py --data work/gpu_train.jsonl.xz \
      --init-onnx src/citadel/verify/model/model.onnx --tokenizer src/citadel/verify/model/tokenizer.json \
      --crisp work/crisp.dev.jsonl --calib work/calib.jsonl --out $OUT --budget-s 330
  .venv-train/bin/python train/verifier/train_gpu.py assemble work/ckpt_g1 \
      src/citadel/verify/model/model.onnx $OUT/r1.a.pt $OUT/r1.b.pt
"""

from __future__ import annotations

import argparse
import json
import lzma
import math
import random
import sys
import time
from pathlib import Path

import numpy as np
import torch
from tokenizers import Tokenizer
from transformers import BertConfig, BertForSequenceClassification

sys.path.insert(0, str(Path(__file__).resolve().parent))
from train import batches, load_weights, optimizer_step, weights_from_onnx

LABELS = {"entailment": 0, "neutral": 1, "contradiction": 2}


def read_rows(path: Path) -> list[dict]:
    opener = lzma.open if path.suffix == ".xz" else open
    with opener(path, "rt", encoding="utf-8") as fh:  # type: ignore[operator]
        return [json.loads(line) for line in fh if line.strip()]


def config_for(state: dict[str, torch.Tensor]) -> BertConfig:
    """A BertConfig that fits the shapes in ``state`` (all-MiniLM-L6-v2: 6 layers, 384 wide)."""
    words = state["bert.embeddings.word_embeddings.weight"]
    layers = 1 + max(int(k.split(".")[3]) for k in state if k.startswith("bert.encoder.layer."))
    return BertConfig(
        vocab_size=words.shape[0], hidden_size=words.shape[1], num_hidden_layers=layers,
        num_attention_heads=words.shape[1] // 32,
        intermediate_size=state["bert.encoder.layer.0.intermediate.dense.weight"].shape[0],
        max_position_embeddings=state["bert.embeddings.position_embeddings.weight"].shape[0],
        type_vocab_size=state["bert.embeddings.token_type_embeddings.weight"].shape[0],
        num_labels=3, id2label={v: k for k, v in LABELS.items()}, label2id=dict(LABELS))


def encode(tok: Tokenizer, pairs: list[tuple[str, str]]) -> tuple[list[list[int]], list[list[int]]]:
    encs = tok.encode_batch(pairs)
    return [e.ids for e in encs], [e.type_ids for e in encs]


def tensors(ids: list[list[int]], tts: list[list[int]], idx: list[int], device: str):  # type: ignore[no-untyped-def]
    width = max(len(ids[i]) for i in idx)
    x = np.zeros((len(idx), width), dtype=np.int64)
    tt = np.zeros_like(x)
    am = np.zeros_like(x)
    for j, i in enumerate(idx):
        n = len(ids[i])
        x[j, :n], tt[j, :n], am[j, :n] = ids[i], tts[i], 1
    return (torch.from_numpy(x).to(device), torch.from_numpy(tt).to(device), torch.from_numpy(am).to(device))


def auc(scores: list[float], positive: list[bool]) -> float:
    pos = [s for s, p in zip(scores, positive) if p]
    neg = [s for s, p in zip(scores, positive) if not p]
    if not pos or not neg:
        return float("nan")
    ranks = np.argsort(np.argsort(np.array(pos + neg))) + 1.0
    return float((ranks[: len(pos)].sum() - len(pos) * (len(pos) + 1) / 2) / (len(pos) * len(neg)))


class Evaluator:
    """P(entailment) AUC on crisp dev and on each set of the calibration fold."""

    def __init__(self, tok: Tokenizer, crisp: list[dict], calib: list[dict], device: str):
        self.device = device
        self.sets: dict[str, tuple[list[list[int]], list[list[int]], list[bool]]] = {}
        if crisp:
            ids, tts = encode(tok, [(r["source"], r["claim"]) for r in crisp])
            self.sets["crisp"] = (ids, tts, [bool(r["supported"]) for r in crisp])
        for name in sorted({r["dataset"] for r in calib}):
            rows = [r for r in calib if r["dataset"] == name]
            ids, tts = encode(tok, [(r["evidence"], r["claim"]) for r in rows])
            self.sets[name] = (ids, tts, [r["label"] == "supported" for r in rows])

    @torch.no_grad()
    def __call__(self, model: torch.nn.Module) -> dict[str, float]:
        model.eval()
        out: dict[str, float] = {}
        for name, (ids, tts, gold) in self.sets.items():
            scores: list[float] = []
            for k in range(0, len(ids), 128):
                idx = list(range(k, min(k + 128, len(ids))))
                x, tt, am = tensors(ids, tts, idx, self.device)
                logits = model(input_ids=x, token_type_ids=tt, attention_mask=am).logits.float()
                scores += torch.log_softmax(logits, -1)[:, 0].tolist()
            out[name] = round(auc(scores, gold), 4)
        calib = [v for k, v in out.items() if k != "crisp"]
        parts = [sum(calib) / len(calib)] if calib else []
        if calib:
            out["calib_mean"] = round(parts[0], 4)
        if "crisp" in out:
            parts.append(out["crisp"])
        out["score"] = round(sum(parts) / len(parts), 4)
        model.train()
        return out


def save_half(model: torch.nn.Module, out: Path, name: str) -> list[str]:
    """The trainable part (encoder layers, pooler, head) in fp16, in two files."""
    state = {k: v.detach().to("cpu", torch.float16) for k, v in model.state_dict().items()
             if not k.startswith("bert.embeddings.")}
    n_layers = 1 + max(int(k.split(".")[3]) for k in state if k.startswith("bert.encoder.layer."))
    first = {k: v for k, v in state.items()
             if k.startswith("bert.encoder.layer.") and int(k.split(".")[3]) < n_layers // 2}
    second = {k: v for k, v in state.items() if k not in first}
    files = []
    for part, sub in (("a", first), ("b", second)):
        path = out / f"{name}.{part}.pt"
        torch.save(sub, path)
        files.append(path.name)
    return files


def run(spec: dict, base: dict[str, torch.Tensor], data: tuple, evaluator: Evaluator, share_s: float,
        device: str, out: Path, log) -> dict:  # type: ignore[no-untyped-def]
    ids, tts, labels = data
    torch.manual_seed(spec["seed"])
    rng = random.Random(spec["seed"])
    model = BertForSequenceClassification(config_for(base)).to(device)
    load_weights(model, {k: v.to(device) for k, v in base.items()}, "init")
    for p in model.bert.embeddings.parameters():
        p.requires_grad = False
    for layer in model.bert.encoder.layer[: spec["freeze_layers"]]:
        for p in layer.parameters():
            p.requires_grad = False
    bs = spec["bs"]
    total = int(math.ceil(len(ids) / bs) * spec["epochs"])
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=spec["lr"], weight_decay=0.01)
    warm = max(1, int(0.04 * total))
    first = evaluator(model)
    log({"run": spec["name"], "step": 0, "eval": first})
    t_start = time.time()
    until = t_start + share_s

    def progress(s: int) -> float:
        return min(1.0, max(s / total, (time.time() - t_start) / max(1.0, until - t_start)))

    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / warm) * max(0.02, 1.0 - progress(s)))
    lengths = [len(x) for x in ids]
    best: dict = {"score": -1.0}
    marks = [0.25, 0.5, 0.75]
    step, seen, order = 0, 0, []  # type: ignore[var-annotated]
    model.train()
    while step < total and (step == 0 or time.time() < until):
        if not order:
            order = batches(lengths, bs, rng)  # length-grouped, as on CPU
        b = order.pop()
        x, tt, am = tensors(ids, tts, b, device)
        y = torch.tensor([labels[i] for i in b], device=device)
        with torch.autocast(device_type=device.split(":")[0], dtype=torch.bfloat16):
            logits = model(input_ids=x, token_type_ids=tt, attention_mask=am).logits
        loss = optimizer_step(model, opt, sched, logits, y)
        step += 1
        seen += len(b)
        if step % 200 == 0:
            el = time.time() - t_start
            log({"run": spec["name"], "step": step, "of": total, "loss": round(loss.item(), 4),
                 "pairs_per_s": round(seen / el), "elapsed_s": round(el), "progress": round(progress(step), 3)})
        done = step >= total or time.time() >= until
        if done or (marks and progress(step) >= marks[0]):
            while marks and progress(step) >= marks[0]:
                marks.pop(0)
            scores = evaluator(model)
            scores.update(step=step, pairs=seen)
            log({"run": spec["name"], "step": step, "eval": scores})
            if scores["score"] > best["score"]:
                best = dict(scores)
                best["files"] = save_half(model, out, spec["name"])
    best["run"] = spec
    best["start"] = first
    return best


def assemble(parts: list[Path], init_onnx: Path, out: Path) -> None:
    """A checkpoint folder `export.py` reads: the shipped model's embeddings with the trained
    encoder and head from ``parts`` (the fp16 files `save_half` wrote), and the base tokenizer."""
    from transformers import AutoTokenizer

    from train import base_model_dir

    state = weights_from_onnx(init_onnx)
    for part in parts:
        state.update({k: v.float() for k, v in torch.load(part, map_location="cpu").items()})
    model = BertForSequenceClassification(config_for(state))
    load_weights(model, state, "assembled")
    model.save_pretrained(out)
    AutoTokenizer.from_pretrained(base_model_dir()).save_pretrained(out)


def main() -> None:
    if sys.argv[1:2] == ["assemble"]:
        # train_gpu.py assemble OUT_DIR INIT_ONNX PART...
        assemble([Path(p) for p in sys.argv[4:]], Path(sys.argv[3]), Path(sys.argv[2]))
        return
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--init-onnx", required=True)
    ap.add_argument("--tokenizer", required=True)
    ap.add_argument("--crisp", default="")
    ap.add_argument("--calib", default="")
    ap.add_argument("--out", required=True)
    ap.add_argument("--max-len", type=int, default=256)
    ap.add_argument("--budget-s", type=float, default=300.0, help="training time for all runs together")
    ap.add_argument("--limit", type=int, default=0, help="train on the first N rows (smoke tests)")
    ap.add_argument("--runs", default='[{"name": "r1", "lr": 4e-5, "freeze_layers": 0, "epochs": 4, "bs": 64, "seed": 71}]')
    args = ap.parse_args()
    t0 = time.time()
    device = "cuda" if torch.cuda.is_available() else "cpu"
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    log_path = out / "train_gpu.log.jsonl"

    def log(obj: dict) -> None:
        line = json.dumps(obj)
        print(line, flush=True)
        with log_path.open("a") as fh:
            fh.write(line + "\n")

    tok = Tokenizer.from_file(args.tokenizer)
    tok.no_padding()
    tok.enable_truncation(max_length=args.max_len, strategy="longest_first")
    rows = read_rows(Path(args.data))
    if args.limit:
        rows = rows[: args.limit]
    ids, tts = encode(tok, [(r["premise"], r["hypothesis"]) for r in rows])
    labels = [r["label"] if isinstance(r["label"], int) else LABELS[r["label"]] for r in rows]
    crisp = read_rows(Path(args.crisp)) if args.crisp else []
    calib = read_rows(Path(args.calib)) if args.calib else []
    evaluator = Evaluator(tok, crisp, calib, device)
    base = weights_from_onnx(Path(args.init_onnx))
    specs = json.loads(args.runs)
    log({"device": device, "gpu": torch.cuda.get_device_name() if device == "cuda" else "",
         "rows": len(rows), "labels": [labels.count(k) for k in range(3)],
         "mean_tokens": round(sum(map(len, ids)) / len(ids), 1), "setup_s": round(time.time() - t0, 1)})
    results = []
    budget_end = time.time() + args.budget_s
    for k, spec in enumerate(specs):
        share = (budget_end - time.time()) / (len(specs) - k)
        results.append(run(spec, base, (ids, tts, labels), evaluator, share, device, out, log))
    (out / "summary.json").write_text(json.dumps(results, indent=1))
    log({"done_s": round(time.time() - t0, 1)})


if __name__ == "__main__":
    main()

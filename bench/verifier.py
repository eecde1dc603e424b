"""Verifier benchmark: balanced accuracy on the test splits, beside the naive baseline.

    .venv/bin/python bench/verifier.py            # all three sets (several minutes on 2 cores)
    .venv/bin/python bench/verifier.py --limit 100

Sets (never used for training or calibration): ExpertQA claim pairs, WiCE claims against the
whole cited article (long sources, windowed), SciFact claim vs abstract, FaithBench summary
sentences (reported, no target); and crisp dev
(hand-written everyday pairs, the dev half: tune on it, report it), with a table of the share
each layer gets right per kind (negation, entity swap, antonym, ...). ``--sets NAME`` runs only
some. Prints balanced
accuracy (``supported`` against everything else) of the verifier, of its rules-only mode
(no model) and of the naive baseline
("supported when every number and every content word of the claim occurs in the source"), the
ratio between them, the expected calibration error of the verifier's scores, throughput in pairs/s, the p50 latency of verifying one claim, and the
time to verify 100 claims against short (~400-character) passages in one call, beside the
rules-only pass over the same pairs.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path

SETS = {
    "ExpertQA": "expertqa/pairs.test.jsonl",
    "WiCE (whole article)": "wice/pairs.test.jsonl",
    "SciFact": "scifact/pairs.test.jsonl",
    "FaithBench": "faithbench/pairs.test.jsonl",
    "crisp dev": "crisp/pairs.dev.jsonl",
}
#: issue 16's targets (FaithBench is reported without one)
TARGETS: dict[str, float | None] = {"ExpertQA": 0.58, "WiCE (whole article)": 0.70, "SciFact": 0.75,
                                    "FaithBench": None, "crisp dev": 0.92}


def load(path: Path) -> tuple[list[tuple[str, str]], list[bool], list[str]]:
    """(claim, source) pairs, gold support and kind of one set (crisp's own format, or the
    claim/evidence/label one of the others)."""
    rows = [json.loads(line) for line in path.open()]
    if rows and "supported" in rows[0]:  # crisp: hand-written everyday pairs, tagged by kind
        return [(r["claim"], r["source"]) for r in rows], [bool(r["supported"]) for r in rows], [r["kind"] for r in rows]
    return [(r["claim"], r["evidence"]) for r in rows], [r["label"] == "supported" for r in rows], ["" for _ in rows]


def balanced_accuracy(gold: list[bool], pred: list[bool]) -> float:
    pos = [p for g, p in zip(gold, pred) if g]
    neg = [not p for g, p in zip(gold, pred) if not g]
    tpr = sum(pos) / len(pos) if pos else 0.0
    tnr = sum(neg) / len(neg) if neg else 0.0
    return (tpr + tnr) / 2


def calibration_error(gold: list[bool], scores: list[float], bins: int = 10) -> float:
    """Expected calibration error of the verifier's scores (10 equal-width bins)."""
    total = 0.0
    for b in range(bins):
        lo, hi = b / bins, (b + 1) / bins
        cell = [(g, s) for g, s in zip(gold, scores) if lo <= s < hi or (b == bins - 1 and s == 1.0)]
        if cell:
            total += len(cell) / len(gold) * abs(sum(s for _, s in cell) / len(cell)
                                                 - sum(g for g, _ in cell) / len(cell))
    return total


def datasets_dir() -> Path:
    env = os.environ.get("CITADEL_DATASETS")
    if env:
        return Path(env)
    here = Path(__file__).resolve().parents[1]
    for cand in (here.parent / "shared/datasets", here / "shared/datasets"):
        if cand.exists():
            return cand
    raise SystemExit("datasets not found: set CITADEL_DATASETS to shared/datasets")


def short_passages(rows: list[dict[str, str]], n: int, max_chars: int = 450) -> list[tuple[str, str]]:
    """(claim, passage) pairs where the passage is the run of up to three sentences of the
    evidence that shares most words with the claim, at most ``max_chars`` long: the size of
    the passages citadel's ask cites."""
    from citadel.verify.lexical import overlap
    from citadel.verify.windows import sentences

    out = []
    for r in rows[:n]:
        claim, evidence = r["claim"], r["evidence"]
        spans = sentences(evidence) or ((0, len(evidence)),)
        best = max(
            ((spans[i][0], spans[j][1]) for i in range(len(spans)) for j in range(i, min(i + 3, len(spans)))
             if spans[j][1] - spans[i][0] <= max_chars),
            key=lambda se: overlap(claim, evidence[se[0]:se[1]]),
            default=(0, min(len(evidence), max_chars)),
        )
        out.append((claim, evidence[best[0]:best[1]]))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--limit", type=int, default=0, help="first N pairs of each set")
    ap.add_argument("--latency-claims", type=int, default=50)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--sets", action="append", choices=sorted(SETS), help="only these sets (default: all)")
    ap.add_argument("--model-dir", default="",
                    help="a candidate model folder (model.onnx, calibration.json) instead of the shipped one")
    args = ap.parse_args()
    from citadel.verify import Verifier, VerifierSettings, naive_baseline

    ds = datasets_dir()
    folder = {"model_dir": Path(args.model_dir)} if args.model_dir else {}
    v = Verifier(VerifierSettings(**folder))
    rules = Verifier(VerifierSettings(use_model=False, **folder))
    v.verify("warm up", "warm up the model")
    rows_out = []
    total_pairs, total_s = 0, 0.0
    by_kind: dict[str, dict[str, list[bool]]] = {}
    for name, rel in SETS.items():
        if args.sets and name not in args.sets:
            continue
        pairs, gold, kinds = load(ds / rel)
        if args.limit:
            pairs, gold, kinds = pairs[: args.limit], gold[: args.limit], kinds[: args.limit]
        t0 = time.perf_counter()
        res = v.verify_batch(pairs)
        el = time.perf_counter() - t0
        total_pairs += len(pairs)
        total_s += el
        verdicts = [r.supported for r in res]
        naive = [naive_baseline(c, s) for c, s in pairs]
        ruled = [r.supported for r in rules.verify_batch(pairs)]
        ba = balanced_accuracy(gold, verdicts)
        base = balanced_accuracy(gold, naive)
        ro = balanced_accuracy(gold, ruled)
        rows_out.append({"set": name, "pairs": len(pairs), "verifier": round(ba, 4),
                         "rules_only": round(ro, 4), "baseline": round(base, 4),
                         "ratio": round(ba / base, 3) if base else None,
                         "target": TARGETS[name], "pairs_per_s": round(len(pairs) / el, 1),
                         "ece": round(calibration_error(gold, [r.score for r in res]), 4)})
        print(json.dumps(rows_out[-1]), file=sys.stderr, flush=True)
        for kind, g, a, b, c in zip(kinds, gold, verdicts, ruled, naive, strict=True):
            if kind:  # share right per kind, for each layer
                cell = by_kind.setdefault(kind, {"gold": [], "verifier": [], "rules_only": [], "baseline": []})
                cell["gold"].append(g)
                for key, pred in (("verifier", a), ("rules_only", b), ("baseline", c)):
                    cell[key].append(pred == g)
    if by_kind:
        print(f"{'crisp kind':28} {'pairs':>5} {'supported':>9} {'verifier':>8} {'rules':>6} {'baseline':>8}  (share right)")
        for kind, cell in sorted(by_kind.items()):
            n = len(cell["gold"])
            print(f"{kind:28} {n:>5} {sum(cell['gold']):>9} " + " ".join(
                f"{sum(cell[k]) / n:>{w}.2f}" for k, w in (("verifier", 8), ("rules_only", 6), ("baseline", 8))))
    # latency of one short claim at a time (ExpertQA-sized sources)
    short = [json.loads(line) for line in (ds / SETS["ExpertQA"]).open()][: args.latency_claims]
    lat = []
    for r in short:
        t0 = time.perf_counter()
        v.verify(r["claim"], r["evidence"])
        lat.append(time.perf_counter() - t0)
    hundred = short_passages([json.loads(line) for line in (ds / SETS["ExpertQA"]).open()], 100)
    t0 = time.perf_counter()
    rules.verify_batch(hundred)
    rules_s = time.perf_counter() - t0
    t0 = time.perf_counter()
    v.verify_batch(hundred)
    model_s = time.perf_counter() - t0
    summary = {"date": time.strftime("%Y-%m-%d"), "machine": f"{platform.machine()}, "
               f"{os.cpu_count()} cores", "sets": rows_out,
               "overall_pairs_per_s": round(total_pairs / total_s, 1),
               "p50_latency_ms_per_claim": round(1000 * statistics.median(lat), 1),
               "hundred_short_s": round(model_s, 2), "hundred_short_rules_only_s": round(rules_s, 2),
               "short_pairs_per_s": round(len(hundred) / model_s, 1),
               "hundred_short_mean_chars": round(statistics.mean(len(s) for _, s in hundred))}
    if args.json:
        print(json.dumps(summary))
        return
    print(f"{'set':24} {'pairs':>5} {'verifier':>8} {'rules':>6} {'baseline':>8} {'ratio':>6} "
          f"{'target':>6} {'ECE':>6} {'pairs/s':>7}")
    for r in rows_out:
        target = f"{r['target']:>6.2f}" if r["target"] is not None else f"{'-':>6}"
        print(f"{r['set']:24} {r['pairs']:>5} {r['verifier']:>8.3f} {r['rules_only']:>6.3f} "
              f"{r['baseline']:>8.3f} {r['ratio']:>6.2f} {target} {r['ece']:>6.3f} {r['pairs_per_s']:>7.1f}")
    print(f"100 claims against short passages (~{summary['hundred_short_mean_chars']} chars), one "
          f"verify_batch call: {model_s:.2f} s ({summary['short_pairs_per_s']} pairs/s, target 20); "
          f"rules only {rules_s:.2f} s (x{model_s / max(rules_s, 1e-9):.1f} for the model)")
    print(f"overall {summary['overall_pairs_per_s']} pairs/s; p50 latency "
          f"{summary['p50_latency_ms_per_claim']} ms per claim ({len(lat)} ExpertQA claims, one "
          f"at a time); {summary['machine']}")


if __name__ == "__main__":
    main()

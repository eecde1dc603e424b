"""Choose the shipped abstention threshold end to end, on the calibration fold only.

Every calibration-fold question of docsqa dev and ClapNQ dev (never trained on) is asked
through the whole default pipeline with the gate at 0 (``citadel calibrate`` does the same
for one store); each threshold is then replayed and scored per set, and the threshold with
the best mean over the two sets of the objective wins (ties: the lower one):
  answers     the mean of answer correctness and the abstain rate on unanswerable questions
              (an answer counts only when it holds the gold answer: citadel.evaluate)
  abstention  balanced abstention accuracy
Writes the threshold into ``calibration.json`` (``--write``), with the curve's figures.

Usage: .venv/bin/python train/answerability/gate.py --docsqa-store DIR --clapnq-store DIR [--write]
"""

from __future__ import annotations

import argparse
import json
import sqlite3
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "src"))

from citadel.engine import Citadel  # noqa: E402
from citadel.evaluate import load_questions, run_questions  # noqa: E402
from citadel.evaluate.scoring import _score  # noqa: E402
from citadel.pipeline import AskSettings  # noqa: E402
from citadel.retrieve.answerability import MODEL_DIR, AnswerabilityModel  # noqa: E402
from citadel.store import open_store  # noqa: E402

from build_data import calib_fold as fold  # noqa: E402  (the fold build_data.py keeps out of training)

KEYS = {"answers": "answer_balanced_accuracy", "abstention": "balanced_accuracy"}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--datasets", type=Path, default=ROOT.parent / "shared" / "datasets")
    ap.add_argument("--docsqa-store", type=Path, required=True)
    ap.add_argument("--clapnq-store", type=Path, required=True)
    ap.add_argument("--objective", choices=sorted(KEYS), default="answers")
    ap.add_argument("--model", type=Path, default=MODEL_DIR, help="the model folder (default: the shipped one)")
    ap.add_argument("--show", type=float, action="append", default=[],
                    help="also print the figures at this threshold (repeat for more)")
    ap.add_argument("--write", action="store_true", help="store the chosen threshold in calibration.json")
    args = ap.parse_args()
    sets = {"docsqa": (args.datasets / "docsqa" / "questions.dev.jsonl", args.docsqa_store),
            "clapnq": (args.datasets / "clapnq" / "questions.dev.jsonl", args.clapnq_store)}  # fmt: skip
    records = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name, (questions, store_dir) in sets.items():
            items = [q for q in load_questions(questions) if fold(name, q.id)]
            copy = Path(tmp) / name
            copy.mkdir()
            with sqlite3.connect(f"file:{store_dir / 'citadel.db'}?mode=ro", uri=True) as src, \
                    sqlite3.connect(copy / "citadel.db") as dst:  # fmt: skip
                src.backup(dst)
            engine = Citadel(open_store(copy), backend_options={"min_score": 0.0},
                             settings=AskSettings(abstain_threshold=0.0), answerability=AnswerabilityModel(args.model))  # fmt: skip
            records[name] = run_questions(engine, items).records
            engine.close()
            print(f"{name}: {len(items)} calibration-fold questions asked", flush=True)
    grid = sorted({round(r.top_score, 3) for rs in records.values() for r in rs} | {0.0})
    key = KEYS[args.objective]
    rows = []
    for t in grid:
        per = {name: _score(rs, t, None) for name, rs in records.items()}
        rows.append((sum(m[key] for m in per.values()) / len(per), t, per))
    best = max(r[0] for r in rows)
    plateau = [r for r in rows if r[0] >= best - 1e-9]
    chosen = plateau[0]  # ties go to the lower threshold, as in `citadel calibrate`
    summary = {name: {k: round(v, 3) for k, v in m.items() if k in ("answer_correctness", "abstain_rate_unanswerable",
                                                                    "balanced_accuracy", "answer_balanced_accuracy")}
               for name, m in chosen[2].items()}  # fmt: skip
    out = {"threshold": chosen[1], "objective": key, "mean": round(chosen[0], 4), "per_set": summary,
           "plateau": [plateau[0][1], plateau[-1][1]]}  # fmt: skip
    print(json.dumps(out, indent=1))
    shipped = json.loads((args.model / "calibration.json").read_text()).get("unit_threshold")
    for mean, t, per in rows:  # the neighbourhood of the chosen and of the unit-level threshold
        if abs(t - chosen[1]) < 0.03 or (shipped is not None and abs(t - shipped) < 0.01) \
                or any(abs(t - s) < 0.006 for s in args.show):
            print(f"  t={t:.3f} mean={mean:.4f} " + " ".join(
                f"{n}: correct {m['answer_correctness']:.3f} abstain {m['abstain_rate_unanswerable']:.3f} "
                f"balanced {m['balanced_accuracy']:.3f}" for n, m in per.items()))
    if args.write:
        path = args.model / "calibration.json"
        data = json.loads(path.read_text())
        data["unit_threshold"] = data.get("unit_threshold", data["threshold"])
        data["threshold"] = chosen[1]
        data["threshold_chosen_by"] = f"train/answerability/gate.py, objective {key}, calibration fold end to end"
        data["threshold_figures"] = summary
        path.write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()

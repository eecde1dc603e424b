"""The shipped answerability model (``src/citadel/retrieve/answerability_model/model.onnx``)
back as a torch checkpoint, so ``export.py`` can write it again another way (``--int8``)
without retraining. The weights come out of the ONNX file (``weights_from_onnx``); the
configuration and tokenizer are all-MiniLM-L6-v2's, the base it was trained from.

Usage:
  .venv-train/bin/python train/answerability/checkpoint.py --out train/answerability/work/ckpt-shipped
  .venv-train/bin/python train/answerability/export.py --ckpt train/answerability/work/ckpt-shipped \
      --out /tmp/shipped-int8 --int8
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from transformers import AutoConfig, AutoModelForSequenceClassification, AutoTokenizer

from _verifier import load  # train/answerability/_verifier.py

_train = load("train")
SHIPPED = Path(__file__).resolve().parents[2] / "src" / "citadel" / "retrieve" / "answerability_model" / "model.onnx"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--onnx", type=Path, default=SHIPPED)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    base = _train.base_model_dir()
    model = AutoModelForSequenceClassification.from_config(AutoConfig.from_pretrained(base, num_labels=1))
    _train.load_weights(model, _train.weights_from_onnx(args.onnx), str(args.onnx))
    model.save_pretrained(args.out)
    AutoTokenizer.from_pretrained(base).save_pretrained(args.out)
    (args.out / "train_state.json").write_text(json.dumps({"from": str(args.onnx), "question_first": False}) + "\n")


if __name__ == "__main__":
    main()

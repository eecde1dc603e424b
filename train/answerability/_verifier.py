"""The claim-support model's training scripts (``train/verifier/``), loaded by path: their
file names (train.py, export.py) are this folder's too, so a plain import would find these."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

VERIFIER = Path(__file__).resolve().parents[1] / "verifier"


def load(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"verifier_{name}", VERIFIER / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module

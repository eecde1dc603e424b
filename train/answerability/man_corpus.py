"""Render the man pages the entry questions are made from (``man_pages.txt``: 896 section-1
pages of the Debian machine the shipped model was trained on, none of them a page of docsqa's
corpus and none of google-cloud-sdk's 16,000 generated ones), the way docsqa renders its own:

    LC_ALL=C MANWIDTH=80 man --nh --nj -P cat NAME > OUT/NAME.txt

A page this machine does not have is skipped and counted. Then ingest them into a store of
their own for ``build_data.py --entries-store``:

    .venv/bin/python train/answerability/man_corpus.py --out /tmp/man-corpus
    .venv/bin/citadel --store /tmp/man-store ingest /tmp/man-corpus --no-embed
"""

from __future__ import annotations

import argparse
import os
import subprocess
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("--pages", type=Path, default=HERE / "man_pages.txt")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    env = {**os.environ, "LC_ALL": "C", "MANWIDTH": "80"}
    names = [n.strip() for n in args.pages.read_text().split() if n.strip()]
    missing = 0
    for n, name in enumerate(names, 1):
        done = subprocess.run(["man", "--nh", "--nj", "-P", "cat", name], env=env, capture_output=True, timeout=30)
        if done.returncode != 0 or not done.stdout.strip():
            missing += 1
        else:
            (args.out / f"{name}.txt").write_bytes(done.stdout)
        if n % 100 == 0:
            print(f"{n}/{len(names)} pages, {missing} missing", flush=True)
    print(f"{len(names) - missing} pages rendered into {args.out}, {missing} not on this machine")


if __name__ == "__main__":
    main()

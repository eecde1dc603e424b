"""How much of a real documentation tree citadel stores, and why the rest is not.

    .venv/bin/python bench/doc_tree.py [FOLDER]      # default /usr/share/doc

Ingests the folder into a fresh temporary store with the keyword index only (no vectors:
this measures reading, not embedding), then prints the files the walk found, how many were
stored, failed and skipped, the reasons grouped, and the share of text-holding files stored
(every file except those skipped as not text). Every file is accounted for: stored + failed
+ skipped = found.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import tempfile
import time
from collections import Counter
from pathlib import Path

from citadel.ingest import ingest
from citadel.store import open_store


def reason_class(text: str) -> str:
    """A reason without its particulars (offsets, sizes, names), for grouping."""
    text = re.sub(r"'[^']*'", "'...'", text)
    text = re.sub(r"\d[\d,.]*", "N", text)
    return text[:90]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("folder", nargs="?", default="/usr/share/doc")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    folder = Path(args.folder)
    found = sum(1 for _root, _dirs, files in os.walk(folder) for _ in files)
    with tempfile.TemporaryDirectory() as tmp, open_store(Path(tmp) / "store") as store:
        t0 = time.perf_counter()
        report = ingest(store, [folder], embedder=None)
        seconds = time.perf_counter() - t0
    stored = report.added + report.updated + report.unchanged
    not_text = sum(1 for s in report.skipped if s.reason.startswith("unsupported file type"))
    hidden_folders = sum(1 for s in report.skipped if s.reason.startswith("hidden folder"))
    summary = {
        "date": time.strftime("%Y-%m-%d"), "machine": f"{platform.machine()}, {os.cpu_count()} cores",
        "folder": str(folder), "files_found": found, "stored": stored, "failed": len(report.failed),
        "skipped": len(report.skipped), "skipped_not_text": not_text, "hidden_folders": hidden_folders,
        "text_files_stored_share": round(stored / max(1, found - not_text), 4),
        "seconds": round(seconds, 1), "docs_per_s": round(stored / max(seconds, 1e-9), 1),
        "failed_reasons": Counter(reason_class(f.error) for f in report.failed).most_common(10),
        "skipped_reasons": Counter(reason_class(s.reason) for s in report.skipped).most_common(10),
    }
    if args.json:
        print(json.dumps(summary))
        return
    print(f"{folder}: {found} files found; {stored} stored, {len(report.failed)} failed, "
          f"{len(report.skipped)} skipped ({not_text} not text, {hidden_folders} hidden folders)")
    print(f"text-holding files stored: {summary['text_files_stored_share']:.1%} "
          f"({stored} of {found - not_text}); {seconds:.1f} s, {summary['docs_per_s']} docs/s, "
          f"keyword index only; {summary['machine']}")
    for title, rows in (("failed", summary["failed_reasons"]), ("skipped", summary["skipped_reasons"])):
        print(f"{title}, by reason:")
        for reason, n in rows:  # type: ignore[misc]
            print(f"  {n:>5}  {reason}")


if __name__ == "__main__":
    main()

"""Ingest throughput on Ray with 1, then 2 embedding actors: the first N SciFact abstracts.

Run: .venv/bin/python bench/ray_ingest.py --store /tmp/ray-bench [--docs 1000] [--ray local] [--corpus PATH]

The first N lines of the corpus (a JSONL file of {doc_id, title, text}) go to a JSONL file of
their own, which ``ingest_on_ray`` ingests into ``--store`` (a folder or a postgresql:// URL)
with the default embedder, once with one embedding actor and once with two. Before each run
those N documents are deleted from the store, so each run stores all of them. Ray is started
(or joined) once, outside the timings; each run's time includes starting its actors and
loading their models, as a real job does. Prints the cores this process may use and the
cluster's CPUs, then documents/s and chunks/s per run and the speed-up of two actors over one.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from itertools import islice
from pathlib import Path

from citadel.ingest.distributed import cluster_cpus, ingest_on_ray, local_cpus, ray_session
from citadel.store import Store, open_store

DEFAULT_CORPUS = Path(__file__).resolve().parents[1].parent / "shared" / "datasets" / "scifact" / "corpus.jsonl"


def first_lines(corpus: Path, n: int, folder: Path) -> tuple[Path, list[str]]:
    """The first ``n`` lines of ``corpus`` in a file of their own, and their doc ids."""
    import json

    with corpus.open(encoding="utf-8") as src:
        lines = list(islice(src, n))
    path = folder / f"scifact-{n}.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    return path, [str(json.loads(line)["doc_id"]) for line in lines]


def run(store: Store, path: Path, doc_ids: list[str], address: str, embedders: int) -> tuple[int, int, float]:
    for doc_id in doc_ids:
        store.delete(doc_id)
    started = time.perf_counter()
    report = ingest_on_ray(store, [path], address=address, num_embedders=embedders)
    seconds = time.perf_counter() - started
    if report.failed or report.added != len(doc_ids):
        raise SystemExit(f"expected {len(doc_ids)} added, got {report.as_json()}")
    return report.added, report.chunks, seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", required=True, help="a store folder or a postgresql:// URL")
    parser.add_argument("--docs", type=int, default=1000, help="how many abstracts (default 1000)")
    parser.add_argument("--ray", default="local", help="Ray address, or local (default)")
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp, open_store(args.store) as store:
        path, doc_ids = first_lines(args.corpus, args.docs, Path(tmp))
        with ray_session(args.ray) as ray:
            print(f"cores for this process: {local_cpus()}; Ray cluster CPUs: {cluster_cpus(ray)}")
            rates = {}
            for embedders in (1, 2):
                docs, chunks, seconds = run(store, path, doc_ids, args.ray, embedders)
                rates[embedders] = docs / seconds
                print(f"{embedders} embedder(s): {docs} docs, {chunks} chunks in {seconds:.1f} s: "
                      f"{docs / seconds:.1f} docs/s, {chunks / seconds:.1f} chunks/s")  # fmt: skip
        print(f"speed-up of 2 embedders over 1: {rates[2] / rates[1]:.2f}x")


if __name__ == "__main__":
    main()

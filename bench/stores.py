"""SQLite against PostgreSQL + pgvector, side by side in one run: SciFact nDCG@10 per search
mode, hybrid search latency (p50/p95) at SciFact's size and on a synthetic store of N chunks,
and the recall of pgvector's HNSW index against exact search.

Run: ``.venv/bin/python bench/stores.py [--big 100000 1000000] [--url postgresql://...]``

Without ``--url`` a throwaway PostgreSQL is started with ``scripts/postgres.sh`` (and stopped
at the end). The SQLite stores are the cached ones of ``bench/retrieval.py`` (the same chunk
vectors); each PostgreSQL store is filled from them with ``citadel copy`` (the copy's time is
reported too), so both stores hold exactly the same chunks and vectors. Queries: the 300 SciFact
claims of the BEIR test set, embedded once; no rerank (the reranker is the same for both stores
and would only add its own time). The synthetic stores (``bench/retrieval.py``) are built once
and cached; the PostgreSQL copy of each is made in the run, by ``citadel copy``'s bulk load.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))
sys.path.insert(0, str(ROOT / "src"))

import retrieval as rb  # noqa: E402

from citadel.retrieve import Searcher  # noqa: E402
from citadel.retrieve.embedders import OnnxEmbedder  # noqa: E402
from citadel.store import Store, open_store  # noqa: E402
from citadel.store.base import ADMIN, SearchFilter  # noqa: E402
from citadel.store.copy import copy_store  # noqa: E402


def postgres_server(url: str | None) -> tuple[str, str | None]:
    if url:
        return url, None
    folder = tempfile.mkdtemp(prefix="citadel-bench-pg-")
    os.chmod(folder, 0o755)
    out = subprocess.run(["bash", str(ROOT / "scripts" / "postgres.sh"), "start", folder],
                         capture_output=True, text=True, check=True)  # fmt: skip
    return out.stdout.strip().splitlines()[-1], folder


def database(server: str, name: str) -> str:
    import psycopg

    with psycopg.connect(server, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE IF EXISTS {name}")
        conn.execute(f"CREATE DATABASE {name}")
    return server.rsplit("/", 1)[0] + "/" + name


def fill(sqlite: Store, server: str, name: str) -> tuple[Store, float]:
    url = database(server, name)
    pg = open_store(url)
    t = time.perf_counter()
    done = [0]

    def progress(_doc_id: str) -> None:
        done[0] += 1
        if done[0] % 50_000 == 0:
            print(f"  copy to {name}: {done[0]:,} documents, {time.perf_counter() - t:.0f}s", flush=True)

    copy_store(sqlite, pg, on_progress=progress)
    return pg, time.perf_counter() - t


def ndcg(searcher: Searcher, queries: list[tuple[str, str]], vectors: np.ndarray, qrels: dict[str, set[str]],
         mode: str) -> float:  # fmt: skip
    scores = []
    for (qid, text), vec in zip(queries, vectors, strict=True):
        hits = searcher._search_one(text, 10, SearchFilter(), mode, False, vec, None).hits
        scores.append(rb.ndcg_at_10(rb.doc_ranking(hits), qrels.get(qid, set())))
    return float(np.mean(scores))


def latency(searcher: Searcher, queries: list[tuple[str, str]], vectors: np.ndarray) -> dict[str, float]:
    searcher._search_one(queries[0][1], 10, SearchFilter(), "hybrid", False, vectors[0], None)
    times = []
    for (_, text), vec in zip(queries, vectors, strict=True):
        t = time.perf_counter()
        searcher._search_one(text, 10, SearchFilter(), "hybrid", False, vec, None)
        times.append((time.perf_counter() - t) * 1000)
    times.sort()
    return {"p50": times[len(times) // 2], "p95": times[min(len(times) - 1, int(len(times) * 0.95))]}


def side_latency(store: Store, queries: list[tuple[str, str]], vectors: np.ndarray) -> dict[str, float]:
    """p50/p95 of each side of hybrid search alone (50 candidates, as the searcher asks)."""
    out: dict[str, float] = {}
    for side in ("keyword", "dense"):
        times = []
        for (_, text), vec in zip(queries, vectors, strict=True):
            t = time.perf_counter()
            if side == "keyword":
                store.keyword_search(text, 50, SearchFilter())
            else:
                store.dense_search(vec, 50, SearchFilter())
            times.append((time.perf_counter() - t) * 1000)
        times.sort()
        out[f"{side}_p50"] = round(times[len(times) // 2], 1)
        out[f"{side}_p95"] = round(times[min(len(times) - 1, int(len(times) * 0.95))], 1)
    return out


def hnsw_recall(pg: Store, sqlite: Store, vectors: np.ndarray, k: int = 10) -> float:
    """Share of the exact top-k (SQLite's exact search over the same vectors) that the HNSW
    search of PostgreSQL returns."""
    found = []
    for vec in vectors:
        exact = {h.chunk.chunk_id for h in sqlite.dense_search(vec, k, ADMIN)}
        approx = {h.chunk.chunk_id for h in pg.dense_search(vec, k, ADMIN)}
        found.append(len(exact & approx) / max(1, len(exact)))
    return float(np.mean(found))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--url", help="a PostgreSQL server to use (default: start a throwaway one)")
    parser.add_argument("--big", type=int, nargs="*", default=[100_000, 1_000_000],
                        help="chunks of each synthetic store (none: skip)")  # fmt: skip
    parser.add_argument("--latency-queries", type=int, default=100)
    args = parser.parse_args()
    server, folder = postgres_server(args.url)
    load = os.getloadavg()[0]
    try:
        embedder = rb.CachedEmbedder(OnnxEmbedder(settings=replace(OnnxEmbedder.DEFAULT_SETTINGS, threads=2)))
        sqlite = rb.scifact_store(embedder)
        queries = rb.load_queries("dev")
        qrels = rb.load_qrels()
        vectors = embedder.embed_queries([q for _, q in queries])
        pg, copy_s = fill(sqlite, server, "bench_scifact")
        results: dict[str, object] = {"copy_scifact_s": round(copy_s, 1)}
        for name, store in (("sqlite", sqlite), ("postgres", pg)):
            searcher = Searcher(store, embedder=embedder)
            results[name] = {mode: round(ndcg(searcher, queries, vectors, qrels, mode), 4)
                             for mode in ("bm25", "dense", "hybrid")}  # fmt: skip
            results[f"{name}_latency_scifact"] = latency(searcher, queries[: args.latency_queries],
                                                         vectors[: args.latency_queries])
            results[f"{name}_sides_scifact"] = side_latency(store, queries[: args.latency_queries],
                                                            vectors[: args.latency_queries])  # fmt: skip
        results["hnsw_recall_scifact"] = round(hnsw_recall(pg, sqlite, vectors[: args.latency_queries]), 4)
        print(json.dumps(results), flush=True)
        for size in args.big:
            big = rb.synthetic_store(sqlite, size)
            pg_big, copy_big = fill(big, server, f"bench_big_{size}")
            results[f"copy_{size}_s"] = round(copy_big, 1)
            print(f"copied {size:,} chunks to PostgreSQL in {copy_big:.0f}s", flush=True)
            for name, store in (("sqlite", big), ("postgres", pg_big)):
                results[f"{name}_latency_{size}"] = latency(Searcher(store, embedder=embedder),
                                                            queries[: args.latency_queries],
                                                            vectors[: args.latency_queries])  # fmt: skip
                results[f"{name}_sides_{size}"] = side_latency(store, queries[: args.latency_queries],
                                                               vectors[: args.latency_queries])  # fmt: skip
            results[f"hnsw_recall_{size}"] = round(hnsw_recall(pg_big, big, vectors[: args.latency_queries]), 4)
            print(json.dumps({k: v for k, v in results.items() if str(size) in k}), flush=True)
            pg_big.close()
            big.close()
        print(f"# stores benchmark, {time.strftime('%Y-%m-%d %H:%M')}, {platform.machine()}, {os.cpu_count()} cores, "
              f"load average at start {load:.2f}")
        print(json.dumps(results, indent=2))
    finally:
        if folder:
            subprocess.run(["bash", str(ROOT / "scripts" / "postgres.sh"), "stop", folder], capture_output=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

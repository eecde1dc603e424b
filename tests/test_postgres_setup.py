"""The PostgreSQL + pgvector the tests rely on is real: it starts, answers, and filters with HNSW.

These run against `tests/pg_support.py`'s server (a throwaway cluster from `scripts/postgres.sh`,
or `$CITADEL_TEST_POSTGRES`), so a broken install fails here with the script's own message.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.pg_support import (
    ENV_VAR,
    PostgresUnavailable,
    fresh_database,
    postgres_url,
    query,
    run_script,
    start_cluster,
    stop_cluster,
)

ROWS = 2000
DIM = 8
ONE_IN = 50  # only one row in ONE_IN passes the filter: 40 of 2,000
K = 10
QUERY_VECTOR = "[" + ",".join(["0.5"] * DIM) + "]"


def _version(text: str) -> tuple[int, ...]:
    return tuple(int(part) for part in text.split(".")[:2])


def test_server_answers_with_pgvector_0_8_or_later() -> None:
    url = postgres_url()
    assert query(url, "SELECT 1") == [("1",)]
    [(version,)] = query(url, "SELECT extversion FROM pg_extension WHERE extname = 'vector'")
    assert _version(version) >= (0, 8)
    [(listen,)] = query(url, "SHOW listen_addresses")
    if not os.environ.get(ENV_VAR):
        assert listen == "127.0.0.1"


def test_session_server_is_started_once() -> None:
    assert postgres_url() == postgres_url()


def test_fresh_databases_are_separate_and_have_vector() -> None:
    url = postgres_url()
    first, second = fresh_database(url), fresh_database(url)
    assert first != second
    names = {query(u, "SELECT current_database()")[0][0] for u in (first, second)}
    assert len(names) == 2
    for u in (first, second):
        assert query(u, "SELECT extname FROM pg_extension WHERE extname = 'vector'") == [("vector",)]
        assert query(u, "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'") == [("0",)]
    query(first, "CREATE TABLE only_here (v vector(3))")
    assert query(second, "SELECT to_regclass('only_here') IS NULL") == [("t",)]


@pytest.fixture(scope="module")
def filtered_items() -> str:
    """A database with ROWS random DIM-d vectors, an HNSW index, and a filter passing 1 in ONE_IN."""
    url = fresh_database(postgres_url())
    randoms = ", ".join(["random()"] * DIM)
    query(
        url,
        f"""
        SELECT setseed(0.17);
        CREATE TABLE items (id int PRIMARY KEY, grp int NOT NULL, v vector({DIM}) NOT NULL);
        INSERT INTO items
            SELECT i, i % {ONE_IN}, ARRAY[{randoms}]::vector({DIM}) FROM generate_series(1, {ROWS}) i;
        CREATE INDEX items_v_hnsw ON items USING hnsw (v vector_l2_ops);
        ANALYZE items;
        """,
    )
    return url


def _nearest_passing(url: str, iterative_scan: str) -> list[tuple[str, ...]]:
    return query(
        url,
        f"""
        SET enable_seqscan = off;
        SET hnsw.iterative_scan = {iterative_scan};
        SELECT id, grp FROM items WHERE grp = 0
        ORDER BY v <-> '{QUERY_VECTOR}' LIMIT {K};
        """,
    )


def test_hnsw_index_is_used_for_the_filtered_query(filtered_items: str) -> None:
    plan = query(
        filtered_items,
        f"""
        SET enable_seqscan = off;
        EXPLAIN SELECT id FROM items WHERE grp = 0 ORDER BY v <-> '{QUERY_VECTOR}' LIMIT {K};
        """,
    )
    assert any("items_v_hnsw" in line for (line,) in plan), plan


def test_without_iterative_scan_the_filter_starves_the_index(filtered_items: str) -> None:
    # ef_search=40 candidates, of which about 1 in 50 pass: far fewer than K come back.
    assert len(_nearest_passing(filtered_items, "off")) < K


def test_iterative_scan_returns_k_rows_under_a_selective_filter(filtered_items: str) -> None:
    rows = _nearest_passing(filtered_items, "relaxed_order")
    assert len(rows) == K
    assert {grp for _, grp in rows} == {"0"}
    assert len({row_id for row_id, _ in rows}) == K
    exact = query(
        filtered_items,
        f"""
        SET enable_indexscan = off;
        SELECT id, grp FROM items WHERE grp = 0 ORDER BY v <-> '{QUERY_VECTOR}' LIMIT {K};
        """,
    )
    # HNSW is approximate; on 40 candidates it should find nearly all of the exact top K.
    assert len(set(rows) & set(exact)) >= K - 2


@pytest.fixture
def cluster_folder() -> Iterator[Path]:
    if os.environ.get(ENV_VAR):
        pytest.skip(f"${ENV_VAR} names the server; scripts/postgres.sh is not used")
    folder = Path(tempfile.mkdtemp(prefix="citadel-test-postgres-", dir="/tmp"))
    try:
        yield folder
    finally:
        try:
            stop_cluster(folder)
        finally:
            shutil.rmtree(folder, ignore_errors=True)


def test_script_start_is_reentrant_and_stop_is_idempotent(cluster_folder: Path) -> None:
    url = start_cluster(cluster_folder)
    assert url.startswith("postgresql://postgres@127.0.0.1:") and url.endswith("/citadel")
    assert (cluster_folder / "url").read_text().strip() == url
    assert start_cluster(cluster_folder) == url
    assert run_script("url", str(cluster_folder)).strip() == url
    assert query(url, "SELECT extversion FROM pg_extension WHERE extname = 'vector'") != []
    stop_cluster(cluster_folder)
    stop_cluster(cluster_folder)
    with pytest.raises(PostgresUnavailable, match="no cluster running"):
        run_script("url", str(cluster_folder))
    assert start_cluster(cluster_folder) == url  # a stopped cluster comes back on its port

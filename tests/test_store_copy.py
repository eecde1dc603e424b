"""``citadel copy SRC DST`` (issue 18): a whole store, restricted documents and their traces
included, round-trips SQLite -> PostgreSQL -> SQLite with equal counts and checksums, and
access holds in every copy."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from citadel._errors import ConfigError
from citadel.cli import cli
from citadel.ingest import ingest
from citadel.retrieve.embedders import HashingEmbedder
from citadel.store import Store, open_store
from citadel.store.base import ADMIN, SearchFilter, TraceQuery
from citadel.store.copy import copy_store, digest

from .pg_support import fresh_database, postgres_url
from .serve_support import fast_engine

PUBLIC = SearchFilter()
HR = SearchFilter(groups=frozenset({"hr"}))


def filled_store(tmp_path: Path) -> Store:
    """refunds (public) and salaries (hr) with vectors, a second version of refunds, a document
    without vectors, traces of a public and an hr question, and a setting."""
    engine = fast_engine(tmp_path)
    store = engine.store
    changed = tmp_path / "corpus" / "pub" / "refunds.md"
    changed.write_text(changed.read_text() + "\nRefunds of gift cards are not possible.\n")
    assert ingest(store, [changed], embedder=HashingEmbedder()).updated == 1
    (tmp_path / "later.md").write_text("# Later\n\nThis note has no vector yet.\n")
    assert ingest(store, [tmp_path / "later.md"], embedder=None).added == 1
    engine.ask("How long are approved refunds processed?")
    engine.ask("What is the salary band of an engineer?", groups=["hr"])
    store.set_config("abstain_threshold", {"value": 0.37})
    return store


def test_a_store_round_trips_sqlite_postgres_sqlite(tmp_path: Path) -> None:
    source = filled_store(tmp_path)
    before = digest(source)
    assert before["versions"]["count"] == 4 and before["traces"]["count"] == 2
    assert before["vectors"]["count"] == before["chunks"]["count"] - 1  # the later note has none
    url = fresh_database(postgres_url())
    with open_store(url) as pg:
        report = copy_store(source, pg)
        assert report.documents == 3 and report.traces == 2 and report.digest == before == digest(pg)
        # access holds in the copy: the restricted text and its trace stay restricted
        assert {d.doc_id for d in pg.documents(PUBLIC)} == {"refunds.md", "later.md"}
        assert not [h for h in pg.keyword_search("salary band engineer", 5, PUBLIC)]
        assert {h.chunk.doc_id for h in pg.keyword_search("salary band engineer", 5, HR)} == {"salaries.md"}
        assert len(pg.list_traces(PUBLIC, TraceQuery())) == 1 and len(pg.list_traces(HR, TraceQuery())) == 2
        assert pg.text("refunds.md", 1) == source.text("refunds.md", 1)  # the replaced version too
        vector = HashingEmbedder().embed_queries(["salary band engineer"])[0]
        assert {h.chunk.doc_id for h in pg.dense_search(vector, 3, HR)} >= {"salaries.md"}
        assert "salaries.md" not in {h.chunk.doc_id for h in pg.dense_search(vector, 3, PUBLIC)}
        assert pg.get_config("abstain_threshold") == {"value": 0.37} and pg.count_unembedded() == 1
        with open_store(tmp_path / "back") as back:
            assert copy_store(pg, back).digest == before == digest(back)
            with pytest.raises(ConfigError, match="not empty"):
                copy_store(pg, back)
    source.close()


def test_the_copy_command(tmp_path: Path) -> None:
    filled_store(tmp_path).close()
    url = fresh_database(postgres_url())
    result = CliRunner().invoke(cli, ["copy", str(tmp_path / "store"), url, "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert report["documents"] == 3 and report["digest"]["traces"]["count"] == 2
    again = subprocess.run([sys.executable, "-m", "citadel.cli", "copy", str(tmp_path / "store"), url],
                           capture_output=True, text=True, timeout=120)
    assert again.returncode == 1 and "the destination store is not empty" in again.stderr, again.stderr
    with open_store(url) as pg:
        assert [d.doc_id for d in pg.documents(ADMIN)] == ["later.md", "refunds.md", "salaries.md"]

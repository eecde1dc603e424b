"""Shared fixtures: every test gets its own store folder; real files are built here."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from citadel.store import Store, open_store


@pytest.fixture(autouse=True)
def _isolated_store(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Point $CITADEL_STORE at a temporary folder so no test touches ./.citadel."""
    monkeypatch.setenv("CITADEL_STORE", str(tmp_path / "env-store"))


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    with open_store(tmp_path / "store") as s:
        yield s


#: every kind of store the contract tests run against
STORE_KINDS = ["sqlite", "postgres"]


@pytest.fixture(params=STORE_KINDS)
def store_kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def new_store_location(store_kind: str, tmp_path: Path) -> Callable[[str], str]:
    """Makes locations of new empty stores of the kind under test: a SQLite folder, or a fresh
    database on the real PostgreSQL with pgvector that ``tests/pg_support.py`` starts once per
    session."""

    def make(name: str = "store") -> str:
        if store_kind == "sqlite":
            return str(tmp_path / name)
        from tests.pg_support import fresh_database, postgres_url

        return fresh_database(postgres_url())

    return make


@pytest.fixture
def any_store(new_store_location: Callable[[str], str]) -> Iterator[Store]:
    """A new empty store of each kind; a contract module runs every test on both by
    overriding ``store`` with it (see tests/test_store.py)."""
    with open_store(new_store_location()) as s:
        yield s

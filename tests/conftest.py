"""Shared fixtures: every test gets its own store folder; real files are built here."""

from __future__ import annotations

from collections.abc import Iterator
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

"""An engine over documents a test writes: a real SQLite store, the default (bundled) models."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from citadel.engine import Citadel
from citadel.store import open_store


def engine_over(root: Path, docs: Mapping[str, str]) -> Citadel:
    """A Citadel over a new store in ``root/store`` holding ``docs`` (file name -> text, written
    to ``root/docs``), every one ingested without a failure."""
    folder = root / "docs"
    folder.mkdir()
    for name, text in docs.items():
        (folder / name).write_text(text, encoding="utf-8")
    engine = Citadel(open_store(root / "store"))
    assert not engine.ingest([folder]).failed
    return engine

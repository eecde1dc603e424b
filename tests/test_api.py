"""The public API is exactly what __all__ lists, and every name in it exists."""

from __future__ import annotations

import types

import citadel

EXPECTED = {
    "Answer", "AskSettings", "BackendError", "Chunk", "ChunkKind", "ChunkSettings", "Citadel", "CitadelError",
    "ConfigError", "Document", "DocumentSummary", "FakeGenerator", "Generator", "Hit", "IngestError",
    "IngestReport", "NotFoundError", "RetrievalError", "SearchFilter", "SearchResult", "Store", "StoreError",
    "ValidationError", "VerifyError", "VerifyResult", "ingest", "open_store", "register_backend", "verify",
    "verify_batch",
}  # fmt: skip


def test_exported_members_are_exact() -> None:
    assert set(citadel.__all__) == EXPECTED
    public = {name for name in dir(citadel) if not name.startswith("_")}
    submodules = {n for n in public if isinstance(getattr(citadel, n), types.ModuleType)}  # imported by other tests
    assert public - submodules - {"annotations"} <= EXPECTED
    for name in citadel.__all__:
        assert getattr(citadel, name) is not None


def test_every_error_is_a_citadel_error() -> None:
    errors = [getattr(citadel, n) for n in citadel.__all__ if n.endswith("Error")]
    assert all(issubclass(e, citadel.CitadelError) for e in errors)
    assert issubclass(citadel.NotFoundError, citadel.StoreError)

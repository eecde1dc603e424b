"""The public API is exactly what __all__ lists, and every name in it exists."""

from __future__ import annotations

import citadel

EXPECTED = {
    "BackendError", "Chunk", "ChunkKind", "ChunkSettings", "CitadelError", "ConfigError", "Document",
    "DocumentSummary", "IngestError", "IngestReport", "NotFoundError", "RetrievalError", "SearchFilter",
    "Store", "StoreError", "ValidationError", "VerifyError", "ingest", "open_store",
}  # fmt: skip


def test_exported_members_are_exact() -> None:
    assert set(citadel.__all__) == EXPECTED
    public = {name for name in dir(citadel) if not name.startswith("_")}
    modules = {"cli", "ingest", "models", "store", "text", "retrieve", "verify", "generate", "evaluate", "serve"}
    assert public - modules - {"annotations"} <= EXPECTED | {"ingest"}
    for name in citadel.__all__:
        assert getattr(citadel, name) is not None


def test_every_error_is_a_citadel_error() -> None:
    errors = [getattr(citadel, n) for n in citadel.__all__ if n.endswith("Error")]
    assert all(issubclass(e, citadel.CitadelError) for e in errors)
    assert issubclass(citadel.NotFoundError, citadel.StoreError)

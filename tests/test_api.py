"""The public API is exactly what __all__ lists, and every name in it exists."""

from __future__ import annotations

import types

import citadel

EXPECTED = {
    "Answer", "AskSettings", "BackendError", "Chunk", "ChunkKind", "ChunkSettings", "Citadel", "CitadelError",
    "ConfigError", "Document", "DocumentSummary", "FakeGenerator", "Generator", "Hit", "IngestError",
    "IngestReport", "LimitError", "NotFoundError", "RetrievalError", "SearchFilter", "SearchResult", "Store", "StoreError",
    "ValidationError", "VerifyError", "VerifyResult", "open_store", "register_backend", "verify",
    "verify_batch",
}  # fmt: skip


def test_exported_members_are_exact() -> None:
    assert set(citadel.__all__) == EXPECTED
    public = {name for name in dir(citadel) if not name.startswith("_")}
    submodules = {n for n in public if isinstance(getattr(citadel, n), types.ModuleType)} - {"verify"}
    assert public - submodules - {"annotations"} <= EXPECTED
    for name in citadel.__all__:
        assert getattr(citadel, name) is not None


def test_every_error_is_a_citadel_error() -> None:
    errors = [getattr(citadel, n) for n in citadel.__all__ if n.endswith("Error")]
    assert all(issubclass(e, citadel.CitadelError) for e in errors)
    assert issubclass(citadel.NotFoundError, citadel.StoreError)


def test_verify_is_callable_and_still_the_package() -> None:
    import citadel.verify as package

    assert package.Verifier is not None and package is citadel.verify
    result = citadel.verify("Refunds take five business days.", "Approved refunds are processed within five business days.")
    assert isinstance(result, citadel.VerifyResult) and 0.0 <= result.score <= 1.0
    [batch] = citadel.verify_batch([("Refunds take ten business days.", "Refunds take five business days.")])
    assert batch.verdict == "contradicted"

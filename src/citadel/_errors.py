"""The one error tree of citadel.

Every error a user can meet is a subclass of :class:`CitadelError`::

    CitadelError
    ├── ConfigError          bad settings or a store that cannot be opened
    ├── IngestError          a file that cannot be read, parsed or chunked
    ├── StoreError           the store refused or failed an operation
    │   └── NotFoundError    no such document, chunk or trace
    ├── RetrievalError       search could not run
    ├── BackendError         a generation, embedding or model backend failed
    ├── ValidationError      model output or user input broke a schema
    │   └── LimitError       input over a configured limit (size, count, time)
    └── VerifyError          the verifier could not run

Third-party errors are translated at the boundary with ``raise ... from exc``.
The CLI and the HTTP server turn these into exit codes and status codes at the
edge, with the message as written here, which says what to do next.
"""

from __future__ import annotations


class CitadelError(Exception):
    """Root of every error citadel raises on purpose."""


class ConfigError(CitadelError):
    """Settings are invalid, or the store folder cannot be used."""


class IngestError(CitadelError):
    """A document could not be loaded or chunked."""


class StoreError(CitadelError):
    """The store failed an operation."""


class NotFoundError(StoreError):
    """The requested document, chunk or trace does not exist (or is not visible)."""


class RetrievalError(CitadelError):
    """A search could not be run."""


class BackendError(CitadelError):
    """A model backend (generation, embedding, reranking, verification) failed."""


class ValidationError(CitadelError):
    """Input or model output does not match the expected schema."""


class LimitError(ValidationError):
    """Input over one of the limits in :mod:`citadel.limits`; ``limit`` names it.

    ``kind`` is ``"size"`` (bytes or characters: HTTP 413), ``"count"`` (HTTP 422) or
    ``"time"`` (the request's time budget ran out: HTTP 503)."""

    def __init__(self, message: str, limit: str, kind: str = "size") -> None:
        super().__init__(message)
        self.limit, self.kind = limit, kind


class VerifyError(CitadelError):
    """The verifier could not run."""

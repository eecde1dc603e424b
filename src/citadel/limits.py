"""Every input limit of citadel, in one place.

Each stage that reads untrusted input (the loaders, the JSONL reader, the HTTP server, the
verifier) takes its bounds from :func:`limits`, so an operator changes a limit once:
either in Python (``citadel.limits.configure(Limits(max_document_chars=...))``) or with an
environment variable ``CITADEL_LIMIT_<FIELD>`` (``CITADEL_LIMIT_MAX_UPLOAD_BYTES=52428800``),
read when the process starts. Going over a limit raises :class:`~citadel.LimitError`,
which names the limit; the server answers it with 413 (sizes), 422 (counts) or 503
(time), the CLI reports the file as failed and carries on.

A request's *time budget* is cooperative: long loops call :func:`check_deadline`, which
raises once the budget set by :func:`deadline` has run out, or once the process is
shutting down (:func:`begin_shutdown`, called on SIGTERM), so no request can hold a
worker or stop the server from exiting.
"""

from __future__ import annotations

import contextvars
import os
import threading
import time
import unicodedata
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, fields, replace

from citadel._errors import ConfigError, LimitError, ValidationError

ENV_PREFIX = "CITADEL_LIMIT_"


@dataclass(frozen=True)
class Limits:
    """The bounds on untrusted input. Sizes in bytes or characters, times in seconds."""

    #: a JSON request body (ask, search, verify)
    max_body_bytes: int = 2 << 20
    #: one upload request, all its files together (multipart body)
    max_upload_bytes: int = 50 << 20
    #: one file given to a loader
    max_file_bytes: int = 50 << 20
    #: what an archive-based format (DOCX) may inflate to, all members together
    max_decompressed_bytes: int = 100 << 20
    #: ratio of inflated to compressed size of one archive member (zip bombs)
    max_compression_ratio: int = 200
    #: the address space of the child process that reads one PDF (native code: bombs end there)
    pdf_reader_bytes: int = 2 << 30
    #: the wall-clock time the child process that reads one PDF may take
    pdf_reader_seconds: float = 120.0
    #: a document's text after loading (about 1,000 book pages)
    max_document_chars: int = 2_000_000
    #: one line of a JSONL file
    max_jsonl_line_chars: int = 2_000_000
    #: nesting depth of HTML or XML elements a loader walks
    max_nesting_depth: int = 256
    #: a YAML front matter block (aliases are refused whatever its size)
    max_front_matter_chars: int = 20_000
    #: a question (ask) or query (search)
    max_question_chars: int = 2_000
    #: claims in one verify request
    max_verify_claims: int = 50
    #: all sources of one verify request together
    max_verify_source_chars: int = 100_000
    #: one claim's text
    max_claim_chars: int = 2_000
    #: a document id (UTF-8 bytes)
    max_doc_id_bytes: int = 255
    #: files in one upload or ingest request over HTTP
    max_upload_files: int = 100
    #: wall-clock budget of one HTTP request's model work
    request_seconds: float = 60.0
    #: model requests one caller may have running or queued at once (more: 429)
    max_inflight_per_caller: int = 4
    #: longest pause while a client sends a request body (slow senders: 408)
    body_idle_seconds: float = 15.0
    #: longest a client may take to send a whole request body
    body_total_seconds: float = 120.0

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Limits:
        """Defaults, overridden by ``CITADEL_LIMIT_<FIELD>`` variables."""
        environ = os.environ if environ is None else environ
        changes: dict[str, int | float] = {}
        for f in fields(cls):
            raw = environ.get(ENV_PREFIX + f.name.upper())
            if raw is None or not raw.strip():
                continue
            kind = float if f.type in ("float", float) else int
            try:
                value = kind(raw)
            except ValueError:
                raise ConfigError(f"{ENV_PREFIX + f.name.upper()}={raw!r} is not a number") from None
            if value <= 0:
                raise ConfigError(f"{ENV_PREFIX + f.name.upper()} must be positive")
            changes[f.name] = value
        return replace(cls(), **changes)  # type: ignore[arg-type]


_current: Limits | None = None
_lock = threading.Lock()
_scoped: contextvars.ContextVar[Limits | None] = contextvars.ContextVar("citadel_limits", default=None)


def limits() -> Limits:
    """The limits in force: those of the enclosing :func:`using` block (a server's), else the
    process's (from the environment on first use)."""
    scoped = _scoped.get()
    if scoped is not None:
        return scoped
    global _current
    if _current is None:
        with _lock:
            if _current is None:
                _current = Limits.from_env()
    return _current


def configure(new: Limits | None) -> None:
    """Set the limits in force (None: back to the environment's)."""
    global _current
    with _lock:
        _current = new


@contextmanager
def using(bounds: Limits) -> Iterator[None]:
    """Apply ``bounds`` to everything run inside the block (and the threads it hands work to
    with a copied context, as the HTTP server does)."""
    token = _scoped.set(bounds)
    try:
        yield
    finally:
        _scoped.reset(token)


def too_large(what: str, size: int, limit_name: str, unit: str = "bytes") -> LimitError:
    """The error for ``what`` being ``size`` units over the named limit."""
    bound = getattr(limits(), limit_name)
    return LimitError(
        f"{what} is {size:,} {unit}, over the limit {limit_name} = {bound:,} {unit}", limit_name, "size"
    )


def check_size(what: str, size: int, limit_name: str, unit: str = "bytes") -> None:
    if size > getattr(limits(), limit_name):
        raise too_large(what, size, limit_name, unit)


def check_count(what: str, count: int, limit_name: str) -> None:
    bound = getattr(limits(), limit_name)
    if count > bound:
        raise LimitError(f"{what}: {count:,} given, over the limit {limit_name} = {bound:,}", limit_name, "count")


def check_question(text: str, what: str = "the question") -> str:
    """``text`` if it can be asked or searched for, else an error that says why: a
    :class:`~citadel.ValidationError` when it holds no letter or digit (an empty question
    would be answered from whatever the embedder makes of nothing), a
    :class:`~citadel.LimitError` when it is over ``max_question_chars``."""
    check_size(what, len(text), "max_question_chars", "characters")
    if not any(c.isalnum() for c in text):
        raise ValidationError(f"{what} has no words: give it something to look for")
    return text


# --- document ids -------------------------------------------------------------------------


def check_doc_id(doc_id: object) -> str:
    """``doc_id`` if it is a usable document id, else a :class:`~citadel.ValidationError`.

    An id is a non-empty string of printable characters (no control, format or
    surrogate characters: no NUL, newline, tab, zero-width or bidi marks), without
    leading or trailing spaces, at most ``max_doc_id_bytes`` UTF-8 bytes.
    """
    if not isinstance(doc_id, str) or not doc_id:
        raise ValidationError("a document id must be a non-empty string")
    if doc_id != doc_id.strip():
        raise ValidationError(f"document id {doc_id!r} starts or ends with white space")
    size = len(doc_id.encode("utf-8", errors="surrogatepass"))
    bound = limits().max_doc_id_bytes
    if size > bound:
        raise LimitError(
            f"a document id is {size} UTF-8 bytes, over the limit max_doc_id_bytes = {bound}", "max_doc_id_bytes"
        )
    for ch in doc_id:
        if unicodedata.category(ch) in ("Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"):
            raise ValidationError(
                f"document id {doc_id!r} contains the control or invisible character U+{ord(ch):04X}; "
                "ids must be printable"
            )
    return doc_id


# --- time budget --------------------------------------------------------------------------

_deadline: contextvars.ContextVar[float | None] = contextvars.ContextVar("citadel_deadline", default=None)
_yield_hook: contextvars.ContextVar[Callable[[], None] | None] = contextvars.ContextVar("citadel_yield", default=None)
_shutdown = threading.Event()


@contextmanager
def yielding(hook: Callable[[], None]) -> Iterator[None]:
    """Call ``hook`` at every :func:`check_deadline` inside the block: a server's way to let
    other callers use the models between the steps of a long request."""
    token = _yield_hook.set(hook)
    try:
        yield
    finally:
        _yield_hook.reset(token)


@contextmanager
def deadline(seconds: float | None) -> Iterator[None]:
    """Give the work inside the block ``seconds`` of wall-clock time (None: unbounded).
    A nested budget never extends the one around it."""
    if seconds is None:
        yield
        return
    end = time.monotonic() + seconds
    outer = _deadline.get()
    token = _deadline.set(end if outer is None else min(outer, end))
    try:
        yield
    finally:
        _deadline.reset(token)


def check_deadline(what: str = "the request") -> None:
    """Raise :class:`~citadel.LimitError` if the time budget is spent or the process is
    stopping; else give others their turn if the caller set a :func:`yielding` hook. Long
    loops call it between steps, where no shared state is half-updated."""
    hook = _yield_hook.get()
    if hook is not None:
        hook()
    if _shutdown.is_set():
        raise LimitError(f"{what} was stopped: the server is shutting down", "shutdown", "time")
    end = _deadline.get()
    if end is not None and time.monotonic() > end:
        raise LimitError(
            f"{what} ran out of its time budget (request_seconds = {limits().request_seconds:g})",
            "request_seconds",
            "time",
        )


def begin_shutdown() -> None:
    """Make every :func:`check_deadline` fail from now on (SIGTERM)."""
    _shutdown.set()


def shutting_down() -> bool:
    return _shutdown.is_set()

"""Ingestion: walk paths, load each file, chunk it and store it, one transaction per document.

A file that fails is recorded with its reason and the batch goes on: whatever a loader,
a parser or the chunker raises for one file (a corrupt archive, a RecursionError, a
limit of :mod:`citadel.limits`) becomes a :class:`Failure` of that file, a bad document
id too. Only an interruption (KeyboardInterrupt, SystemExit), a spent time budget
(:func:`~citadel.limits.check_deadline`, checked between files and between embedding
batches) and errors of the store or the embedder stop the batch. Stopping the
process at any moment leaves every document fully stored or not at all, and
running the same ingest again completes the batch (unchanged documents are skipped).

Chunk vectors are computed by an embedder in batches that span documents (several
small documents share one model call), then each document is stored with its
vectors in one transaction. The default embedder is the one the store already
records, else the bundled bge-small-en-v1.5; ``embedder=None`` stores no vectors.
"""

from __future__ import annotations

import functools
import hashlib
import json
import logging
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Literal, TypeVar

import numpy as np

from citadel._errors import CitadelError, ConfigError, IngestError, LimitError, ValidationError
from citadel.ingest.chunking import ChunkSettings, chunk_document
from citadel.ingest.loaders import (
    LOADERS,
    PLAIN,
    SNIFF_BYTES,
    Loader,
    ParsedDocument,
    TextBuilder,
    add_plain_paragraphs,
    describe,
    loader_for,
    title_with_folder,
)
from citadel.jsonl import iter_bounded_lines, parse_line
from citadel.limits import check_deadline, check_doc_id, check_size, limits
from citadel.models import Chunk, Document
from citadel.retrieve.embedders import DEFAULT_EMBEDDER, Embedder, embedding_text, get_embedder
from citadel.store.base import ChunkVectors, EmbeddingSpec, Store
from citadel.text import normalize_text

log = logging.getLogger(__name__)
_T = TypeVar("_T")

JSONL_SUFFIXES = (".jsonl", ".ndjson")


@dataclass(frozen=True)
class Failure:
    path: str
    error: str


@dataclass(frozen=True)
class Skipped:
    """A file (or hidden folder) a folder walk found and did not read, and why."""

    path: str
    reason: str


@dataclass
class IngestReport:
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    chunks: int = 0
    failed: list[Failure] = field(default_factory=list)
    #: what folder walks found and did not read (binary files, hidden entries), with why
    skipped: list[Skipped] = field(default_factory=list)

    @property
    def stored_nothing(self) -> bool:
        """No document was added, updated, found unchanged or failed: only skips, if any."""
        return not (self.added or self.updated or self.unchanged or self.failed)

    def as_json(self) -> dict[str, Any]:
        return {
            "added": self.added,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "failed": [{"path": f.path, "error": f.error} for f in self.failed],
            "skipped": [{"path": s.path, "reason": s.reason} for s in self.skipped],
            "chunks": self.chunks,
        }


@dataclass(frozen=True)
class _Source:
    label: str  # what the user sees: a path, or path:line for JSONL
    doc_id: str
    load: Callable[[], ParsedDocument]
    groups: tuple[str, ...]
    source_path: str
    root: Path | None = None  # the folder a file was found in, which its includes are read from


Progress = Callable[[str], None]

#: Documents are embedded together until their chunks reach this many: enough texts to sort
#: into batches of similar length, few enough that documents commit every second or two.
EMBED_BATCH_CHUNKS = 128
#: One embedding call takes at most this many chunks; between calls the time budget is checked
#: and a server may let other callers use the models, so a huge document never holds them long.
EMBED_CALL_CHUNKS = EMBED_BATCH_CHUNKS
_DEFAULT_CHUNKING = ChunkSettings()


@dataclass(frozen=True)
class _Prepared:
    source: _Source
    document: Document
    text: str
    chunks: list[Chunk]


def ingest(
    store: Store,
    paths: Sequence[str | Path],
    *,
    groups: Sequence[str] = (),
    doc_id: str | None = None,
    chunking: ChunkSettings = _DEFAULT_CHUNKING,
    embedder: Embedder | Literal["default"] | None = "default",
    on_start: Callable[[int], None] | None = None,
    on_progress: Progress | None = None,
) -> IngestReport:
    """Ingest files, folders (recursively) and JSONL bulk files into ``store``.

    ``embedder``: ``"default"`` (the store's recorded embedder, else bge-small-en-v1.5),
    an :class:`~citadel.retrieve.Embedder`, or None for keyword search only.
    ``doc_id`` names the document of a single file; it must pass
    :func:`~citadel.limits.check_doc_id` (else that file fails), as must every id taken
    from a relative path or a JSONL line.
    """
    report = IngestReport()
    groups = tuple(sorted({g.strip() for g in groups if g.strip()}))
    model = resolve_embedder(store, embedder)
    sources = list(_collect(paths, groups, doc_id, report))
    if on_start:
        on_start(len(sources))
    pending: list[_Prepared] = []
    for source in sources:
        check_deadline("the ingest")
        if any(p.document.doc_id == source.doc_id for p in pending):
            _flush(store, pending, model, report, on_progress)  # its version depends on the pending one
        try:
            prepared = _prepare(store, source, chunking, report)
        except (IngestError, ValidationError) as exc:
            if isinstance(exc, LimitError) and exc.kind == "time":
                raise
            _fail(report, source, exc)
            prepared = None
        if prepared is not None:
            pending.append(prepared)
        else:
            _progress(on_progress, source)
        if sum(len(p.chunks) for p in pending) >= EMBED_BATCH_CHUNKS:
            _flush(store, pending, model, report, on_progress)
    _flush(store, pending, model, report, on_progress)
    return report


def resolve_embedder(store: Store, embedder: Embedder | Literal["default"] | None) -> Embedder | None:
    """The embedder an ingest uses; refuses one whose vectors would not match the store's."""
    spec = store.embedding_spec()
    if embedder == "default":
        return get_embedder(spec.name if spec else DEFAULT_EMBEDDER)
    if embedder is not None and spec is not None and (spec.name, spec.dim) != (embedder.name, embedder.dim):
        raise ConfigError(
            f"this store's vectors come from the embedder {spec.name!r} ({spec.dim} dimensions), "
            f"not {embedder.name!r} ({embedder.dim}); ingest with the same embedder or into a new store"
        )
    return embedder


def _fail(report: IngestReport, source: _Source, exc: Exception) -> None:
    report.failed.append(Failure(source.label, str(exc)))
    log.warning("%s: %s", source.label, exc)


def _progress(on_progress: Progress | None, source: _Source) -> None:
    if on_progress:
        on_progress(source.label)


def _flush(
    store: Store,
    pending: list[_Prepared],
    embedder: Embedder | None,
    report: IngestReport,
    on_progress: Progress | None,
) -> None:
    """Embed the chunks of the pending documents in one call, then store each document."""
    if not pending:
        return
    matrix = None
    if embedder is not None:
        texts = [
            embedding_text(p.document.title, c.heading_path, c.text) for p in pending for c in p.chunks
        ]
        parts = []
        for start in range(0, len(texts), EMBED_CALL_CHUNKS):
            if start:
                check_deadline("the ingest")
            parts.append(embedder.embed_batch(texts[start : start + EMBED_CALL_CHUNKS]))
        matrix = np.concatenate(parts) if len(parts) > 1 else parts[0]
    row = 0
    for p in pending:
        vectors = None
        if embedder is not None and matrix is not None:
            spec = EmbeddingSpec(embedder.name, embedder.dim)
            vectors = ChunkVectors(spec, np.asarray(matrix[row : row + len(p.chunks)]))
            row += len(p.chunks)
        status = store.put(p.document, p.text, p.chunks, vectors)
        if status == "unchanged":
            report.unchanged += 1
        else:
            setattr(report, status, getattr(report, status) + 1)
            report.chunks += len(p.chunks)
        _progress(on_progress, p.source)
    pending.clear()


def _prepare(store: Store, source: _Source, chunking: ChunkSettings, report: IngestReport) -> _Prepared | None:
    """Load and chunk one source; None when it is unchanged."""
    parsed = _isolated(source.load)
    content_hash = _content_hash(parsed, source.groups)
    current = store.current(source.doc_id)
    if current is not None and current.content_hash == content_hash:
        report.unchanged += 1
        return None
    version = current.version + 1 if current else 1
    chunks = _isolated(functools.partial(chunk_document, parsed, source.doc_id, version, chunking))
    document = Document(
        doc_id=source.doc_id,
        version=version,
        title=parsed.title,
        source_path=source.source_path,
        media_type=parsed.media_type,
        groups=source.groups,
        metadata=parsed.metadata,
        content_hash=content_hash,
        indexed_at=datetime.now(UTC),
    )
    return _Prepared(source, document, parsed.text, chunks)


def _isolated(work: Callable[[], _T]) -> _T:
    """Run one file's loading or chunking: any failure that is not citadel's own becomes
    an IngestError of that file (interruptions and exits pass through)."""
    try:
        return work()
    except CitadelError:
        raise
    except RecursionError as exc:
        raise IngestError("the file is nested too deeply to read") from exc
    except MemoryError as exc:
        raise IngestError("the file needs more memory to read than is available") from exc
    except Exception as exc:
        log.debug("unexpected error while ingesting", exc_info=True)
        raise IngestError(f"could not read the file ({describe(exc)})") from exc


def _content_hash(parsed: ParsedDocument, groups: tuple[str, ...]) -> str:
    payload = [parsed.title, parsed.text, parsed.media_type, sorted(groups), parsed.metadata]
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


# --- finding sources ----------------------------------------------------------------------


def _collect(
    paths: Sequence[str | Path], groups: tuple[str, ...], doc_id: str | None, report: IngestReport
) -> Iterator[_Source]:
    for raw in paths:
        path = Path(raw)
        try:
            is_dir, is_file = path.is_dir(), path.is_file()
        except (OSError, ValueError) as exc:  # a NUL byte, a name too long for the system
            report.failed.append(Failure(str(path), f"cannot use this path: {describe(exc)}"))
            continue
        if is_dir:
            for file in _walk(path, report):
                rel = file.relative_to(path).as_posix()
                loader, why = _loader(file)
                if loader is not None or file.suffix.lower() in JSONL_SUFFIXES:
                    yield from _file_sources(file, rel, groups, report, loader, path)
                elif why is not None and why.startswith("cannot read"):
                    report.failed.append(Failure(str(file), why))
                else:
                    report.skipped.append(Skipped(str(file), why or "not a text file"))
        elif is_file:
            loader, why = _loader(path)
            if loader is None and path.suffix.lower() not in JSONL_SUFFIXES:
                report.failed.append(Failure(str(path), why or "not a text file"))
                continue
            yield from _file_sources(path, path.name if doc_id is None else doc_id, groups, report, loader)
        else:
            report.failed.append(Failure(str(path), "no such file or folder"))


def _walk(folder: Path, report: IngestReport) -> Iterable[Path]:
    """The files under ``folder``, in order. Hidden entries (a name starting with ".") are
    not read; each is named in the report, a hidden folder once for all it holds."""
    for root, dirs, files in os.walk(folder):
        here = Path(root)
        for name in sorted(d for d in dirs if d.startswith(".")):
            report.skipped.append(Skipped(str(here / name), "hidden folder (not read)"))
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            path = here / name
            if name.startswith("."):
                report.skipped.append(Skipped(str(path), "hidden file"))
            elif path.is_file():
                yield path
            else:
                report.skipped.append(Skipped(str(path), "not a regular file"))


def _loader(path: Path) -> tuple[Loader | None, str | None]:
    """The loader for a file (by suffix, or by its content when the suffix says nothing),
    or None and why not."""
    suffix = path.suffix.lower()
    if suffix in JSONL_SUFFIXES:
        return None, None
    found = loader_for(path.name)
    if found is not None:
        return found, None
    try:
        with path.open("rb") as file:
            head = file.read(SNIFF_BYTES)
    except OSError as exc:
        return None, f"cannot read the file: {exc.strerror or exc}"
    found = loader_for(path.name, head)
    if found is not None:
        return found, None
    if not head.strip():
        return None, "the file is empty"
    kinds = ", ".join(sorted({*LOADERS, *JSONL_SUFFIXES, ".gz"}))
    what = f"a '{suffix}' file" if suffix else "a file without an extension"
    return None, f"unsupported file type: {what} that is not text (supported: {kinds}, and text files by content)"


def _file_sources(
    path: Path, doc_id: str, groups: tuple[str, ...], report: IngestReport, loader: Loader | None,
    root: Path | None = None,
) -> Iterator[_Source]:
    if path.suffix.lower() in JSONL_SUFFIXES:
        yield from _jsonl_sources(path, groups, report)
        return
    try:
        check_doc_id(doc_id)
    except ValidationError as exc:
        report.failed.append(Failure(str(path), f"not a usable document id: {exc}"))
        return
    assert loader is not None  # every non-JSONL source was given its loader

    yield _Source(str(path), doc_id, functools.partial(load_path, path, doc_id, loader, root), groups, str(path), root)


def load_path(path: Path, doc_id: str, loader: Loader, root: Path | None = None) -> ParsedDocument:
    """The document of the file at ``path``, stored as ``doc_id``: a title that is only
    the file's conventional name takes its folder (:func:`title_with_folder`). A reST file
    reads the files it includes from under ``root``, the folder being ingested (its own
    folder when it is ingested alone): :class:`citadel.ingest.rst.Includer`."""
    from citadel.ingest.rst import Includer, load_rst

    data = _read_file(path)
    if loader is load_rst:
        doc = load_rst(data, path.name, include=Includer(root or path.parent, path))
    else:
        doc = loader(data, path.name)
    title = title_with_folder(doc.title, doc_id, path.name)
    return doc if title == doc.title else replace(doc, title=title)


def _read_file(path: Path) -> bytes:
    """The file's bytes, refused before reading when over ``max_file_bytes``."""
    bound = limits().max_file_bytes
    try:
        with path.open("rb") as file:
            check_size("the file", os.fstat(file.fileno()).st_size, "max_file_bytes")
            data = file.read(bound + 1)
    except OSError as exc:
        raise IngestError(f"cannot read the file: {exc.strerror or exc}") from exc
    check_size("the file", len(data), "max_file_bytes")  # it grew while being read
    return data


def _jsonl_sources(path: Path, groups: tuple[str, ...], report: IngestReport) -> Iterator[_Source]:
    """One source per good line; a bad line (over ``max_jsonl_line_chars``, not UTF-8, not
    a JSON object, without text, with a bad id) is a failure of that line only."""
    try:
        lines = list(iter_bounded_lines(path))
    except OSError as exc:
        report.failed.append(Failure(str(path), f"cannot read the JSONL file: {exc.strerror or exc}"))
        return
    for number, line, problem in lines:
        check_deadline("the ingest")
        label = f"{path}:{number}"
        if problem is not None:
            report.failed.append(Failure(label, problem))
            continue
        if line is None or not line.strip():
            continue
        try:
            record = _jsonl_record(line)
        except (IngestError, ValidationError) as exc:
            report.failed.append(Failure(label, str(exc)))
            continue
        line_groups = record.get("groups")
        doc_groups = tuple(sorted(set(line_groups))) if line_groups is not None else groups
        load = functools.partial(_parse_record, record)
        yield _Source(label, record["doc_id"], load, doc_groups, label)


def _jsonl_record(line: str) -> dict[str, Any]:
    try:
        record = parse_line(line)
    except ValidationError as exc:
        raise IngestError(str(exc)) from exc
    doc_id = record.get("doc_id", record.get("id"))
    if doc_id is None or (isinstance(doc_id, str) and doc_id.strip() == ""):
        raise IngestError('missing "doc_id" (or "id")')
    if isinstance(doc_id, bool) or not isinstance(doc_id, str | int):
        raise IngestError('"doc_id" (or "id") must be a string or an integer')
    try:
        doc_id = check_doc_id(str(doc_id))
    except ValidationError as exc:
        raise IngestError(f"not a usable document id: {exc}") from exc
    if not isinstance(record.get("text"), str):
        raise IngestError('missing "text" (a string)')
    groups = record.get("groups")
    if groups is not None and not (isinstance(groups, list) and all(isinstance(g, str) for g in groups)):
        raise IngestError('"groups" must be a list of strings')
    metadata = record.get("metadata") or {}
    if not isinstance(metadata, dict):
        raise IngestError('"metadata" must be an object')
    return {**record, "doc_id": doc_id, "metadata": metadata}


def _parse_record(record: dict[str, Any]) -> ParsedDocument:
    text = normalize_text(record["text"])
    if not text:
        raise IngestError("the document text is empty")
    builder = TextBuilder()
    add_plain_paragraphs(builder, text)
    title = str(record.get("title") or "").strip() or record["doc_id"]
    return builder.build(title, PLAIN, dict(record["metadata"]))

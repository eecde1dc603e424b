"""Ingestion: walk paths, load each file, chunk it and store it, one transaction per document.

A file that fails is recorded with its reason and the batch goes on. Stopping the
process at any moment leaves every document fully stored or not at all, and
running the same ingest again completes the batch (unchanged documents are skipped).
"""

from __future__ import annotations

import hashlib
import json
import logging
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from citadel._errors import IngestError
from citadel.ingest.chunking import ChunkSettings, chunk_document
from citadel.ingest.loaders import LOADERS, PLAIN, ParsedDocument, TextBuilder, add_plain_paragraphs
from citadel.models import Document
from citadel.store.base import Store
from citadel.text import normalize_text

log = logging.getLogger(__name__)

JSONL_SUFFIXES = (".jsonl", ".ndjson")


@dataclass(frozen=True)
class Failure:
    path: str
    error: str


@dataclass
class IngestReport:
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    chunks: int = 0
    failed: list[Failure] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)  # files in folders with no loader

    def as_json(self) -> dict[str, Any]:
        return {
            "added": self.added,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "failed": [{"path": f.path, "error": f.error} for f in self.failed],
            "chunks": self.chunks,
        }


@dataclass(frozen=True)
class _Source:
    label: str  # what the user sees: a path, or path:line for JSONL
    doc_id: str
    load: Callable[[], ParsedDocument]
    groups: tuple[str, ...]
    source_path: str


Progress = Callable[[str], None]


def ingest(
    store: Store,
    paths: Sequence[str | Path],
    *,
    groups: Sequence[str] = (),
    doc_id: str | None = None,
    chunking: ChunkSettings = ChunkSettings(),
    on_start: Callable[[int], None] | None = None,
    on_progress: Progress | None = None,
) -> IngestReport:
    """Ingest files, folders (recursively) and JSONL bulk files into ``store``."""
    report = IngestReport()
    groups = tuple(sorted({g.strip() for g in groups if g.strip()}))
    sources = list(_collect(paths, groups, doc_id, report))
    if on_start:
        on_start(len(sources))
    for source in sources:
        try:
            _ingest_one(store, source, chunking, report)
        except IngestError as exc:
            report.failed.append(Failure(source.label, str(exc)))
            log.warning("%s: %s", source.label, exc)
        if on_progress:
            on_progress(source.label)
    return report


def _ingest_one(store: Store, source: _Source, chunking: ChunkSettings, report: IngestReport) -> None:
    parsed = source.load()
    content_hash = _content_hash(parsed, source.groups)
    current = store.current(source.doc_id)
    if current is not None and current.content_hash == content_hash:
        report.unchanged += 1
        return
    version = current.version + 1 if current else 1
    chunks = chunk_document(parsed, source.doc_id, version, chunking)
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
    status = store.put(document, parsed.text, chunks)
    if status == "unchanged":
        report.unchanged += 1
        return
    setattr(report, status, getattr(report, status) + 1)
    report.chunks += len(chunks)


def _content_hash(parsed: ParsedDocument, groups: tuple[str, ...]) -> str:
    payload = [parsed.title, parsed.text, parsed.media_type, sorted(groups), parsed.metadata]
    return hashlib.sha256(json.dumps(payload, sort_keys=True, default=str).encode()).hexdigest()


# --- finding sources ----------------------------------------------------------------------


def _collect(
    paths: Sequence[str | Path], groups: tuple[str, ...], doc_id: str | None, report: IngestReport
) -> Iterator[_Source]:
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            for file in _walk(path):
                rel = file.relative_to(path).as_posix()
                if _supported(file):
                    yield from _file_sources(file, rel, groups, report)
                else:
                    report.skipped.append(str(file))
        elif path.is_file():
            if not _supported(path):
                kinds = ", ".join(sorted({*LOADERS, *JSONL_SUFFIXES}))
                report.failed.append(Failure(str(path), f"unsupported file type (supported: {kinds})"))
                continue
            yield from _file_sources(path, doc_id or path.name, groups, report)
        else:
            report.failed.append(Failure(str(path), "no such file or folder"))


def _walk(folder: Path) -> Iterable[Path]:
    for path in sorted(folder.rglob("*")):
        rel_parts = path.relative_to(folder).parts
        if path.is_file() and not any(p.startswith(".") for p in rel_parts):
            yield path


def _supported(path: Path) -> bool:
    suffix = path.suffix.lower()
    return suffix in LOADERS or suffix in JSONL_SUFFIXES


def _file_sources(
    path: Path, doc_id: str, groups: tuple[str, ...], report: IngestReport
) -> Iterator[_Source]:
    suffix = path.suffix.lower()
    if suffix in JSONL_SUFFIXES:
        yield from _jsonl_sources(path, groups, report)
        return
    _, loader = LOADERS[suffix]

    def load() -> ParsedDocument:
        try:
            data = path.read_bytes()
        except OSError as exc:
            raise IngestError(f"cannot read the file: {exc.strerror or exc}") from exc
        return loader(data, path.name)

    yield _Source(str(path), doc_id, load, groups, str(path))


def _jsonl_sources(path: Path, groups: tuple[str, ...], report: IngestReport) -> Iterator[_Source]:
    try:
        lines = path.read_bytes().decode("utf-8-sig").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        report.failed.append(Failure(str(path), f"cannot read the JSONL file as UTF-8 text: {exc}"))
        return
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        label = f"{path}:{number}"
        try:
            record = _jsonl_record(line)
        except IngestError as exc:
            report.failed.append(Failure(label, str(exc)))
            continue
        line_groups = record.get("groups")
        doc_groups = tuple(sorted(set(line_groups))) if line_groups is not None else groups
        yield _Source(label, record["doc_id"], lambda r=record: _parse_record(r), doc_groups, label)


def _jsonl_record(line: str) -> dict[str, Any]:
    try:
        record = json.loads(line)
    except json.JSONDecodeError as exc:
        raise IngestError(f"invalid JSON ({exc.msg} at column {exc.colno})") from exc
    if not isinstance(record, dict):
        raise IngestError("each line must be a JSON object")
    doc_id = record.get("doc_id", record.get("id"))
    if doc_id is None or str(doc_id).strip() == "":
        raise IngestError('missing "doc_id" (or "id")')
    if not isinstance(record.get("text"), str):
        raise IngestError('missing "text" (a string)')
    groups = record.get("groups")
    if groups is not None and not (isinstance(groups, list) and all(isinstance(g, str) for g in groups)):
        raise IngestError('"groups" must be a list of strings')
    metadata = record.get("metadata") or {}
    if not isinstance(metadata, dict):
        raise IngestError('"metadata" must be an object')
    return {**record, "doc_id": str(doc_id), "metadata": metadata}


def _parse_record(record: dict[str, Any]) -> ParsedDocument:
    text = normalize_text(record["text"])
    if not text:
        raise IngestError("the document text is empty")
    builder = TextBuilder()
    add_plain_paragraphs(builder, text)
    title = str(record.get("title") or "").strip() or record["doc_id"]
    return builder.build(title, PLAIN, dict(record["metadata"]))

"""The ``/v1/documents`` routes: list, read (for highlighting a citation), upload, delete.

A document the caller may not read answers 404, exactly like one that does not exist.
Uploads are saved to a temporary folder under their own file name (the loader is chosen
by the extension) and ingested with ``doc_id`` = the file name, or the ``doc_id`` field.

With API keys (rights in :mod:`citadel.serve.auth`): an upload goes into the key's write
groups unless ``groups`` names others it may write or ``public`` is set. A key may add,
replace or delete a document only if it may write every group the document has before and
after. **Names and unreadable documents:** a name that is a document the key can read
replaces it (rights permitting); any other name — unknown, or held by a document the key
cannot read — is written as ``~GROUPS/NAME`` (``~public/notes.md``, ``~hr/bonus.md``), the
key's namespace for those groups. Both cases answer alike, so no upload tells a key
whether a document it cannot read exists. The ids written are listed in ``doc_ids``.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Query, UploadFile

from citadel._errors import NotFoundError, ValidationError
from citadel.ingest.pipeline import JSONL_SUFFIXES
from citadel.limits import check_count, check_deadline, check_doc_id
from citadel.serve.api import ERRORS, CallerDep, ServiceDep
from citadel.serve.auth import PUBLIC, Caller
from citadel.serve.schemas import DeletedBody, DocumentBody, DocumentTextBody, ErrorBody, IngestBody
from citadel.serve.service import HTTPProblem, Service

router = APIRouter(prefix="/v1/documents", tags=["documents"])
#: Names starting with this are key namespaces (see :func:`namespace`).
NAMESPACE_MARK = "~"
NOT_FOUND = {**ERRORS, 404: {"model": ErrorBody, "description": "No such document, or not readable by this key."}}


@router.get("", summary="Documents the caller may read (current versions)", response_model=list[DocumentBody],
            responses=ERRORS)  # fmt: skip
def list_documents(caller: CallerDep, svc: ServiceDep) -> list[dict[str, Any]]:
    return [
        {**d.model_dump(exclude={"source_path"}), "groups": list(d.groups), "indexed_at": d.indexed_at.isoformat()}
        for d in svc.engine.store.documents(caller.where)
    ]


@router.get("/{doc_id:path}", summary="A document's normalized text, version and chunk spans",
            response_model=DocumentTextBody, responses=NOT_FOUND)  # fmt: skip
def get_document(
    doc_id: str,
    caller: CallerDep,
    svc: ServiceDep,
    version: Annotated[
        int | None, Query(ge=1, description="An older version (default: the current one; older ones only without keys).")
    ] = None,
) -> dict[str, Any]:
    """Citation offsets (`start`/`end` in an answer) index `text` of the cited version."""
    store = svc.engine.store
    doc = store.current(doc_id)
    if doc is None or not caller.can_read(doc.groups):
        raise HTTPProblem(404, "not_found", f"no document {doc_id!r}")
    wanted = version or doc.version
    if wanted != doc.version and not caller.owner:
        # The store keeps no per-version access check, and an older version may have been
        # more restricted than the current one: only the store's owner reads old versions.
        raise HTTPProblem(404, "not_found", f"older versions of {doc_id!r} are only shown on the local server")
    try:
        text = store.text(doc_id, wanted)
    except NotFoundError as exc:
        raise HTTPProblem(404, "not_found", f"document {doc_id!r} has no version {wanted}") from exc
    chunks = store.chunks(doc_id, caller.where) if wanted == doc.version else []
    return {
        "doc_id": doc.doc_id, "version": wanted, "current_version": doc.version, "title": doc.title,
        "groups": list(doc.groups), "media_type": doc.media_type, "text": text,
        "chunks": [
            {"chunk_id": c.chunk_id, "start": c.start, "end": c.end, "page": c.page,
             "heading_path": list(c.heading_path), "location": c.location.as_dict()}
            for c in chunks
        ],
    }  # fmt: skip


@router.post("", summary="Upload files (md, txt, html, pdf, docx, jsonl) with access groups",
             response_model=IngestBody,
             responses={**ERRORS, 403: {"model": ErrorBody}, 413: {"model": ErrorBody}})  # fmt: skip
def upload(
    caller: CallerDep,
    svc: ServiceDep,
    files: Annotated[list[UploadFile], File(description="One or more files.")],
    groups: Annotated[str | None, Form(description="Comma-separated access groups (default: the key's write groups).")] = None,
    public: Annotated[bool, Form(description="Make the documents public.")] = False,
    doc_id: Annotated[str | None, Form(description="Document id for a single file (default: its name).")] = None,
) -> dict[str, Any]:
    """A key writes only where its ``write`` rights allow (see the README). A name that is not
    a document the key can read is written inside the key's namespace, ``~GROUPS/NAME``, so
    an upload never tells a key whether a document it cannot read exists."""
    bounds = svc.limits
    check_count("files in one upload", len(files), "max_upload_files")
    if doc_id is not None:
        check_id(doc_id)
        if len(files) != 1:
            raise HTTPProblem(422, "invalid_request", "doc_id needs exactly one file")
    target = _upload_groups(caller, groups, public)
    with tempfile.TemporaryDirectory(prefix="citadel-upload-") as tmp:
        paths = [_save(Path(tmp), i, f, bounds.max_file_bytes) for i, f in enumerate(files)]
        # Planned in the same turn as the writes, so no other request can change a document's
        # access between the rights check and the write.
        report = svc.run(lambda: _ingest_all(svc, [_plan(svc, caller, p, doc_id, target) for p in paths], target),
                         caller)  # fmt: skip
    for failure in report["failed"]:  # show the uploaded name, not the temporary path
        failure["path"] = _shown(str(failure["path"]), tmp)
    return report


@router.delete("/{doc_id:path}", summary="Remove a document, all its versions and chunks",
               response_model=DeletedBody, responses={**NOT_FOUND, 403: {"model": ErrorBody}})  # fmt: skip
def delete_document(doc_id: str, caller: CallerDep, svc: ServiceDep) -> dict[str, str]:
    doc = svc.engine.store.current(doc_id)
    if doc is None or not caller.can_read(doc.groups):
        raise HTTPProblem(404, "not_found", f"no document {doc_id!r}")
    if not caller.can_write(doc.groups):
        raise HTTPProblem(403, "forbidden", f"this key may not write documents in groups {_shown_groups(doc.groups)}")
    svc.run(lambda: svc.engine.store.delete(doc_id), caller)
    return {"deleted": doc_id}


def namespace(groups: Sequence[str]) -> str:
    """The id prefix of documents a key writes under names it cannot read: ``~hr/``,
    ``~finance+hr/``, ``~public/``."""
    return NAMESPACE_MARK + ("+".join(sorted(groups)) if groups else PUBLIC) + "/"


def _upload_groups(caller: Caller, groups: str | None, public: bool) -> list[str]:
    wanted = sorted({g.strip() for g in (groups or "").split(",") if g.strip()})
    if public and wanted:
        raise HTTPProblem(422, "invalid_request", "give either groups or public, not both")
    if caller.owner:
        return wanted
    if public:
        target: list[str] | None = []
    elif groups is not None and wanted:
        target = wanted
    else:
        target = caller.default_write_groups
        if target is None and caller.admin:
            target = sorted(caller.groups)
    if target is None:
        raise HTTPProblem(403, "forbidden", "this key may not write documents (its entry in the keys file has no 'write' groups)")
    if not caller.can_write(target):
        raise HTTPProblem(403, "forbidden", f"this key may not write documents in groups {_shown_groups(target)}")
    return target


@dataclass(frozen=True)
class _Planned:
    path: Path
    doc_id: str | None  # None: the ingest names it (only for JSONL, whose lines carry ids)
    doc_ids: tuple[str, ...]  # what is written


def _plan(svc: Service, caller: Caller, path: Path, doc_id: str | None, target: list[str]) -> _Planned:
    """Where each uploaded file (or JSONL line) is written, after the rights checks."""
    if path.suffix.lower() in JSONL_SUFFIXES:
        if doc_id is not None:
            raise HTTPProblem(422, "invalid_request", "doc_id cannot be given for a JSONL file (its lines carry ids)")
        return _plan_jsonl(svc, caller, path, target)
    final = _writable_id(svc, caller, doc_id or path.name, target)
    return _Planned(path, final, (final,))


def _writable_id(svc: Service, caller: Caller, name: str, target: Sequence[str]) -> str:
    """The id a write of ``name`` into ``target`` goes to; 403 when the caller may not."""
    if caller.owner:
        return name
    doc = svc.engine.store.current(name)
    if doc is None or not caller.can_read(doc.groups):
        # Never reveal whether an unreadable document holds this name: write in the namespace.
        prefix = namespace(target)
        final = name if name.startswith(prefix) else prefix + name
        check_id(final)
        doc = svc.engine.store.current(final)
        if doc is not None and not caller.can_read(doc.groups):
            raise HTTPProblem(403, "forbidden", f"this key may not write document id {final!r}")
    else:
        final = name
    if doc is not None and not caller.can_write(doc.groups):
        raise HTTPProblem(403, "forbidden", f"this key may not change documents in groups {_shown_groups(doc.groups)}")
    return final


def _plan_jsonl(svc: Service, caller: Caller, path: Path, target: list[str]) -> _Planned:
    """Check each line's groups and rewrite its id as :func:`_writable_id` decides."""
    # surrogateescape: a line that is not UTF-8 goes back byte for byte, for the ingest to report
    lines = path.read_text(encoding="utf-8-sig", errors="surrogateescape").splitlines()
    out, ids = [], []
    for line in lines:
        record = _record(line)
        if record is None:
            out.append(line)  # reported by the ingest as a failed line
            continue
        line_groups = record.get("groups")
        doc_groups = sorted({str(g) for g in line_groups}) if isinstance(line_groups, list) else target
        if not caller.owner and not caller.can_write(doc_groups):
            raise HTTPProblem(403, "forbidden", f"a JSONL line names groups this key may not write: {_shown_groups(doc_groups)}")
        raw_id = record.get("doc_id", record.get("id"))
        if raw_id is not None and str(raw_id).strip():
            final = _writable_id(svc, caller, check_id(str(raw_id)), doc_groups)
            record.pop("id", None)
            record["doc_id"] = final
            ids.append(final)
            line = json.dumps(record, ensure_ascii=False)
        out.append(line)
    path.write_text("\n".join(out) + "\n", encoding="utf-8", errors="surrogateescape")
    return _Planned(path, None, tuple(ids))


def _record(line: str) -> dict[str, Any] | None:
    try:
        record = json.loads(line)
    except (json.JSONDecodeError, RecursionError):
        return None
    return record if isinstance(record, dict) else None


def _ingest_all(svc: Service, plan: list[_Planned], target: list[str]) -> dict[str, Any]:
    """One ingest per file, so each is named as planned; the reports add up."""
    total: dict[str, Any] = {"added": 0, "updated": 0, "unchanged": 0, "chunks": 0, "failed": [], "doc_ids": []}
    for item in plan:
        check_deadline("the upload")
        data = svc.engine.ingest([item.path], groups=target, doc_id=item.doc_id).as_json()
        for key in ("added", "updated", "unchanged", "chunks"):
            total[key] += data[key]
        total["failed"] += data["failed"]
        total["doc_ids"] += list(item.doc_ids)
    return total


def check_id(doc_id: str) -> str:
    try:
        return check_doc_id(doc_id)
    except ValidationError as exc:
        raise HTTPProblem(422, "invalid_request", str(exc)) from exc


def _shown_groups(groups: Sequence[str]) -> str:
    return "[" + ", ".join(sorted(groups)) + "]" if groups else "[public]"


def _save(folder: Path, index: int, upload: UploadFile, limit: int) -> Path:
    raw = (upload.filename or "").replace("\\", "/")
    name = raw.rsplit("/", 1)[-1]
    if not name or name.startswith("."):
        raise HTTPProblem(422, "invalid_request", "every uploaded file needs a file name with an extension")
    check_id(name)
    path = folder / str(index) / name
    path.parent.mkdir()
    size = 0
    with path.open("wb") as out:
        while block := upload.file.read(1 << 20):
            size += len(block)
            if size > limit:
                raise HTTPProblem(413, "too_large", f"{name} is larger than the limit max_file_bytes = {limit:,} bytes")
            out.write(block)
    return path


def _shown(path: str, tmp: str) -> str:
    if not path.startswith(tmp):
        return path
    rest = path[len(tmp) :].lstrip("/")
    return rest.split("/", 1)[1] if "/" in rest else rest

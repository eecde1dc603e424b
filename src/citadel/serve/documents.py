"""The ``/v1/documents`` routes: list, read (for highlighting a citation), upload, delete.

A document the caller may not read answers 404, exactly like one that does not exist.
Uploads are saved to a temporary folder under their own file name (the loader is chosen
by the extension) and ingested with ``doc_id`` = the file name, or the ``doc_id`` field.
With API keys, an upload goes into the key's groups unless ``groups`` names a subset of
them or ``public`` is set, and it may not replace a document the key cannot read.
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Annotated, Any

from fastapi import APIRouter, File, Form, Query, UploadFile

from citadel._errors import NotFoundError
from citadel.ingest.pipeline import JSONL_SUFFIXES
from citadel.serve.api import ERRORS, CallerDep, ServiceDep
from citadel.serve.auth import Caller
from citadel.serve.schemas import DeletedBody, DocumentBody, DocumentTextBody, ErrorBody, IngestBody
from citadel.serve.service import HTTPProblem, Service

router = APIRouter(prefix="/v1/documents", tags=["documents"])
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
            {"chunk_id": c.chunk_id, "start": c.start, "end": c.end, "page": c.page, "heading_path": list(c.heading_path)}
            for c in chunks
        ],
    }  # fmt: skip


@router.post("", summary="Upload files (md, txt, html, pdf, docx, jsonl) with access groups",
             response_model=IngestBody, responses={**ERRORS, 403: {"model": ErrorBody}, 413: {"model": ErrorBody}})  # fmt: skip
def upload(
    caller: CallerDep,
    svc: ServiceDep,
    files: Annotated[list[UploadFile], File(description="One or more files.")],
    groups: Annotated[str | None, Form(description="Comma-separated access groups (default: the key's).")] = None,
    public: Annotated[bool, Form(description="Make the documents public.")] = False,
    doc_id: Annotated[str | None, Form(description="Document id for a single file (default: its name).")] = None,
) -> dict[str, Any]:
    if doc_id is not None and len(files) != 1:
        raise HTTPProblem(422, "invalid_request", "doc_id needs exactly one file")
    target = _upload_groups(caller, groups, public)
    with tempfile.TemporaryDirectory(prefix="citadel-upload-") as tmp:
        paths = [_save(Path(tmp), i, f, svc.settings.max_upload_bytes) for i, f in enumerate(files)]
        _check_writable(svc, caller, paths, doc_id)
        report = svc.run(lambda: svc.engine.ingest(paths, groups=target, doc_id=doc_id))
    data = report.as_json()
    for failure in data["failed"]:  # show the uploaded name, not the temporary path
        failure["path"] = _shown(str(failure["path"]), tmp)
    return data


@router.delete("/{doc_id:path}", summary="Remove a document, all its versions and chunks",
               response_model=DeletedBody, responses=NOT_FOUND)  # fmt: skip
def delete_document(doc_id: str, caller: CallerDep, svc: ServiceDep) -> dict[str, str]:
    doc = svc.engine.store.current(doc_id)
    if doc is None or not caller.can_read(doc.groups):
        raise HTTPProblem(404, "not_found", f"no document {doc_id!r}")
    svc.run(lambda: svc.engine.store.delete(doc_id))
    return {"deleted": doc_id}


def _upload_groups(caller: Caller, groups: str | None, public: bool) -> list[str]:
    wanted = sorted({g.strip() for g in (groups or "").split(",") if g.strip()})
    if public and wanted:
        raise HTTPProblem(422, "invalid_request", "give either groups or public, not both")
    if public or caller.owner:
        return wanted
    if groups is None:
        return sorted(caller.groups)
    outside = set(wanted) - caller.groups
    if outside:
        raise HTTPProblem(403, "forbidden", f"this key may not upload into groups {sorted(outside)}")
    return wanted


def _save(folder: Path, index: int, upload: UploadFile, limit: int) -> Path:
    name = Path((upload.filename or "").replace("\\", "/")).name
    if not name or name.startswith("."):
        raise HTTPProblem(422, "invalid_request", "every uploaded file needs a file name with an extension")
    path = folder / str(index) / name
    path.parent.mkdir()
    size = 0
    with path.open("wb") as out:
        while block := upload.file.read(1 << 20):
            size += len(block)
            if size > limit:
                raise HTTPProblem(413, "too_large", f"{name} is larger than the limit of {limit:,} bytes")
            out.write(block)
    return path


def _check_writable(svc: Service, caller: Caller, paths: list[Path], doc_id: str | None) -> None:
    """Refuse to replace a document the caller cannot read, or to put JSONL lines in others' groups."""
    if caller.owner:
        return
    ids: list[str] = []
    for path in paths:
        if path.suffix.lower() in JSONL_SUFFIXES:
            ids += _jsonl_ids(path, caller)
        else:
            ids.append(doc_id or path.name)
    for target in ids:
        doc = svc.engine.store.current(target)
        if doc is not None and not caller.can_read(doc.groups):
            raise HTTPProblem(403, "forbidden", f"this key may not write document id {target!r}")


def _jsonl_ids(path: Path, caller: Caller) -> list[str]:
    ids = []
    for line in path.read_text(encoding="utf-8-sig", errors="replace").splitlines():
        try:
            record = json.loads(line)
        except json.JSONDecodeError:
            continue  # reported by the ingest as a failed line
        if not isinstance(record, dict):
            continue
        line_groups = record.get("groups")
        if isinstance(line_groups, list) and not {str(g) for g in line_groups} <= caller.groups:
            raise HTTPProblem(403, "forbidden", "a JSONL line names groups this key may not upload into")
        if record.get("doc_id", record.get("id")) is not None:
            ids.append(str(record.get("doc_id", record.get("id"))))
    return ids


def _shown(path: str, tmp: str) -> str:
    if not path.startswith(tmp):
        return path
    rest = path[len(tmp) :].lstrip("/")
    return rest.split("/", 1)[1] if "/" in rest else rest

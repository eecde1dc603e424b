"""Ingestion on Ray: the documents, versions, chunks and vectors of :func:`~citadel.ingest.ingest`,
with loading, chunking and embedding spread over a Ray cluster (``citadel ingest --ray``).

How a job runs:

* The driver (this process) walks the paths exactly as ``ingest`` does (the same failures and
  skips), looks up each document's stored version, and describes every source in plain
  picklable data (:class:`_Spec`): a file by its path, a JSONL line by its parsed record.
* Ray Data spreads the descriptions: a ``map`` loads and chunks each one on a worker with the
  driver's limits, through ingest's own ``_prepare`` (an unchanged document is found by the same
  content hash and goes no further); ``map_batches`` over an actor pool of :class:`EmbedActor`
  then embeds the chunks, each actor loading its embedder once.
* The driver stores each document as it comes back, in its own transaction, in the order of
  the sources; workers never open the store.

A file that fails is a :class:`~citadel.ingest.Failure` of that file and the job goes on.
Stopping the driver at any moment leaves every document fully stored or not at all, and
running the same job again finishes it: what was stored is found unchanged and skipped. A
document id that comes twice in one job (two JSONL lines) is done in a later round, after the
first one is stored, so its version follows it as in ``ingest``.

Workers read the files themselves: on a cluster of several machines the paths must mean the
same on each (a shared filesystem), and citadel must be installed there. Ray is imported only
when a job runs; ``address="local"`` starts a Ray on this machine for the job and stops it after.
"""

from __future__ import annotations

import functools
import logging
import os
import pickle
import re
import shutil
import tempfile
import warnings
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import closing, contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, cast

import numpy as np

from citadel._errors import BackendError, CitadelError, ConfigError, IngestError, LimitError, ValidationError
from citadel.ingest.chunking import ChunkSettings
from citadel.ingest.parsed import ParsedDocument
from citadel.ingest.pipeline import (
    EMBED_CALL_CHUNKS,
    Failure,
    IngestReport,
    Progress,
    _collect,
    _loader,
    _parse_record,
    _prepare,
    _Source,
    load_path,
    resolve_embedder,
)
from citadel.limits import Limits, check_deadline, limits, using
from citadel.models import Chunk, Document
from citadel.retrieve.embedders import Embedder, OnnxEmbedder, embedding_text, get_embedder
from citadel.store.base import ChunkVectors, EmbeddingSpec, Store

log = logging.getLogger(__name__)

#: ``address`` that starts a Ray on this machine for the length of the job
LOCAL = "local"
#: documents an embedding actor takes at once: their chunks share its model calls
EMBED_BATCH_DOCS = 32
_DEFAULT_CHUNKING = ChunkSettings()


# --- what travels between the driver and the workers --------------------------------------


@dataclass(frozen=True)
class _Spec:
    """One source as plain data a worker rebuilds it from (a ``_Source`` holds a closure)."""

    label: str
    doc_id: str
    groups: tuple[str, ...]
    source_path: str
    record: dict[str, Any] | None  # a JSONL line's record; None: a file, read from ``file``
    file: str = ""  # the file's absolute path (workers may run in another folder)
    current: Document | None = None  # the stored version when the job's round started
    root: str = ""  # the absolute path of the folder it was found in ("": ingested alone)

    @classmethod
    def of(cls, source: _Source) -> _Spec:
        load = source.load
        if isinstance(load, functools.partial) and load.func is _parse_record:
            return cls(source.label, source.doc_id, source.groups, source.source_path, load.args[0])
        file = os.path.abspath(source.source_path)
        return cls(source.label, source.doc_id, source.groups, source.source_path, None, file,
                   root=os.path.abspath(source.root) if source.root is not None else "")

    def source(self) -> _Source:
        root = Path(self.root) if self.root else None
        if self.record is not None:
            load = functools.partial(_parse_record, self.record)
        else:
            load = functools.partial(_load_file, Path(self.file), self.doc_id, root)
        return _Source(self.label, self.doc_id, load, self.groups, self.source_path, root)


@dataclass(frozen=True)
class _Outcome:
    """What a worker made of one source: a failure (``error``), unchanged (no ``document``),
    or the document to store with its text, chunks and (after the actors) vectors."""

    label: str
    error: str | None = None
    document: Document | None = None
    text: str = ""
    chunks: tuple[Chunk, ...] = ()
    vectors: np.ndarray | None = None


class _Known:
    """The one thing ``_prepare`` asks of a store, answered with the version the driver read."""

    def __init__(self, current: Document | None) -> None:
        self._current = current

    def current(self, doc_id: str) -> Document | None:
        return self._current


def _load_file(path: Path, doc_id: str, root: Path | None = None) -> ParsedDocument:
    """A file's document, read as ingest reads it (the loader chosen by name, else content;
    a reST file's includes from under ``root``)."""
    loader, why = _loader(path)
    if loader is None:
        raise IngestError(why or "not a text file")
    return load_path(path, doc_id, loader, root)


def prepare_spec(spec: _Spec, chunking: ChunkSettings, bounds: Limits) -> _Outcome:
    """Load and chunk one source on a worker, as ``ingest`` does against the store."""
    with using(bounds):
        try:
            prepared = _prepare(cast(Store, _Known(spec.current)), spec.source(), chunking, IngestReport())
        except (IngestError, ValidationError) as exc:
            if isinstance(exc, LimitError) and exc.kind == "time":
                raise
            return _Outcome(spec.label, error=str(exc))
    if prepared is None:
        return _Outcome(spec.label)
    return _Outcome(spec.label, document=prepared.document, text=prepared.text, chunks=tuple(prepared.chunks))


def _prepare_row(row: dict[str, Any], chunking: ChunkSettings, bounds: Limits) -> dict[str, Any]:
    return {"outcome": pickle.dumps(prepare_spec(pickle.loads(row["spec"]), chunking, bounds))}


class EmbedActor:
    """Ray Data's callable class for ``map_batches``: loads the embedder once per actor, then
    embeds the chunks of a batch of documents together, as ``ingest`` does."""

    def __init__(self, name: str, threads: int) -> None:
        self.embedder = get_embedder(name)
        if isinstance(self.embedder, OnnxEmbedder):  # else each actor runs on every core
            self.embedder.settings = replace(self.embedder.settings, threads=1, workers=threads)
        self.embedder.embed_batch(["load the model now"])

    def __call__(self, batch: dict[str, Any]) -> dict[str, list[bytes]]:
        outcomes = embed_outcomes(self.embedder, [pickle.loads(b) for b in batch["outcome"]])
        return {"outcome": [pickle.dumps(o) for o in outcomes]}


def embed_outcomes(embedder: Embedder, outcomes: Sequence[_Outcome]) -> list[_Outcome]:
    """``outcomes`` with vectors for the chunks of every document to store."""
    todo = [o for o in outcomes if o.document is not None]
    texts = [embedding_text(o.document.title, c.heading_path, c.text) for o in todo if o.document for c in o.chunks]
    parts = [embedder.embed_batch(texts[i : i + EMBED_CALL_CHUNKS]) for i in range(0, len(texts), EMBED_CALL_CHUNKS)]
    matrix = np.concatenate(parts) if parts else np.zeros((0, embedder.dim), dtype=np.float32)
    out, row = [], 0
    for outcome in outcomes:
        if outcome.document is not None:
            outcome = replace(outcome, vectors=matrix[row : row + len(outcome.chunks)])
            row += len(outcome.chunks)
        out.append(outcome)
    return out


# --- the driver --------------------------------------------------------------------------


def ingest_on_ray(
    store: Store,
    paths: Sequence[str | Path],
    *,
    address: str,
    groups: Sequence[str] = (),
    doc_id: str | None = None,
    chunking: ChunkSettings = _DEFAULT_CHUNKING,
    embedder: str | None = "default",
    num_embedders: int | None = None,
    on_start: Callable[[int], None] | None = None,
    on_progress: Progress | None = None,
) -> IngestReport:
    """Ingest as :func:`~citadel.ingest.ingest` does, the work spread over Ray (module docstring).

    ``address``: ``"local"`` (a Ray on this machine, for this job) or a Ray cluster address;
    a Ray this process is already connected to is used as it is. ``embedder``: ``"default"``
    (the store's recorded embedder, else bge-small-en-v1.5), a registered embedder's name, or
    None for keyword search only. ``num_embedders``: embedding actors (default: one per CPU of
    the cluster).
    """
    report = IngestReport()
    groups = tuple(sorted({g.strip() for g in groups if g.strip()}))
    model = resolve_embedder(store, "default" if embedder == "default" else _named(embedder))
    sources = list(_collect(paths, groups, doc_id, report))
    if on_start:
        on_start(len(sources))
    if not sources:
        return report
    with ray_session(address) as ray:
        job = _Job(ray, store, report, model, chunking, num_embedders, on_progress)
        for specs in _rounds(sources):
            job.run(specs)
    return report


def _named(embedder: str | None) -> Embedder | None:
    return None if embedder is None else get_embedder(embedder)


def _rounds(sources: Sequence[_Source]) -> list[list[_Spec]]:
    """The sources in rounds: the n-th source of each document id goes in round n."""
    rounds: list[list[_Spec]] = []
    seen: dict[str, int] = {}
    for source in sources:
        n = seen[source.doc_id] = seen.get(source.doc_id, -1) + 1
        if n == len(rounds):
            rounds.append([])
        rounds[n].append(_Spec.of(source))
    return rounds


class _Job:
    """One ingest on Ray: runs each round's Ray Data pipeline and stores what comes back."""

    def __init__(
        self,
        ray: Any,
        store: Store,
        report: IngestReport,
        model: Embedder | None,
        chunking: ChunkSettings,
        num_embedders: int | None,
        on_progress: Progress | None,
    ) -> None:
        self.ray, self.store, self.report, self.model = ray, store, report, model
        self.chunking, self.on_progress = chunking, on_progress
        cpus = cluster_cpus(ray)
        self.actors = max(1, num_embedders if num_embedders is not None else cpus)
        self.threads = max(1, cpus // self.actors)

    def dataset(self, specs: Sequence[_Spec]) -> Any:
        data = self.ray.data
        ds = data.from_items([{"spec": pickle.dumps(s)} for s in specs])
        ds = ds.map(_prepare_row, fn_kwargs={"chunking": self.chunking, "bounds": limits()})
        if self.model is None:
            return ds
        return ds.map_batches(
            EmbedActor, fn_constructor_kwargs={"name": self.model.name, "threads": self.threads},
            compute=data.ActorPoolStrategy(size=min(self.actors, len(specs))),
            batch_size=EMBED_BATCH_DOCS, batch_format="numpy",
        )  # fmt: skip

    def run(self, specs: list[_Spec]) -> None:
        specs = [replace(s, current=self.store.current(s.doc_id)) for s in specs]
        with ordered_results(self.ray), closing(results(self.ray, self.dataset(specs), "outcome")) as outcomes:
            for outcome in outcomes:
                check_deadline("the ingest")
                self.keep(outcome)
                if self.on_progress:
                    self.on_progress(outcome.label)

    def keep(self, outcome: _Outcome) -> None:
        report = self.report
        if outcome.error is not None:
            report.failed.append(Failure(outcome.label, outcome.error))
            log.warning("%s: %s", outcome.label, outcome.error)
            return
        if outcome.document is None:
            report.unchanged += 1
            return
        vectors = None
        if self.model is not None and outcome.vectors is not None:
            vectors = ChunkVectors(EmbeddingSpec(self.model.name, self.model.dim), np.asarray(outcome.vectors))
        status = self.store.put(outcome.document, outcome.text, list(outcome.chunks), vectors)
        if status == "unchanged":
            report.unchanged += 1
        else:
            setattr(report, status, getattr(report, status) + 1)
            report.chunks += len(outcome.chunks)


# --- Ray itself (shared with citadel.evaluate.distributed) -------------------------------


def import_ray() -> Any:
    """The ``ray`` module with Ray Data, or a ConfigError that says how to install it."""
    try:
        import ray
        import ray.data
    except ImportError as exc:
        raise ConfigError(
            "running on Ray needs the package ray[data]: `make install-ray`, or pip install 'citadel[ray]'"
        ) from exc
    return ray


@contextmanager
def ray_session(address: str) -> Iterator[Any]:
    """Ray, connected for the block: ``"local"`` starts one on this machine (its cores, no
    dashboard, no auth token, its files in a folder of ours under /tmp, removed after), any
    other address joins that cluster. A Ray this process already holds is used and left be."""
    ray = import_ray()
    if ray.is_initialized():
        yield ray
        return
    folder = None
    quiet: dict[str, Any] = {"log_to_driver": False, "logging_level": logging.WARNING}
    try:
        if address == LOCAL:
            os.environ.setdefault("RAY_AUTH_MODE", "disabled")
            folder = tempfile.mkdtemp(prefix="citadel-ray-", dir="/tmp")
            ray.init(num_cpus=local_cpus(), include_dashboard=False, _temp_dir=folder, **quiet)
        else:
            ray.init(address=address, **quiet)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)
        raise ConfigError(f"cannot start or reach Ray at {address!r}: {exc}") from exc
    try:
        yield ray
    finally:
        ray.shutdown()
        if folder is not None:
            shutil.rmtree(folder, ignore_errors=True)


def local_cpus() -> int:
    """The cores this process may run on (what a local Ray is given)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def cluster_cpus(ray: Any) -> int:
    return max(1, int(ray.cluster_resources().get("CPU", 1)))


@contextmanager
def ordered_results(ray: Any) -> Iterator[None]:
    """Ray Data results in the order of its input for the block, without its progress bars and
    log lines (a job's errors come back as exceptions; its logs stay in Ray's session folder)."""
    with warnings.catch_warnings():  # Ray's first DataContext sets its own deprecated fields
        warnings.simplefilter("ignore", DeprecationWarning)
        context = ray.data.DataContext.get_current()
    chatter = logging.getLogger("ray.data")
    before = context.execution_options.preserve_order, context.enable_progress_bars, chatter.level
    context.execution_options.preserve_order, context.enable_progress_bars = True, False
    chatter.setLevel(logging.ERROR)
    try:
        yield
    finally:
        context.execution_options.preserve_order, context.enable_progress_bars, level = before
        chatter.setLevel(level)


def results(ray: Any, ds: Any, column: str) -> Generator[Any, None, None]:
    """The objects pickled in ``column`` of ``ds``'s rows as they come; a failed job raises a
    BackendError. Closing it (the caller stopped early) stops the job."""
    rows = iter(ds.iter_rows())
    try:
        for row in rows:
            yield pickle.loads(row[column])
    except ray.exceptions.RayError as exc:
        raise ray_failure(exc) from exc
    finally:
        close = getattr(rows, "close", None)
        if close is not None:
            close()


def ray_failure(exc: Exception) -> CitadelError:
    """The citadel error for a failed Ray job, naming the worker's own error (the last line of
    Ray's message: "SomeError: what went wrong")."""
    cause = getattr(exc, "cause", None)
    if isinstance(cause, CitadelError):
        return BackendError(f"a Ray worker failed: {cause}")
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    last = re.sub(r"^[\w.]+(Error|Exception): ", "", lines[-1]) if lines else type(exc).__name__
    return BackendError(f"a Ray worker failed: {last}")

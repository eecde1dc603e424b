"""Commands that manage documents: ingest, documents, show, delete."""

from __future__ import annotations

import click

from citadel._errors import CitadelError, ValidationError
from citadel.cli._output import echo_json, progress, table
from citadel.cli._state import CliState
from citadel.ingest import ingest as run_ingest
from citadel.limits import check_doc_id

pass_state = click.make_pass_decorator(CliState)


def split_groups(value: str | None) -> list[str]:
    return [g.strip() for g in (value or "").split(",") if g.strip()]


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path())
@click.option("--groups", metavar="G1,G2", help="Only callers in one of these groups may retrieve them.")
@click.option("--doc-id", metavar="ID", help="Document id for a single file (default: its file name).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON summary.")
@click.option("--no-embed", is_flag=True,
              help="Keyword index only, at once; vectors come later from `citadel embed`.")
@click.option("--ray", "ray_address", metavar="ADDRESS",
              help="Load, chunk and embed on Ray: a cluster's address, or `local` for a Ray on this machine.")
@click.option("--ray-embedders", type=click.IntRange(min=1), metavar="N",
              help="Embedding workers on Ray (default: one per CPU of the cluster).")
@pass_state
def ingest(
    state: CliState, paths: tuple[str, ...], groups: str | None, doc_id: str | None, as_json: bool, no_embed: bool,
    ray_address: str | None, ray_embedders: int | None,
) -> int:
    """Ingest files, folders (recursively) and JSONL bulk files.

    Markdown, text, HTML, PDF, DOCX and JSONL (one document per line: doc_id or
    id, title, text, optional groups and metadata); reStructuredText; man pages
    (ls.1); text files without a known extension (README, NEWS, changelog) by their
    content; gzip files by their inner name (README.md.gz, ls.1.gz). Changed documents get a new version; unchanged ones are left
    alone. Every file a folder walk finds is stored, unchanged, failed or skipped, each
    with its reason. Exit status 2 when some files failed (a file that cannot be read, is
    over a limit, or has no usable document id), when the folders held only files that
    were skipped, or when --doc-id is not a usable id.

    With --no-embed the documents are searchable by keyword as soon as they are stored
    (a fraction of the time); `citadel embed` then adds their vectors for dense search,
    and search says how many documents are not yet in the dense index.

    With --ray the files are loaded, chunked and embedded by Ray workers (`make install-ray`)
    and stored by this process, each document in its own transaction, with the same result;
    on a cluster the paths must be readable at the same place on every machine.
    """
    if ray_embedders is not None and ray_address is None:
        raise click.UsageError("--ray-embedders needs --ray")
    if doc_id is not None and (len(paths) != 1 or click.format_filename(paths[0]).endswith("/")):
        raise click.UsageError("--doc-id needs exactly one file")
    if doc_id is not None:
        try:
            check_doc_id(doc_id)
        except ValidationError as exc:
            click.BadParameter(str(exc), ctx=click.get_current_context(), param_hint="'--doc-id'").show()
            return 2
    with progress("Ingesting") as (on_start, on_step):
        if ray_address is not None:
            from citadel.ingest.distributed import ingest_on_ray

            report = ingest_on_ray(
                state.store, paths, address=ray_address, groups=split_groups(groups), doc_id=doc_id,
                embedder=None if no_embed else "default", num_embedders=ray_embedders,
                on_start=on_start, on_progress=on_step,
            )
        else:
            report = run_ingest(
                state.store, paths, groups=split_groups(groups), doc_id=doc_id, on_start=on_start, on_progress=on_step,
                embedder=None if no_embed else "default",
            )
    if as_json:
        echo_json(report.as_json())
    else:
        click.echo(
            f"{report.added} added, {report.updated} updated, {report.unchanged} unchanged, "
            f"{len(report.failed)} failed, {len(report.skipped)} skipped; "
            f"{report.chunks} chunks written to {state.store_dir}"
        )
        for failure in report.failed:
            click.echo(f"  failed  {_shown(failure.path)}: {_shown(failure.error)}", err=True)
        for skip in report.skipped[:SHOWN_SKIPS]:
            click.echo(f"  skipped {_shown(skip.path)}: {_shown(skip.reason)}", err=True)
        if len(report.skipped) > SHOWN_SKIPS:
            click.echo(f"  ... and {len(report.skipped) - SHOWN_SKIPS} more skipped (all are in --json)", err=True)
    # nothing stored, nothing failed, only skips: the folders held nothing citadel reads
    return 2 if report.failed or (report.stored_nothing and report.skipped) else 0


#: skipped files named one per line in the human summary (all of them are in --json)
SHOWN_SKIPS = 50


def _shown(text: str) -> str:
    """``text`` on one line: control characters (a newline in a file name) escaped."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


def _known_id(state: CliState, doc_id: str) -> None:
    """A clear usage error for an id no document can have (a stored one is let through:
    documents ingested before ids were checked may hold one)."""
    try:
        check_doc_id(doc_id)
    except ValidationError as exc:
        try:
            stored = state.store.current(doc_id) is not None
        except (CitadelError, ValueError):  # e.g. a lone surrogate the database cannot encode
            stored = False
        if not stored:
            raise click.BadParameter(str(exc), param_hint="DOC_ID") from None


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list.")
@pass_state
def documents(state: CliState, as_json: bool) -> int:
    """List stored documents (current versions)."""
    docs = state.store.documents()
    if as_json:
        echo_json(
            [
                {"doc_id": d.doc_id, "version": d.version, "title": d.title, "groups": list(d.groups), "chunks": d.chunks}
                for d in docs
            ]
        )
    elif not docs:
        click.echo(f"No documents in {state.store_dir}. Add some with: citadel ingest PATH")
    else:
        rows = [(d.doc_id, d.version, d.chunks, ",".join(d.groups) or "public", d.title) for d in docs]
        click.echo(table(["doc_id", "version", "chunks", "groups", "title"], rows))
    return 0


@click.command()
@click.argument("doc_id")
@click.option("--json", "as_json", is_flag=True, help="Print the document, its text and chunks as JSON.")
@pass_state
def show(state: CliState, doc_id: str, as_json: bool) -> int:
    """Show a document's normalized text and its chunks."""
    _known_id(state, doc_id)
    store = state.store
    doc = store.current(doc_id)
    if doc is None:
        raise click.ClickException(f"no document {doc_id!r}; list them with: citadel documents")
    text = store.text(doc_id)
    chunks = store.chunks(doc_id)
    if as_json:
        echo_json(
            {
                "doc_id": doc.doc_id,
                "version": doc.version,
                "title": doc.title,
                "groups": list(doc.groups),
                "text": text,
                "chunks": [
                    {
                        "chunk_id": c.chunk_id, "start": c.start, "end": c.end, "text": c.text,
                        "page": c.page, "heading_path": list(c.heading_path),
                        "location": c.location.as_dict(),
                    }
                    for c in chunks
                ],
            }
        )
        return 0
    click.echo(f"{doc.title}  ({doc.doc_id}, version {doc.version}, {doc.media_type})")
    click.echo(f"groups: {', '.join(doc.groups) or 'public'}   chunks: {len(chunks)}   source: {doc.source_path}")
    rows = [
        (c.chunk_id, c.kind.value, c.location.label(), f"{c.start}-{c.end}", " > ".join(c.heading_path), c.text)
        for c in chunks
    ]
    click.echo(table(["chunk_id", "kind", "location", "span", "section", "text"], rows, max_width=48))
    return 0


@click.command()
@click.argument("doc_id")
@pass_state
def delete(state: CliState, doc_id: str) -> int:
    """Remove a document, all its versions and chunks."""
    _known_id(state, doc_id)
    if not state.store.delete(doc_id):
        raise click.ClickException(f"no document {doc_id!r}; list them with: citadel documents")
    click.echo(f"Deleted {doc_id}.")
    return 0


@click.command()
@click.option("--json", "as_json", is_flag=True, help="Print a JSON summary.")
@pass_state
def embed(state: CliState, as_json: bool) -> int:
    """Add vectors to every chunk that has none (after `ingest --no-embed`).

    Runs in batches, each written in one transaction: stop it at any time and run it again
    to go on. Uses the embedder the store's vectors come from (the bundled bge-small-en-v1.5
    for a store without any).
    """
    from citadel.ingest.vectors import embed_missing

    with progress("Embedding") as (on_start, on_step):
        report = embed_missing(state.store, on_start=on_start, on_progress=on_step)
    if as_json:
        echo_json(report.as_json())
    else:
        rate = f" ({report.chunks / report.seconds:.0f} chunks/s)" if report.seconds > 0 and report.chunks else ""
        click.echo(f"{report.chunks} chunks embedded in {report.seconds:.1f} s{rate}; "
                   f"{report.remaining} still without a vector")
    return 0


commands = [ingest, embed, documents, show, delete]

"""The ``search`` command: hybrid retrieval from the command line, one query or a JSONL batch."""

from __future__ import annotations

import textwrap
from pathlib import Path

import click

from citadel.cli._output import echo_json
from citadel.cli._state import CliState
from citadel.cli.documents import pass_state, split_groups
from citadel.jsonl import iter_jsonl
from citadel.retrieve import MODES, Searcher, SearchResult
from citadel.store.base import SearchFilter


@click.command()
@click.argument("query", required=False)
@click.option("--queries", "queries_file", type=click.Path(dir_okay=False, path_type=Path), metavar="FILE.jsonl",
              help='Batch: lines {"query_id", "text"}; prints one JSON line {"query_id", "hits"} per query.')
@click.option("--k", "k", type=click.IntRange(min=1), default=10, show_default=True, help="Hits per query.")
@click.option("--mode", type=click.Choice(MODES), default="hybrid", show_default=True,
              help="bm25 (keywords), dense (embeddings) or hybrid (both, fused).")
@click.option("--rerank/--no-rerank", default=None,
              help="Score the top 10 hits with the cross-encoder (their relevance, 0 to 1); default: on for hybrid only.")
@click.option("--groups", metavar="G1,G2", help="Your access groups; public documents are always searched.")
@click.option("--doc-id", "doc_ids", multiple=True, metavar="ID", help="Only these documents (repeatable).")
@click.option("--meta", "meta", multiple=True, metavar="KEY=VALUE", help="Only documents with this metadata (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of hits, best first.")
@pass_state
def search(
    state: CliState,
    query: str | None,
    queries_file: Path | None,
    k: int,
    mode: str,
    rerank: bool | None,
    groups: str | None,
    doc_ids: tuple[str, ...],
    meta: tuple[str, ...],
    as_json: bool,
) -> int:
    """Search the stored documents for QUERY.

    Each hit has chunk_id, doc_id, score, text, title, page, start and end (offsets
    into the document's text), plus heading_path, version, relevance (the reranker's
    probability in [0, 1], when reranked) and each index's score and rank. Notes on
    anything that could not run (dense index, reranker) go to stderr. Without --json,
    each hit shows the sort score the list is ordered by and, when reranked, its
    relevance, labelled apart (the reranker scores but does not reorder by default).
    Exit status 2 when some lines of a --queries file were malformed.
    """
    if (query is None) == (queries_file is None):
        raise click.UsageError("give either QUERY or --queries FILE.jsonl")
    where = SearchFilter(
        groups=frozenset(split_groups(groups)),
        doc_ids=frozenset(doc_ids) if doc_ids else None,
        metadata=_metadata(meta),
    )
    searcher = Searcher(state.store)
    options = {"k": k, "where": where, "mode": mode, "rerank": rerank}
    if query is not None:
        result = searcher.search(query, **options)  # type: ignore[arg-type]
        _notes(result)
        if as_json:
            echo_json([h.to_json() for h in result.hits])
        else:
            _print_for_people(result)
        return 0
    assert queries_file is not None
    batch, errors = _read_queries(queries_file)
    for error in errors:
        click.echo(f"error: {error}", err=True)
    results = searcher.search_many([text for _, text in batch], **options)  # type: ignore[arg-type]
    for (query_id, _), result in zip(batch, results, strict=True):
        _notes(result)
        line: dict[str, object] = {"query_id": query_id, "hits": [h.to_json() for h in result.hits]}
        if result.notes:
            line["notes"] = list(result.notes)
        echo_json(line)
    return 2 if errors else 0


def _metadata(pairs: tuple[str, ...]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise click.BadParameter(f"{pair!r} is not KEY=VALUE", param_hint="--meta")
        out[key.strip()] = value
    return out


def _read_queries(path: Path) -> tuple[list[tuple[str, str]], list[str]]:
    """Valid (query_id, text) pairs, and one message per malformed line."""
    batch: list[tuple[str, str]] = []
    errors: list[str] = []
    for number, record, error in iter_jsonl(path):
        if record is None:
            errors.append(f"{error}; line skipped")
        elif "query_id" not in record or not isinstance(record.get("text"), str):
            errors.append(f'{path}:{number}: expected {{"query_id": ..., "text": "..."}}; line skipped')
        elif not record["text"].strip():
            errors.append(f"{path}:{number}: the query text is empty; line skipped")
        else:
            batch.append((str(record["query_id"]), record["text"]))
    return batch, errors


def _notes(result: SearchResult) -> None:
    for note in result.notes:
        click.echo(f"note: {note}", err=True)


#: What ``Hit.score`` is in each mode (the list is sorted by it, best first).
SORT_SCORES = {"hybrid": "fused ranks, RRF", "dense": "cosine", "bm25": "BM25"}


def _print_for_people(result: SearchResult) -> None:
    if not result.hits:
        click.echo("No matching passages (public documents and those of your --groups were searched).")
        return
    kind = SORT_SCORES.get(result.mode, result.mode)
    note = "; relevance (shown, not sorted by): the reranker's probability (0 to 1) that a hit answers" if result.reranked else ""
    click.echo(f"Best first by sort score ({result.mode}: {kind}){note}.\n")
    for n, hit in enumerate(result.hits, start=1):
        where = [f"doc {hit.doc_id} v{hit.version}"]
        if hit.heading_path:
            where.append("section: " + " > ".join(hit.heading_path))
        if hit.location.label():
            where.append(hit.location.label())
        scores = [f"sort score {hit.score:.4f}"]
        if hit.relevance is not None:
            scores.append(f"relevance {hit.relevance:.2f}")
        click.echo(click.style(f"[S{n}] {hit.title}", bold=True))
        click.echo(f"     {' | '.join(where)}")
        click.echo(f"     {' | '.join(scores)}")
        for line in hit.text.splitlines():  # each line wrapped and indented (table rows stay one a line)
            if line.strip():
                click.echo(textwrap.fill(" ".join(line.split()), width=96, initial_indent="     ",
                                         subsequent_indent="     "))  # fmt: skip
        click.echo()


commands = [search]

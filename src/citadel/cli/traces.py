"""The audit log from the command line: ``traces``, ``trace ID`` and ``replay ID``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import click

from citadel.cli._output import echo_json, table
from citadel.cli._state import CliState
from citadel.cli.documents import pass_state
from citadel.generate.backends import backend_names
from citadel.store import TraceQuery
from citadel.store.base import StoredTrace


@click.command()
@click.option("--limit", default=20, show_default=True, type=click.IntRange(1, 100000), help="How many, newest first.")
@click.option("--abstained/--answered", default=None, help="Only abstentions, or only answers.")
@click.option("--doc-id", metavar="ID", help="Only traces that retrieved this document.")
@click.option("--text", metavar="TEXT", help="Only questions containing TEXT.")
@click.option("--caller", metavar="LABEL", help="Only this caller (cli, local, key-1a2b3c, ...).")
@click.option("--since", type=click.DateTime(), help="Only traces at or after this time (UTC).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of trace summaries.")
@pass_state
def traces(
    state: CliState, limit: int, abstained: bool | None, doc_id: str | None, text: str | None,
    caller: str | None, since: datetime | None, as_json: bool,
) -> int:  # fmt: skip
    """List logged requests (the audit log), newest first."""
    query = TraceQuery(
        limit=limit, since=since.isoformat() if since else None, abstained=abstained,
        doc_id=doc_id, text=text, caller=caller,
    )  # fmt: skip
    rows = state.store.list_traces(query=query)
    if as_json:
        echo_json([_summary(t) for t in rows])
    elif not rows:
        click.echo("No traces match. Every `citadel ask` and every /v1/ask request is logged.")
    else:
        click.echo(table(
            ["trace_id", "created_at", "caller", "outcome", "question"],
            [(t["trace_id"], t["created_at"][:19], t["caller"] or "", _outcome(t), t["question"]) for t in rows],
        ))  # fmt: skip
    return 0


def _summary(t: StoredTrace) -> dict[str, Any]:
    keys = ("trace_id", "created_at", "question", "caller", "backend", "abstained", "abstention_reason")
    return {k: t[k] for k in keys}


def _outcome(t: StoredTrace) -> str:
    return f"abstained ({t['abstention_reason']})" if t["abstained"] else "answered"


@click.command()
@click.argument("trace_id")
@click.option("--json", "as_json", is_flag=True, help="Print the whole trace, prompt included, as JSON.")
@pass_state
def trace(state: CliState, trace_id: str, as_json: bool) -> int:
    """Show one logged request: evidence, raw output, verdicts, answer, timings."""
    t = state.store.get_trace(trace_id)
    if t is None:
        raise click.ClickException(f"no trace {trace_id!r}; list them with: citadel traces")
    if as_json:
        echo_json(t.to_json())
        return 0
    click.echo(f"{t['trace_id']}  {t['created_at']}  caller={t['caller']}  groups={','.join(t['groups']) or '-'}  "
               f"backend={t['backend']}")  # fmt: skip
    click.echo(f"Q: {t['question']}")
    click.echo(f"outcome: {_outcome(t)}   threshold: {t['threshold']}")
    click.echo(f"\nevidence ({len(t['evidence'])} of {len(t['candidates'])} candidates):")
    for e in t["evidence"]:
        click.echo(f"  {e['source_id']:<4} {e['doc_id']} v{e['version']}  {e['start']}-{e['end']}  score {e['score']}")
    for n, round_ in enumerate(t["verification"], 1):
        click.echo(f"\nverification, round {n}:")
        for c in round_.get("claims", []):
            mark = "keep" if c.get("keep") else "drop"
            click.echo(f"  [{mark}] {c.get('verdict')}: {c.get('text')}  ({c.get('reason')})")
    for n, error in enumerate(t["validation"], 1):
        if error:
            click.echo(f"\nvalidation error, attempt {n}: {error}")
    click.echo(f"\nA: {t['answer'].get('answer', '')}")
    cost = t.cost
    click.echo(f"cost: {cost['generations']} generation(s), {cost['model_calls']} language-model call(s), "
               f"{cost['tokens_in']:,} tokens in, {cost['tokens_out']:,} tokens out")
    timings = ", ".join(f"{k} {v:.0f} ms" for k, v in t["timings"].items())
    click.echo(f"timings: {timings}")
    for note in t["notes"]:
        click.echo(f"note: {note}")
    return 0


@click.command()
@click.argument("trace_id")
@click.option("--backend", type=click.Choice(backend_names()), default=None,
              help="Backend to replay with (default: the one the trace used).")  # fmt: skip
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON.")
@pass_state
def replay(state: CliState, trace_id: str, backend: str | None, as_json: bool) -> int:
    """Re-run a logged question against the current store and show what changed.

    A citation whose document version has since been replaced is flagged STALE.
    """
    from citadel.engine import Citadel
    from citadel.replay import render_report
    from citadel.replay import replay as run_replay

    t = state.store.get_trace(trace_id)
    if t is None:
        raise click.ClickException(f"no trace {trace_id!r}; list them with: citadel traces")
    name = backend or (t["backend"] if t["backend"] in backend_names() else None)
    engine = Citadel(state.store, backend=name or "extractive")
    report = run_replay(engine, trace_id, caller="cli-replay")
    if as_json:
        echo_json(report.to_json())
    else:
        click.echo(render_report(report))
    return 0


commands = [traces, trace, replay]

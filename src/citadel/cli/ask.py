"""The ``ask`` command: a verified, cited answer or an honest abstention."""

from __future__ import annotations

import click

from citadel.answers import render_text
from citadel.cli._output import echo_json
from citadel.cli._state import CliState
from citadel.cli.documents import pass_state, split_groups
from citadel.engine import DEFAULT_BACKEND, Citadel
from citadel.generate.backends import backend_names


@click.command()
@click.argument("question")
@click.option("--groups", metavar="G1,G2", help="Your access groups; public documents are always used.")
@click.option(
    "--backend",
    type=click.Choice(backend_names()),
    default=DEFAULT_BACKEND,
    show_default=True,
    help="How the answer is written: extractive (offline, quotes only), llamacpp (local model), "
    "openai or anthropic (set CITADEL_OPENAI_BASE_URL / OPENAI_API_KEY or ANTHROPIC_API_KEY).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the answer as JSON.")
@pass_state
def ask(state: CliState, question: str, groups: str | None, backend: str, as_json: bool) -> int:
    """Answer QUESTION from the stored documents, every claim verified against its source.

    Only claims the verifier accepts are shown; when none survive, or the evidence is
    too weak, the answer says that the documents do not answer the question and lists
    the passages that came closest, with their scores (JSON: "closest"). Each claim is
    printed once with numbered footnotes giving the place and the quote (table rows as
    columns). Each request is logged with a trace id (see the JSON output).
    """
    engine = Citadel(state.store, backend=backend)
    answer = engine.ask(question, groups=split_groups(groups), caller="cli")
    if as_json:
        echo_json(answer.to_json())
    else:
        click.echo(render_text(answer))
        click.echo(f"\ntrace: {answer.trace_id}", err=True)
    return 0


commands = [ask]

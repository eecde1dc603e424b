"""``citadel copy SRC DST``: move a whole store between kinds (a folder, a postgresql:// URL)."""

from __future__ import annotations

import click

from citadel._config import shown_store
from citadel.cli._output import echo_json, progress
from citadel.store import open_store


@click.command()
@click.argument("source", metavar="SRC")
@click.argument("target", metavar="DST")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON summary with the checksums.")
def copy(source: str, target: str, as_json: bool) -> int:
    """Copy the whole store SRC into the empty store DST (each a folder or a postgresql:// URL):
    every document version, group, chunk, vector, trace and setting. The copy is verified by
    counts and SHA-256 checksums of both; a mismatch fails with exit status 1."""
    from citadel.store.copy import copy_store

    with open_store(source) as src, open_store(target) as dst, progress("Copying") as (on_start, on_step):
        report = copy_store(src, dst, on_start=on_start, on_progress=on_step)
    if as_json:
        echo_json(report.as_json())
    else:
        counts = ", ".join(f"{v['count']} {k}" for k, v in report.digest.items())
        click.echo(f"copied {shown_store(source)} to {shown_store(target)}: {counts}; checksums match")
    return 0


commands = [copy]

"""``citadel mcp``: the MCP server on stdin and stdout, for MCP clients that start it.

The ``mcp`` package is imported only when the command runs, so ``import citadel`` (and the
rest of the CLI) never imports it; without it the command says how to install it.
"""

from __future__ import annotations

import logging

import click

from citadel.cli._state import CliState
from citadel.cli.documents import pass_state, split_groups
from citadel.engine import DEFAULT_BACKEND
from citadel.generate.backends import backend_names

ENV_GROUPS = "CITADEL_MCP_GROUPS"


@click.command()
@click.option("--groups", metavar="G1,G2", envvar=ENV_GROUPS, show_envvar=True,
              help="The groups the MCP client reads as (public documents always); default: public only.")
@click.option("--backend", type=click.Choice(backend_names()), default=DEFAULT_BACKEND, show_default=True,
              help="How answers are written (see citadel ask --help).")
@pass_state
def mcp(state: CliState, groups: str | None, backend: str) -> int:
    """Serve the store over MCP on stdio: tools ask, search and verify, and each document
    the caller may read as the resource citadel://documents/{doc_id} (the id
    percent-encoded).

    The caller's groups are this command's configuration, never the client's: every tool
    and resource sees public documents and those of --groups only, and a document outside
    them is answered exactly as one that does not exist. Each ask is logged as a trace of
    caller "mcp" (citadel traces), and every request is a line on stderr. Input limits
    are those of CITADEL_LIMIT_<NAME>.

    An MCP client's configuration starts it, for example:

    \b
    {"command": "citadel",
     "args": ["--store", "/path/to/store", "mcp", "--groups", "hr"]}
    """
    try:
        from citadel.integrations.mcp_server import McpSettings, run_stdio
    except ModuleNotFoundError as exc:
        if exc.name is None or exc.name.split(".")[0] not in ("mcp", "mcp_types"):
            raise
        raise click.ClickException("citadel mcp needs the MCP SDK: pip install 'citadel[mcp]' (or pip install mcp)") from exc
    from citadel.engine import Citadel

    settings = McpSettings(groups=frozenset(split_groups(groups)))
    shown = ", ".join(sorted(settings.groups)) or "none"
    click.echo(f"citadel MCP server on stdio: store {state.store_dir}, groups: {shown} (public documents always)", err=True)
    _log_requests()
    run_stdio(Citadel(state.store, backend=backend), settings)
    return 0


def _log_requests() -> None:
    """One stderr line per request (MCP clients keep a server's stderr as its log)."""
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s citadel mcp: %(message)s", "%H:%M:%S"))
    logger = logging.getLogger("citadel.integrations.mcp_server")
    logger.addHandler(handler)
    logger.setLevel(logging.INFO)


commands = [mcp]

"""The ``citadel`` command line.

Each module in ``_COMMAND_MODULES`` exposes ``commands``, a list of click commands
added to the ``citadel`` group. Errors from the library are turned into a message
and an exit status here, at the edge: 0 success, 1 usage or fatal error, 2 partial
failure (some inputs failed, the rest were processed), 130 interrupted.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

import click

from citadel._errors import CitadelError
from citadel.cli._state import CliState

_COMMAND_MODULES = [
    "citadel.cli.documents",
    "citadel.cli.search",
    "citadel.cli.verify",
    "citadel.cli.ask",
    "citadel.cli.evaluate",
    "citadel.cli.serve",
    "citadel.cli.traces",
    "citadel.cli.stores",
    "citadel.cli.monitor",
    "citadel.cli.mcp",
]


@click.group(context_settings={"help_option_names": ["-h", "--help"], "max_content_width": 100})
@click.option(
    "--store",
    "store_dir",
    metavar="DIR",
    help="Store folder (default: $CITADEL_STORE, else ./.citadel).",
)
@click.version_option(package_name="citadel", prog_name="citadel")
@click.pass_context
def cli(ctx: click.Context, store_dir: str | None) -> None:
    """citadel: answers from your own documents, every sentence checked against its source."""
    ctx.obj = CliState(store_dir)
    ctx.call_on_close(ctx.obj.close)


for _name in _COMMAND_MODULES:
    for _command in importlib.import_module(_name).commands:
        cli.add_command(_command)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI and return its exit status."""
    try:
        result = cli.main(args=list(argv) if argv is not None else None, prog_name="citadel", standalone_mode=False)
    except click.exceptions.UsageError as exc:
        exc.show()
        return 1
    except click.exceptions.Exit as exc:
        return int(exc.exit_code)
    except (click.exceptions.Abort, KeyboardInterrupt):
        click.echo("Interrupted. Every document is either fully stored or not at all; run again to finish.", err=True)
        return 130
    except click.ClickException as exc:
        exc.show()
        return 1
    except CitadelError as exc:
        click.echo(f"error: {exc}", err=True)
        return 1
    return int(result or 0)


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())

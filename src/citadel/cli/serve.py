"""``citadel serve``: the HTTP API and the web page, with uvicorn."""

from __future__ import annotations

import os

import click

from citadel._config import absolute_store
from citadel.cli._state import CliState
from citadel.cli.documents import pass_state
from citadel.engine import DEFAULT_BACKEND
from citadel.generate.backends import backend_names

LOCAL_HOSTS = ("127.0.0.1", "localhost", "::1")
#: How long SIGTERM waits for running requests (they are also told to stop at once).
GRACE_SECONDS = 3


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to bind.")
@click.option("--port", default=8080, show_default=True, type=click.IntRange(0, 65535), help="Port to bind.")
@click.option("--keys", "keys_file", type=click.Path(exists=True, dir_okay=False), metavar="FILE",
              help='API keys, JSON {"KEY": {"groups": ["hr"]}}; without it the server is local-only.')
@click.option("--workers", default=1, show_default=True, type=click.IntRange(1, 64),
              help="Worker processes (each loads the models once).")
@click.option("--backend", type=click.Choice(backend_names()), default=DEFAULT_BACKEND, show_default=True,
              help="How answers are written (see citadel ask --help).")
@pass_state
def serve(state: CliState, host: str, port: int, keys_file: str | None, workers: int, backend: str) -> int:
    """Serve the HTTP API (OpenAPI at /docs) and the web page at /.

    With --keys every request needs 'Authorization: Bearer KEY' and runs with that
    key's groups and rights. Without --keys the server only binds to localhost and
    answers only requests addressed to 127.0.0.1, localhost or [::1]. Input limits are
    set with CITADEL_LIMIT_<NAME> variables (see the README).
    """
    import uvicorn

    from citadel.serve.app import ENV_BACKEND, ENV_KEYS
    from citadel.serve.auth import KeyRing

    ring = KeyRing.load(keys_file) if keys_file else None
    if ring is None and host not in LOCAL_HOSTS:
        raise click.UsageError(
            f"without --keys the server is local-only and binds to 127.0.0.1, localhost or ::1, not {host!r}; "
            "give --keys FILE to serve other machines"
        )
    shown = f"[{host}]" if ":" in host else host
    mode = f"{len(ring)} API keys" if ring else "local only, no API keys"
    click.echo(f"citadel serving {state.store_dir} at http://{shown}:{port}/ ({mode}, {workers} worker(s))", err=True)
    if workers > 1:
        os.environ["CITADEL_STORE"] = absolute_store(state.location)
        os.environ[ENV_BACKEND] = backend
        if keys_file:
            os.environ[ENV_KEYS] = os.path.abspath(keys_file)
        else:
            os.environ.pop(ENV_KEYS, None)
        uvicorn.run("citadel.serve.app:app_from_env", factory=True, host=host, port=port, workers=workers,
                    log_level="info", timeout_graceful_shutdown=GRACE_SECONDS)  # fmt: skip
        return 0
    from citadel.engine import Citadel
    from citadel.serve import create_app

    app = create_app(Citadel(state.store, backend=backend), ring)
    uvicorn.run(app, host=host, port=port, log_level="info", timeout_graceful_shutdown=GRACE_SECONDS)
    return 0


commands = [serve]

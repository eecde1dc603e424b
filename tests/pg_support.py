"""A real PostgreSQL with pgvector for the tests, started by the project's own script.

`postgres_url()` gives one server per test session: `$CITADEL_TEST_POSTGRES` when set (a server
someone else runs), else a throwaway cluster that `scripts/postgres.sh start` makes in a fresh
folder under /tmp (about a second once `make install-postgres` has run) and that is stopped and
removed when the interpreter exits. `fresh_database(url)` makes an empty database with the
`vector` extension on that server, so each test can have its own cheaply.

The helpers talk to the server through `psql` (the client is always there with PostgreSQL;
`psycopg` is not a dependency of the project).
"""

from __future__ import annotations

import atexit
import functools
import os
import shutil
import subprocess
import tempfile
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ENV_VAR = "CITADEL_TEST_POSTGRES"
SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "postgres.sh"
_PG_BIN = Path("/usr/lib/postgresql/15/bin")


class PostgresUnavailable(RuntimeError):
    """The test server could not be started or reached; the message says what the script said."""


def run_script(*args: str) -> str:
    """Run `scripts/postgres.sh ARGS...` and return its stdout; stderr goes into the error."""
    done = subprocess.run(
        ["bash", str(SCRIPT), *args], capture_output=True, text=True, timeout=600, check=False
    )
    if done.returncode != 0:
        raise PostgresUnavailable(
            f"scripts/postgres.sh {' '.join(args)} exited {done.returncode}:\n{done.stderr}"
        )
    return done.stdout


def start_cluster(folder: str | Path) -> str:
    """Start (or find running) the cluster in `folder` and return its URL."""
    lines = run_script("start", str(folder)).strip().splitlines()
    if not lines:
        raise PostgresUnavailable(f"scripts/postgres.sh start {folder} printed no URL")
    return lines[-1]


def stop_cluster(folder: str | Path) -> None:
    """Stop the cluster in `folder` (nothing happens when none runs there)."""
    run_script("stop", str(folder))


def _stop_and_remove(folder: str) -> None:
    try:
        stop_cluster(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def postgres_url() -> str:
    """The URL of this test session's server (started on first use, stopped at exit)."""
    url = os.environ.get(ENV_VAR, "").strip()
    if url:
        return url
    started = _session_cluster()
    if isinstance(started, PostgresUnavailable):  # failed once: fail fast for every later test
        raise PostgresUnavailable(str(started))
    return started


@functools.cache
def _session_cluster() -> str | PostgresUnavailable:
    # mkdtemp, not pytest's tmp_path: the server runs as the `postgres` user, which cannot
    # enter root's 0700 /tmp/pytest-of-root.
    folder = tempfile.mkdtemp(prefix="citadel-test-postgres-", dir="/tmp")
    atexit.register(_stop_and_remove, folder)
    try:
        return start_cluster(folder)
    except PostgresUnavailable as exc:
        return exc


def _psql() -> str:
    found = shutil.which("psql")
    if found:
        return found
    if (_PG_BIN / "psql").exists():
        return str(_PG_BIN / "psql")
    raise PostgresUnavailable("no psql client: run `make install-postgres`")


def query(url: str, sql: str) -> list[tuple[str, ...]]:
    """Run `sql` (one or more statements, one session) and return the last result's rows as text.

    NULLs come back as empty strings; a statement without rows gives [].
    """
    done = subprocess.run(
        [_psql(), "-X", "-q", "-A", "-t", "-F", "\t", "-v", "ON_ERROR_STOP=1", "-v",
         "SHOW_ALL_RESULTS=off", "-d", url, "-c", sql],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
        env={**os.environ, "PGOPTIONS": "-c client_min_messages=warning", "PGCONNECT_TIMEOUT": "10"},
    )
    if done.returncode != 0:
        raise PostgresUnavailable(f"psql failed on {_redact(url)}: {done.stderr.strip()}")
    return [tuple(line.split("\t")) for line in done.stdout.splitlines() if line]


def database_url(url: str, name: str) -> str:
    """`url` with its database replaced by `name`."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path="/" + name))


def fresh_database(url: str) -> str:
    """Create an empty database with the `vector` extension on `url`'s server; return its URL."""
    name = f"citadel_test_{uuid.uuid4().hex[:16]}"
    query(url, f'CREATE DATABASE "{name}"')
    new_url = database_url(url, name)
    query(new_url, "CREATE EXTENSION IF NOT EXISTS vector")
    return new_url


def _redact(url: str) -> str:
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
    return urlunsplit(parts._replace(netloc=netloc))

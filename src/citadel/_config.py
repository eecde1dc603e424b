"""Configuration: frozen settings objects, and the one place environment variables are read."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

ENV_STORE = "CITADEL_STORE"
DEFAULT_STORE = ".citadel"


def resolve_store_dir(explicit: str | os.PathLike[str] | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The store folder: ``explicit`` (``--store``), else ``$CITADEL_STORE``, else ``./.citadel``."""
    environ = os.environ if environ is None else environ
    if explicit:
        return Path(explicit)
    if environ.get(ENV_STORE):
        return Path(environ[ENV_STORE])
    return Path(DEFAULT_STORE)

"""Configuration: frozen settings objects, and the one place environment variables are read."""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path

ENV_STORE = "CITADEL_STORE"
DEFAULT_STORE = ".citadel"
ENV_MODELS = "CITADEL_MODELS"


def resolve_store(explicit: str | os.PathLike[str] | None = None, environ: Mapping[str, str] | None = None) -> str:
    """Where the store is: ``explicit`` (``--store``), else ``$CITADEL_STORE``, else
    ``./.citadel``: a folder (SQLite) or a URL such as ``postgresql://host/db``."""
    environ = os.environ if environ is None else environ
    if explicit:
        return os.fspath(explicit)
    if environ.get(ENV_STORE):
        return environ[ENV_STORE]
    return DEFAULT_STORE


def is_store_url(location: str) -> bool:
    """A ``scheme://`` location (a database server), not a folder."""
    return re.match(r"[A-Za-z][A-Za-z0-9+.-]*://", location) is not None


def absolute_store(location: str) -> str:
    """The location other processes can open: a folder made absolute, a URL as it is."""
    return location if is_store_url(location) else str(Path(location).resolve())


def shown_store(location: str) -> str:
    """The location as messages show it: a URL without its password."""
    if not is_store_url(location):
        return location
    scheme, rest = location.split("://", 1)
    head, at, tail = rest.rpartition("@")
    if at and ":" in head:
        head = head.split(":", 1)[0] + ":***"
    return f"{scheme}://{head}{at}{tail}"


def models_dir(environ: Mapping[str, str] | None = None) -> Path:
    """Where assembled local model files are cached: ``$CITADEL_MODELS``, else ``~/.cache/citadel/models``."""
    environ = os.environ if environ is None else environ
    if environ.get(ENV_MODELS):
        return Path(environ[ENV_MODELS])
    return Path(environ.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "citadel" / "models"


#: Environment variables that configure each generation backend: option -> variable.
BACKEND_ENV: dict[str, dict[str, str]] = {
    "openai": {
        "base_url": "CITADEL_OPENAI_BASE_URL",
        "model": "CITADEL_OPENAI_MODEL",
        "api_key": "OPENAI_API_KEY",
        "response_format": "CITADEL_OPENAI_RESPONSE_FORMAT",
    },
    "anthropic": {
        "base_url": "CITADEL_ANTHROPIC_BASE_URL",
        "model": "CITADEL_ANTHROPIC_MODEL",
        "api_key": "ANTHROPIC_API_KEY",
    },
    "llamacpp": {"model_path": "CITADEL_LLAMACPP_MODEL"},
}


def backend_options(name: str, environ: Mapping[str, str] | None = None) -> dict[str, str]:
    """Options for backend ``name`` taken from the environment (only those that are set)."""
    environ = os.environ if environ is None else environ
    return {opt: environ[var] for opt, var in BACKEND_ENV.get(name, {}).items() if environ.get(var)}

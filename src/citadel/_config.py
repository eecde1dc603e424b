"""Configuration: frozen settings objects, and the one place environment variables are read."""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path

ENV_STORE = "CITADEL_STORE"
DEFAULT_STORE = ".citadel"
ENV_MODELS = "CITADEL_MODELS"


def resolve_store_dir(explicit: str | os.PathLike[str] | None = None, environ: Mapping[str, str] | None = None) -> Path:
    """The store folder: ``explicit`` (``--store``), else ``$CITADEL_STORE``, else ``./.citadel``."""
    environ = os.environ if environ is None else environ
    if explicit:
        return Path(explicit)
    if environ.get(ENV_STORE):
        return Path(environ[ENV_STORE])
    return Path(DEFAULT_STORE)


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

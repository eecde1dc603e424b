"""The generation backend interface and its registry.

A backend is a small class with one method, :meth:`Generator.generate`, that takes a
:class:`GenerationRequest` (the question, the numbered sources, the rendered prompt
and the JSON schema) and returns the model's raw text. Capabilities are class
attributes; options are a pydantic model with ``extra="forbid"``. Retries of
transient failures live once, in :meth:`Generator.run`.

Built-in backends register through :func:`register_backend` exactly as a third
party's would; packages can also expose backends through the ``citadel.backends``
entry-point group (``name = "package.module:Class"``).
"""

from __future__ import annotations

import importlib
import logging
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from importlib.metadata import entry_points
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict
from pydantic import ValidationError as PydanticValidationError

from citadel._errors import BackendError, ConfigError
from citadel.generate.prompt import Prompt, Source

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class GenerationRequest:
    question: str
    sources: tuple[Source, ...]
    prompt: Prompt
    schema: dict[str, Any]
    feedback: str | None = None


@dataclass(frozen=True)
class Generation:
    """The raw output of one call, logged before any parsing or repair."""

    text: str  # what is parsed against the answer schema
    model: str
    usage: dict[str, Any] = field(default_factory=dict)
    raw: str | None = None  # the verbatim response, when it differs from ``text``


class TransientBackendError(BackendError):
    """A failure worth retrying (timeout, rate limit, 5xx)."""


class BackendOptions(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Generator(ABC):
    """A generation backend."""

    name: ClassVar[str]
    #: the backend enforces the JSON schema itself (grammar or structured output)
    enforces_schema: ClassVar[bool] = False
    #: the backend sends text over the network
    remote: ClassVar[bool] = False
    #: feedback can change the output (False for deterministic extractive backends)
    repairable: ClassVar[bool] = True
    Options: ClassVar[type[BackendOptions]] = BackendOptions
    max_attempts: ClassVar[int] = 3

    def __init__(self, options: BackendOptions | None = None, **kwargs: Any) -> None:
        try:
            self.options = options if options is not None else self.Options(**kwargs)
        except PydanticValidationError as exc:
            raise ConfigError(f"invalid options for the {self.name!r} backend: {exc}") from exc

    @abstractmethod
    def generate(self, request: GenerationRequest) -> Generation:
        """Produce the raw answer text for one request."""

    def close(self) -> None:  # noqa: B027 - optional hook, not abstract: most backends hold nothing
        """Release connections or models (backends that hold any override this)."""

    def run(self, request: GenerationRequest) -> Generation:
        """:meth:`generate` with retries of transient failures (exponential back-off)."""
        for attempt in range(1, self.max_attempts + 1):
            try:
                return self.generate(request)
            except TransientBackendError as exc:
                if attempt == self.max_attempts:
                    raise BackendError(f"{self.name}: {exc} (gave up after {attempt} attempts)") from exc
                log.warning("%s: %s; retrying", self.name, exc)
                time.sleep(0.5 * 2 ** (attempt - 1))
        raise AssertionError("unreachable")  # pragma: no cover


_REGISTRY: dict[str, str | type[Generator]] = {}


def register_backend(name: str, backend: str | type[Generator]) -> None:
    """Register a backend class, or a ``"module:Class"`` path imported on first use."""
    _REGISTRY[name] = backend


def backend_names() -> list[str]:
    _load_entry_points()
    return sorted(_REGISTRY)


def backend_class(name: str) -> type[Generator]:
    _load_entry_points()
    target = _REGISTRY.get(name)
    if target is None:
        raise ConfigError(f"unknown backend {name!r}; choose one of: {', '.join(sorted(_REGISTRY))}")
    if isinstance(target, str):
        module, _, attr = target.partition(":")
        try:
            target = getattr(importlib.import_module(module), attr)
        except ImportError as exc:
            raise ConfigError(f"the {name!r} backend cannot be loaded: {exc}") from exc
        _REGISTRY[name] = target
    assert isinstance(target, type)
    return target


def get_backend(name: str, **options: Any) -> Generator:
    """An instance of the named backend with the given options."""
    return backend_class(name)(**options)


_entry_points_loaded = False


def _load_entry_points() -> None:
    global _entry_points_loaded
    if _entry_points_loaded:
        return
    _entry_points_loaded = True
    for ep in entry_points(group="citadel.backends"):
        _REGISTRY.setdefault(ep.name, ep.value)

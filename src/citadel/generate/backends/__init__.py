"""Generation backends, all registered the same way a third party's would be."""

from __future__ import annotations

from citadel.generate.backends.base import (
    BackendOptions,
    Generation,
    GenerationRequest,
    Generator,
    TransientBackendError,
    backend_class,
    backend_names,
    get_backend,
    register_backend,
)
from citadel.generate.backends.fake import FakeGenerator

register_backend("extractive", "citadel.generate.backends.extractive:ExtractiveGenerator")
register_backend("openai", "citadel.generate.backends.openai:OpenAIGenerator")
register_backend("anthropic", "citadel.generate.backends.anthropic:AnthropicGenerator")
register_backend("llamacpp", "citadel.generate.backends.llamacpp:LlamaCppGenerator")
register_backend("fake", FakeGenerator)

__all__ = [
    "BackendOptions",
    "FakeGenerator",
    "Generation",
    "GenerationRequest",
    "Generator",
    "TransientBackendError",
    "backend_class",
    "backend_names",
    "get_backend",
    "register_backend",
]

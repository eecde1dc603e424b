"""A local GGUF model through llama-cpp-python (extra ``citadel[local]``).

The answer schema is enforced by a grammar (``response_format`` with a JSON schema),
so the model cannot produce text outside it. The default model is the small
Qwen2.5 instruct model assembled by :mod:`citadel.generate.local_model`.
"""

from __future__ import annotations

from typing import Any

from citadel._errors import BackendError, ConfigError
from citadel.generate.backends.base import BackendOptions, Generation, GenerationRequest, Generator


class LlamaCppOptions(BackendOptions):
    model_path: str | None = None
    n_ctx: int = 4096
    n_threads: int | None = None
    max_tokens: int = 768
    temperature: float = 0.0
    seed: int = 0


class LlamaCppGenerator(Generator):
    name = "llamacpp"
    enforces_schema = True
    Options = LlamaCppOptions
    options: LlamaCppOptions

    def __init__(self, options: LlamaCppOptions | None = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        self._llm: Any = None

    def _load(self) -> Any:
        if self._llm is None:
            try:
                from llama_cpp import Llama
            except ImportError as exc:
                raise ConfigError("the llamacpp backend needs llama-cpp-python: run `make install-local`") from exc
            from citadel.generate.local_model import local_model_path

            path = self.options.model_path or str(local_model_path())
            o = self.options
            try:
                self._llm = Llama(model_path=path, n_ctx=o.n_ctx, n_threads=o.n_threads, seed=o.seed, verbose=False)
            except (ValueError, RuntimeError) as exc:
                raise BackendError(f"llamacpp could not load {path}: {exc}") from exc
        return self._llm

    def generate(self, request: GenerationRequest) -> Generation:
        llm = self._load()
        o = self.options
        try:
            out = llm.create_chat_completion(
                messages=[
                    {"role": "system", "content": request.prompt.system},
                    {"role": "user", "content": request.prompt.user},
                ],
                response_format={"type": "json_object", "schema": request.schema},
                temperature=o.temperature,
                max_tokens=o.max_tokens,
            )
            text = out["choices"][0]["message"]["content"] or ""
        except (ValueError, RuntimeError, KeyError, IndexError) as exc:
            raise BackendError(f"llamacpp generation failed: {exc}") from exc
        return Generation(text=text, model=o.model_path or "qwen2.5-coder-0.5b-instruct-q4", usage=out.get("usage", {}))

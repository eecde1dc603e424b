"""Any OpenAI-compatible chat API: OpenAI, vLLM, Ollama, llama.cpp's server, LM Studio.

Structured output: ``response_format="json_schema"`` sends the answer schema (OpenAI,
vLLM, recent llama.cpp); ``"json_object"`` sends the schema in llama-cpp-python's
form ``{"type": "json_object", "schema": ...}``; ``"none"`` relies on the prompt.
A server whose error names ``response_format`` or ``json_schema`` (llama-cpp-python
answers 500, others 400 or 422) is asked again once with
``json_object``, and that choice is kept for the backend's later calls.
"""

from __future__ import annotations

from typing import Any, Literal

import httpx

from citadel._errors import BackendError
from citadel.generate.backends._http import post_json
from citadel.generate.backends.base import BackendOptions, Generation, GenerationRequest, Generator


class OpenAIOptions(BackendOptions):
    base_url: str = "https://api.openai.com/v1"
    model: str = "gpt-4o-mini"
    api_key: str | None = None
    response_format: Literal["json_schema", "json_object", "none"] = "json_schema"
    temperature: float = 0.0
    max_tokens: int = 1024
    timeout_s: float = 120.0


class OpenAIGenerator(Generator):
    name = "openai"
    enforces_schema = True
    remote = True
    Options = OpenAIOptions
    options: OpenAIOptions

    def __init__(self, options: OpenAIOptions | None = None, **kwargs: Any) -> None:
        super().__init__(options, **kwargs)
        self._client = httpx.Client(timeout=self.options.timeout_s)
        self._format = self.options.response_format

    def close(self) -> None:
        self._client.close()

    def generate(self, request: GenerationRequest) -> Generation:
        try:
            return self._call(request, self._format)
        except BackendError as exc:
            # llama-cpp-python answers 500, others 400/422, to a response_format they lack
            message = str(exc)
            rejected = "response_format" in message or "json_schema" in message
            if self._format != "json_schema" or not rejected:
                raise
            self._format = "json_object"
            return self._call(request, self._format)

    def _call(self, request: GenerationRequest, response_format: str) -> Generation:
        o = self.options
        body: dict[str, Any] = {
            "model": o.model,
            "messages": [
                {"role": "system", "content": request.prompt.system},
                {"role": "user", "content": request.prompt.user},
            ],
            "temperature": o.temperature,
            "max_tokens": o.max_tokens,
        }
        if response_format == "json_schema":
            body["response_format"] = {
                "type": "json_schema",
                "json_schema": {"name": "grounded_answer", "schema": request.schema},
            }
        elif response_format == "json_object":
            body["response_format"] = {"type": "json_object", "schema": request.schema}
        headers = {"Authorization": f"Bearer {o.api_key}"} if o.api_key else {}
        data = post_json(self._client, o.base_url.rstrip("/") + "/chat/completions", body, headers, "openai")
        try:
            message = data["choices"][0]["message"]
            text = message.get("content") or message.get("refusal") or ""
        except (KeyError, IndexError, TypeError) as exc:
            raise BackendError("openai: the response has no choices[0].message") from exc
        return Generation(text=text, model=str(data.get("model", o.model)), usage=data.get("usage") or {})

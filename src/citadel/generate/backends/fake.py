"""A deterministic, scripted backend for tests (public, like httpx's MockTransport)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from citadel.generate.backends.base import Generation, GenerationRequest, Generator

Responder = Callable[[GenerationRequest], str]


class FakeGenerator(Generator):
    """Returns queued outputs in order, then ``respond(request)``, else an abstention.

    Every request is kept in ``history`` so a test can inspect the prompt and sources.
    """

    name = "fake"

    def __init__(self, outputs: list[str | dict[str, Any]] | None = None, respond: Responder | None = None) -> None:
        super().__init__()
        self.queue: list[str] = []
        self.respond = respond
        self.history: list[GenerationRequest] = []
        self.enqueue(*(outputs or []))

    def enqueue(self, *outputs: str | dict[str, Any]) -> None:
        self.queue.extend(o if isinstance(o, str) else json.dumps(o) for o in outputs)

    def generate(self, request: GenerationRequest) -> Generation:
        self.history.append(request)
        if self.queue:
            text = self.queue.pop(0)
        elif self.respond is not None:
            text = self.respond(request)
        else:
            text = json.dumps({"abstained": True, "claims": []})
        return Generation(text=text, model="fake")


def quote_first(request: GenerationRequest) -> str:
    """A responder that cites the first sentence of the first source verbatim."""
    if not request.sources:
        return json.dumps({"abstained": True, "claims": []})
    source = request.sources[0]
    sentence = source.text.split(". ")[0].rstrip(".") + "."
    if sentence not in source.text:
        sentence = source.text
    claim = {"citations": [{"source_id": source.sid, "quote": sentence}], "text": sentence}
    return json.dumps({"abstained": False, "claims": [claim]})

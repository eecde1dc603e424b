"""Generation: the prompt, the answer schema and its validation, and the backends."""

from __future__ import annotations

from citadel.generate.backends import FakeGenerator, Generator, get_backend, register_backend
from citadel.generate.prompt import ABSTAIN_SENTENCE, Prompt, Source, build_prompt
from citadel.generate.schema import DraftAnswer, answer_json_schema, parse_draft

__all__ = [
    "ABSTAIN_SENTENCE",
    "DraftAnswer",
    "FakeGenerator",
    "Generator",
    "Prompt",
    "Source",
    "answer_json_schema",
    "build_prompt",
    "get_backend",
    "parse_draft",
    "register_backend",
]

"""An optional LLM judge with a fixed rubric, behind a one-method generator protocol.

Any object with ``generate(prompt: str) -> str`` works as a backend (the answers stage plugs
real ones in). The judge is never required: the verifier runs without it. For tests there is
:class:`ScriptedGenerator`, a deterministic fake that returns queued outputs.
"""

from __future__ import annotations

import json
import re
from collections import deque
from dataclasses import dataclass
from typing import Protocol, runtime_checkable

from citadel._errors import BackendError
from citadel.verify._types import Verdict

RUBRIC = """You check whether a SOURCE supports a CLAIM. Use only the SOURCE.
- "supported": every part of the claim, including every number, unit, name and date, is stated
  in the source or follows directly from it.
- "partial": the source supports part of the claim, but not all of it.
- "contradicted": the source states something that conflicts with the claim.
- "unsupported": the source does not say this.
Answer with one line of JSON: {{"verdict": "...", "reason": "..."}}

SOURCE:
{source}

CLAIM:
{claim}
"""


@runtime_checkable
class Generator(Protocol):
    def generate(self, prompt: str) -> str: ...


@dataclass(frozen=True)
class JudgeVerdict:
    verdict: Verdict
    reason: str


class LLMJudge:
    """Asks a generator for a verdict under :data:`RUBRIC` and parses the answer."""

    def __init__(self, generator: Generator, max_source_chars: int = 4000) -> None:
        self.generator = generator
        self.max_source_chars = max_source_chars

    def judge(self, claim: str, source: str) -> JudgeVerdict:
        prompt = RUBRIC.format(source=source[: self.max_source_chars], claim=claim)
        try:
            raw = self.generator.generate(prompt)
        except Exception as exc:  # a backend may raise anything; translate at the boundary
            raise BackendError(f"the LLM judge's backend failed: {exc}") from exc
        return parse_judgement(raw)


def parse_judgement(raw: str) -> JudgeVerdict:
    """Read ``{"verdict", "reason"}`` from model output; tolerate prose around the JSON, and
    fall back to the first verdict word found."""
    m = re.search(r"\{.*\}", raw, re.DOTALL)
    if m:
        try:
            data = json.loads(m.group(0))
            return JudgeVerdict(Verdict(str(data["verdict"]).strip().lower()),
                                str(data.get("reason", "")).strip())
        except (ValueError, KeyError, TypeError):
            pass
    w = re.search(r"\b(supported|partial|contradicted|unsupported)\b", raw.lower())
    if not w:
        raise BackendError(f"the LLM judge gave no verdict: {raw[:200]!r}")
    return JudgeVerdict(Verdict(w.group(1)), raw.strip()[:300])


class ScriptedGenerator:
    """A deterministic fake generator: returns the queued outputs in order, records prompts."""

    def __init__(self, outputs: list[str] | None = None) -> None:
        self._queue: deque[str] = deque(outputs or [])
        self.history: list[str] = []

    def enqueue(self, *outputs: str) -> None:
        self._queue.extend(outputs)

    def generate(self, prompt: str) -> str:
        self.history.append(prompt)
        if not self._queue:
            raise RuntimeError("ScriptedGenerator has no output queued")
        return self._queue.popleft()

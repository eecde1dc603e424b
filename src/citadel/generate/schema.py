"""The structured output every backend must produce, and its validation.

Quote first, then the claim::

    {"abstained": false,
     "claims": [{"citations": [{"source_id": "S1", "quote": "verbatim text"}],
                 "text": "The claim, in the model's words."}]}

:func:`parse_draft` accepts the raw text of a model (JSON, possibly wrapped in a code
fence or surrounded by chatter), validates it against the schema, and checks it
against this request's sources: unknown ids, a non-abstained answer without
citations, and quotes that are not in the cited source are all rejected with a
message that can be sent back to the model.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from pydantic import BaseModel, ConfigDict, Field
from pydantic import ValidationError as PydanticValidationError

from citadel._errors import ValidationError
from citadel.verify import find_quote


class DraftCitation(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    source_id: str = Field(description="The id of the source, such as S1.")
    quote: str = Field(description="Text copied verbatim from that source that supports the claim.")


class DraftClaim(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    citations: list[DraftCitation] = Field(description="Quotes first: the evidence for the claim.")
    text: str = Field(description="One sentence that the quotes support.")


class DraftAnswer(BaseModel):
    """What a generation backend returns, before verification."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    abstained: bool
    claims: list[DraftClaim] = Field(default_factory=list)


def answer_json_schema() -> dict[str, Any]:
    """The JSON schema sent to backends that can enforce it."""
    return DraftAnswer.model_json_schema()


_FENCE = re.compile(r"```(?:json)?\s*(.*?)```", re.S)


def _extract_json(raw: str) -> Any:
    text = raw.strip()
    fenced = _FENCE.search(text)
    if fenced:
        text = fenced.group(1).strip()
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        start, end = text.find("{"), text.rfind("}")
        if 0 <= start < end:
            try:
                return json.loads(text[start : end + 1])
            except json.JSONDecodeError:
                pass
    raise ValidationError("the output is not a JSON object; reply with JSON only, matching the schema")


def parse_draft(raw: str, sources: Mapping[str, str]) -> DraftAnswer:
    """Parse and validate a model's output against the schema and this request's sources."""
    data = _extract_json(raw)
    try:
        draft = DraftAnswer.model_validate(data)
    except PydanticValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc'])) or 'output'}: {e['msg']}" for e in exc.errors()[:5])
        raise ValidationError(f"the output does not match the schema: {problems}") from exc
    errors = validation_errors(draft, sources)
    if errors:
        raise ValidationError("; ".join(errors))
    return draft


def validation_errors(draft: DraftAnswer, sources: Mapping[str, str]) -> list[str]:
    """Every way the draft breaks the rules, as sentences a model can act on."""
    errors: list[str] = []
    if not draft.abstained and not draft.claims:
        errors.append("an answer that does not abstain needs at least one claim")
    if draft.abstained and draft.claims:
        # small local models mark their own answer abstained; which one was meant is unknown
        errors.append('"abstained" is true but the answer has claims: answer with them and "abstained": false, '
                      "or abstain with no claims")
    for n, claim in enumerate(draft.claims, start=1):
        if not claim.text.strip():
            errors.append(f"claim {n} has no text")
        if not draft.abstained and not claim.citations:
            errors.append(f"claim {n} cites no source")
        for citation in claim.citations:
            source = sources.get(citation.source_id)
            if source is None:
                known = ", ".join(sources) or "none"
                errors.append(f"claim {n} cites {citation.source_id!r}, which is not a source (known: {known})")
            elif not citation.quote.strip() or find_quote(citation.quote, source) is None:
                errors.append(f"claim {n}: the quote {citation.quote[:80]!r} is not in {citation.source_id}")
    return errors

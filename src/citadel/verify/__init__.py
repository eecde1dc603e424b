"""The verifier: does the cited source really support the claim?

Layers, cheapest first: structure (cited ids, quotes), numbers/units/dates/ranges, checks on
the source sentence the claim restates (``align``: swapped entities and roles, opposites,
raised modality, narrowed scope), a trained claim-support model (ONNX, shipped in ``model/``)
reading the claim and each of its atomic parts (``atomic``), an optional LLM judge; a calibrated
combiner turns them into one score and a verdict (supported, partial, unsupported,
contradicted) with a reason and the span of the source that supports the claim.

    >>> from citadel.verify import verify
    >>> verify("The refund window is 30 days.", "Refunds are accepted within 30 days.").verdict
"""

from __future__ import annotations

import sys
import types
from collections.abc import Sequence
from functools import lru_cache

from citadel.verify._types import (
    AnswerReport,
    Citation,
    CitationCheck,
    Claim,
    ClaimReport,
    QuoteMatch,
    Verdict,
    VerifyResult,
)
from citadel.verify.claims import parse_citations, split_claims
from citadel.verify.judge import Generator, LLMJudge, ScriptedGenerator
from citadel.verify.lexical import naive_baseline
from citadel.verify.numbers import check_numbers
from citadel.verify.structure import find_quote
from citadel.verify.verifier import Verifier, VerifierSettings

__all__ = [
    "AnswerReport",
    "Citation",
    "CitationCheck",
    "Claim",
    "ClaimReport",
    "Generator",
    "LLMJudge",
    "QuoteMatch",
    "ScriptedGenerator",
    "Verdict",
    "Verifier",
    "VerifierSettings",
    "VerifyResult",
    "check_numbers",
    "default_verifier",
    "find_quote",
    "naive_baseline",
    "parse_citations",
    "split_claims",
    "verify",
    "verify_batch",
]


@lru_cache(maxsize=1)
def default_verifier() -> Verifier:
    """A shared verifier with default settings (the model loads on first use)."""
    return Verifier()


def verify(claim: str, source: str) -> VerifyResult:
    """Does ``source`` support ``claim``? The verdict, a calibrated score, a reason and a span."""
    return default_verifier().verify(claim, source)


def verify_batch(pairs: Sequence[tuple[str, str]]) -> list[VerifyResult]:
    """:func:`verify` for many pairs at once (faster: the model batches all windows)."""
    return default_verifier().verify_batch(pairs)


class _CallableModule(types.ModuleType):
    """Lets ``citadel.verify(claim, source)`` call :func:`verify` while ``citadel.verify``
    stays this package (so ``import citadel.verify as v`` and ``citadel.verify.Verifier``
    keep working)."""

    def __call__(self, claim: str, source: str) -> VerifyResult:
        return verify(claim, source)


sys.modules[__name__].__class__ = _CallableModule

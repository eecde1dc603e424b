"""Windows over long sources, and the verifier's input checks."""

from __future__ import annotations

import pytest

from citadel import VerifyError
from citadel.verify import Verifier, VerifierSettings
from citadel.verify.windows import SHORT_SOURCE_CHARS, candidate_windows, sentences


def test_short_source_is_one_window() -> None:
    src = "One sentence. Another sentence."
    (w,) = candidate_windows("claim", src)
    assert (w.text, w.start, w.end, w.joined) == (src, 0, len(src), False)


def _long_source() -> str:
    parts = [f"Filler sentence number {i} talks about weather patterns." for i in range(60)]
    parts[10] = "The bridge was opened in 1932 by the mayor."
    parts[50] = "It carries about 160,000 vehicles each day."
    return " ".join(parts)


def test_long_source_windows_point_into_the_source() -> None:
    src = _long_source()
    assert len(src) > SHORT_SOURCE_CHARS
    ws = candidate_windows("The bridge opened in 1932 and carries 160,000 vehicles daily.", src,
                           top_k=4)
    plain = [w for w in ws if not w.joined]
    assert 1 <= len(plain) <= 4
    for w in plain:
        assert src[w.start : w.end] == w.text
    assert "1932" in plain[0].text or "160,000" in plain[0].text
    joined = [w for w in ws if w.joined]
    assert len(joined) == 1
    assert "1932" in joined[0].text and "160,000" in joined[0].text


def test_sentences_break_at_lines() -> None:
    src = "Title without a full stop\nFirst sentence. Second one.\n\nThird"
    assert [src[s:e] for s, e in sentences(src)] == [
        "Title without a full stop", "First sentence.", "Second one.", "Third"]


def test_claims_needing_two_distant_sentences_use_the_joined_window() -> None:
    v = Verifier(VerifierSettings(use_model=False))
    res = v.verify("The bridge was opened in 1932 and carries 160,000 vehicles each day.",
                   _long_source())
    assert res.features["num_ok"] == 1.0  # both numbers found, in different places


def test_bad_input_raises_verify_error() -> None:
    with pytest.raises(VerifyError, match="pair 0"):
        Verifier(VerifierSettings(use_model=False)).verify_batch([("claim", None)])  # type: ignore[list-item]
    with pytest.raises(VerifyError, match="either an answer"):
        Verifier(VerifierSettings(use_model=False)).check_answer({}, answer=None, claims=None)

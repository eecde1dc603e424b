"""replay(): re-run a trace against the current store and report what changed."""

from __future__ import annotations

from pathlib import Path

import pytest

from citadel import NotFoundError
from citadel.replay import render_report, replay
from citadel.store import SearchFilter

from .serve_support import fast_engine

QUESTION = "How long are approved refunds processed?"


def test_unchanged_then_deleted_document(tmp_path: Path) -> None:
    engine = fast_engine(tmp_path)
    answer = engine.ask(QUESTION)
    assert not answer.abstained
    same = replay(engine, answer.trace_id)
    assert same.unchanged and same.citations == [] and same.replay_trace_id != answer.trace_id
    assert "No change" in render_report(same)
    assert engine.store.get_trace(same.replay_trace_id) is not None  # the replay is logged too

    assert engine.store.delete("refunds.md")
    gone = replay(engine, answer.trace_id)
    [citation] = gone.citations
    assert citation.status == "deleted" and citation.current_version is None and not citation.quote_still_present
    assert gone.answer_changed and gone.after["abstained"] and gone.claims_removed == [answer.claims[0].text]
    assert "DELETED [S1] Refund policy" in render_report(gone)
    engine.close()


def test_a_trace_the_caller_may_not_see_cannot_be_replayed(tmp_path: Path) -> None:
    engine = fast_engine(tmp_path)
    answer = engine.ask("What is the L5 staff engineer salary band?", groups=["hr"])
    assert "86,000" in answer.answer
    with pytest.raises(NotFoundError):
        replay(engine, answer.trace_id, where=SearchFilter(groups=frozenset()))
    assert replay(engine, answer.trace_id, where=SearchFilter(groups=frozenset({"hr"}))).unchanged
    with pytest.raises(NotFoundError):
        replay(engine, "no-such-trace")
    engine.close()

"""The lexical preselection that decides which sentences the cross-encoder reads."""

from __future__ import annotations

from citadel.retrieve.sentences import lexical_weights, preselect


def test_rare_question_words_weigh_more_than_common_ones() -> None:
    pool = [
        "The policy covers refunds for customers.",
        "The policy covers shipping for customers.",
        "The policy covers warranty for customers.",
    ]
    weights = lexical_weights("Which policy covers refunds?", pool)
    assert weights[0] > weights[1] == weights[2] > 0  # "policy" is everywhere, "refunds" is not


def test_every_passage_gets_its_best_sentence_before_any_passage_gets_two() -> None:
    pool = ["refund refund policy", "refund policy", "refund", "weather today", "nothing relevant"]
    groups = [0, 0, 0, 1, 2]
    chosen = preselect("refund policy", pool, groups, limit=3)
    assert chosen == [0, 3, 4]  # the best of group 0, then groups 1 and 2 even with no overlap
    assert preselect("refund policy", pool, groups, limit=4) == [0, 1, 3, 4]
    assert preselect("refund policy", pool, groups, limit=2) == [0, 3]  # better-ranked passages first
    assert preselect("refund policy", pool, groups, limit=0) == []

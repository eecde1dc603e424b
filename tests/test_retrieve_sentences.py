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


def test_a_full_stop_inside_code_ends_no_sentence() -> None:
    """sed's manual: "It is usually the same as 's/.*//', but is more efficient ..." was cut
    after "s/." (the segmenter saw a full stop): a sentence ends where a space follows."""
    from citadel.text import sentence_spans

    text = ("\u2018z\u2019: This command empties the content of pattern space. It is usually the same as "
            "\u2018s/.*//\u2019, but is more efficient. Use it often.")  # fmt: skip
    assert [text[s:e] for s, e in sentence_spans(text)] == [
        "\u2018z\u2019: This command empties the content of pattern space.",
        "It is usually the same as \u2018s/.*//\u2019, but is more efficient.",
        "Use it often.",
    ]

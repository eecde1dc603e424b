"""Elliptic denials ("..., but the pool is not.") said in full before judging, offsets mapped back."""

from __future__ import annotations

import pytest

from citadel.verify import Verifier
from citadel.verify._types import Verdict
from citadel.verify.ellipsis import resolve


@pytest.fixture(scope="module")
def verifier() -> Verifier:
    return Verifier()


def test_the_predicate_of_the_clause_before_is_repeated() -> None:
    source = "The gym is open on Saturdays, but the pool is not. Members get a towel."
    r = resolve(source)
    assert r.text == "The gym is open on Saturdays, but the pool is not open on Saturdays. Members get a towel."
    assert r.inserts == ((source.index(". Members"), len(" open on Saturdays")),)


def test_modals_and_contractions_take_the_predicate_of_their_kin() -> None:
    assert resolve("Students may borrow laptops, but visitors may not.").text == \
        "Students may borrow laptops, but visitors may not borrow laptops."
    assert resolve("Cats are allowed. Dogs aren't.").text == "Cats are allowed. Dogs aren't allowed."
    # "is" stands for "are" (one verb, two numbers)
    assert resolve("Bikes are allowed on the path, but the scooter is not.").text == \
        "Bikes are allowed on the path, but the scooter is not allowed on the path."


def test_a_denial_with_do_takes_the_verb_phrase_before_in_its_plain_form() -> None:
    assert resolve("Members pay 5 EUR, but guests do not.").text == "Members pay 5 EUR, but guests do not pay 5 EUR."
    assert resolve("Vans need a permit; cars and trailers do not.").text == \
        "Vans need a permit; cars and trailers do not need a permit."
    assert resolve("A goal from a corner counts. A goal from a throw-in does not.").text == \
        "A goal from a corner counts. A goal from a throw-in does not count."
    assert resolve("The plan covers dental care, but it does not.").inserts == ()  # a pronoun


def test_an_affirmation_after_a_denial_takes_the_denied_predicate() -> None:
    assert resolve("Copying a page does not need a card, but printing does.").text == \
        "Copying a page does not need a card, but printing does need a card."
    assert resolve("Pets are not allowed in the bar, but guide dogs are.").text == \
        "Pets are not allowed in the bar, but guide dogs are allowed in the bar."
    assert resolve("Visitors cannot park here, but staff can.").text == "Visitors cannot park here, but staff can park here."
    # the clause before denies nothing, or with another auxiliary: nothing to repeat
    assert resolve("Members pay 5 EUR, but guests do.").inserts == ()
    assert resolve("Visitors cannot park here, but staff are.").inserts == ()


def test_what_is_no_elliptic_denial_is_left_alone() -> None:
    for text in ("It is free, but it is not.",                       # a pronoun, no subject of its own
                 "Refunds are not given, and vouchers are not.",      # the clause before denies too
                 "The refund is not automatic.",                      # a denial with its predicate
                 "Members paid 5 EUR, but guests did not.",           # a past tense, whose plain form is not read
                 "Parking (two hours) is free, but the garage is not."):  # a parenthesis before
        r = resolve(text)
        assert r.text == text and r.inserts == (), text


def test_offsets_in_the_resolved_text_map_back_to_the_source() -> None:
    source = "The gym is open on Saturdays, but the pool is not. Members get a towel."
    r = resolve(source)
    at = source.index(". Members")
    assert r.to_source(0) == 0
    assert r.to_source(at) == at                                # the insertion point itself
    assert r.to_source(at + 5) == at                            # inside the inserted words
    assert r.to_source(len(r.text)) == len(source)              # the end
    assert r.text[r.text.index("Members"):] == source[r.to_source(r.text.index("Members")):]
    assert r.span_to_source((0, len(r.text))) == (0, len(source))
    assert r.span_to_source(None) is None


def test_a_verdict_on_the_resolved_text_points_into_the_source(verifier: Verifier) -> None:
    source = "Tap water is safe to drink in the hostel, but shower water is not. Towels are provided."
    denied = verifier.verify("Shower water in the hostel is safe to drink.", source)
    assert denied.verdict is Verdict.CONTRADICTED, denied
    said = verifier.verify("Shower water in the hostel is not safe to drink.", source)
    assert said.verdict is Verdict.SUPPORTED, said
    assert said.span is not None and 0 <= said.span[0] < said.span[1] <= len(source)
    assert f"at {said.span[0]}-{said.span[1]}" in said.reason, said.reason


def test_many_denials_are_resolved_in_time_linear_in_the_source() -> None:
    # each denial reads the clause before within a bounded reach, so a hostile source of many
    # short denials is resolved whole (and each one said in full), not in quadratic time
    source = "The gym is open on Saturdays, but the pool is not. " * 4000
    r = resolve(source)
    assert len(r.inserts) == 4000
    assert r.text.count("the pool is not open on Saturdays.") == 4000

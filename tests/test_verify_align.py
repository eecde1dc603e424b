"""The alignment checks, atomic parts and number rules added for everyday errors (issue 16).

Each phenomenon is tested both ways: the error is caught, and a rewrite that keeps the
meaning (or a near case that is not the phenomenon) is left alone. No model is needed here;
``test_verify_everyday.py`` runs the same phenomena through the whole verifier.
"""

from __future__ import annotations

import pytest

from citadel.verify.align import contrary, narrowed, raised_modality, substitution, swapped
from citadel.verify.atomic import atomic_parts
from citadel.verify.numbers import NumberStatus, check_numbers

HOLIDAY = ("Permanent staff receive 25 days of holiday. Interns, like other temporary staff, "
           "receive 10 days.")


class TestSubstitution:
    def test_an_attribute_moved_to_another_entity_of_the_source(self) -> None:
        found = substitution("Interns receive 25 days of holiday.", HOLIDAY)
        assert found == [("intern", "permanent staff")]

    def test_the_right_entity_is_not_a_substitution(self) -> None:
        assert substitution("Interns receive 10 days.", HOLIDAY) is None
        assert substitution("Permanent staff receive 25 days of holiday.", HOLIDAY) is None

    def test_a_word_the_source_never_uses_is_not_a_substitution(self) -> None:
        # "contractors" is not in the source: that is an invented detail, for other layers
        assert substitution("Contractors receive 25 days of holiday.", HOLIDAY) is None


class TestSwapped:
    def test_roles_reversed(self) -> None:
        source = "During this period the Employer shall pay the Employee 50% of the salary."
        assert swapped("During this period the Employee shall pay the Employer 50% of the salary.",
                       source) == ("employee", "employer")

    def test_values_moved_between_two_entities(self) -> None:
        source = "The employer contributes 5% of salary and the employee contributes 3%."
        assert swapped("The employer contributes 3% of salary and the employee contributes 5%.",
                       source) is not None

    def test_list_order_and_voice_are_not_swaps(self) -> None:
        assert swapped("We accept cards, vouchers and cash.", "We accept cash, vouchers and cards.") is None
        assert swapped("Romulus was deposed by Odoacer in 476.", "Odoacer deposed Romulus in 476.") is None
        assert swapped("The employer contributes 5% of salary.",
                       "The employer contributes 5% of salary and the employee contributes 3%.") is None


class TestModality:
    def test_may_raised_to_must(self) -> None:
        assert raised_modality("Employees must work from home on Fridays.",
                               "Employees may work from home on Fridays.") == ("must", "may")

    def test_the_same_obligation_in_other_words(self) -> None:
        assert raised_modality("Employees have to wear a badge.", "Employees must wear a badge.") is None
        # "may not" is a prohibition, not a permission
        assert raised_modality("Visitors must not enter the lab.", "Visitors may not enter the lab.") is None


class TestNarrowed:
    def test_only_added_where_the_source_allows_more(self) -> None:
        assert narrowed("The shop accepts only cash.", "The shop accepts cash and cards.") == "only"

    def test_only_that_the_source_says(self) -> None:
        assert narrowed("Only hourly staff get overtime.", "Only hourly staff are paid overtime.") is None


class TestContrary:
    def test_one_word_turned_around(self) -> None:
        assert contrary("The museum is closed on Mondays.", "The museum is open on Mondays.") == ("closed", "open")
        assert contrary("Place the orchid in indirect light.", "Place the orchid in direct light.") is not None

    def test_a_negation_moved_onto_the_opposite_keeps_the_meaning(self) -> None:
        assert contrary("The museum is not open on Mondays.", "The museum is closed on Mondays.") is None


class TestAtomicParts:
    def test_a_true_part_and_an_added_part(self) -> None:
        assert atomic_parts("Refunds take five business days and are paid in cash.") == [
            "Refunds take five business days.", "Refunds are paid in cash."]

    def test_two_clauses(self) -> None:
        assert atomic_parts("Permanent staff receive 25 days of holiday, and interns receive 10 days.") == [
            "Permanent staff receive 25 days of holiday.", "Interns receive 10 days."]

    @pytest.mark.parametrize("claim", [
        "We accept cash and cards.",
        "Salt and pepper are added at the end.",
        "Bring your receipt and the card you paid with.",
        "The museum is open on Mondays.",
    ])
    def test_one_fact_stays_whole(self, claim: str) -> None:
        assert atomic_parts(claim) == [claim]


@pytest.mark.parametrize(("claim", "source", "status"), [
    # periods, currencies, sizes
    ("Staff may claim up to 50 EUR per week.", "Staff may claim up to 50 EUR per month.", "conflict"),
    ("Staff may claim at most 50 EUR a month.", "Staff may claim up to 50 EUR per month.", "ok"),
    ("The Plus plan costs $45 per year.", "Plan: Plus; Monthly premium: $45; Dental: included.", "conflict"),
    ("The limit is 50 MB.", "The limit is 50 GB.", "conflict"),
    ("The fee is 30 dollars.", "The fee is 30 euros.", "conflict"),
    ("The allowance drops by one pound for every two pounds.", "It drops by £1 for every £2.", "ok"),
    ("Sound travels at 343 kilometres per second.", "Sound travels at 343 metres per second.", "conflict"),
    ("Sound covers about 343 m each second.", "Sound travels at roughly 343 m/s.", "ok"),
    # durations: business days, spoken and vague amounts
    ("Refunds take five business days.", "Refunds take five calendar days.", "conflict"),
    ("Refunds take five business days.", "Refunds take 5 working days.", "ok"),
    ("Refunds take about a month.", "Refunds are processed within five business days.", "conflict"),
    ("It takes half an hour.", "It takes 30 minutes.", "ok"),
    ("Backups are kept for a year.", "Backups are kept for 12 months.", "ok"),
    ("The trial lasts several weeks.", "The trial lasts 5 business days.", "conflict"),
    ("The trial lasts a few days.", "The trial lasts 3 days.", "ok"),
    # ranges, bounds and one step of arithmetic
    ("A rate of 110 compressions per minute is within the range.",
     "Give 100 to 120 compressions per minute.", "ok"),
    ("Rent paid ten days late triggers the fee.", "The fee applies if rent is more than five days late.", "ok"),
    ("Safari 17 is unaffected.", "Safari 16 and later are unaffected.", "ok"),
    ("The employer pays 5% and the employee 3%, so 8% in total.",
     "The employer contributes 5% and the employee contributes 3%.", "ok"),
    ("The wall fell 28 years later, in 1989.", "The wall went up in 1961. It fell in 1989.", "ok"),
    ("The wall fell 30 years later, in 1989.", "The wall went up in 1961. It fell in 1989.", "missing"),
    ("Each connection reserves about 10 GB.", "Each connection reserves 10 MB; the limit is 100 connections.",
     "conflict"),
    # a year is never inferred from a bound: another year of the source is a conflict
    ("The summit was held in 2019.", "Summits have been held every year since 2015.", "conflict"),
])
def test_numbers(claim: str, source: str, status: str) -> None:
    assert check_numbers(claim, source).status is NumberStatus(status)

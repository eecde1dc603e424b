"""Rule layers of the verifier: numbers, units, dates, ranges, table rows, quotes."""

from __future__ import annotations

import pytest

from citadel.verify import check_numbers, find_quote
from citadel.verify.lexical import Directed, opposite, scoped_directions
from citadel.verify.numbers import NumberStatus, compare_rows, quantities
from citadel.verify.tables import cell_polarity, named_rows, row_of, rows

SOURCE = "The course lasts 5 days and costs $30 per month. Sessions take 90 minutes."


@pytest.mark.parametrize(
    ("claim", "source"),
    [
        ("The course lasts five days.", "The course lasts 5 days."),
        ("It runs on a 12-month contract.", "It runs on a twelve-month contract."),
        ("Refunds take 2-3 weeks.", "Refunds take two to three weeks."),
        ("Refunds take two to three weeks.", "Refunds take 2 to 3 weeks."),
        ("A session lasts 2 hours.", "A session lasts 120 minutes."),
        ("The share fell to 41% in 2016.", "In 2016 the share was 41.3 %."),
        ("It grew by 1.5 million.", "It grew by 1,512,000."),
        ("It costs $60 a year.", "It costs $60 per year."),
        # a range written with its unit at both ends
        ("76-85% of cases go untreated.", "Of cases, 35.5% to 50.3% in A and 76.3% to 85.4% in B "
         "go untreated."),
        # "X and Y" is a range only after "between"
        ("It encodes proteins of 23, 15, and 216 kD.", "It encodes proteins of 23, 15 and 216 kD."),
        ("It lasts between 2 and 4 hours.", "It lasts 2-4 hours."),
        ("Dated to 200,000-300,000 years ago.", "Between 200,000 and 300,000 years ago."),
    ],
)
def test_numbers_that_agree(claim: str, source: str) -> None:
    assert check_numbers(claim, source).status is NumberStatus.OK


@pytest.mark.parametrize(
    ("claim", "source", "status"),
    [
        ("The course lasts 10 days.", SOURCE, NumberStatus.CONFLICT),  # number swap
        ("The course lasts 5 weeks.", SOURCE, NumberStatus.CONFLICT),  # unit swap
        ("Sessions take 90 hours.", SOURCE, NumberStatus.CONFLICT),  # unit swap, same value
        ("It costs $30 per year.", SOURCE, NumberStatus.CONFLICT),  # per month vs per year
        ("It was founded in 2019.", "It was founded in 2016.", NumberStatus.CONFLICT),  # date
        ("Refunds take 2-4 weeks.", "Refunds take two to three weeks.", NumberStatus.CONFLICT),
        ("The team has 40 members.", SOURCE, NumberStatus.MISSING),
    ],
)
def test_numbers_that_do_not_agree(claim: str, source: str, status: NumberStatus) -> None:
    check = check_numbers(claim, source)
    assert check.status is status
    assert check.detail


def test_claim_without_numbers() -> None:
    assert check_numbers("The course is popular.", SOURCE).status is NumberStatus.NONE


def test_quantities_read_words_ranges_and_units() -> None:
    got = [(q.lo, q.hi, q.unit, q.per) for q in quantities("two to three days at $5 per month")]
    assert got == [(2.0, 3.0, "day", None), (5.0, 5.0, "$", "month")]
    assert quantities("COVID-19 hit one of the largest cities") == []


@pytest.mark.parametrize(
    "text",
    [
        "Clocks predict mitosis in NIH 3T3 cells.",  # a cell line
        "OCT3/4 and F4/80+ macrophages",  # gene and marker names
        "4-PBA treatment and 5-HT levels",  # chemical names
        "The antibody 10EB binds.",
        "The young ones tend to leave.",  # "ones" is not one second, "tend" not ten days
        "Third-generation therapies; third molars; a third of them.",  # ordinals and fractions
        "Follow these steps:\n\n1.",  # a list marker
    ],
)
def test_text_that_holds_no_quantity(text: str) -> None:
    assert quantities(text) == []
    assert check_numbers(text, "Nothing numeric here.").status is NumberStatus.NONE


def test_numbers_next_to_names_still_count() -> None:
    assert [q.text for q in quantities("A 512GB drive, 5 MB files, at 5PM, 3 CDs")] == [
        "512gb", "5 mb", "5PM", "3"]  # 5PM is a time of day
    assert check_numbers("The cell line grew 3 times faster.",
                         "NIH 3T3 cells grew twice as fast.").status is NumberStatus.MISSING


TABLE = (
    "Plan: Basic; Price: $5 per month; Storage: 10 GB\n"
    "Plan: Premium; Price: $12 per month; Storage: 100 GB"
)


def test_mixing_two_table_rows_is_a_conflict() -> None:
    check = check_numbers("The Basic plan costs $12 per month.", TABLE)
    assert check.status is NumberStatus.CONFLICT
    assert "another row" in check.detail
    assert check_numbers("The Premium plan includes 10 GB.", TABLE).status is NumberStatus.CONFLICT


def test_reading_table_rows_correctly_passes() -> None:
    assert check_numbers("The Basic plan costs $5 per month.", TABLE).status is NumberStatus.OK
    both = "Basic costs $5 per month and Premium costs $12 per month."
    assert check_numbers(both, TABLE).status is NumberStatus.OK


#: records written out on one line, each ending with a full stop, then a sentence of prose
INLINE = ("Tier: Bronze; Price: €4; Backups: not included; Storage: 20 GB. "
          "Tier: Silver; Price: €9; Backups: included; Storage: 200 GB. "
          "Tier: Gold 2; Price: €15; Backups: included; Storage: 2 TB. Every tier can be cancelled monthly.")


def test_rows_written_out_on_one_line_are_rows() -> None:
    table = rows(INLINE)
    assert [r.cells[0].value for r in table] == ["Bronze", "Silver", "Gold 2"]
    assert [c.header for c in table[0].cells] == ["Tier", "Price", "Backups", "Storage"]
    cell = table[1].cells[3]
    assert INLINE[cell.start:cell.end] == "200 GB"
    assert rows("Plan: Basic; Price: $5. The plan renews monthly.") == ()  # one row is no table
    assert rows("Note: this is prose; it has one colon.\nNothing else.") == ()


def test_a_row_is_named_by_its_key_or_by_a_word_of_its_own() -> None:
    table = rows(INLINE)
    assert named_rows("Gold 2 is dearer than Silver.", table) == [2, 1]
    assert row_of("The Bronze tier has no backups.", table) == 0
    assert row_of("Every tier can be cancelled.", table) is None


def test_mixing_rows_written_out_on_one_line_is_a_conflict() -> None:
    assert "another row" in check_numbers("The Bronze tier has 200 GB of storage.", INLINE).detail
    assert check_numbers("The Silver tier has 200 GB of storage.", INLINE).status is NumberStatus.OK
    # the number of a row's key is not a value taken from another row
    assert check_numbers("Gold 2 stores 2 TB.", INLINE).status is NumberStatus.OK


@pytest.mark.parametrize(("claim", "wrong"), [
    ("The Bronze tier includes backups.", True),
    ("Silver does not include backups.", True),
    ("The Bronze tier excludes backups.", False),
    ("Backups are included in the Gold 2 tier.", False),
    ("Silver includes backups but Bronze does not.", False),  # two rows: left to the other layers
    ("The Bronze tier costs €4.", False),  # not a yes/no cell
])
def test_a_yes_no_cell_read_against_the_claim(claim: str, wrong: bool) -> None:
    assert (cell_polarity(claim, INLINE) is not None) is wrong


@pytest.mark.parametrize(("claim", "wrong"), [
    ("Silver costs less than Bronze.", True),
    ("Bronze is not cheaper than Silver.", True),
    ("Gold 2 offers more storage than Silver.", False),
    ("Silver offers more storage than Gold 2.", True),
    ("Bronze costs less than Silver.", False),
    ("Silver is better than Bronze.", False),  # no comparative the values can order
    ("Silver costs €9 and Bronze €4.", False),  # no comparison at all
])
def test_a_comparison_between_two_rows(claim: str, wrong: bool) -> None:
    assert (compare_rows(claim, INLINE) is not None) is wrong


QUOTE_SOURCE = (
    "The Basic plan costs $5 per month and includes 10 GB of storage.\n"
    "Refunds are available within 30 days of purchase. Support is provided by email only."
)


def test_quote_exact_after_normalization_returns_offsets() -> None:
    m = find_quote("refunds are AVAILABLE  within 30 days", QUOTE_SOURCE)
    assert m is not None and m.exact
    assert QUOTE_SOURCE[m.start : m.end] == "Refunds are available within 30 days"


def test_a_verbatim_quote_keeps_the_dashes_of_the_option_it_starts_with() -> None:
    """An option's entry opens with its dashes: the quote starts at them ("-s --small ...",
    "--sort-keys"), not at the first letter; what wraps a quote (quotation marks, the closing
    full stop) is still left out."""
    source = "OPTIONS\n-s --small Reduce memory usage.\n--sort-keys Sort the output by key."
    for quote, located in (("-s --small Reduce memory usage.", "-s --small Reduce memory usage"),
                           ("--sort-keys Sort the output by key.", "--sort-keys Sort the output by key")):
        m = find_quote(quote, source)
        assert m is not None and m.exact and source[m.start : m.end] == located
    m = find_quote('"Reduce memory usage."', source)
    assert m is not None and source[m.start : m.end] == "Reduce memory usage"
    m = find_quote("- a list item, not an option", "- a list item, not an option")
    assert m is not None and m.start == 2  # a list marker is no option's dash


def test_quote_fuzzy_alignment_returns_offsets() -> None:
    m = find_quote("Refunds are availabel within 30 days of purchase", QUOTE_SOURCE)
    assert m is not None and not m.exact
    assert m.similarity >= 90
    assert QUOTE_SOURCE[m.start : m.end] == "Refunds are available within 30 days of purchase"


@pytest.mark.parametrize(
    "quote",
    [
        "Refunds are available within 60 days of purchase",  # changed number
        "Refunds are not available within 30 days",  # added negation
        "The Premium plan has unlimited storage and phone support",  # not in source
    ],
)
def test_quote_not_in_source(quote: str) -> None:
    assert find_quote(quote, QUOTE_SOURCE) is None


def test_frankenquote_fails() -> None:
    # two real fragments from distant places stitched together
    stitched = "The Basic plan costs $5 per month and is provided by email only"
    assert find_quote(stitched, QUOTE_SOURCE) is None
    assert find_quote("Basic plan costs $5 per month", QUOTE_SOURCE) is not None
    assert find_quote("is provided by email only", QUOTE_SOURCE) is not None


@pytest.mark.parametrize(
    ("claim", "expected"),
    [
        ("Birth weight is negatively associated with breast cancer.",
         "Birth weight is positively associated with breast cancer."),
        ("Aspirin lowers the risk and increases bleeding.", "Aspirin raises the risk and decreases bleeding."),
        ("Klf4 is not required for myeloid differentiation.", "Klf4 is required for myeloid differentiation."),
        ("The drug doesn't work.", "The drug does work."),
        ("Deltex has no known interactions with eIF3f.", "Deltex has known interactions with eIF3f."),
        ("The museum is open on Mondays.", "The museum is not open on Mondays."),
        ("NASA launched the probe in 1977.", "It is not the case that NASA launched the probe in 1977."),
        ("Children enter for free.", "It is not the case that children enter for free."),
        ("Egr2 regulates the homeostasis of B cells.",
         "Egr2 does not regulate the homeostasis of B cells."),
        ("Cytosolic proteins bind to iron-responsive elements.",
         "Cytosolic proteins do not bind to iron-responsive elements."),
        ("Cnn1 recruitment varies with cell cycle timing.",
         "Cnn1 recruitment does not vary with cell cycle timing."),
        ("The results show a trend.", "The results do not show a trend."),
    ],
)
def test_opposite_turns_a_claim_around(claim: str, expected: str) -> None:
    assert opposite(claim) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Tricyclics reduced headache attacks.",
         [Directed(-1, ("headach", "attack"), False, "reduced headache attacks", True)]),
        ("There is no increased risk of hypospadias.",
         [Directed(-1, ("risk", "hypospadia"), False, "no increased risk of hypospadias")]),
        ("Loss of N-cadherin slowed growth.",
         [Directed(-1, ("n", "cadherin"), False, "loss of n-cadherin", True),
          Directed(-1, ("growth",), False, "slowed growth")]),
        ("Ascorbic acid levels were not significantly increased.",
         [Directed(-1, ("ascorbic", "acid", "level"), True,
                   "ascorbic acid levels were not significantly increased")]),
        ("The dose increased 5 fold.", []),  # a quantity: the number layer's
        ("The museum is open on Mondays.", []),
    ],
)
def test_scoped_directions_say_what_goes_up_or_down(text: str, expected: list[Directed]) -> None:
    assert scoped_directions(text) == expected


# -- scoped negation (citadel.verify.polarity) ---------------------------------------------

from citadel.verify.polarity import denied_head, released, uses  # noqa: E402


@pytest.mark.parametrize(
    ("text", "word", "polarity"),
    [
        ("Bibs will not be posted.", "post", "-"),  # past the auxiliaries to the head
        ("A block does not count as a touch.", "count", "-"),
        ("A block does not count as a touch.", "touch", "?"),  # in the scope, not the head
        ("Runners who cannot collect them may ask a friend.", "collect", "?"),  # subordinate
        ("Runners who cannot collect them may ask a friend.", "ask", "+"),  # the main verb
        ("Members who have not paid do not vote.", "vot", "-"),
        ("Returns are free of charge.", "charg", "?"),  # a word of negative meaning governs it
        ("There is no charge for returns.", "charg", "-"),  # "there is no": the phrase is denied
        ("We make no charge for returns.", "charg", "?"),  # elsewhere a denied noun is read neither way
        ("No damage was reported.", "report", "-"),  # a subject with "no": its verb is denied
        ("Neither plan includes phone support.", "includ", "-"),  # ... or "neither", no auxiliary
        ("Neither plan includes phone support.", "support", "?"),  # in its scope
        ("No pets allowed.", "allow", "-"),
        ("No red tickets are left.", "leav", "-"),  # an adjective first: the auxiliary's verb is denied
        ("You may never take more than two bags.", "bag", "+"),  # "never more than": a bound
        ("It takes wood, but not paint or oil.", "oil", "-"),  # a denial goes on along its "or" list
        ("Smoking is not permitted here.", "smok", "?"),  # the subject of a ban
        ("You may take no more than two bags.", "bag", "+"),  # a bound, not a denial
        ("You may take not only a bag but a case.", "bag", "+"),
    ],
)
def test_a_negation_denies_its_head(text: str, word: str, polarity: str) -> None:
    assert (word, polarity) in uses(text), uses(text)


@pytest.mark.parametrize(
    ("claim", "source", "found"),
    [
        ("Bibs will be posted to runners who cannot collect them.",
         "Runners must collect their bib in person; bibs will not be posted.", ("posted", "affirmed")),
        ("Your data may be sold to partners.", "We do not sell your data to partners.", ("sold", "affirmed")),
        ("The field is never null.", "The field is null on the last page.", ("null", "denied")),
        # the source affirms it in one place and denies it in another: nothing is decided
        ("Sydney is the largest city.", "Canberra, not Sydney, is the capital. Sydney is the largest city.",
         None),
        # a restricting source denies for the others what it affirms
        ("Salaried staff do not get overtime pay.", "Only hourly staff get overtime pay.", None),
        # a released duty is no denial of the act
        ("Swimmers do not have to touch the wall.", "Swimmers touch the wall at each turn.", None),
        # too little of the claim in the sentence: another statement
        ("The old printer in the library does not print colour.", "Colour is printed on the second floor.",
         None),
    ],
)
def test_a_claim_that_affirms_what_its_source_denies(claim: str, source: str,
                                                      found: tuple[str, str] | None) -> None:
    assert denied_head(claim, source) == found


def test_a_denial_both_sides_share() -> None:
    from citadel.verify.polarity import shared_denial

    assert shared_denial("This cap does not apply to breaches.", "This cap does not apply to breaches or to injury.")
    assert not shared_denial("This cap does not apply to breaches.", "This cap applies to breaches.")
    assert not shared_denial("Information is not covered.", "This obligation does not apply to information.")


def test_done_without_what_a_duty_requires() -> None:
    from citadel.verify.polarity import without_required

    source = "The zone covers the old town. Residents must display a permit. Parking is free after 8 p.m."
    # the duty names its topic in the sentence before; the claim's verb is another form of it
    assert without_required("Anyone may park in the zone without a permit.", source) is not None
    assert without_required("Residents can park without displaying anything.",
                            "Residents must display a permit.") is not None
    # a duty said twice denied is the same duty
    assert without_required("Nobody can park in the zone without a permit.", source) is None
    assert without_required("You cannot park in the zone without a permit.", source) is None


def test_who_acts_is_read_from_a_verb_not_an_adjective() -> None:
    from citadel.verify.align import agent_swap

    source = ("The river is high in spring. In summer there is less rain, so the river flows at a lower level; "
              "boats may run aground.")
    # "at a lower level": "lower" after an article is no verb whose subject is "the river flows at a"
    assert agent_swap("Less rain in summer lowers the level of the river.", source) is None
    assert agent_swap("The patient is referred to the GP by the specialist.",
                      "The GP refers the patient to a specialist.") is not None


def test_a_grant_of_another_act_does_not_answer_a_ban() -> None:
    from citadel.verify.polarity import permission_flip

    source = ("Staff may buy up to five extra days of leave a year. Requests must be made before 31 January "
              "and cannot be changed later in the year.")
    # "may buy" allows buying, not changing a request
    assert permission_flip("Requests for extra leave can be changed later in the year.", source) is not None
    assert permission_flip("Staff may buy extra days of leave.", source) is None


def test_a_negated_duty_is_a_release() -> None:
    assert released("Guests do not have to bring towels.")
    assert released("You don't need to restart the server.")
    assert not released("Guests must not bring glass.")
    assert not released("Guests have to bring towels.")


def test_a_value_said_of_another_sentence_conflicts() -> None:
    source = ("Either party may end the contract with 90 days' written notice. "
              "Invoices are due within 30 days.")
    check = check_numbers("A month's written notice is enough for either party to end the contract.", source)
    assert check.status is NumberStatus.CONFLICT and "90 days" in check.detail
    assert check_numbers("Invoices must be paid in 30 days.", source).status is NumberStatus.OK
    assert check_numbers("Either party may end the contract with 90 days' notice.",
                         source).status is NumberStatus.OK


def test_rounding_stays_close_and_small_counts_are_not_summed() -> None:
    assert check_numbers("It uses 2 cups of water.", "It uses 1.5 cups of water.").status is NumberStatus.MISSING
    assert check_numbers("It drew 2 million visitors.", "It drew 1.97 million visitors.").status is NumberStatus.OK
    src = "Each player gets three attempts, and the top eight then get three more."
    assert check_numbers("The top six get three more.", src).status is NumberStatus.MISSING
    assert check_numbers("Each finalist gets six attempts in total.", src).status is NumberStatus.OK


# -- order and moved attributes (citadel.verify.order, citadel.verify.align) ---------------

from citadel.verify.align import moved_attribute  # noqa: E402
from citadel.verify.order import dated_order, order_confirmed, turned_comparison, turned_relation  # noqa: E402


def test_before_and_after_the_same_event() -> None:
    source = "Pay the deposit after the contract is signed. Keys are handed over on the first day."
    assert turned_relation("Pay the deposit before the contract is signed.", source) == (
        "before the contract is signed", "after the contract is signed")
    assert turned_relation("Pay the deposit after the contract is signed.", source) is None
    # another event is no turn
    assert turned_relation("Pay the deposit before the keys are handed over.", source) is None


def test_two_events_dated_the_other_way() -> None:
    source = "The museum opened in May 1950; the east wing was added in 1972."
    assert dated_order("The east wing was added before the museum opened.", source) is not None
    assert dated_order("The museum opened before the east wing was added.", source) is None
    assert order_confirmed("The museum opened before the east wing was added.", source)
    # an event the source does not date decides nothing
    assert dated_order("The roof was repaired before the museum opened.", source) is None


@pytest.mark.parametrize(
    ("claim", "turned"),
    [
        ("The river is shorter than the canal.", True),  # "the river is longer"
        ("The river is longer than the canal.", False),
        ("The canal is shorter than the river.", False),
        ("No river in the region is longer than the canal.", False),  # quantified: not read
        ("The river is not as long as the canal.", True),
    ],
)
def test_a_comparison_against_the_source(claim: str, turned: bool) -> None:
    source = "The canal runs 40 km through the valley. The river is slightly longer."
    assert (turned_comparison(claim, source) is not None) is turned


def test_the_other_thing_called_the_superlative() -> None:
    source = "Lisbon is Portugal's largest city. Porto lies to the north."
    assert turned_comparison("Porto is larger than Lisbon.", source) is not None
    assert turned_comparison("Porto is smaller than Lisbon.", source) is None


def test_an_attribute_said_of_another_subject() -> None:
    source = ("Store credit is valid for three years from the date of issue. "
              "Gift cards expire after twelve months.")
    assert moved_attribute("Gift cards are valid for three years from the date of issue.", source) == (
        "gift", "Store credit is valid for three years from the date of issue.")
    assert moved_attribute("Store credit is valid for three years from the date of issue.", source) is None
    # a subject the source never names is for other layers
    assert moved_attribute("Vouchers are valid for three years from the date of issue.", source) is None


def test_an_opposite_in_one_part_of_the_claim() -> None:
    from citadel.verify.align import opposite_in_conjunct

    source = "Place the fern in bright, indirect light, since direct sun scorches it. Keep the soil moist."
    assert opposite_in_conjunct("Place the fern in bright, direct light.", source) == ("direct", "indirect")
    assert opposite_in_conjunct("Place the fern in bright, indirect light.", source) is None
    # a negated part says the same with the opposite word: not read here
    assert opposite_in_conjunct("Do not place the fern in direct light.", source) is None
    # words like "before" or "on" name no state: left to the order rules
    assert opposite_in_conjunct("Water the fern after noon.", "Water the fern before noon.") is None


def test_a_part_whose_own_words_the_source_lacks() -> None:
    from citadel.verify.atomic import unsupported_part

    source = "The bridge opened in 1932. It must not be interrupted by repairs in summer."
    found = unsupported_part("The bridge was opened in 1932 and was designed by Gustave Lemaire.", source)
    assert found is not None and found[0] == "The bridge was designed by Gustave Lemaire."
    assert set(found[1]) >= {"gustave", "lemaire"}
    # a part said in other words ("without interruption" for "must not be interrupted")
    assert unsupported_part("The bridge was opened in 1932 and is open without interruption by repairs "
                            "in summer.", source) is None
    assert unsupported_part("The bridge opened in 1932.", source) is None  # one part


def test_below_zero_is_negative() -> None:
    source = "If the offset is set to a negative value, the timer counts down."
    assert check_numbers("With an offset below zero, the timer counts down.", source).status is NumberStatus.OK
    assert check_numbers("With an offset above zero, the timer counts down.", source).status is NumberStatus.MISSING


def test_a_ranked_list_orders_its_items() -> None:
    from citadel.verify.order import ranked_comparison

    source = "Sizes, from smallest to largest, are S, M, L and XL."
    assert ranked_comparison("XL is more large than M.", source) is True  # the list names no adjective
    source = "Levels, from most to least verbose, are DEBUG, INFO, WARNING and ERROR."
    assert ranked_comparison("INFO is more verbose than ERROR.", source) is True
    assert ranked_comparison("ERROR is more verbose than INFO.", source) is False
    assert ranked_comparison("TRACE is more verbose than INFO.", source) is None  # not in the list


def test_a_vague_magnitude_is_a_range_read_only_against_a_bounded_count() -> None:
    (q,) = quantities("It was stable over several hundred hours.")
    assert (q.lo, q.hi, q.kind, q.vague) == (200.0, 990.0, "magnitude", True)
    # said where the source gives no count, it is the model's to judge, never "not in source"
    assert check_numbers("It was stable over several hundred hours.", "Nothing numeric here.").status \
        is NumberStatus.OK
    source = "The island is a reserve. More than 2,000 species of birds nest there."
    assert check_numbers("A few hundred species of birds nest on the island.", source).status is NumberStatus.CONFLICT
    assert check_numbers("Thousands of species of birds nest on the island.", source).status is NumberStatus.OK
    # a part of a stated total may be fewer: "acquired dozens" of the 315 centres it runs
    assert check_numbers("It acquired dozens of health centres.", "It runs 315 health centres in 38 states.").status \
        is NumberStatus.OK


def test_a_value_the_statement_of_its_other_values_gives_differently() -> None:
    source = ("Income up to £20,000 is taxed at 10%. Income between £20,000 and £60,000 is taxed at 25%. "
              "Income above £60,000 is taxed at 40%.")
    check = check_numbers("Earnings from £20,000 to £60,000 fall in the 10% band.", source)
    assert check.status is NumberStatus.CONFLICT and "statement that holds its other values" in check.detail
    assert check_numbers("Earnings from £20,000 to £60,000 fall in the 25% band.", source).status is NumberStatus.OK
    # a total is no other statement's value
    assert check_numbers("The employer pays 5% and the employee 3%, so 8% in total.",
                         "The employer contributes 5% of salary and the employee contributes 3%.").status \
        is NumberStatus.OK


def test_a_joined_item_the_source_never_mentions() -> None:
    from citadel.verify.align import added_tail

    source = "Fast-track appointments must be booked online. Standard renewals take three weeks."
    assert added_tail("Fast-track appointments can be booked online or at a post office.", source) == \
        "at a post office"
    assert added_tail("Fast-track appointments can be booked online or at a renewal desk.", source) is None
    assert added_tail("Fast-track appointments must be booked online.", source) is None


def test_something_beside_the_only_thing_allowed() -> None:
    from citadel.verify.align import beside_only

    source = "Use only the supplied charger; a car adapter can damage the battery."
    assert beside_only("A car adapter may be used instead of the supplied charger.", source) == "the supplied charger"
    assert beside_only("Solar panels may be used instead of the supplied charger.", source) is None  # never named
    assert beside_only("Use the supplied charger.", source) is None


def test_frequencies_read_as_events_per_time() -> None:
    from citadel.verify.measured import frequencies

    rates = dict((w, v) for v, w in frequencies("Feed it twice a day in summer, every other day in "
                                                "winter, and check the tank weekly."))
    assert rates["twice a day"] == pytest.approx(4 * rates["every other day"])
    assert rates["every other day"] > rates["weekly"]


def test_an_amount_of_another_kind_decides_no_comparison_of_a_thing() -> None:
    from citadel.verify.measured import measured_comparison

    source = "The large pump draws the most power but runs for six hours. The small pump runs for two hours."
    # the hours measure how long each runs, not its power
    assert measured_comparison("The small pump uses less power than the large pump.", source) is None
    assert measured_comparison("The small pump holds less water than the large pump.",
                               "The large pump holds 40 litres of water. The small pump holds 15 litres.") == (
        True, "'15 litres' against '40 litres'")


def test_a_ratio_decides_only_a_comparison_on_its_own_scale() -> None:
    from citadel.verify.measured import measured_comparison
    from citadel.verify.order import turned_change

    source = "The tram takes half as long as the ferry."
    # "half as long" is a length of time: the tram is no slower for it
    assert measured_comparison("The tram is slower than the ferry.", source) is None
    assert measured_comparison("The ferry takes longer than the tram.", source) == (True, "'half as long as the ferry.'")
    # "three times as fast" is faster, said of a change with no other side
    assert turned_change("Uploads are slower now.", "The update makes uploads three times as fast.") is not None
    assert turned_change("Uploads are faster now.", "The update makes uploads three times as fast.") is None


@pytest.mark.parametrize(
    ("claim", "decided"),
    [
        ("The library opens later than the pool.", (True, "'10:00' against '7:30'")),
        ("The pool opens later than the library.", (False, "'7:30' against '10:00'")),
        ("The pool does not open later than the library.", (True, "'7:30' against '10:00'")),
        # "as early as" says they are equal: not read
        ("The pool opens as early as the library.", None),
        # "not as early as" says later, "not as late as" earlier
        ("The library does not open as early as the pool.", (True, "'10:00' against '7:30'")),
        ("The pool does not open as early as the library.", (False, "'7:30' against '10:00'")),
        ("The pool does not open as late as the library.", (True, "'7:30' against '10:00'")),
        # a side the source states no amount for decides nothing
        ("The gym opens later than the pool.", None),
    ],
)
def test_a_comparison_the_stated_amounts_decide(claim: str, decided: tuple[bool, str] | None) -> None:
    from citadel.verify.measured import measured_comparison

    source = "The pool opens at 7:30 on weekdays. The library opens at 10:00, after the staff meeting."
    assert measured_comparison(claim, source) == decided


@pytest.mark.parametrize(
    ("claim", "source", "holds"),
    [
        # a verb's "more" names the scale
        ("The puppy weighs more than the kitten.", "The puppy weighs 4 kg. The kitten weighs 900 g.", True),
        ("The basic plan costs more than the premium plan.", "The basic plan costs €9.99; the premium plan costs €14.99.",
         False),
        # a duration in two parts is one amount; two statements joined by "and"
        ("The express train takes longer than the regional train.",
         "The express train takes 2 hours, while the regional train needs 3 hours and 15 minutes.", False),
        ("The museum opens later than the library.", "The museum opens at 9 a.m. and the library at 10 a.m.", False),
        # prices per period compare only per the same period
        ("The basic plan is cheaper than the premium plan.",
         "The basic plan costs €9.99 per month; the premium plan costs €14.99 per month.", True),
        ("The basic plan is cheaper than the premium plan.",
         "The basic plan costs €99 per year; the premium plan costs €14.99 per month.", None),
    ],
)
def test_stated_amounts_of_each_kind(claim: str, source: str, holds: bool | None) -> None:
    from citadel.verify.measured import measured_comparison

    decided = measured_comparison(claim, source)
    assert (decided[0] if decided else None) is holds, decided


@pytest.mark.parametrize(
    ("claim", "status"),
    [
        ("The newsletter is sent every three months.", NumberStatus.OK),  # "quarterly"
        ("The newsletter is sent every 3 months.", NumberStatus.OK),
        ("The newsletter is sent every two months.", NumberStatus.MISSING),
    ],
)
def test_an_interval_read_against_a_frequency_word(claim: str, status: NumberStatus) -> None:
    assert check_numbers(claim, "The newsletter is sent quarterly to all members.").status is status


@pytest.mark.parametrize(
    ("claim", "conflict"),
    [
        ("Most members voted.", True),
        ("A third of the members voted.", False),  # 30% is a third, rounded
        ("Fewer than a third of the members voted.", False),
        ("More than half of the members voted.", True),
        ("About a quarter of the members voted.", False),
        ("All members voted.", True),
    ],
)
def test_shares_of_a_group(claim: str, conflict: bool) -> None:
    from citadel.verify.quantifiers import share_conflict

    assert (share_conflict(claim, "Only 30% of the members voted at the annual meeting.") is not None) is conflict


@pytest.mark.parametrize(
    ("text", "group"),
    [
        ("Full-time staff get a 15% discount in the canteen.", None),  # a rate of one thing
        ("Visitors get no discount.", None),
        ("Most staff work from home.", "staff"),  # a plural without an "s"
        ("40% of the budget goes to rent.", "budget"),  # "of" makes it a share
        ("Only 30% of members voted.", "member"),
        ("The game ends when a player has no tiles left.", None),  # what remains, not a share
        ("No cards may be traded.", "card"),
    ],
)
def test_a_share_is_of_a_group(text: str, group: str | None) -> None:
    from citadel.verify.quantifiers import shares

    assert (list(shares(text)) or [None])[0] == group


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("after four and a half hours of driving", 4.5, "hour"),
        ("it takes one and a half days", 1.5, "day"),
        ("a break of three quarters of an hour", 0.75, "hour"),
        ("two thirds of the members", 2 / 3 * 100, "%"),
    ],
)
def test_halves_and_fractions_of_a_unit(text: str, value: float, unit: str) -> None:
    q = quantities(text)
    assert len(q) == 1 and q[0].lo == pytest.approx(value) and q[0].unit == unit, q


from citadel.verify.numbers import free_but_priced, priced_but_free  # noqa: E402


def test_a_price_past_an_allowance_leaves_the_allowance_free() -> None:
    source = "Checked bags cost 30 EUR each after the first two."
    assert free_but_priced("Checked bags are free.", source) == ("are free", "30 eur")
    assert free_but_priced("The first two checked bags are free.", source) is None


def test_a_claim_that_states_an_amount_is_left_to_the_number_check() -> None:
    source = "Parking is free for residents with a permit for up to six hours."
    assert priced_but_free("Parking costs money for six hours.", source) == ("costs", "is free")
    assert priced_but_free("Parking costs 9 EUR for six hours.", source) is None
    # the number check reads the amount: it is nowhere in the source
    assert check_numbers("Parking costs 9 EUR for six hours.", source).status is NumberStatus.MISSING


def test_a_leading_pronoun_is_read_as_the_subject_before_it() -> None:
    from citadel.verify.align import resolve_pronouns

    assert resolve_pronouns("The ferry leaves at noon. It returns at 6 p.m.") == \
        "The ferry leaves at noon. The ferry returns at 6 p.m."
    # a clause after a semicolon speaks of the first clause's subject
    assert resolve_pronouns("Ada Lovelace did not build the engine; she described its programs.") == \
        "Ada Lovelace did not build the engine; Ada Lovelace described its programs."
    # an "it" that stands for nothing, and a sentence that opens with no subject, stay as they are
    for text in ("Rest well. It is important to drink water.", "In 2010 the law changed. It now requires a permit."):
        assert resolve_pronouns(text) == text


def test_a_version_belongs_to_the_name_before_it() -> None:
    source = "The tool runs on Windows 10 and 11 and on macOS 13 or later."
    assert check_numbers("The tool needs macOS 10 or later.", source).status is NumberStatus.CONFLICT
    assert check_numbers("The tool runs on Windows 11.", source).status is NumberStatus.OK
    assert check_numbers("It needs Python 3.", "It needs Python 3.12 or newer.").status is NumberStatus.OK


def test_a_weaker_lower_bound_of_a_count_follows_but_not_of_a_rule() -> None:
    source = "The bridge has been repainted more than 30 times."
    assert check_numbers("The bridge has been repainted more than 20 times.", source).status is NumberStatus.OK
    assert check_numbers("The bridge has been repainted more than 40 times.", source).status is not NumberStatus.OK
    # a threshold of a rule is no count: "must be over 16" is wrong where the source says over 18
    assert check_numbers("Drivers must be over 16.", "Drivers must be over 18.").status is not NumberStatus.OK


def test_an_amount_the_source_says_without_its_figure() -> None:
    # days of the week named, a season's first and last day, "around the clock"
    market = "The farmers' market runs on Tuesdays and Saturdays in the town square."
    assert check_numbers("The market runs twice a week.", market).status is NumberStatus.OK
    assert check_numbers("The market runs three times a week.", market).status is not NumberStatus.OK
    ferry = "The ferry runs from 1 May to 30 September. Tickets are sold on board."
    assert check_numbers("The ferry runs for five months of the year.", ferry).status is NumberStatus.OK
    assert check_numbers("The ferry runs for six months of the year.", ferry).status is not NumberStatus.OK
    line = "The emergency line is staffed around the clock."
    assert check_numbers("The emergency line is staffed 24 hours a day.", line).status is NumberStatus.OK
    assert check_numbers("The emergency line is staffed 12 hours a day.", line).status is not NumberStatus.OK


def test_an_age_the_bound_leaves_out_denied() -> None:
    source = "The art class is for adults aged 18 and over. Materials are included in the fee."
    assert check_numbers("A 17-year-old cannot join the art class.", source).status is NumberStatus.OK
    assert check_numbers("A 17-year-old can join the art class.", source).status is NumberStatus.CONFLICT


def test_a_case_named_by_a_value_is_read_against_the_bound() -> None:
    """A subject that names a case by a value ("A 3 kg parcel", "an appointment beginning at 7
    p.m.") is read against the one-sided bound of the source; a claim that states the value
    itself ("Late appointments begin at 7 p.m.") names no case."""
    from citadel.verify.numbers import bound_case

    post = "Parcels sent by economy post may weigh no more than 2 kg. Economy post takes four to six working days."
    heavy = bound_case("A 3 kg parcel cannot be sent by economy post.", post)
    assert heavy is not None and not heavy.inside and heavy.holds and heavy.bound == "2 kg"
    light = bound_case("A 1.5 kg parcel cannot be sent by economy post.", post)
    assert light is not None and light.inside and not light.holds
    surcharge = "The late-opening surcharge applies to appointments that begin after 6 p.m."
    late = bound_case("An appointment beginning at 7 p.m. carries the late-opening surcharge.", surcharge)
    assert late is not None and late.inside and late.holds
    assert bound_case("Appointments with the surcharge begin at 7 p.m.", surcharge) is None
    # a bound its clause excepts ("unless ... at least 24 hours"): the clause speaks of the other side
    fee = "The clinic charges 30 EUR for a missed visit unless it is cancelled at least 24 hours in advance."
    early = bound_case("A visit cancelled 48 hours ahead is not charged for.", fee)
    assert early is not None and early.inside and early.holds
    # a denial in the subject's own clause is the case's, not the predicate's
    course = "Applicants who are not native speakers must show a language certificate, unless they studied in English for at least two years."
    short = bound_case("Applicants who studied in English for one year do not need a language certificate.", course)
    assert short is not None and not short.holds
    # a range its clause prices says nothing of a value outside it
    assert bound_case("A 14-year-old cannot take lessons.", "Lessons for children aged 5 to 12 cost 10 EUR.") is None
    # a value the claim bounds itself is a bound of its own, no case
    assert bound_case("A parcel must be collected by 6 p.m.", "Parcels must be collected by 5 p.m.") is None


@pytest.mark.parametrize(("claim", "source", "status"), [
    ("Washing six shirts costs 4 EUR.",
     "Up to four shirts are washed free each week; each further shirt costs 2 EUR.", NumberStatus.OK),
    ("Washing six shirts costs 12 EUR.",
     "Up to four shirts are washed free each week; each further shirt costs 2 EUR.", NumberStatus.CONFLICT),
    ("Storing a bike for five days costs 9 EUR.",
     "Bike storage is free for the first two days. After that, it costs 3 EUR per day.", NumberStatus.OK),
    ("Storing a bike for five days costs 15 EUR.",
     "Bike storage is free for the first two days. After that, it costs 3 EUR per day.", NumberStatus.CONFLICT),
    ("A 50-minute call costs 7 EUR.",
     "Calls cost 5 EUR for the first 30 minutes and 1 EUR for every further 10 minutes.", NumberStatus.OK),
    ("A 50-minute call costs 5 EUR.",
     "Calls cost 5 EUR for the first 30 minutes and 1 EUR for every further 10 minutes.", NumberStatus.CONFLICT),
])
def test_a_price_past_an_allowance(claim: str, source: str, status: NumberStatus) -> None:
    """The amount a count costs past a free (or priced) allowance at the price of each further
    thing or block: one step of arithmetic the source's wording announces."""
    assert check_numbers(claim, source).status is status


@pytest.mark.parametrize(("claim", "source", "status"), [
    ("Cancelling in the fourth week gets no refund.",
     "Lessons are refunded in full if cancelled before the start. After the first week, no refunds are given.",
     NumberStatus.OK),
    ("A new starter in their third week cannot book leave.",
     "New starters cannot book leave during the first four weeks of their contract.", NumberStatus.OK),
    ("A new starter in their sixth week cannot book leave.",
     "New starters cannot book leave during the first four weeks of their contract.", NumberStatus.CONFLICT),
    ("A fee is charged after the eighth day.", "A fee is charged after the first week.", NumberStatus.CONFLICT),
])
def test_an_ordinal_period_against_a_first_span(claim: str, source: str, status: NumberStatus) -> None:
    """"The third week" lies inside "the first four weeks" and past "after the first week"; a
    claim that puts its own threshold there ("after the eighth day") restates none."""
    assert check_numbers(claim, source).status is status


@pytest.mark.parametrize(("claim", "source", "status"), [
    ("Members who miss one class are suspended.",
     "Members who miss three classes in a row are suspended for a week.", NumberStatus.CONFLICT),
    ("Members who miss three classes in a row are suspended for a week.",
     "Members who miss three classes in a row are suspended for a week.", NumberStatus.OK),
    # "one" where the source says it too, or bounds the count, is no clash
    ("Guests may bring one visitor.", "Guests may bring up to two visitors per stay.", NumberStatus.NONE),
    ("The basic plan allows one screen.", "The basic plan allows one screen; the family plan allows four screens.",
     NumberStatus.NONE),
])
def test_one_thing_against_an_exact_count(claim: str, source: str, status: NumberStatus) -> None:
    """"one" is no quantity to the reader ("someone", "one of"), so "miss one class" against
    "miss three classes" is read as its own check."""
    assert check_numbers(claim, source).status is status


def test_a_time_of_day_inside_the_hours_between_opening_and_closing_is_said() -> None:
    """"Opens at 7 a.m. and closes at 10 p.m." holds every time between, on a day it does not except."""
    source = "The shop opens at 7 a.m. and closes at 10 p.m. every day except Sunday."
    assert check_numbers("You can shop there at 9 p.m.", source).status is NumberStatus.OK
    assert check_numbers("You can shop there at 11 p.m.", source).status is NumberStatus.CONFLICT
    assert check_numbers("On a Sunday you can shop there at 9 p.m.", source).status is not NumberStatus.OK


def test_a_time_of_day_under_round_the_clock_access_is_said_beside_other_hours() -> None:
    """The sentence that gives access round the clock is read apart from the one with opening hours."""
    source = "The office is open from 9 a.m. to 5 p.m. The helpdesk is available around the clock."
    assert check_numbers("The helpdesk is available at 2 a.m.", source).status is NumberStatus.OK
    assert check_numbers("The office is open at 2 a.m.", source).status is not NumberStatus.OK


def test_a_time_of_day_is_read_against_the_hours_the_source_gives() -> None:
    """A time the claim names ("at 7 p.m. on a Tuesday") is read against the hours a clause gives
    (both ends, one end, a span across midnight, "around the clock", a start and an end said in
    two clauses, the days each part names and the days the thing is closed), or against what a
    clause says of the other side of them; a time that states an end ("closes at 5:30 p.m.")
    or that the source states of the claim's thing ("Last entry is at 4 p.m.") is no case."""
    from citadel.verify.numbers import hours_reading

    def holds(claim: str, source: str) -> bool | None:
        timed, case = hours_reading(claim, source)
        assert timed is not None, claim
        return None if case is None else case.holds

    shop = "The shop is open Monday to Friday from 9 a.m. to 7 p.m. and on Saturdays from 10 a.m. to 2 p.m. It is closed on Sundays."
    assert holds("You can shop there at 6 p.m. on a Wednesday.", shop) is True
    assert holds("You can shop there at 4 p.m. on a Saturday.", shop) is False
    assert holds("The shop is open at 11 a.m. on a Sunday.", shop) is False
    assert holds("The shop is closed at 8 p.m. on a Monday.", shop) is True
    night = "Street parking is banned from 11 p.m. to 6 a.m."
    assert holds("Parking on the street at 2 a.m. is not allowed.", night) is True
    assert holds("You may park on the street at 3 a.m.", night) is False
    assert holds("You may park on the street at 9 a.m.", night) is True
    two = "Visitors must leave by 9 p.m. Visiting starts at 3 p.m."
    assert holds("Visitors may come at 2 p.m.", two) is False
    assert holds("A visitor can come at 4 p.m.", two) is True
    gapped = "The gym opens at 6 a.m. on weekdays and at 9 a.m. at weekends. It closes at 11 p.m. every day."
    assert holds("The gym is open at 7 a.m. on a Sunday.", gapped) is False
    assert holds("The gym is open at 7 a.m. on a Tuesday.", gapped) is True
    beyond = "Returns are accepted at the counter until 5 p.m. Later returns must go through the drop box."
    assert holds("A return at 6 p.m. must go through the drop box.", beyond) is True
    clock = "The gym is staffed from 8 a.m. to 8 p.m. Members with a fob can use it around the clock."
    assert holds("A member with a fob can train at 4 a.m.", clock) is True
    assert holds("Staff are on duty at 10 p.m.", clock) is False
    # "who have not ... by": what the clause says holds outside the span
    cutoff = "Walkers who have not reached the hut by 4 p.m. must turn back."
    assert holds("A walker who reaches the hut at 5 p.m. must turn back.", cutoff) is True
    assert holds("A walker who reaches the hut at 3 p.m. must turn back.", cutoff) is False
    # no case: an end of the hours, a time the source states of the thing, no hours at all
    assert hours_reading("The shop closes at 6 p.m. on Saturdays.", shop) == (None, None)
    assert hours_reading("Last entry is at 4:30 p.m.",
                         "The museum closes at 5 p.m. The café stays open until 6 p.m. Last entry is at 4 p.m.") == (None, None)
    assert hours_reading("The train leaves at 9 a.m.", "The train leaves at 8 a.m. from platform 2.") == (None, None)


def test_a_thing_denied_by_no_or_without_is_the_negative_adjective() -> None:
    """"No pay is given" and "comes without pay" say what "unpaid" says ("not paid" did before);
    "no refund" what "non-refundable" says. A claim that denies something else is no restatement."""
    from citadel.verify.verifier import _prefix_restated

    leave = "Parental leave is available to both parents. Parental leave is unpaid."
    assert _prefix_restated("No pay is given during parental leave.", leave) is not None
    assert _prefix_restated("Parental leave comes without pay.", leave) is not None
    assert _prefix_restated("Parents are not paid during parental leave.", leave) is not None
    tickets = "Festival tickets are non-refundable. They can be passed on to a friend."
    assert _prefix_restated("There is no refund for festival tickets.", tickets) is not None
    assert _prefix_restated("No parent can take parental leave.", leave) is None


@pytest.mark.parametrize(("claim", "source", "status"), [
    ("Three extra GB on the plan cost 6 EUR.", "The plan includes 5 GB, and extra data costs 2 EUR per GB.", NumberStatus.OK),
    ("Three extra GB on the plan cost 8 EUR.", "The plan includes 5 GB, and extra data costs 2 EUR per GB.", NumberStatus.CONFLICT),
    # a unit said in full in the rate and short in the claim, the rate in cents
    ("A 50 km route pays the courier 20 EUR.", "Couriers are paid 40 cents per kilometre driven.", NumberStatus.OK),
    ("A 50 km route pays the courier 25 EUR.", "Couriers are paid 40 cents per kilometre driven.", NumberStatus.CONFLICT),
])
def test_an_amount_worked_out_from_a_rate_per_unit(claim: str, source: str, status: NumberStatus) -> None:
    """"2 EUR per GB" prices each GB as "for each GB" does, and "per kilometre" is the claim's
    "km": the claim's total is the rate times its count."""
    assert check_numbers(claim, source).status is status

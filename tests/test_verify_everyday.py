"""Everyday errors through the whole verifier with the real bundled model (issue 16).

Each phenomenon both ways: the wrong claim is not supported (and the reason names the check
that decided), and a claim that says the same thing in other words is supported. The pairs
are written here, in the spirit of the issue's examples; none comes from crisp.
"""

from __future__ import annotations

import pytest

from citadel.verify import Verifier
from citadel.verify._types import Verdict


@pytest.fixture(scope="module")
def verifier() -> Verifier:
    return Verifier()


WRONG = [
    # (phenomenon, claim, source, words the reason must contain)
    ("period swap", "Staff may claim up to 50 EUR per week for home-office costs.",
     "Staff may claim up to 50 EUR per month for home-office costs.", "number"),
    ("size swap", "Uploads are limited to 20 GB per file.",
     "Uploads are limited to 20 MB per file; larger files are rejected.", "number"),
    ("business days", "Refunds reach your account within five calendar days.",
     "Refunds reach your account within five business days of approval.", "number"),
    ("vague against exact", "Refunds take about a month.",
     "Refunds are processed within five business days.", "number"),
    ("entity swap within one source", "Interns receive 25 days of holiday.",
     "Permanent staff receive 25 days of holiday. Interns, like other temporary staff, receive 10 days.",
     "entity"),
    ("role reversal", "The landlord must give the tenant two months' notice.",
     "The tenant must give the landlord two months' notice before moving out.", "exchanges"),
    ("modality", "Employees must work from home on Fridays.",
     "Employees may work from home on Fridays if their manager agrees.", "modality"),
    ("narrowed scope", "The ticket office accepts only cash.",
     "The ticket office accepts cash, debit cards and credit cards.", "scope"),
    ("negation inside a list subject", "Season tickets can be refunded.",
     "Season tickets and vouchers cannot be refunded.", "opposite"),
    ("antonym", "The museum is closed on Sundays.",
     "The museum is open on Sundays from 10 a.m. to 4 p.m.", "opposite"),
    ("overgeneralisation", "All visitors must register at the gate.",
     "Visitors from outside the EU must register at the gate.", "generalises"),
    ("a true part and an unsupported part", "The chair has a casting vote in the event of a tie "
     "and can also veto any resolution.", "The chair has a casting vote in the event of a tie.",
     "'can also veto any resolution'"),
]

#: a table written out as records, several on one line (how tables reach the verifier from
#: converted documents and from LLM answers alike)
GYM = ("Membership: Off-peak; Monthly fee: £19; Classes: not included; Sauna: not included; Guest passes: 0. "
       "Membership: Standard; Monthly fee: £29; Classes: included; Sauna: not included; Guest passes: 2. "
       "Membership: Unlimited; Monthly fee: £45; Classes: included; Sauna: included; Guest passes: 6.")
WRONG += [
    ("a yes/no cell read the other way", "The Standard membership does not include classes.", GYM, "table"),
    ("a yes/no cell of another row", "The Off-peak membership includes classes.", GYM, "table"),
    ("a value from another row", "Standard members get 6 guest passes.", GYM, "another row"),
    ("a period the header names", "The Unlimited membership costs £45 per year.", GYM, "number mismatch"),
    ("a comparison two rows contradict", "The Off-peak membership costs more than the Standard one.", GYM,
     "comparison"),
    ("a negated comparison two rows contradict", "The Unlimited membership is not dearer than the Standard one.",
     GYM, "comparison"),
    ("a count rounded into a percentage", "The trial enrolled 4 patients per site.",
     "The trial enrolled 412 adults at 30 sites; 4.4% withdrew.", "number"),
    # a negation on another word of the claim: one negation on each side, counts agree
    ("a denied act affirmed beside another negation", "Tickets will be refunded to fans who cannot attend.",
     "Fans who cannot attend may give their ticket to a friend; tickets will not be refunded.",
     "negation: the claim affirms 'refund'"),
    ("an affirmed act denied beside another negation", "Members who have not paid do not receive "
     "the newsletter.", "The newsletter is printed each quarter; members receive the newsletter by post, "
     "whether or not they have paid.", "negation: the claim denies 'receive'"),
    ("a value said of something else", "Tenants must give two weeks' notice before moving out.",
     "Tenants must give two months' notice before moving out. Deposits are returned within two weeks.",
     "number mismatch"),
    ("a rounded value too far off", "Add 2 teaspoons of salt to the dough.",
     "Add 1.5 teaspoons of salt to the dough and knead for ten minutes.", "number not in source"),
    ("a small count made up by adding", "Each player draws five cards, and the dealer then deals ten more.",
     "Each player draws five cards, and the dealer then deals five more.", "number"),
    ("a condition lifted", "A cleaning fee of $30 is charged whenever a room is booked.",
     "A cleaning fee of $30 is charged if a room is booked for more than three nights.", "generalises"),
    ("a restricted group widened", "Everyone who works here can join the pension scheme.",
     "Only staff on permanent contracts can join the pension scheme.", "generalises"),
    ("an attribute moved to another subject", "Gift cards are valid for three years from the date of issue.",
     "Store credit is valid for three years from the date of issue. Gift cards expire after twelve months.",
     "entity"),
    ("before for after", "Sign the form before the meeting with your adviser.",
     "Bring your passport to the meeting; sign the form only after the meeting with your adviser.", "order"),
    ("two dated events put in the other order", "The bridge opened before the tunnel was completed.",
     "The tunnel was completed in March 1998, and the bridge opened in June 2001.", "order"),
    ("a comparison turned around", "The red line is faster than the blue line.",
     "The blue line runs every ten minutes. The red line is slower, with more stops.", "comparison"),
    ("a superlative against a comparison", "Lisbon is not as big as Porto.",
     "Lisbon is Portugal's largest city, followed by Porto.", "comparison"),
    ("a hedged quantifier made universal", "Refunds are not offered for any course.",
     "Refunds are not offered for most courses once they have started.", "generalises"),
    ("an opposite in one part of the claim", "The new API is stable and documented in the handbook.",
     "The new API is experimental and may change without notice.", "opposite"),
    ("a permission for a prohibition, reworded", "You are allowed to park a caravan on the drive.",
     "Parking caravans on the drive is prohibited under the lease.", "opposite"),
    ("a time of day said otherwise", "The car park closes at 11 p.m.",
     "The car park is open from 6 a.m. to 22:00 every day.", "number mismatch"),
    ("without an event the source requires first", "Prices change without a notice to members.",
     "Prices change only after a notice to members is published.", "order"),
    ("a denied act affirmed as a noun", "The printing press was Gutenberg's own invention.",
     "Gutenberg did not invent the printing press; he improved presses already in use.", "negation"),
    ("a setting switched the other way", "The new release ships with telemetry switched off.",
     "From the new release on, telemetry is turned on by default; administrators can change it.", "opposite"),
    ("a time limit lifted", "Any refund request is accepted, however long after the purchase it comes.",
     "A refund request is accepted within 30 days of the purchase.", "generalises"),
    ("a true part and an invented one", "The bridge was opened in 1932 and was designed by Gustave Lemaire.",
     "The bridge opened in 1932. It carries six lanes of traffic and a railway line.", "atomic parts"),
    ("a ranked list read the other way", "Gold is more common than silver.",
     "The medals, from most to least common, are bronze, silver and gold.", "comparison"),
    ("an alternative the source does not give", "Parking permits can be bought online or at the town hall.",
     "Parking permits cost £40 a year and can be bought online.", "addition"),
    ("an alternative to the only thing allowed", "Tap water may be used instead of distilled water.",
     "Fill the tank with distilled water only; tap water leaves scale in the boiler.", "scope"),
    ("two phrases exchanged", "The night train runs from the coast to the capital.",
     "The night train runs from the capital to the coast every Friday.", "exchanges"),
    ("two names exchanged around the verb", "Judge Marlow appointed the young lawyer Pereira in 1961.",
     "In 1961 the young lawyer Pereira appointed Judge Marlow as his clerk.", "exchanges"),
    # comparisons that the source's amounts decide, though it compares nothing itself
    ("a frequency compared the wrong way", "The filter needs cleaning more often in spring than in autumn.",
     "Clean the filter every three weeks in spring and once a week in autumn.", "comparison"),
    ("a duration compared the wrong way", "The ferry crossing is not as long as the bus journey.",
     "The bus journey takes about 40 minutes. The ferry crossing takes an hour and 20 minutes.",
     "comparison"),
    ("a time said of the other day", "The pharmacy opens at 9 a.m. on Saturdays.",
     "The pharmacy opens at 9 a.m. on weekdays and at 10 a.m. on Saturdays.", "said of something else"),
    ("covered where the source excludes", "The policy covers flood damage.",
     "The policy excludes flood damage and subsidence.", "opposite"),
    ("allowed where the source bans", "E-scooters are allowed on the promenade.",
     "E-scooters are banned on the promenade from May to September.", "opposite"),
    ("a bound in words against a longer one", "Deposits are returned within a week.",
     "Deposits are returned within 30 days of the end of the tenancy.", "number"),
    ("without where the source says only with", "The hotel accepts pets without a health certificate.",
     "The hotel accepts pets only with a health certificate.", "opposite"),
    ("a condition left out", "Tenants can sublet their flat.",
     "Tenants can sublet their flat only if the landlord agrees in writing.", "condition"),
    ("an exception left out", "All branches open on Saturdays.",
     "All branches except the airport branch open on Saturdays.", "condition"),
    ("a permission that needs approval, stated without it", "Staff can travel business class.",
     "Staff can travel business class with their director's approval.", "condition"),
    ("the exception said to follow the rule", "The airport branch opens on Saturdays.",
     "All branches except the airport branch open on Saturdays.", "exception"),
    ("for any reason where the source states one", "Bookings can be cancelled for any reason.",
     "Bookings can be cancelled if the event is postponed.", "generalises"),
    ("still where the source says no longer", "The old bus pass is still valid.",
     "The old bus pass is no longer valid.", "opposite"),
    ("a share of the group overstated", "Most applicants were accepted.",
     "Only a quarter of the applicants were accepted this year.", "shares of one group"),
    ("all for a share", "All flats have a parking space.", "70% of the flats have a parking space.",
     "shares of one group"),
    ("a value of the other thing, in a short claim", "The bus to Leeds leaves from stop 4.",
     "Buses to Leeds leave from stop 3; buses to York leave from stop 4.", "said of something else"),
    ("a period a few words after the amount", "The card pays 2% cashback per week.",
     "The card pays 2% cashback per month on all purchases.", "number"),
    ("weekend where the source says weekdays", "Under-16s swim free at weekends.",
     "Under-16s swim free on weekdays before 5 p.m.", "opposite"),
    ("an interval for another frequency word", "The newsletter is sent every two months.",
     "The newsletter is sent quarterly to all members.", "how often"),
    ("one item of a list the source denies", "The gym membership includes the pool and the sauna.",
     "The gym membership includes the pool. The sauna is not included.", "negation"),
    ("free where the source gives a price", "Guests can use the safe for free.",
     "Guests can use the safe for 3 EUR a night.", "price"),
    ("oral where the source says written", "The course ends with an oral exam.",
     "The course ends with a written exam in June.", "opposite"),
    ("a frequency swap", "The paper bins are emptied weekly.",
     "The paper bins are emptied monthly, and the glass bins every two weeks.", "how often"),
    ("two frequencies moved between their cases", "Water the lawn every day, or every three days after rain.",
     "Water the lawn every three days, or daily during a heatwave.", "how often"),
    ("a bound said to be reached", "Guests must stay the full 14 nights to get the discount.",
     "The discount applies to stays of up to 14 nights booked directly with the hotel.", "bound"),
    ("a case the source limits it to, dropped", "Bottles with a dented neck are not accepted.",
     "Bottles with a dented neck are not accepted at the automatic machines, but they are accepted at the "
     "service desk.", "scope"),
    ("a price compared the wrong way", "The adult pass is cheaper than the family pass.",
     "An adult pass costs £25, while a family pass costs £22 on weekdays.", "comparison"),
]

RIGHT = [
    ("period in other words", "Staff can claim at most 50 EUR a month for home-office costs.",
     "Staff may claim up to 50 EUR per month for home-office costs."),
    ("working days", "Refunds arrive within 5 working days of approval.",
     "Refunds reach your account within five business days of approval."),
    ("the right entity", "Interns get 10 days of holiday.",
     "Permanent staff receive 25 days of holiday. Interns, like other temporary staff, receive 10 days."),
    ("a spoken amount", "The course lasts a fortnight.", "The course lasts 14 days."),
    ("a value within a range", "A rate of 110 compressions per minute is within the recommended range.",
     "Give chest compressions at a rate of 100 to 120 per minute."),
    ("one step of arithmetic", "The employer pays 5% and the employee 3%, so 8% in total.",
     "The employer contributes 5% of salary and the employee contributes 3%."),
    ("the same obligation", "Employees have to wear their badge on site.",
     "Employees must wear their badge on site."),
    ("the true part alone", "Refunds take five business days.",
     "Refunds are processed within five business days and paid to the original card."),
    # the false alarms: a negation moved onto a word that carries one
    ("not eligible for excluded", "Interns are not eligible for paid leave.",
     "Interns are excluded from paid leave."),
    ("no charge for free", "There is no charge for returns.", "Returns are free."),
    ("not open for closed", "The museum does not open on Mondays.",
     "The museum is closed on Mondays and public holidays."),
    ("one item of a negated list", "Vouchers cannot be refunded.",
     "Season tickets and vouchers cannot be refunded."),
    ("a yes/no cell as it is", "The Unlimited membership includes the sauna.", GYM),
    ("a lacking cell in other words", "The Off-peak membership excludes classes.", GYM),
    ("a value of its own row", "Unlimited members get 6 guest passes.", GYM),
    ("a period the header names, in words", "The Standard membership costs £29 a month.", GYM),
    ("a comparison two rows bear out", "The Unlimited membership costs more than the Standard one.", GYM),
    ("the attribute of its own subject", "Gift cards expire after a year.",
     "Store credit is valid for three years from the date of issue. Gift cards expire after twelve months."),
    ("after as the source says", "Sign the form after the meeting with your adviser.",
     "Bring your passport to the meeting; sign the form only after the meeting with your adviser."),
    ("two dated events in their order", "The tunnel was completed before the bridge opened.",
     "The tunnel was completed in March 1998, and the bridge opened in June 2001."),
    ("a comparison as the source makes it", "The blue line is faster than the red line.",
     "The blue line runs every ten minutes. The red line is slower, with more stops."),
    ("a superlative read as a comparison", "Porto is smaller than Lisbon.",
     "Lisbon is Portugal's largest city, followed by Porto."),
    ("a quantified comparison", "No city in Portugal is larger than Lisbon.",
     "Lisbon is Portugal's largest city, followed by Porto."),
    ("a part of a negated sentence", "This discount does not apply to sale items.",
     "This discount does not apply to sale items or to gift cards bought online."),
    ("two for both", "Cyclists must keep two hands on the handlebars.",
     "Cyclists must keep both hands on the handlebars when descending."),
    ("a bound met, before a modal", "A driver who has held a licence for five years may supervise a learner.",
     "A learner must be supervised by a driver who has held a full licence for at least three years."),
    ("a state as the source gives it", "The new API is experimental.",
     "The new API is experimental and may change without notice."),
    ("a prohibition reworded", "You are not allowed to park a caravan on the drive.",
     "Parking caravans on the drive is prohibited under the lease."),
    ("a time of day in another notation", "The car park closes at 10 p.m.",
     "The car park is open from 6 a.m. to 22:00 every day."),
    ("a setting as the source gives it", "The new release ships with telemetry switched on.",
     "From the new release on, telemetry is turned on by default; administrators can change it."),
    ("two parts, the second in other words", "The check takes about ten minutes and must be done "
     "without interruption.", "The check takes about ten minutes. It must not be interrupted once started."),
    ("a ranked list read as it runs", "Gold is less common than silver.",
     "The medals, from most to least common, are bronze, silver and gold."),
    ("one of the alternatives the source gives", "Parking permits can be bought online.",
     "Parking permits cost £40 a year. They can be bought online or at the town hall."),
    ("the only thing allowed", "Only distilled water should go in the tank.",
     "Fill the tank with distilled water only; tap water leaves scale in the boiler."),
    ("a generality the source states", "Residents who hold a permit can park whenever they like.",
     "Residents who hold a permit may park on the street at any time."),
    ("the act the source affirms", "Members receive the newsletter by post.",
     "The club's newsletter is printed each quarter. Members receive the newsletter by post."),
    ("the denial the source states", "Tickets will not be refunded, even to fans who cannot attend.",
     "Fans who cannot attend may give their ticket to a friend; tickets will not be refunded."),
    ("a released obligation", "Guests do not have to bring towels.",
     "Towels are provided; guests only need to bring swimwear."),
    ("the value of the sentence it restates", "Tenants must give two months' notice before moving out.",
     "Tenants must give two months' notice before moving out. Deposits are returned within two weeks."),
    ("a large count made by one step", "Each team bats for at most 120 legal deliveries in a 20-over match.",
     "Each team bats for a maximum of 20 overs. An over consists of six legal deliveries."),
    ("a rounded value", "The town has about 2 million visitors a year.",
     "The town had 1.97 million visitors last year."),
    ("a number that names its row", "Plan 90 members pay £12 a month.",
     "Plan: Plan 30; Monthly fee: £8; Notice: 30 days. Plan: Plan 90; Monthly fee: £12; Notice: 90 days."),
    ("a frequency compared as the amounts say", "The filter needs cleaning more often in autumn than in spring.",
     "Clean the filter every three weeks in spring and once a week in autumn."),
    # amounts the source's own statements make
    ("an amount per item times a count", "With all 8 seats taken, the boat carries about 640 kg of passengers.",
     "The boat has 8 seats. Each seat is rated for 80 kg."),
    ("a proportion scaled", "Mix 4 parts of sand with 2 parts of cement.",
     "Mix 2 parts of sand for every part of cement, then add water slowly."),
    ("the case the source limits it to, kept", "The service desk accepts bottles with a dented neck.",
     "Bottles with a dented neck are not accepted at the automatic machines, but they are accepted at the "
     "service desk."),
    ("the time of its own day", "The pharmacy opens at 10 a.m. on Saturdays.",
     "The pharmacy opens at 9 a.m. on weekdays and at 10 a.m. on Saturdays."),
    ("not covered for excluded", "The policy does not cover flood damage.",
     "The policy excludes flood damage and subsidence."),
    ("a bound in words that the source's amount meets", "Deposits are returned within a month.",
     "Deposits are returned within 14 days of the end of the tenancy."),
    ("a bound joined with or", "The team lead approves expenses of 500 EUR or less.",
     "Expenses over 500 EUR must be approved by the manager; smaller ones by the team lead."),
    ("the condition kept", "Tenants can sublet their flat if the landlord agrees in writing.",
     "Tenants can sublet their flat only if the landlord agrees in writing."),
    ("the excepted thing said as the source says", "The airport branch does not open on Saturdays.",
     "All branches except the airport branch open on Saturdays."),
    ("a denial of the denied thing", "Lorries may not use the bridge.",
     "The bridge is open to cars and bicycles but not to lorries."),
    ("a short claim in the other order", "Faulty items can be refunded.",
     "Refunds are given only if the item is faulty."),
    ("a share in words for one in figures", "Three quarters of the flats have a parking space.",
     "75% of the flats have a parking space."),
    ("the value of its own thing, in a short claim", "Buses to York leave from stop 4.",
     "Buses to Leeds leave from stop 3; buses to York leave from stop 4."),
    ("a period a few words after the amount, as the source says", "The card pays 2% cashback a month.",
     "The card pays 2% cashback per month on all purchases."),
    ("only one for a single one", "Only one bag is allowed per passenger.",
     "Each passenger may bring a single bag."),
    ("a date moved within its clause", "The theatre was closed for renovation in 2020.",
     "The theatre closed in 2020 for renovation and reopened in 2023."),
    ("free as the source says", "Guests can use the safe free of charge.",
     "Guests can use the safe free of charge; towels cost 3 EUR."),
    ("a bounded share the figure meets", "Fewer than a third of the members voted.",
     "Only 30% of the members voted at the annual meeting."),
    ("a frequency in other words", "The paper bins are emptied once a month.",
     "The paper bins are emptied monthly, and the glass bins every two weeks."),
    ("a frequency as an interval", "Team meetings take place every other week.",
     "Team meetings take place fortnightly, on Monday mornings."),
    ("an exact amount the source states", "The loan must be repaid in exactly 36 monthly instalments.",
     "The loan is repaid in 36 monthly instalments of equal size."),
    ("a value outside a stated range", "A port number of 70000 is rejected.",
     "The port must be between 1 and 65535; values outside this range are rejected at start-up."),
]


@pytest.mark.parametrize(("kind", "claim", "source", "reason"), WRONG, ids=[w[0] for w in WRONG])
def test_everyday_errors_are_caught(verifier: Verifier, kind: str, claim: str, source: str,
                                    reason: str) -> None:
    result = verifier.verify(claim, source)
    assert result.verdict is not Verdict.SUPPORTED, (kind, result)
    assert result.score < verifier.combiner.threshold
    assert reason in result.reason, (kind, result.reason)


@pytest.mark.parametrize(("kind", "claim", "source"), RIGHT, ids=[r[0] for r in RIGHT])
def test_the_same_meaning_passes(verifier: Verifier, kind: str, claim: str, source: str) -> None:
    result = verifier.verify(claim, source)
    assert result.verdict is Verdict.SUPPORTED, (kind, result)


CHECKS = ("structure", "number mismatch", "number not in source", "negation", "direction", "names",
          "aligned sentence", "modality", "scope", "opposite claim", "atomic parts", "model",
          "model and combiner", "table", "comparison", "entity", "order", "addition")


def test_every_reason_names_the_check_that_decided(verifier: Verifier) -> None:
    pairs = [(claim, source) for _, claim, source, _ in WRONG] + [(claim, source) for _, claim, source in RIGHT]
    pairs.append(("Refunds are processed within five business days.", "Refunds are processed within five business days."))
    for (claim, _), result in zip(pairs, verifier.verify_batch(pairs), strict=True):
        check = result.reason.split(":", 1)[0]
        assert check in CHECKS, (claim, result.reason)
